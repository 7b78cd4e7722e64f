import type { TaggedToken } from '../../nlp.js';
import { FRAMING_CLAUSES, FRAMING_PREFIXES } from '../../words/pitch.js';
import { isVerb, wordsIn } from './hook-breaks.js';
import { TASK_VERBS } from '../../words/tasks.js';
import { VERBLESS_LEADS } from '../../words/pitch.js';
import { PLANNING_PRONOUNS, isIdeaPhrase, type Placed, type Role } from './roles.js';
import {
  cutFromItsVerb,
  endsOnBareSubject,
  endsSubordinate,
  endsWithWords,
  isBareSubject,
  isNamedWithRelative,
  isRelativeRemnant,
  isSubordinate,
  lacksSubject,
  opensRelative,
  opensSubordinate,
  summaryOf,
  type WordSummary,
} from './word-summary.js';
import { HEDGED, PLAIN_JOINS } from '../../words/pitch.js';

/**
 * Clauses the speech engine or the splitter cut apart put back together, and the framing
 * of a clause ("I was thinking") dropped, before the parts are chosen.
 */

export const CODA_MAX_WORDS = 4;

const FRAMING_MAX_WORDS = Math.max(...[...FRAMING_CLAUSES].map((said) => said.split(' ').length));

/** "I was thinking" said as a clause of its own; a longer clause is never one (no join made). */
export function isFramingClause(tokens: readonly TaggedToken[]): boolean {
  const words = wordsIn(tokens);
  return (
    words.length <= FRAMING_MAX_WORDS &&
    FRAMING_CLAUSES.has(words.map((token) => token.lower).join(' '))
  );
}

/** "I'm thinking | we offer ...": the framing goes, the clause it framed stays. */
export function dropFramingPrefix(entry: Placed, sentence: readonly TaggedToken[]): void {
  const tokens = entry.clause.tokens;
  for (const prefix of FRAMING_PREFIXES) {
    let at = 0;
    let k = 0;
    while (k < prefix.length && at < tokens.length) {
      const token = tokens[at] as TaggedToken;
      at++;
      if (token.kind !== 'word') continue;
      if (token.lower !== prefix[k]) break;
      k++;
    }
    if (k < prefix.length) continue;
    while (tokens[at] !== undefined && tokens[at]?.kind !== 'word') at++;
    const subject = tokens[at];
    if (subject === undefined || !PLANNING_PRONOUNS.has(subject.lower)) return;
    // "I'm thinking we might be too late": a hedge the clause keeps.
    const verb = tokens[at + 1];
    if (verb === undefined || HEDGED.has(verb.lower) || verb.lemma !== verb.lower) return;
    entry.clause = { ...entry.clause, tokens: tokens.slice(at) };
    entry.from = sentence.indexOf(subject, entry.from);
    return;
  }
}

/** "At the summer fair", "just the notes": no verb, so no sentence of its own. */
export function isVerbless(tokens: readonly TaggedToken[]): boolean {
  return !wordsIn(tokens).some(isVerb);
}

/** How two clauses next to each other were said apart. */
export function jointOf(
  a: Placed,
  b: Placed,
  ends: readonly string[],
): 'inside' | 'unspoken' | 'spoken' {
  if (a.sentence === b.sentence) return 'inside';
  // No end mark was spoken there: the speech engine's guess, not the speaker's sentence.
  return b.sentence === a.sentence + 1 && (ends[a.sentence] ?? '') === '' ? 'unspoken' : 'spoken';
}

/** Token arrays that joined() made, and so may extend. */
const JOINED = new WeakSet<TaggedToken[]>();

/** The two clauses as one, with the words said between them. */
export function joined(
  a: Placed,
  b: Placed,
  sentences: readonly TaggedToken[][],
  dropPauses: boolean,
  role: Role = a.role === 'detail' ? b.role : a.role,
): Placed {
  const between =
    a.sentence === b.sentence
      ? (sentences[a.sentence] as TaggedToken[]).slice(a.to + 1, b.from)
      : [];
  const kept = dropPauses ? between.filter((token) => token.kind === 'word') : between;
  const at = a.clause.tokens.length;
  // A clause made by an earlier join is this function's own: it grows in place, so a long
  // sentence rejoined piece by piece costs time in proportion to its length.
  const owned = JOINED.has(a.clause.tokens);
  const tokens = owned ? a.clause.tokens : [...a.clause.tokens];
  const seams = owned && a.seams !== undefined ? a.seams : [...(a.seams ?? [])];
  seams.push(at);
  for (const seam of b.seams ?? []) seams.push(seam + at + kept.length);
  for (const token of kept) tokens.push(token);
  for (const token of b.clause.tokens) tokens.push(token);
  JOINED.add(tokens);
  return {
    seams,
    clause: {
      tokens,
      lead: a.clause.lead,
      endsWithColon: b.clause.endsWithColon,
    },
    role,
    end: b.end,
    sentence: b.sentence,
    from: a.sentence === b.sentence ? a.from : b.from,
    to: b.to,
  };
}

