import { BE_FORMS } from './clause-subjects.js';
import { NOUN_DETERMINERS } from './function-words.js';
import { COUNT_WORDS, STEP_NOUNS, TASK_VERBS } from './tasks.js';
import { AMOUNT_NOUNS, NUMBER_WORDS } from './numbers.js';
import { DAY_WORDS, TIME_PREPOSITIONS } from './time-words.js';

/**
 * Every word set a rule row can name (`@name` in a pattern, match/pattern.ts), one entry each.
 * A set is defined once, in the file of words/ its theme belongs to, and registered here under
 * the name rows use.
 */
export const WORD_SETS = {
  'amount-nouns': AMOUNT_NOUNS,
  'be-forms': BE_FORMS,
  'count-words': COUNT_WORDS,
  'day-words': DAY_WORDS,
  'noun-determiners': NOUN_DETERMINERS,
  'step-nouns': STEP_NOUNS,
  'number-words': NUMBER_WORDS,
  'task-verbs': TASK_VERBS,
  'time-prepositions': TIME_PREPOSITIONS,
} as const satisfies Record<string, ReadonlySet<string>>;

export type WordSetName = keyof typeof WORD_SETS;
