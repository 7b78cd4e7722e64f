/** Words that lean on the words after them, so a clause never ends on one. */

/** Pronouns for people nobody names ("everyone", "someone"): they end a phrase as a name does. */
export const INDEFINITE_PERSONS: readonly string[] = [
  'everyone',
  'everybody',
  'someone',
  'somebody',
  'anyone',
  'anybody',
];

/**
 * Subjects that open a clause when a verb follows them, for the POS-aware clause splitter
 * ("... their plants | it sends reminders"); wider than SUBJECT_PRONOUNS, which must split
 * untagged text without knowing whether a verb follows.
 */
export const CLAUSE_SUBJECTS: ReadonlySet<string> = new Set([
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  "i'm",
  "we're",
  "i'll",
  "we'll",
  "it's",
  "they're",
  "you're",
  'nobody',
  'everyone',
  'everybody',
  'someone',
  'somebody',
]);

/** Pronouns as a verb's object ("send them", "took us"). */
export const OBJECT_PRONOUNS: ReadonlySet<string> = new Set([
  'it',
  'them',
  'him',
  'her',
  'me',
  'us',
]);

/** Determiners that open a noun phrase ("the kitchen", "my boss", "a food truck"). */
export const PHRASE_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'my',
  'our',
  'your',
]);

/** What opens a verb's object ("running the", "mark the essays", "wash her car"): the phrase
 * determiners and every possessive. */
export const OBJECT_OPENERS: ReadonlySet<string> = new Set([
  ...PHRASE_DETERMINERS,
  'his',
  'her',
  'their',
]);

/** What makes the word after it a thing ("charge my watch", "count the till"): determiners
 * and possessives, without "her", which is as often the object ("call her back"). */
export const NOUN_DETERMINERS: ReadonlySet<string> = new Set([
  ...PHRASE_DETERMINERS,
  'his',
  'its',
  'their',
]);

/**
 * Words that open a clause which waits for its main clause ("if we raised prices | we would
 * still be cheaper"): the first subject after one starts that main clause, not a sentence.
 * "before", "after", "since", "while" and "once" are as often prepositions ("after lunch",
 * "since monday") and open no such clause.
 */
export const CONDITION_OPENERS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'unless',
  'although',
  'though',
  'because',
]);

export const SUBJECT_PRONOUNS = new Set([
  'i',
  'we',
  'they',
  'he',
  'she',
  "i'm",
  "we're",
  "i'll",
  "we'll",
]);

/**
 * Words after which a subject pronoun continues the same clause ("the thing that they ...",
 * "because we ..."); after any other word it starts a new one ("about accessibility | they
 * showed ...").
 */
export const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'to',
  'for',
  'of',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'about',
  'and',
  'or',
  'but',
  'so',
  'because',
  'cause',
  'if',
  'when',
  'that',
  'which',
  'who',
  'what',
  'how',
  'where',
  'why',
  'as',
  'than',
  'then',
  'my',
  'our',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
  'these',
  'those',
  'will',
  'would',
  'can',
  'could',
  'should',
  'must',
  'may',
  'might',
  'not',
  "don't",
  "can't",
  "won't",
  "didn't",
  'please',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  "let's",
  'need',
  'want',
  'have',
  'has',
  'had',
  'did',
  'do',
  'does',
  'think',
  'know',
  'said',
  'say',
  'says',
  'before',
  'after',
  'until',
  'while',
  'since',
  'once',
  'though',
  'although',
  'whether',
  'like',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'also',
  'really',
  'maybe',
  'even',
  'only',
  'just',
  'guess',
  'hope',
  'wish',
  'feel',
  'felt',
  'mean',
  'sure',
  'all',
  'both',
  'where',
  'unless',
  'till',
  'many',
  'much',
  'more',
  'most',
  'some',
  'any',
  'every',
  'no',
  'other',
  // Heads of relative clauses without "that": "the thing they keep asking for".
  'thing',
  'things',
  'stuff',
  'one',
  'ones',
  'way',
  'time',
  'times',
  'reason',
  'place',
  'day',
  'everything',
  'something',
  'anything',
  'nothing',
  'everyone',
  'someone',
  'anyone',
  'kind',
  'sort',
  'part',
  'now',
  'here',
  'there',
  'again',
]);

/** Words that open a yes/no or wh- question, so an unpunctuated one gets its "?". */
export const QUESTION_AUX = new Set([
  'do',
  'does',
  'did',
  'can',
  'could',
  'should',
  'would',
  'will',
  'am',
  'is',
  'are',
  'was',
  'were',
  'have',
  'has',
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "won't",
  "shouldn't",
  "wouldn't",
  "couldn't",
]);
export const QUESTION_SUBJECTS = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'it',
  'anyone',
  'anybody',
  'someone',
  'somebody',
  'people',
  'this',
  'that',
  'there',
]);
export const WH_WORDS = new Set(['what', 'why', 'how', 'where', 'when', 'who', 'which']);

/** Words that join one clause to the next ("and then book the van", "but", "so"). */
export const CLAUSE_CONNECTIVES: ReadonlySet<string> = new Set([
  'and',
  'or',
  'but',
  'then',
  'also',
  'plus',
  'so',
]);

/** Pronouns that end a phrase ("for everyone", "with them"); "her" may be a determiner. */
export const PHRASE_END_PRONOUNS: ReadonlySet<string> = new Set([
  ...INDEFINITE_PERSONS,
  'them',
  'him',
  'it',
  'me',
  'us',
]);

/** Possessives that open a thing's phrase ("my address"), so a verb's object. */
export const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'our', 'their', 'his']);

/** Words after which the clause holds a clause of its own, with its own subject and verb. */
export const SUBORDINATORS: ReadonlySet<string> = new Set([
  'that',
  'if',
  'whether',
  'because',
  'when',
  'while',
  'since',
  'so',
]);

/** Words that join a clause to the next: left at a clause's end they join it to nothing. */
export const JOINERS = new Set(['and', 'or', 'but', 'so', 'because']);

/** Titles said before a name. */
export const TITLES: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'dr', 'prof']);

/** Words that open a relative clause ("the venue that has parking"). */
export const RELATIVES: ReadonlySet<string> = new Set(['that', 'which', 'who', 'where']);

/** Relatives that open a clause about a thing after a comma ("the venue, which has parking"). */
export const NON_RESTRICTIVE: ReadonlySet<string> = new Set(['which', 'who', 'whose']);

/** Determiners that point at a thing said before ("the Aldi ones", "those ones"). */
export const POINTING_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'those',
  'these',
  'that',
  'this',
]);

/** Verb forms that go with a plural subject, never with "it" ("it are" is no clause). */
export const PLURAL_VERBS: ReadonlySet<string> = new Set([
  'are',
  'were',
  'have',
  'do',
  "aren't",
  "weren't",
  "don't",
]);
