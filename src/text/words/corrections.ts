/**
 * Words the spoken self-corrections read (src/text/corrections.ts, src/text/corrections/): what
 * sets a day, what leads into a marker, what adds, narrows or times a task said again. Data
 * only; the markers themselves are in words/asides.ts.
 */

/** Words that set the day a correction replaces ("next Tuesday", "on the 5th"). */
export const DAY_SETTERS: ReadonlySet<string> = new Set([
  'next',
  'on',
  'this',
  'by',
  'until',
  'till',
  'for',
  'last',
  'from',
  'to',
  'in',
]);

export const PRO_FORM_DETERMINERS: ReadonlySet<string> = new Set(['the', 'that', 'this']);

/** Words said just before a marker that lead into it, never what it corrects. */
export const LEAD_INS: ReadonlySet<string> = new Set([
  'well',
  'um',
  'uh',
  'er',
  'erm',
  'oh',
  'hmm',
]);

/** Amounts said with "a" ("a hundred"); "a second", "a first" are no amount. */
export const MAGNITUDES: ReadonlySet<string> = new Set(['hundred', 'thousand', 'million', 'dozen']);

/** Markers after which a task verb may say a task again. */
export const TASK_RESTATING_MARKERS: ReadonlySet<string> = new Set([
  'no',
  'no wait',
  'wait no',
  'actually no',
  'no actually',
]);

/** Words that add a task to the one before ("too", "as well", "also"). */
export const ADDING_WORDS: ReadonlySet<string> = new Set(['too', 'also', 'well', 'either']);
/** Times a task is set for, which another task may share ("tonight"). */
export const WHEN_WORDS: ReadonlySet<string> = new Set([
  'today',
  'tonight',
  'tomorrow',
  'morning',
  'afternoon',
  'evening',
  'week',
  'weekend',
  'first',
]);

/** "just milk", "only the tent": one of the things said before, the others dropped. */
export const NARROWING: ReadonlySet<string> = new Set(['just', 'only']);
