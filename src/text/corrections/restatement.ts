import type { Token } from '../tokenizer.js';
import {
  NOT_RESTATING,
  PLAN_WORDS,
  RESTATED_PREPOSITIONS,
  VERB_LIKE_WORDS,
} from '../words/asides.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';
import {
  type Correction,
  REPLACEMENT_STOPS,
  afterPauses,
  beforePauses,
  allWords,
  findAnchor,
  isNumeric,
  isReasonSubject,
  isTaskVerb,
  saidIn,
  sameKind,
} from './shared.js';
import { sentenceOpenedAt } from './take-back.js';

/**
 * Restatements: a phrase said again in place of the one before ("to the Earth, sorry, to the
 * Moon"), across a full stop or as a sentence of its own.
 */

/**
 * Where the phrase that opens with `word` and ends at `end` starts: within
 * RESTATED_PHRASE_MAX_WORDS words, of two at least, with no pause in it; -1 when none.
 */
function phraseOpenedBy(tokens: readonly Token[], end: number, word: string): number {
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

/** Words that open a reason after a phrase said again ("by 5:30, because of traffic"). */
const REASONS_AFTER: ReadonlySet<string> = new Set(['because', 'since', 'cause', 'cos']);

/** Words of a phrase said again as a sentence of its own ("Wait, no, the east gate."). */
const RESTATED_PHRASE_MAX_WORDS = 4;

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
      isVerbLike(word, j === end - 1)
    )
      return false;
  }
  return true;
}

/** A verb, or a word that is rarely anything else ("changed", "is"): a short sentence holding
 * one is a new statement ("Wait, no, the gate code changed."), not a phrase restating one. */
function isVerbLike(token: Token, last: boolean): boolean {
  if (token.kind !== 'word' || isNumeric(token)) return false;
  if (VERB_LIKE_WORDS.has(token.lower) || /\p{L}{2}[^e]ed$/u.test(token.lower)) return true;
  // A task verb may be the noun said again at the end ("the phone book"), never before it.
  return !last && isTaskVerb(token);
}

/**
 * A phrase corrected after a full stop: "in March. Actually, no, April." or "at the north
 * gate. Wait, no, the east gate." The marker opens a sentence that is nothing but a short
 * phrase, and the phrase re-anchors on its preposition, opening the phrase that ended the
 * sentence before ("to the Earth. Actually, no, to the Moon."), on a word of the same kind (a
 * month, a weekday, a number) or on its own last word, said again, where it was the head noun
 * of a phrase in the sentence before ("the north gate", not "the gate code"); after an
 * apology (`sameOpener`) that phrase must start with the same word too. Any other phrase is
 * left as said: "The dog ate the cake. Wait, no, the cat." may mean either noun. Anything
 * longer than
 * RESTATED_PHRASE_MAX_WORDS, with a subject, a verb or a "not", is a new statement
 * ("Actually, no, the weather is bad."), and a "!" or a "?" is meant ("Wait, no way!").
 */
export function restatementAcrossEnd(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
  sameOpener: boolean,
): Correction | null {
  const opened = sentenceOpenedAt(tokens, i);
  if (opened === -1 || (tokens[opened - 1] as Token).text !== '.') return null;
  const after = tokens[end];
  // "No, wait, by 5:30, because of traffic.": the phrase may keep the reason said after it.
  const reasoned = after?.kind === 'pause' && REASONS_AFTER.has(tokens[end + 1]?.lower ?? '');
  if (after !== undefined && !(after.kind === 'end' && after.text === '.') && !reasoned) {
    return null;
  }
  const count = end - start;
  if (count > RESTATED_PHRASE_MAX_WORDS) return null;
  const firstWord = (tokens[start] as Token).lower;
  if (!isPhraseOnly(tokens, start, end)) return null;
  // "to the Moon": its preposition says which phrase, ending the sentence before, it replaces.
  if (count > 1 && RESTATED_PREPOSITIONS.has(firstWord)) {
    const anchor = phraseOpenedBy(tokens, opened - 1, firstWord);
    if (anchor !== -1) {
      return {
        wrongStart: anchor,
        // With its reason after it, the phrase goes on the sentence said again, and the full
        // stop before it goes.
        markerStart: reasoned ? opened - 1 : opened,
        markerEnd: start,
        replacementEnd: end,
        restart: true,
        wrongEnd: opened - 1,
      };
    }
  }
  const det = count > 1 && PHRASE_DETERMINERS.has(firstWord) ? 1 : 0;
  const head = tokens[start + det] as Token;
  const same = findAnchor(tokens, opened, (candidate) => sameKind(candidate, head), true);
  let restAgain = same !== -1;
  for (let j = start + det + 1; restAgain && j < end; j++) {
    restAgain = saidIn(tokens, (tokens[j] as Token).lower, same + 1, opened);
  }
  if (restAgain) {
    const withDet = det === 1 && tokens[same - 1]?.lower === firstWord;
    return {
      wrongStart: withDet ? same - 1 : same,
      markerStart: opened,
      markerEnd: withDet ? start : start + det,
      replacementEnd: end,
      restart: false,
    };
  }
  // "Android on Thursday. Sorry, Android on Friday.": the phrase said again word for word but
  // for one word of the same kind.
  const again = findAnchor(
    tokens,
    opened,
    (candidate, j) => candidate.lower === firstWord && changesOneOfKind(tokens, j, start, count),
    true,
  );
  if (count > 1 && again !== -1) {
    return {
      wrongStart: again,
      markerStart: opened,
      markerEnd: start,
      replacementEnd: end,
      restart: true,
      wrongEnd: again + count,
    };
  }
  const last = tokens[end - 1] as Token;
  if (count < 2 || FUNCTION_WORDS.has(last.lower) || isNumeric(last)) return null;
  const anchor = findAnchor(tokens, opened, (candidate) => candidate.lower === last.lower, true);
  if (anchor === -1) return null;
  // Only a head noun: "phone" in "a new phone charger" names no phrase of its own.
  const following = tokens[anchor + 1];
  if (following?.kind === 'word' && !FUNCTION_WORDS.has(following.lower) && !isNumeric(following))
    return null;
  // The wrong phrase starts at the word the new one starts with ("the"), or as many describing
  // words back from the head noun as the new one has.
  let wrongStart = anchor;
  for (let j = anchor - 1, k = 0; k < count && tokens[j]?.kind === 'word'; j--, k++) {
    if ((tokens[j] as Token).lower === firstWord) {
      wrongStart = j;
      break;
    }
  }
  // "That was a big mistake. Sorry, my mistake.": an apology says a noun again in passing.
  if (wrongStart === anchor && sameOpener) return null;
  if (wrongStart === anchor) {
    for (
      let j = anchor - 1, k = 1;
      k < count && tokens[j]?.kind === 'word' && !FUNCTION_WORDS.has((tokens[j] as Token).lower);
      j--, k++
    ) {
      wrongStart = j;
    }
  }
  return {
    wrongStart,
    markerStart: opened,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
    wrongEnd: anchor + 1,
  };
}

