import type { TaggedToken } from '../nlp.js';
import type { Token } from '../tokenizer.js';
import { RELATIVES } from '../words/function-words.js';
import { COMPOUND_NOUNS, INTENT_PREFIXES, TASK_VERBS, VERB_PARTICLES } from '../words/tasks.js';
import { VERBS_TAGGED_AS_NOUNS } from '../words/verbs.js';

/**
 * What the clause splitter asks of one tagged token or phrase (src/text/clauses/): is it a word, a
 * plural, a verb of its own clause, a known compound, a spoken intent ("I need to"). The tags
 * come from wink-nlp; where its lite model is unreliable on unpunctuated speech (a bare
 * imperative read as a noun), the task-verb lists decide.
 */

export const CONTENT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM', 'ADV', 'X']);
export const NOUN_PHRASE_START: ReadonlySet<string> = new Set([
  'DET',
  'ADJ',
  'NUM',
  'NOUN',
  'PROPN',
]);
export const NOUN_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);

export function isWord(token: TaggedToken | undefined): token is TaggedToken {
  return token !== undefined && token.kind === 'word';
}

/** A verb in its base form, as an imperative is ("pick", not "picked" or "picking"). */
export function isBaseVerb(token: TaggedToken): boolean {
  return token.pos === 'VERB' && token.lemma === token.lower;
}

/** Phrases indexed by their first word, for phraseLengthAt. */
export function byFirstWord(
  phrases: readonly (readonly string[])[],
): Map<string, (readonly string[])[]> {
  const map = new Map<string, (readonly string[])[]>();
  for (const phrase of phrases) {
    const first = phrase[0] as string;
    const list = map.get(first);
    if (list === undefined) map.set(first, [phrase]);
    else list.push(phrase);
  }
  return map;
}

/** Phrases by their first word, in list order (longest first where the list says so). */
const INTENTS_BY_FIRST_WORD = byFirstWord(INTENT_PREFIXES);

/** Length of the first listed phrase said at `start` (with words after it when `needsMore`), or 0. */
export function phraseLengthAt(
  index: ReadonlyMap<string, readonly (readonly string[])[]>,
  tokens: readonly Token[],
  start: number,
  needsMore: boolean,
): number {
  const first = tokens[start];
  if (first?.kind !== 'word') return 0;
  const candidates = index.get(first.lower);
  if (candidates === undefined) return 0;
  for (const phrase of candidates) {
    if (needsMore && start + phrase.length >= tokens.length) continue;
    let matches = true;
    for (let k = 1; k < phrase.length; k++) {
      const token = tokens[start + k];
      if (token?.kind !== 'word' || token.lower !== phrase[k]) {
        matches = false;
        break;
      }
    }
    if (matches) return phrase.length;
  }
  return 0;
}

/** Length of the spoken intent ("I need to") at start that leaves words after it, or 0. */
export function intentLengthAt(tokens: readonly TaggedToken[], start: number): number {
  return phraseLengthAt(INTENTS_BY_FIRST_WORD, tokens, start, true);
}

/** The same on untagged tokens, whether or not words follow it (the corrections' reading). */
export function spokenIntentLengthAt(tokens: readonly Token[], start: number): number {
  return phraseLengthAt(INTENTS_BY_FIRST_WORD, tokens, start, false);
}

export function isPlural(token: TaggedToken): boolean {
  return token.pos === 'NOUN' && token.lemma !== token.lower && token.lower.endsWith('s');
}

export function isCompound(a: TaggedToken, b: TaggedToken): boolean {
  return COMPOUND_NOUNS.has(`${a.lower} ${b.lower}`);
}

export function isPause(token: TaggedToken): boolean {
  return token.kind === 'pause';
}

/** A verb of a clause, not a describing form ("frozen", "sleeping"). */
export function isFiniteVerb(token: TaggedToken): boolean {
  return (
    token.pos === 'AUX' ||
    (token.pos === 'VERB' && !token.lower.endsWith('ing') && !token.lower.endsWith('en'))
  );
}

export function startsObject(token: TaggedToken | undefined): boolean {
  return (
    isWord(token) &&
    (token.pos === 'DET' || token.pos === 'PRON' || VERB_PARTICLES.has(token.lower))
  );
}

export function isVerbish(token: TaggedToken | undefined): boolean {
  return isWord(token) && (token.pos === 'VERB' || token.pos === 'AUX' || token.pos === 'PART');
}

/**
 * "sleeping bags", "frozen peas": an -ing form, or a participle in "-en" (never a past tense:
 * "froze" is), before a noun describes it, as an adjective would.
 */
export function asModifier(
  token: TaggedToken,
  next: TaggedToken | undefined,
  before: TaggedToken | undefined,
  beforeThat?: TaggedToken,
): TaggedToken {
  if (token.pos !== 'VERB' || !isWord(next) || !NOUN_POS.has(next.pos)) return token;
  const participle =
    token.lower.endsWith('en') &&
    token.lemma !== token.lower &&
    // "we have taken photos", "we've already eaten breakfast": after "have" it is the verb.
    !(isWord(before) && (hasHave(before) || (before.pos === 'ADV' && hasHave(beforeThat))));
  return token.lower.endsWith('ing') || participle ? { ...token, pos: 'ADJ' } : token;
}

/** "have", "has", "'ve", "'d": what makes a participle after it the verb. */
function hasHave(token: TaggedToken | undefined): boolean {
  return (
    isWord(token) &&
    (token.pos === 'AUX' || token.lemma === 'have' || /['’](?:ve|d|s)$/u.test(token.lower))
  );
}

/** A verb or an auxiliary at k, not a participle describing the noun after it. */
export function isClauseVerb(region: readonly TaggedToken[], k: number): boolean {
  const token = region[k];
  if (!isWord(token)) return false;
  return (
    token.pos === 'AUX' ||
    asModifier(token, region[k + 1], region[k - 1], region[k - 2]).pos === 'VERB'
  );
}

/** Words from a joiner in which a clause of its own would have its verb ("and my legs are"). */
const CLAUSE_VERB_REACH = 4;

/** Whether the words from `start` hold a finite verb of their own, not a relative's or "to"'s. */
export function hasOwnVerb(region: readonly TaggedToken[], start: number): boolean {
  const end = Math.min(region.length, start + CLAUSE_VERB_REACH);
  for (let k = start; k < end; k++) {
    const token = region[k] as TaggedToken;
    if (token.kind !== 'word' || RELATIVES.has(token.lower)) return false;
    if (
      (token.pos === 'AUX' ||
        asModifier(token, region[k + 1], region[k - 1], region[k - 2]).pos === 'VERB') &&
      region[k - 1]?.lower !== 'to'
    ) {
      return true;
    }
  }
  return false;
}

export function isKnownTaskVerb(token: TaggedToken): boolean {
  return TASK_VERBS.has(token.lower) || VERBS_TAGGED_AS_NOUNS.has(token.lower);
}
