import type { TaggedToken } from '../../nlp.js';
import { codePointLength } from '../../sentences.js';
import { OPENERS } from '../../words/fillers.js';
import { SAYING_VERBS } from '../../words/pitch.js';

/**
 * Where a pitch's hook may end when it is too long for its line: clause breaks, a subject
 * reporting what others say, the last word that fits. Split from pitch.ts, which tells the
 * hook; these read only its tokens.
 */

export const CONTRACTED_VERB = /'(?:s|re|m|ve|d|ll)$/u;

export const CONJUNCTIONS: ReadonlySet<string> = new Set(['and', 'but', 'or']);

export function wordsIn(tokens: readonly TaggedToken[]): TaggedToken[] {
  return tokens.filter((token) => token.kind === 'word');
}

export function isVerb(token: TaggedToken): boolean {
  return (
    token.pos === 'VERB' ||
    token.pos === 'AUX' ||
    (token.pos === 'PRON' && CONTRACTED_VERB.test(token.lower))
  );
}

/** Where a clause's own words start, after the openers said before them ("so", "okay"). */
export function openersEnd(tokens: readonly TaggedToken[]): number {
  let start = 0;
  while (start < tokens.length - 1) {
    const token = tokens[start] as TaggedToken;
    if (token.kind !== 'word') {
      start++;
      continue;
    }
    // "that would ..." leads; "That is the whole post" is its subject.
    const subject = token.lower === 'that' && isVerb(tokens[start + 1] ?? token);
    if (
      !OPENERS.has(token.lower) &&
      (token.lower !== 'that' || subject) &&
      token.lower !== 'then'
    ) {
      break;
    }
    start++;
  }
  return start;
}

/** Words back from a break within which a conjunction with no verb after it leaves it open. */
const OPEN_JOIN_REACH = 4;

/**
 * "a lighthouse keeper and every night | you have to ...": a break right after a conjunction's
 * words, before their verb, leaves the hook ending on half a clause.
 */
export function leavesJoinOpen(tokens: readonly TaggedToken[], at: number): boolean {
  for (let k = at - 1; k >= Math.max(0, at - OPEN_JOIN_REACH); k--) {
    const token = tokens[k] as TaggedToken;
    if (token.kind !== 'word' || isVerbOrAux(token)) return false;
    if (CONJUNCTIONS.has(token.lower)) return true;
  }
  return false;
}

/** Words after a conjunction and its determiner within which a clause of its own has its verb. */
const JOINED_CLAUSE_VERB_REACH = 5;

function isVerbOrAux(token: TaggedToken): boolean {
  return token.kind === 'word' && (token.pos === 'VERB' || token.pos === 'AUX');
}

function verbWithin(tokens: readonly TaggedToken[], from: number, reach: number): boolean {
  const to = Math.min(tokens.length, from + reach);
  for (let k = from; k < to; k++) if (isVerbOrAux(tokens[k] as TaggedToken)) return true;
  return false;
}

/**
 * Where a hook too long for its line can end: before "and", "but" or "so" that opens a clause
 * with its own subject ("... town | and the only person who ..."), at a pause, or before a
 * subject and its verb after the idea ("... as a trial | the team keeps saying ...").
 */
export function hookBreaks(tokens: readonly TaggedToken[]): number[] {
  const breaks: number[] = [];
  for (let i = 1; i < tokens.length - 1; i++) {
    const token = tokens[i] as TaggedToken;
    const prev = tokens[i - 1] as TaggedToken;
    const next = tokens[i + 1] as TaggedToken;
    if (token.kind === 'pause') breaks.push(i);
    else if (
      token.kind === 'word' &&
      (CONJUNCTIONS.has(token.lower) || token.lower === 'so') &&
      ['DET', 'PRON', 'PROPN', 'NUM'].includes(next.pos) &&
      // "using only the light and the sound of the foghorn": two things, no clause.
      verbWithin(tokens, i + 2, JOINED_CLAUSE_VERB_REACH)
    ) {
      breaks.push(i);
    } else if (
      token.pos === 'DET' &&
      prev.kind === 'word' &&
      prev.pos === 'NOUN' &&
      next.pos === 'NOUN' &&
      (tokens[i + 2] as TaggedToken | undefined)?.pos === 'VERB'
    ) {
      breaks.push(i);
    }
  }
  return breaks;
}

/**
 * Whether the head of a hook up to a break may fit in `room` characters, known without
 * telling it: its sentence keeps every word and symbol after its openers (all but an
 * apostrophe left at its end), so a head whose words and symbols alone run longer cannot.
 * Telling the head at every break of a long hook would cost its length for each break.
 */
export function mayFit(tokens: readonly TaggedToken[], room: number): (at: number) => boolean {
  // A head's openers end where the whole hook's do, or at its own last token.
  const start = openersEnd(tokens);
  const charsBefore = [0];
  for (const token of tokens) {
    const kept = token.kind === 'word' || token.kind === 'symbol';
    charsBefore.push((charsBefore.at(-1) as number) + (kept ? codePointLength(token.text) : 0));
  }
  return (at) => {
    const from = Math.max(0, Math.min(start, at - 1));
    return (charsBefore[at] as number) - (charsBefore[from] as number) - 1 <= room;
  };
}

/** Where the hook ends when no clause break fits: before the last word that keeps it in its line. */
export function lastWordThatFits(
  tokens: readonly TaggedToken[],
  room: number,
  fitsLine: (at: number) => boolean,
): number | undefined {
  const fits = mayFit(tokens, room);
  for (let at = tokens.length - 1; at > 0; at--) {
    if ((tokens[at] as TaggedToken).kind === 'word' && fits(at) && fitsLine(at)) return at;
  }
  return undefined;
}

/**
 * Where a subject of its own starts reporting what others say, run on after the idea with no
 * pause ("we try no meeting Fridays as a trial | the team keeps saying they ..."), or
 * undefined.
 */
export function reportedSpeechAt(tokens: readonly TaggedToken[]): number | undefined {
  for (let i = 1; i < tokens.length; i++) {
    const token = tokens[i] as TaggedToken;
    const prev = tokens[i - 1] as TaggedToken;
    if (token.pos !== 'DET' || (prev.pos !== 'NOUN' && prev.pos !== 'PROPN')) continue;
    let at = i + 1;
    if (tokens[at]?.pos !== 'NOUN') continue;
    while (tokens[at]?.pos === 'NOUN') at++;
    if (tokens[at]?.lemma === 'keep' || tokens[at]?.pos === 'AUX') at++;
    const verb = tokens[at];
    if (verb?.pos === 'VERB' && SAYING_VERBS.has(verb.lemma) && at + 1 < tokens.length) return i;
  }
  return undefined;
}
