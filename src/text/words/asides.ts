/**
 * Spoken asides and self-corrections: words that steer the talk rather than carry the idea.
 * Data only: src/text/speech.ts applies the asides, src/text/corrections.ts the corrections.
 * Every entry is lower case, one word per item.
 */

/** Asides removed wherever they stand at a clause start ("and, oh yeah, pick up ..."). */
export const ASIDES: readonly (readonly string[])[] = [
  ['oh', 'yeah'],
  ['oh', 'yes'],
  ['oh', 'and'],
  ['oh', 'right'],
  ['oh', 'wait'],
  ['oh', 'also'],
  ['you', 'know', 'what'],
  ['let', 'me', 'think'],
  ["let's", 'see'],
  ['what', 'else'],
  ['come', 'to', 'think', 'of', 'it'],
  ['now', 'that', 'i', 'think', 'about', 'it'],
];

/**
 * Markers of a spoken self-correction: what follows them replaces the words before them that
 * start the same way ("at five, actually no, at six" -> "at six").
 */
export const CORRECTION_MARKERS: readonly (readonly string[])[] = [
  ['actually', 'make', 'that'],
  ['no', 'make', 'that'],
  ['or', 'make', 'that'],
  ['actually', 'no'],
  ['no', 'actually'],
  ['no', 'wait'],
  ['wait', 'no'],
  ['scratch', 'that'],
  ['or', 'rather'],
  ['i', 'mean'],
  ['sorry'],
  ['no'],
];

/**
 * Markers that withdraw what was just said even when nothing after them restates it
 * ("book the blue one scratch that" drops "book the blue one").
 */
export const WITHDRAWING_MARKERS: ReadonlySet<string> = new Set(['scratch that']);

/** Spoken numbers, so "twenty, no, thirty" is seen as a number corrected by a number. */
export const NUMBER_WORDS: ReadonlySet<string> = new Set([
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
  'hundred',
  'thousand',
  'first',
  'second',
  'third',
  'fourth',
  'fifth',
  'sixth',
  'seventh',
  'eighth',
  'ninth',
  'tenth',
  'eleventh',
  'twelfth',
  'thirteenth',
  'fourteenth',
  'fifteenth',
  'twentieth',
  'thirtieth',
  'noon',
  'midnight',
]);
