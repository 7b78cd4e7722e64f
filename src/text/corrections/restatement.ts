import { REPLACEMENT_STOPS, RESTATED_KINDS } from '../words/corrections.js';
import type { Token } from '../tokenizer.js';
import {
  NOT_RESTATING,
  PLAN_WORDS,
  RESTATED_PREPOSITIONS,
  VERB_LIKE_WORDS,
} from '../words/asides.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { PHRASE_DETERMINERS } from '../words/function-words.js';
import {
  type Correction,
  beforePauses,
  allWords,
  findAnchor,
  isNumeric,
  isReasonSubject,
  isTaskVerb,
} from './shared.js';

/**
 * Restatements: a phrase said again in place of the one before ("to the Earth, sorry, to the
 * Moon"), across a full stop or as a sentence of its own.
 */

/**
 * Where the phrase that opens with `word` and ends at `end` starts: within
 * RESTATED_PHRASE_MAX_WORDS words, of two at least, with no pause in it; -1 when none.
 */
export function phraseOpenedBy(tokens: readonly Token[], end: number, word: string): number {
  for (let j = end - 1; j >= 0 && end - j <= RESTATED_PHRASE_MAX_WORDS; j--) {
    const token = tokens[j] as Token;
    // "start a journal and actually make that a habit": a phrase ends at its conjunction.
    if (token.kind !== 'word' || CONJUNCTIONS.has(token.lower)) return -1;
    if (token.lower === word && j < end - 1) return j;
  }
  return -1;
}

/**
 * A phrase said again after a marker held to what it surely replaces (a "sorry", a marker
 * framed by commas, a "make that"): from the same preposition up to the marker ("to the Earth, sorry,
 * to the Moon"), or between the same first and last words ("I'll call you tonight, sorry,
 * I'll text you": only "text" is new, "tonight" stays).
 */
export function restatedPhrase(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
  explicit: boolean,
  makeThat: boolean,
): Correction | null {
  const first = (tokens[start] as Token).lower;
  const determined = (explicit || makeThat) && PHRASE_DETERMINERS.has(first);
  // "the coffee shop on Main Street": a phrase opened by a determiner ends where a
  // preposition, a conjunction, a pause or the end follows its noun; what comes after stays.
  const phraseEnd = determined ? determinedPhraseEnd(tokens, start) : -1;
  const count = (phraseEnd === -1 ? end : phraseEnd) - start;
  if (
    count > 1 &&
    count <= RESTATED_PHRASE_MAX_WORDS &&
    (RESTATED_PREPOSITIONS.has(first) || determined) &&
    isPhraseOnly(tokens, start, start + count)
  ) {
    const said = beforePauses(tokens, i);
    const anchor = phraseOpenedBy(tokens, said, first);
    // "about a food truck, no, actually, a night market": after a marker that only corrects,
    // a phrase opened by the same determiner replaces the one said just before it, when that
    // one is a preposition's ("the dog ate the cake, no, actually, the cat" may mean the dog)
    // or "make that" says so ("a latte, actually no, make that a flat white"). It must end as
    // a phrase does: "the diner, wait, no, the kids want pizza" is news.
    // A phrase of another length replaces only a determiner and its noun: "the lake tomorrow,
    // no, actually, the beach" keeps "tomorrow" as said.
    const sameLength = said - anchor === count;
    const placed =
      !determined ||
      (phraseEnd !== -1 &&
        (sameLength || said - anchor === 2) &&
        (makeThat ||
          RESTATED_PREPOSITIONS.has((tokens[anchor - 1] as Token | undefined)?.lower ?? '')));
    if (anchor !== -1 && placed) {
      return {
        wrongStart: anchor,
        markerStart: i,
        markerEnd: start,
        replacementEnd: start + count,
        restart: true,
        wrongEnd: said,
      };
    }
  }
  // "chicken thighs, no wait, make that chicken breasts": a phrase said again from its first
  // word, as long as the one said just before the marker, replaces that one. A determiner's
  // or a preposition's phrase was tried above ("the dog ate the cake, sorry, the cat" may mean
  // the dog).
  if (
    (explicit || makeThat) &&
    count > 1 &&
    count <= RESTATED_PHRASE_MAX_WORDS &&
    !PHRASE_DETERMINERS.has(first) &&
    !RESTATED_PREPOSITIONS.has(first) &&
    isPhraseOnly(tokens, start, end)
  ) {
    let said = i;
    while (tokens[said - 1]?.kind === 'pause' || tokens[said - 1]?.kind === 'dash') said--;
    const anchor = said - count;
    if (
      anchor >= 0 &&
      (tokens[anchor] as Token).lower === first &&
      allWords(tokens, anchor, said)
    ) {
      return {
        wrongStart: anchor,
        markerStart: i,
        markerEnd: start,
        replacementEnd: end,
        restart: true,
        wrongEnd: said,
      };
    }
  }
  if (count < 3) return null;
  const last = (tokens[end - 1] as Token).lower;
  const wrong = findAnchor(
    tokens,
    i,
    (candidate, j) =>
      candidate.lower === first &&
      j + count <= i &&
      tokens[j + count - 1]?.lower === last &&
      allWords(tokens, j, j + count),
  );
  if (wrong === -1) return null;
  return {
    wrongStart: wrong,
    markerStart: i,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
  };
}

