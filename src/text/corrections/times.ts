import { TIME_LEADS, TIME_TAILS } from '../words/corrections.js';
import type { Token } from '../tokenizer.js';
import { AMOUNT_WORDS } from '../words/asides.js';
import { TIME_PREPOSITIONS } from '../words/time-words.js';
import { CORRECTION_FIRST_WORDS, isNumeric } from './shared.js';

/**
 * Spoken times and numbers a correction replaces whole ("half past three", "two hundred").
 */

/**
 * Whether the word at j goes on the spoken time said before it ("at 10 | 30", "at half | past
 * three", "six | pm"), the time opened by a preposition of time: a correction of a time
 * replaces all of it, never its first words only ("at half past three actually no at four" is
 * "at four"). "in the past 3 weeks" and "2 10 foot ladders" hold no time.
 */
export function continuesTime(tokens: readonly Token[], j: number): boolean {
  const token = tokens[j];
  const before = tokens[j - 1];
  if (token?.kind !== 'word' || before?.kind !== 'word') return false;
  if (TIME_TAILS.has(token.lower)) return isNumeric(before);
  // "two | hundred", "at 10 | 30": one number said in words, or a time.
  if (composesNumber(tokens, j)) return true;
  let goesOn: boolean;
  if (isNumeric(token)) {
    goesOn =
      (before.lower === 'past' || before.lower === 'to') &&
      TIME_LEADS.has(tokens[j - 2]?.lower ?? '');
  } else if (token.lower === 'past') {
    goesOn = TIME_LEADS.has(before.lower);
  } else {
    // "quarter to four", but "from 3 to 5" is a range.
    goesOn = token.lower === 'to' && before.lower === 'quarter';
  }
  return goesOn && TIME_PREPOSITIONS.has(tokens[timeStart(tokens, j - 1) - 1]?.lower ?? '');
}

/** Where the spoken time that holds the word at `at` starts, its number or lead ("half"). */
function timeStart(tokens: readonly Token[], at: number): number {
  let start = at;
  for (;;) {
    const before = tokens[start - 1];
    const token = tokens[start];
    if (before?.kind !== 'word' || token?.kind !== 'word') return start;
    const inside =
      (isNumeric(token) &&
        (isNumeric(before) || before.lower === 'past' || before.lower === 'to')) ||
      ((token.lower === 'past' || token.lower === 'to') && TIME_LEADS.has(before.lower));
    if (!inside) return start;
    start--;
  }
}

/** Where the number that ends at `at` starts: "two | hundred", "10 | 30", "twenty | one". */
export function numberStart(tokens: readonly Token[], at: number): number {
  let start = at;
  while (composesNumber(tokens, start)) start--;
  return start;
}

/** Where the number that starts at `at` ends: after "twenty | four", "10 | 30". */
export function numberEnd(tokens: readonly Token[], at: number): number {
  let end = at + 1;
  while (composesNumber(tokens, end)) end++;
  return end;
}

/**
 * Whether the number at j goes on the one before it: number words ("two hundred", "twenty
 * two") or an hour and its minutes after a preposition of time ("at 10 30"). "2 10 foot
 * ladders", "the 3rd 2 tickets" are two amounts.
 */
function composesNumber(tokens: readonly Token[], j: number): boolean {
  const token = tokens[j];
  const before = tokens[j - 1];
  if (!isNumeric(token) || !isNumeric(before)) return false;
  const digits = /^\p{N}+$/u;
  if (AMOUNT_WORDS.has((token as Token).lower) && AMOUNT_WORDS.has((before as Token).lower)) {
    return !SINGULAR_NUMBER.test((before as Token).lower);
  }
  if (!digits.test((token as Token).text) || !digits.test((before as Token).text)) return false;
  if (TIME_PREPOSITIONS.has(tokens[j - 2]?.lower ?? '')) return true;
  // "Dinner is 7 30, actually no, 8": an hour and its minutes, the time said last.
  const after = tokens[j + 1];
  return (
    Number((before as Token).text) <= 12 &&
    /^[0-5]\d$/u.test((token as Token).text) &&
    (after === undefined ||
      after.kind !== 'word' ||
      TIME_TAILS.has(after.lower) ||
      CORRECTION_FIRST_WORDS.has(after.lower))
  );
}

/** Numbers that go with "a": "a second", "a third", "a fifth". */
export const SINGULAR_NUMBER = /^(?:second|third|\p{L}+th)$/u;