/** Words a sentence said again must have before the correction takes the one before for it. */
const SENTENCE_AGAIN_MIN_WORDS = 3;

/** Tokens the sentence before may take: a task said again is short, and it stays in view. */
const SENTENCE_AGAIN_MAX_TOKENS = 20;

/** Words that add to what was said rather than replace it. */
const ADDING_WORDS: ReadonlySet<string> = new Set(['too', 'also']);

/**
 * "Send the slides to Priya. Actually no, send the slides to Marcus.": a sentence opened by a
 * marker that only corrects, starting with the content word (a task's verb, most often) the
 * sentence before started with, is that sentence said again, and takes its place whole.
 */
export function sentenceSaidAgain(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
): Correction | null {
  const opened = sentenceOpenedAt(tokens, i);
  if (opened === -1 || (tokens[opened - 1] as Token).text !== '.') return null;
  if (end - start < SENTENCE_AGAIN_MIN_WORDS) return null;
  // "No wait, buy eggs as well": said in addition, not instead.
  for (let j = start; j < tokens.length && (tokens[j] as Token).kind !== 'end'; j++) {
    const word = (tokens[j] as Token).lower;
    if (ADDING_WORDS.has(word) || (word === 'well' && tokens[j - 1]?.lower === 'as')) return null;
  }
  // The sentence before, found within reach: one longer than that, or one that started
  // before the words in view, is not told again whole.
  let before = opened - 1;
  while (before > 0 && (tokens[before - 1] as Token).kind !== 'end') {
    if (opened - before > SENTENCE_AGAIN_MAX_TOKENS) return null;
    before--;
  }
  before = afterPauses(tokens, before);
  const first = tokens[before];
  if (first?.kind !== 'word' || first.lower !== (tokens[start] as Token).lower) return null;
  // "Clean the kitchen, vacuum the stairs and mop. No wait, clean the bathroom first.": a
  // sentence with a pause or a second task verb is not one task said again ("to Priya and
  // Tom" is one).
  for (let j = before + 1; j < opened - 1; j++) {
    const token = tokens[j] as Token;
    if (token.kind === 'pause' || isTaskVerb(token)) return null;
  }
  // "She moved here in May. Actually, no, she never said when.": a subject or a function word
  // said again opens news as often as a correction.
  if (FUNCTION_WORDS.has(first.lower) || CLAUSE_SUBJECTS.has(first.lower)) return null;
  return {
    wrongStart: before,
    markerStart: opened,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
    wrongEnd: opened,
  };
}

/** Whether the `count` words at `said` and at `again` differ in one word only, of one kind. */
function changesOneOfKind(
  tokens: readonly Token[],
  said: number,
  again: number,
  count: number,
): boolean {
  let changed = 0;
  for (let k = 0; k < count; k++) {
    const a = tokens[said + k];
    const b = tokens[again + k] as Token;
    if (a?.kind !== 'word') return false;
    if (a.lower === b.lower) continue;
    if (!sameKind(a, b) || ++changed > 1) return false;
  }
  return changed === 1;
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