/**
 * Speech engines and the clause splitter cut some sentences where the speaker did not: a
 * clause without a verb ("at the summer fair"), one without its subject ("wander into ..."),
 * one that leans on another ("while we're split ..."), an object cut from its verb
 * ("suggests | three dinners"), a relative clause cut from its noun ("a ladder | they use
 * twice a year"). Each goes back with its neighbour, the words between kept, unless a full
 * stop was spoken between them or the clause opens with a lead of its own ("because").
 */
export function rejoinFragments(
  clauses: readonly Placed[],
  sentences: readonly TaggedToken[][],
  ends: readonly string[],
): Placed[] {
  const out: Placed[] = [];
  // The words of the clause before, kept from one join to the next (see WordSummary).
  let before: WordSummary | undefined;
  for (const next of clauses) {
    const prev = out.at(-1);
    // "call mom, call mom": said twice, told once.
    if (prev !== undefined && prev.sentence === next.sentence && endsWithWords(prev, next)) {
      prev.to = next.to;
      continue;
    }
    // "for the reception, what if we ...": a phrase without a verb said before the idea is
    // the idea's, its lead said between them.
    if (
      prev !== undefined &&
      VERBLESS_LEADS.has(next.clause.lead) &&
      prev.clause.lead === '' &&
      prev.sentence === next.sentence &&
      !prev.clause.endsWithColon &&
      isVerbless(prev.clause.tokens)
    ) {
      out[out.length - 1] = joined(prev, next, sentences, false, next.role);
      before = undefined;
      continue;
    }
    // "Good idea from Sarah today: ...": what a colon introduces is told on its own.
    if (prev === undefined || !PLAIN_JOINS.has(next.clause.lead) || prev.clause.endsWithColon) {
      out.push(next);
      continue;
    }
    const joint = jointOf(prev, next, ends);
    if (joint === 'spoken') {
      out.push(next);
      continue;
    }
    before = summaryOf(prev.clause.tokens, before);
    const b = next.clause.tokens;
    const adjacent = joint === 'unspoken' || prev.to + 1 === next.from;
    const plain = next.clause.lead === '';
    const subject = wordsIn(b)[0]?.pos === 'PRON';
    if (plain && adjacent && isRelativeRemnant(before, b)) {
      // Said of the thing just named, so it is what that clause is for.
      out[out.length - 1] = joined(prev, next, sentences, true, prev.role);
      continue;
    }
    // "an app where you photograph your fridge and it tells you what to cook": what "it" does
    // is the thing just named, so the idea goes on.
    if (
      next.clause.lead === 'and' &&
      wordsIn(b)[0]?.lower === 'it' &&
      // "a local bakery ... and it sells out by nine": the pain it has, no part of the idea.
      next.role !== 'problem' &&
      next.role !== 'why' &&
      isIdeaPhrase(prev.clause.tokens)
    ) {
      out[out.length - 1] = joined(prev, next, sentences, false, prev.role);
      continue;
    }
    // A subject and its verb, or a verb and its object, are not parted by a comma.
    const tight =
      (isBareSubject(before) && lacksSubject(b) && !TASK_VERBS.has(wordsIn(b)[0]?.lower ?? '')) ||
      (cutFromItsVerb(before, b) && (plain || lacksSubject(b))) ||
      (plain && adjacent && subject && endsOnBareSubject(before));
    if (tight) {
      out[out.length - 1] = joined(prev, next, sentences, true);
    } else if (
      joint === 'inside' &&
      (isVerbless(b) ||
        lacksSubject(b) ||
        isNamedWithRelative(b) ||
        (plain && (isSubordinate(b) || opensRelative(b))))
    ) {
      // What leans on the clause before says more of it: "... in May, at the spring market".
      out[out.length - 1] = joined(prev, next, sentences, false, prev.role);
    } else if (opensSubordinate(before.opening) || endsSubordinate(before)) {
      // "... and if the numbers look bad we just go back": the condition leads into its clause.
      out[out.length - 1] = joined(prev, next, sentences, false);
    } else if (
      !before.verb &&
      (prev.clause.lead === '' || VERBLESS_LEADS.has(prev.clause.lead)) &&
      (joint === 'inside' || prev.clause.lead !== '')
    ) {
      // "No auditions, no sheet music, just singing together": a list said before its clause;
      // "what if for our anniversary | we took the night train": the question's clause.
      out[out.length - 1] = joined(prev, next, sentences, false);
    } else {
      out.push(next);
    }
  }
  return out;
}
