/**
 * Words the spoken self-corrections read (src/text/corrections.ts, src/text/corrections/): what
 * sets a day, what leads into a marker, what adds, narrows or times a task said again. Data
 * only; the markers themselves are in words/asides.ts.
 */

import { BECAUSE_SPELLINGS } from './speech.js';

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
  'no sorry',
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

/** The words around a month, a weekday or a number in a phrase that dates or times something. */
export const TIME_PHRASE_WORDS: ReadonlySet<string> = new Set([
  'the',
  'end',
  'start',
  'beginning',
  'middle',
  'mid',
  'early',
  'late',
  'of',
  'half',
  'quarter',
  'past',
  'next',
  'this',
  'first',
  'last',
  'week',
  'weekend',
]);

/** What a whole date or time phrase is said after: its preposition or a "be". */
export const PHRASE_LEADS: ReadonlySet<string> = new Set([
  'by',
  'on',
  'at',
  'in',
  'for',
  'from',
  'until',
  'till',
  'before',
  'after',
  'around',
  'is',
  'are',
  'was',
  'were',
  'be',
]);

/** "and" or "or" join two words of the kind inside one phrase ("Mondays and Thursdays"). */
export const JOINS: ReadonlySet<string> = new Set(['and', 'or']);

/** Words that open a reason after a phrase said again ("by 5:30, because of traffic"). */
export const REASONS_AFTER: ReadonlySet<string> = new Set([
  'because',
  'since',
  'cause',
  ...BECAUSE_SPELLINGS,
]);

/** Words that add to what was said rather than replace it. */
export const ALSO_WORDS: ReadonlySet<string> = new Set(['too', 'also']);

/** "don't buy that, buy this" names another thing; "it" and "them" point back at the one
 * turned down, however the retraction named it. */
export const SAME_THING: ReadonlySet<string> = new Set(['it', 'them']);

/** "twice, scratch that, three times": how often, said as one word, is a number said again. */
export const HOW_OFTEN: ReadonlySet<string> = new Set(['once', 'twice', 'thrice']);

/** Markers that can only be a correction, so they correct even without an anchor word. */
export const EXPLICIT_MARKERS: ReadonlySet<string> = new Set([
  'actually no',
  'no actually',
  'no wait',
  'wait no',
  'or rather',
]);

export const REPLACEMENT_STOPS: ReadonlySet<string> = new Set([
  // "size 10 no size 12 no size 14": a "no" after the replacement opens the next correction.
  'no',
  'and',
  'but',
  'then',
  'so',
  'because',
]);

/** Past tenses that are not "-ed" and not in VERB_LIKE_WORDS, said of a thing gone wrong. */
export const BROKE_WORDS: ReadonlySet<string> = new Set(['broke', 'broken', 'ran', 'fell', 'sold']);

/** Things named with "-ed" that follow a possessive ("the dog's bed", "the garden's shed"). */
export const NOUNS_IN_ED: ReadonlySet<string> = new Set([
  'bed',
  'shed',
  'sled',
  'red',
  'seed',
  'weed',
  'speed',
  'breed',
  'need',
  'hundred',
]);

export const STATES_AFTER_IS: ReadonlySet<string> = new Set([
  'already',
  'still',
  'just',
  'all',
  'not',
  'never',
  'been',
  'fine',
  'ok',
  'okay',
  'done',
  'gone',
  'full',
  'empty',
  'free',
  'open',
  'ready',
  'sorted',
  'clean',
  'dry',
  'broken',
  'closed',
  'over',
]);

/** Words said before a time's number ("half past three", "quarter past six"). */
export const TIME_LEADS: ReadonlySet<string> = new Set(['half', 'quarter']);

/** Words said after a time's number ("six pm", "three o'clock"). */
export const TIME_TAILS: ReadonlySet<string> = new Set([
  'am',
  'pm',
  'a.m.',
  'p.m.',
  "o'clock",
  'oclock',
]);

/**
 * Closed kinds of word a correction says again in place of one of its kind ("the blue no the
 * green", "turn it down no off", "the large, sorry, the medium"): said with a marker between
 * them, one stands for the other, like a number for a number.
 */
export const RESTATED_KINDS: readonly ReadonlySet<string>[] = [
  new Set([
    'red',
    'orange',
    'yellow',
    'green',
    'blue',
    'purple',
    'pink',
    'black',
    'white',
    'grey',
    'gray',
    'brown',
    'navy',
    'silver',
    'gold',
  ]),
  new Set(['small', 'medium', 'large', 'big', 'little', 'huge', 'tiny']),
  new Set(['up', 'down', 'on', 'off']),
];

/**
 * After a bare "no", the words that begin what the speaker says instead when no word of one
 * kind is said again ("no make it ten"); with an article or a number ("no, the back bedroom",
 * "no eight tubes") and a take-back marker ("no sorry", words/asides.ts).
 */
export const CHANGED_MIND_AFTER_NO: ReadonlySet<string> = new Set(['make']);
