import { HOW_OFTEN, RESTATED_KINDS } from '../words/corrections.js';
import type { Token } from '../tokenizer.js';
import {
  CORRECTION_MARKERS,
  AMOUNT_WORDS,
  PLAN_WORDS,
  REASON_SUBJECTS,
  SCRATCH_VERB_BEFORE,
} from '../words/asides.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { CLAUSE_SUBJECTS } from '../words/function-words.js';
import { AMBIGUOUS_MONTHS, FIRST_NAMES, MONTHS, WEEKDAYS } from '../words/proper-nouns.js';
import { TASK_VERBS } from '../words/tasks.js';

/**
 * What every kind of correction reads: the shape of a correction, words of one kind, the
 * reach back for the word a correction replaces, and small token tests.
 */

export function isNumeric(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    token.kind === 'word' &&
    (/^\p{N}/u.test(token.text) || AMOUNT_WORDS.has(token.lower) || isHyphenatedNumber(token.lower))
  );
}

/** "sixty-five", "twenty-four": tens and units written as one word. */
function isHyphenatedNumber(word: string): boolean {
  const dash = word.indexOf('-');
  return (
    dash > 0 && AMOUNT_WORDS.has(word.slice(0, dash)) && AMOUNT_WORDS.has(word.slice(dash + 1))
  );
}

function countsTimes(token: Token): boolean {
  return isNumeric(token) || HOW_OFTEN.has(token.lower);
}

export function sameKind(a: Token, b: Token): boolean {
  if (isNumeric(a) && isNumeric(b)) return true;
  if ((HOW_OFTEN.has(a.lower) || HOW_OFTEN.has(b.lower)) && countsTimes(a) && countsTimes(b)) {
    return true;
  }
  if (WEEKDAYS.has(a.lower) && WEEKDAYS.has(b.lower)) return true;
  if (RESTATED_KINDS.some((kind) => kind.has(a.lower) && kind.has(b.lower))) return true;
  return (
    (MONTHS.has(a.lower) || AMBIGUOUS_MONTHS.has(a.lower)) &&
    (MONTHS.has(b.lower) || AMBIGUOUS_MONTHS.has(b.lower))
  );
}

/** Words a correction may reach back over: a correction fixes something just said. */
const CORRECTION_REACH_WORDS = 8;

export interface Correction {
  /** Index of the first word of what was said wrongly. */
  wrongStart: number;
  markerStart: number;
  markerEnd: number;
  replacementEnd: number;
  /** The replacement restates the wrong part from its first word ("in ..., no, in ..."),
   * rather than fixing one word of it ("five pm, no, six"). */
  restart: boolean;
  /** Where the replaced words end, when the replacement re-anchors on its last word ("the
   * north gate. Wait, no, the east gate"): its length then says nothing of theirs. */
  wrongEnd?: number;
  /** Taken back: the wrong part goes with nothing in its place but `kept`. */
  withdrawn?: boolean;
  kept?: readonly Token[];
  /** Taken back: where the marker starts, with the openers or the join said before it; what
   * is said before it stays when nothing else would be left. */
  markerFrom?: number;
  /** Taken back with its reason: where the reason starts. */
  reasonStart?: number;
  /** A verb put in place of another ("freeze" for "cancel"): where reading goes on, past the
   * words after it that go too ("it"). */
  resume?: number;
}

/** Most words start no marker: one set lookup instead of a look at every marker. */
export const CORRECTION_FIRST_WORDS: ReadonlySet<string> = new Set(
  CORRECTION_MARKERS.map((marker) => marker[0] as string),
);

/**
 * The nearest word before the marker at i that `matches`, within `reach` words and the
 * sentence (or the one before too, `crossesEnd`); -1 when none.
 */
export function findAnchor(
  tokens: readonly Token[],
  i: number,
  matches: (candidate: Token, j: number) => boolean,
  crossesEnd = false,
  reach = CORRECTION_REACH_WORDS,
): number {
  let reached = 0;
  let ends = 0;
  for (let j = i - 1; j >= 0 && reached < reach; j--) {
    const candidate = tokens[j] as Token;
    if (candidate.kind === 'end') {
      if (!crossesEnd || ++ends > 1) break;
      continue;
    }
    if (candidate.kind !== 'word') continue;
    reached++;
    if (matches(candidate, j)) return j;
  }
  return -1;
}

export function sameKindAt(tokens: readonly Token[], a: number, b: number): boolean {
  const left = tokens[a];
  const right = tokens[b];
  return left?.kind === 'word' && right?.kind === 'word' && sameKind(left, right);
}

/** "I scratch that spot", "can't scratch that", "I actually don't cancel it": after a subject or
 * a modal, a marker's words are meant. After "so" or "and" it is still the marker ("so scratch
 * that"). */
export function isVerbUse(before: Token | undefined): boolean {
  return (
    before?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(before.lower) ||
      SCRATCH_VERB_BEFORE.has(before.lower) ||
      /(?:n't|'d|'ll)$/u.test(before.lower))
  );
}

export function allWords(tokens: readonly Token[], start: number, end: number): boolean {
  for (let j = start; j < end; j++) if ((tokens[j] as Token).kind !== 'word') return false;
  return true;
}

/** Where the clause that ends at `end` starts: after a pause, an end mark or a conjunction. */
export function clauseStartBefore(tokens: readonly Token[], end: number): number {
  let start = end;
  while (start > 0) {
    const prev = tokens[start - 1] as Token;
    if (prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower)) break;
    start--;
  }
  return start;
}

export function isTaskVerb(token: Token | undefined): boolean {
  return token?.kind === 'word' && TASK_VERBS.has(token.lower);
}

export function isReasonSubject(token: Token | undefined): boolean {
  if (token?.kind !== 'word' || PLAN_WORDS.has(token.lower)) return false;
  // "Tom's doing the slides", "dad's got it": a name with its "is" or "has".
  const word = token.lower.endsWith("'s") ? token.lower.slice(0, -2) : token.lower;
  return (
    CLAUSE_SUBJECTS.has(token.lower) ||
    REASON_SUBJECTS.has(token.lower) ||
    REASON_SUBJECTS.has(word) ||
    FIRST_NAMES.has(word)
  );
}

export function saidIn(
  tokens: readonly Token[],
  word: string,
  start: number,
  end: number,
): boolean {
  for (let j = start; j < end; j++) {
    const token = tokens[j] as Token;
    if (token.kind === 'word' && token.lower === word) return true;
  }
  return false;
}

export function afterPauses(tokens: readonly Token[], at: number): number {
  let next = at;
  while (tokens[next]?.kind === 'pause') next++;
  return next;
}

/** Where the pauses said just before `at` start: the token before it is no pause. */
export function beforePauses(tokens: readonly Token[], at: number): number {
  let start = at;
  while (tokens[start - 1]?.kind === 'pause') start--;
  return start;
}
