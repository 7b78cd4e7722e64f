import {
  FINITE_BE_FORMS,
  OWNED_SUBJECT_VERBS,
  TELLING_VERBS,
  THINKING_VERBS,
} from './clause-subjects.js';

/**
 * Words the sentence boundaries of unpunctuated speech read (src/text/boundaries.ts): openers,
 * times that end a clause, words a clause cannot end on or that open one. Data only.
 */

/** Openers that may follow another ("right so", "well okay"). */
export const CHAINED_OPENERS: ReadonlySet<string> = new Set(['so', 'okay', 'ok']);

/**
 * Openers said straight before what a list is for ("right for the gig on friday ..."), where
 * "look for" and "listen for" are a verb's.
 */
export const OPENERS_BEFORE_A_PURPOSE: ReadonlySet<string> = new Set(['right', 'well']);

/** Times that end what was done ("finished my first half marathon today | legs are jelly"). */
export const CLAUSE_ENDING_TIMES: ReadonlySet<string> = new Set([
  'today',
  'tonight',
  'yesterday',
  'morning',
  'afternoon',
  'evening',
  'weekend',
]);

/** Words that make "morning" or "weekend" a time said of the clause ("this morning"). */
export const TIME_DETERMINERS: ReadonlySet<string> = new Set([
  'this',
  'last',
  'yesterday',
  'tomorrow',
]);

/** Words that lead a time into the clause after it. */
export const LEADING_INTO: ReadonlySet<string> = new Set([
  'until',
  'till',
  'since',
  'earlier',
  'later',
  'starting',
  'from',
  'as',
  'of',
]);

/** Times that are a clause's time on their own. */
export const DAY_TIMES: ReadonlySet<string> = new Set(['today', 'tonight', 'yesterday']);

/** Verbs after which "so" says how much ("textbooks are so expensive", "i feel so old"). */
export const SO_DEGREE_AFTER: ReadonlySet<string> = new Set([
  ...FINITE_BE_FORMS,
  'be',
  'been',
  'being',
  'am',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'seem',
  'seems',
  'seemed',
  'sound',
  'sounds',
  'sounded',
  'got',
  'get',
  'gets',
  'getting',
  'not',
]);

/**
 * After "so" and its subject, the modals of a purpose ("so cleo can water them", "so the van
 * can get past"): what the clause before is for, said with it, so no sentence starts there.
 */
export const PURPOSE_MODALS: ReadonlySet<string> = new Set(['can', 'could', "can't", 'will']);

/** Words of the subject between "so" and a purpose's modal, at most. */
export const PURPOSE_SUBJECT_MAX_WORDS = 3;

/** A join that a sentence cannot end on ("or" stays: "three hours or so"). */
export const TRAILING_JOINS: ReadonlySet<string> = new Set(['and']);

/** Words that open a phrase said before its clause ("for this weekend | i need to ..."). */
export const LEAD_PHRASE_OPENERS: ReadonlySet<string> = new Set([
  'for',
  'on',
  'this',
  'next',
  'by',
  'before',
  'after',
  'tomorrow',
  'tonight',
  'today',
]);

/** Words after which a hesitation is no end: the clause still wants what follows. */
export const CLAUSE_WANTING_WORDS: ReadonlySet<string> = new Set([
  ...TELLING_VERBS,
  ...THINKING_VERBS,
  ...OWNED_SUBJECT_VERBS,
]);

/** Words a finished clause may end with although they are function words ("were here"). */
export const CLAUSE_ENDING_FUNCTION_WORDS: ReadonlySet<string> = new Set([
  'here',
  'there',
  'now',
  'it',
  'them',
  'too',
  'then',
]);

/** Adverbs that open a sentence of their own after a pause ("um honestly the best part"). */
export const SENTENCE_ADVERBS: ReadonlySet<string> = new Set(['honestly', 'seriously']);

/** What a sentence adverb opens a sentence with ("honestly the best part", "honestly it"). */
export const SENTENCE_OPENING_WORDS: ReadonlySet<string> = new Set([
  'the',
  'it',
  "it's",
  'i',
  "i'm",
  'we',
  "we're",
  'they',
  "that's",
  'you',
]);

/** Question words that never open a relative clause ("the aunt who is ninety" does). */
export const ASKING_WORDS: ReadonlySet<string> = new Set(['what', 'why', 'how']);

/** Who a relative clause without "that" is said by: "the best comment | I ever got | was". */
export const RELATIVE_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
]);
export const BE_AFTER_RELATIVE: ReadonlySet<string> = new Set(['was', 'is', 'were', 'are']);
export const OBJECT_OPENERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
  'it',
  'this',
  'that',
  'them',
  'him',
  'me',
  'us',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'and',
  'but',
  'so',
]);