/** Words a phrase opened by a determiner may hold: "the coffee shop", not "the kids want pizza". */
const DETERMINED_PHRASE_MAX_WORDS = 3;

/**
 * Where the phrase a determiner opens at `start` ends: at the preposition, conjunction, pause or
 * end mark after its noun, within DETERMINED_PHRASE_MAX_WORDS words; -1 when it runs on, as a
 * clause does ("the kids want pizza").
 */
export function determinedPhraseEnd(tokens: readonly Token[], start: number): number {
  for (let j = start + 2; j <= start + DETERMINED_PHRASE_MAX_WORDS; j++) {
    const token = tokens[j];
    if (
      token === undefined ||
      token.kind !== 'word' ||
      RESTATED_PREPOSITIONS.has(token.lower) ||
      CONJUNCTIONS.has(token.lower)
    ) {
      return j;
    }
    // "the rain starts at noon", "the printer jams": a word in -s after the noun is its verb.
    if (j === start + 2 && /[^s]s$/u.test(token.lower)) return -1;
  }
  return -1;
}

/** Words of a phrase said again as a sentence of its own ("Wait, no, the east gate."). */
export const RESTATED_PHRASE_MAX_WORDS = 4;

/**
 * Whether tokens[start, end) are a phrase, not a statement: no subject, verb, plan or denial.
 * After a preposition a name or a pronoun is its object ("to Sam"), and "to" opens a place.
 */
export function isPhraseOnly(tokens: readonly Token[], start: number, end: number): boolean {
  const preposition = end - start > 1 && RESTATED_PREPOSITIONS.has((tokens[start] as Token).lower);
  for (let j = preposition ? start + 1 : start; j < end; j++) {
    const word = tokens[j] as Token;
    if (
      (!preposition && isReasonSubject(word)) ||
      NOT_RESTATING.has(word.lower) ||
      PLAN_WORDS.has(word.lower) ||
      (isVerbLike(word, j === end - 1) && !namedAfterDeterminer(tokens, j, start))
    )
      return false;
  }
  return true;
}

/**
 * "the green paint", "a quick call", "the big print": a word after a determiner, or after a
 * describing word of a restated kind that follows one, names a thing, whatever verb it could be.
 */
function namedAfterDeterminer(tokens: readonly Token[], j: number, start: number): boolean {
  const before = tokens[j - 1];
  if (j <= start || before === undefined) return false;
  if (PHRASE_DETERMINERS.has(before.lower)) return true;
  const described = RESTATED_KINDS.some((kind) => kind.has(before.lower));
  return described && j - 1 > start && PHRASE_DETERMINERS.has(tokens[j - 2]?.lower ?? '');
}

/** A verb, or a word that is rarely anything else ("changed", "is"): a short sentence holding
 * one is a new statement ("Wait, no, the gate code changed."), not a phrase restating one. */
function isVerbLike(token: Token, last: boolean): boolean {
  if (token.kind !== 'word' || isNumeric(token)) return false;
  if (VERB_LIKE_WORDS.has(token.lower) || /\p{L}{2}[^e]ed$/u.test(token.lower)) return true;
  // A task verb may be the noun said again at the end ("the phone book"), never before it.
  return !last && isTaskVerb(token);
}

/** Words of a restatement read for where it meets the words it replaces. */
const RESTATEMENT_MAX_WORDS = 12;

/**
 * How much of the wrong words a restatement from their first word replaces, found by the last
 * word both share ("send the slides to priya actually no send them to marcus": "to" meets "to",
 * so "marcus" takes "priya"'s place; "we should stop printing the monthly reports scratch that
 * we should stop printing all reports": "reports" meets "reports", so "monthly" goes); 0 when
 * they share no word after the first ("for eight at the italian place i mean for ten"), and the
 * replacement then takes as many words as it has.
 */
export function alignedCut(wrong: readonly Token[], view: readonly Token[], from: number): number {
  const said: Token[] = [];
  for (let j = from; j < view.length && said.length < RESTATEMENT_MAX_WORDS; j++) {
    const token = view[j] as Token;
    if (token.kind !== 'word' || (said.length > 0 && REPLACEMENT_STOPS.has(token.lower))) break;
    said.push(token);
  }
  // Where each word of the wrong part stands among its words.
  const wordAt: number[] = [];
  wrong.forEach((token, j) => {
    if (token.kind === 'word') wordAt.push(j);
  });
  for (let k = said.length - 1; k >= 1; k--) {
    const word = (said[k] as Token).lower;
    // Of the same word said twice, the one in the same place in the phrase: "the" of "in the
    // garage" meets "the" of "in the car", not "the box".
    let at = -1;
    for (let w = 1; w < wordAt.length; w++) {
      const j = wordAt[w] as number;
      if ((wrong[j] as Token).lower !== word) continue;
      if (at === -1 || Math.abs(w - k) < Math.abs(wordAt.indexOf(at) - k)) at = j;
    }
    if (at === -1) continue;
    // The words said after the shared one take the place of as many after it.
    let cut = at + 1;
    for (let left = said.length - 1 - k; left > 0 && cut < wrong.length; cut++) {
      if ((wrong[cut] as Token).kind === 'word') left--;
    }
    return cut;
  }
  return 0;
}
