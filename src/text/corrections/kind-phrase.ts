import { JOINS, PHRASE_LEADS, TIME_PHRASE_WORDS, TIME_TAILS } from '../words/corrections.js';
import type { Token } from '../tokenizer.js';
import { AMBIGUOUS_MONTHS, MONTHS, WEEKDAYS } from '../words/proper-nouns.js';
import { type Correction, beforePauses, isNumeric } from './shared.js';

/**
 * A date, a day or a time said again as a phrase of its own, in place of the one before:
 * "by the end of October, no, mid October", "Mondays and Fridays, no, Mondays and Thursdays",
 * "The call is at six. Actually no, half six." The words of such a phrase are few and known
 * (TIME_PHRASE_WORDS), so a phrase made only of them, with a month, a weekday or a number in
 * it, can be put in place of the run of them said just before the marker without reading
 * anything else as a date: "the kids are 5, no, 6 and 8" keeps "the kids are". A day said
 * again after a whole date replaces the day only ("the twelfth of June, no, the fourteenth").
 */

/** How far back the phrase's first word is looked for when said again. */
const SAID_AGAIN_REACH = 4;

/** Words in the phrase said anew, at most. */
const PHRASE_MAX_WORDS = 4;

type Kind = 'number' | 'weekday' | 'month';

function kindOf(token: Token | undefined): Kind | null {
  if (token === undefined || token.kind !== 'word') return null;
  if (isNumeric(token)) return 'number';
  const word = token.lower;
  if (WEEKDAYS.has(word) || (word.endsWith('s') && WEEKDAYS.has(word.slice(0, -1)))) {
    return 'weekday';
  }
  // "may" and "march" are months only inside such a phrase, which is where this looks.
  return MONTHS.has(word) || AMBIGUOUS_MONTHS.has(word) ? 'month' : null;
}

/** Whether a word of kind `a` may stand in a phrase of kind `b`: a day in a date. */
function fits(a: Kind | null, b: Kind): boolean {
  return a === b || (b === 'month' && a === 'number');
}

/** Where the phrase said anew at `start` ends, and its kind; null when it is not one. */
function phraseFrom(tokens: readonly Token[], start: number): { end: number; kind: Kind } | null {
  let kind: Kind | null = null;
  let end = start;
  while (end - start < PHRASE_MAX_WORDS) {
    const token = tokens[end];
    if (token === undefined || token.kind !== 'word') break;
    const tokenKind = kindOf(token);
    if (tokenKind !== null) {
      // "the 14th of June": a day and its month are a date, of the month's kind.
      if (kind !== null && kind !== tokenKind) {
        if (!fits(tokenKind, kind) && !fits(kind, tokenKind)) return null;
        kind = 'month';
      } else {
        kind = tokenKind;
      }
    } else if (JOINS.has(token.lower)) {
      if (kind === null || kindOf(tokens[end + 1]) !== kind) break;
    } else if (TIME_TAILS.has(token.lower)) {
      if (kind !== 'number') return null;
    } else if (!TIME_PHRASE_WORDS.has(token.lower)) {
      return null;
    }
    end++;
  }
  // It must end where its clause does: "mid October and sort the visas" goes on with a task.
  const after = tokens[end];
  const ends = after === undefined || after.kind !== 'word' || JOINS.has(after.lower);
  // A word of the kind alone ("next Tuesday, no, Wednesday") replaces that word only, which
  // the reach for a word of the same kind does.
  return kind !== null && ends && end - start > 1 ? { end, kind } : null;
}

/**
 * The correction when the words after the marker at `i` (from `start`) are such a phrase and
 * the words before it end in one of the same kind, or in a date whose day it says again; null
 * otherwise. Across a full stop only when `crossesEnd` (an explicit marker opening the
 * sentence, and the phrase is all of it), and never after a question ("Two? No, three."
 * answers it).
 */
export function restatedKindPhrase(
  tokens: readonly Token[],
  i: number,
  start: number,
  crossesEnd: boolean,
): Correction | null {
  const phrase = phraseFrom(tokens, start);
  if (phrase === null) return null;
  let said = beforePauses(tokens, i);
  let stop = -1;
  const mark = tokens[said - 1];
  if (mark?.kind === 'end') {
    const sentenceEnds = tokens[phrase.end] === undefined || tokens[phrase.end]?.kind === 'end';
    if (!crossesEnd || !sentenceEnds || mark.text.includes('?')) return null;
    stop = said - 1;
    said = stop;
  }
  let last = said - 1;
  if (TIME_TAILS.has(tokens[last]?.lower ?? '')) last--;
  let wrongEnd = said;
  // "the twelfth of June, no, the fourteenth": a day said again replaces the day, and the
  // month it was said with stays.
  if (kindOf(tokens[last]) === 'month' && phrase.kind === 'number') {
    const of = tokens[last - 1];
    if (of?.lower !== 'of' || kindOf(tokens[last - 2]) !== 'number') return null;
    last -= 2;
    wrongEnd = last + 1;
  }
  if (kindOf(tokens[last]) !== phrase.kind) return null;
  const first = (tokens[start] as Token).lower;
  let wrongStart = last;
  for (let j = last - 1; j >= 0; j--) {
    const token = tokens[j] as Token;
    if (token.kind !== 'word') break;
    const joined = JOINS.has(token.lower) && fits(kindOf(tokens[j - 1]), phrase.kind);
    if (!joined && !fits(kindOf(token), phrase.kind) && !TIME_PHRASE_WORDS.has(token.lower)) {
      break;
    }
    wrongStart = j;
  }
  // "quarter to four, no, quarter past four": said again from the same word, the phrase is
  // replaced from there, which may lie before a word the run stopped at; otherwise from the
  // first word of the run.
  for (let j = last - 1; j >= Math.max(0, last - SAID_AGAIN_REACH); j--) {
    const token = tokens[j] as Token;
    if (token.kind !== 'word') break;
    if (token.lower === first) {
      wrongStart = Math.min(wrongStart, j);
      break;
    }
  }
  // The old phrase must be whole: after its preposition, a "be", or nothing. "the first or
  // second week of August, no, the end of August" and "the last two weeks of May, no, mid
  // June" stop short of it, and only part would be replaced.
  const lead = tokens[wrongStart - 1];
  if (lead?.kind === 'word' && !PHRASE_LEADS.has(lead.lower) && !/['’]s$/u.test(lead.lower)) {
    return null;
  }
  return {
    wrongStart,
    wrongEnd,
    markerStart: stop === -1 ? i : stop,
    markerEnd: start,
    replacementEnd: phrase.end,
    restart: true,
  };
}

/**
 * Whether a lone "no" at i says such a phrase again. Unpunctuated, "no" before a word of the
 * kind says none of it ("Tuesdays and Thursdays no Mondays or Fridays"): only a phrase that
 * opens with a time word ("no mid October") or follows a pause is said again.
 */
export function restatesAfterBareNo(tokens: readonly Token[], i: number, after: number): boolean {
  if (tokens[i + 1]?.kind !== 'pause' && kindOf(tokens[after]) !== null) return false;
  return restatedKindPhrase(tokens, i, after, false) !== null;
}
