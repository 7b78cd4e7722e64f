import { WEEKDAYS } from './proper-nouns.js';

/** Days a thing is for, said as a word ("grocery run tomorrow", "on tuesday ring the bank"). */
export const DAY_WORDS: ReadonlySet<string> = new Set([
  'today',
  'tonight',
  'tomorrow',
  ...WEEKDAYS,
]);

/** Words that say a time follows ("at 10 30", "by half past three"). */
export const TIME_PREPOSITIONS: ReadonlySet<string> = new Set([
  'at',
  'by',
  'until',
  'till',
  'from',
  'around',
  'before',
  'after',
]);

/** Units of time an amount may count ("two weeks late"): no things to order. */
export const TIME_UNITS: ReadonlySet<string> = new Set([
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'time',
]);
