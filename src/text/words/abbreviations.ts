/**
 * Abbreviations as punctuating recognisers (Whisper) write them, in lower case without their
 * last full stop ("Dr." is 'dr', "e.g." is 'e.g'). Data only: src/text/tokenizer.ts keeps each
 * one a single word, full stop included, and decides by its kind whether the stop also ends
 * the sentence.
 *
 * - leading: always leads into more words, so its stop never ends a sentence: titles ("Dr.
 *   Lee", "St. Mary's"; a street is said and written "Street" far more often) and "e.g.";
 * - closing: may close a sentence ("pens, paper, etc."), as it does before a capitalised word;
 * - time: the same, except before "I" ("back by 5 p.m. I think").
 */
export type AbbreviationKind = 'leading' | 'closing' | 'time';

const LEADING = [
  'mr',
  'mrs',
  'ms',
  'mx',
  'dr',
  'prof',
  'rev',
  'st',
  'mt',
  'sgt',
  'capt',
  'lt',
  'gov',
  'sen',
  'e.g',
  'i.e',
  'vs',
  'approx',
];

const CLOSING = ['etc', 'jr', 'sr', 'inc', 'ltd', 'ave', 'blvd'];

const TIME = ['a.m', 'p.m'];

export const ABBREVIATIONS: ReadonlyMap<string, AbbreviationKind> = new Map([
  ...LEADING.map((name) => [name, 'leading'] as const),
  ...CLOSING.map((name) => [name, 'closing'] as const),
  ...TIME.map((name) => [name, 'time'] as const),
]);
