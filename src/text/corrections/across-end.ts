import { RESTATED_PHRASE_MAX_WORDS, isPhraseOnly, phraseOpenedBy } from './restatement.js';
import {
  type Correction,
  afterPauses,
  findAnchor,
  isNumeric,
  isTaskVerb,
  saidIn,
  sameKind,
} from './shared.js';
import { sentenceOpenedAt } from './take-back.js';
import type { Token } from '../tokenizer.js';
import { RESTATED_PREPOSITIONS } from '../words/asides.js';
import { ALSO_WORDS, REASONS_AFTER } from '../words/corrections.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';

/**
 * Restatements across a full stop: a phrase said again in the next sentence ("... the west
 * gate. Wait, no, the east gate."), or a whole sentence said again with one word changed.
 */

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
    if (ALSO_WORDS.has(word) || (word === 'well' && tokens[j - 1]?.lower === 'as')) return null;
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
