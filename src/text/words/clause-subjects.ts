/**
 * Word lists of clause-subjects.ts: what opens a clause as its subject, and the verbs whose
 * clause a subject after them belongs to.
 */

/**
 * A subject and its verb said as one word: after a content word nothing but a new clause opens
 * with one ("doors at 8 | we've been trying", "87000 words | it's a mess"). "that's" is left
 * out: after a noun it is as often "that is" describing it ("the one that's broken").
 */
export const SUBJECT_CONTRACTIONS: ReadonlySet<string> = new Set([
  "i've",
  "we've",
  "they've",
  "you've",
  "i'd",
  "we'd",
  "they'd",
  "they're",
  "you're",
  "he's",
  "she's",
  "it's",
  "it'll",
  "there's",
]);

/**
 * What "it" does as a subject and never as the object before it ("the gate latch | it keeps
 * swinging open", "my novel | it took me two years"): a modal or a verb that takes a subject
 * ("make it work", "let it go" give the object a base form, which is not here).
 */
export const IT_SUBJECT_VERBS: ReadonlySet<string> = new Set([
  'would',
  'will',
  'could',
  'can',
  'might',
  'should',
  'must',
  'takes',
  'took',
  'keeps',
  'kept',
  'looks',
  'looked',
  'sounds',
  'sounded',
  'seems',
  'seemed',
  'turned',
  'started',
  'starts',
  'costs',
  'broke',
  'means',
]);

/**
 * Feelings that take a clause straight after them without "that" ("i'm so glad | we went"):
 * what follows is theirs when the speaker says they feel so (see feelsAbout in clause-subjects.ts).
 */
export const CLAUSE_TAKING_ADJECTIVES: ReadonlySet<string> = new Set([
  'glad',
  'happy',
  'proud',
  'worried',
  'excited',
  'thankful',
  'grateful',
  'relieved',
  'sure',
]);
/** Adverbs that lead into the clause after them ("and instead | we do ..." is one clause). */
export const LEADING_ADVERBS: ReadonlySet<string> = new Set([
  'instead',
  'otherwise',
  'meanwhile',
  'sometimes',
  'anyway',
]);
/** Prepositions of a time or place said before its clause ("and in september i'm starting"). */
export const LEAD_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'at',
  'by',
  'after',
  'before',
  'from',
  'since',
  'during',
]);
/** Times besides months, weekdays and parts of the day ("after lunch", "by then"). */
export const LEAD_TIMES: ReadonlySet<string> = new Set([
  'lunch',
  'dinner',
  'breakfast',
  'then',
  'christmas',
  'easter',
  'tomorrow',
]);

/** Nouns of time ("in the morning", "after the weekend"). */
export const TIME_NOUNS: ReadonlySet<string> = new Set([
  'morning',
  'afternoon',
  'evening',
  'night',
  'week',
  'weekend',
  'month',
  'year',
  'summer',
  'winter',
  'spring',
  'autumn',
  'term',
  'semester',
]);

/** Past forms not ending in -ed that take "it" as their object ("broke it", "took it"). */
export const PAST_VERBS: ReadonlySet<string> = new Set([
  'broke',
  'took',
  'made',
  'got',
  'bought',
  'found',
  'left',
  'lost',
  'put',
  'brought',
  'caught',
  'sold',
  'won',
  'saw',
  'wrote',
  'read',
  'did',
  'had',
  'kept',
]);

/** Determiners that open a subject after "right now" ("right now the night staff ..."). */
export const SUBJECT_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'this',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
]);
/** Verbs "you" does in a clause of its own ("you get seeds", "you scan it"). */
export const YOU_VERBS: ReadonlySet<string> = new Set([
  'get',
  'put',
  'pick',
  'choose',
  'scan',
  'snap',
  'play',
  'pay',
  'type',
  'tap',
  'upload',
  'can',
  'could',
  'just',
  'never',
  'always',
]);
/** Verbs whose object "you" is, the verb after it still theirs ("help you get started"). */
export const TAKES_YOU: ReadonlySet<string> = new Set([
  'help',
  'let',
  'make',
  'makes',
  'want',
  'need',
  'see',
  'watch',
  'bet',
  'thank',
  'remind',
  'get',
  'have',
  'ask',
]);
/** What "nobody" does in a clause of its own ("nobody tells you", "nobody cares"). */
export const NOBODY_VERBS: ReadonlySet<string> = new Set([
  'tells',
  'told',
  'knows',
  'cares',
  'warns',
  'talks',
  'says',
  'mentions',
  'wants',
  'likes',
]);
/** Particles after which "there" is a place ("over there", "up there"). */
export const PLACE_PARTICLES: ReadonlySet<string> = new Set([
  'over',
  'up',
  'out',
  'back',
  'down',
  'in',
  'right',
  'under',
  'around',
]);

/**
 * What such a subject said or thought ("my sister said", "my coworkers think"): a verb that
 * never follows a possessive's noun as the object of the verb before it. What they did or are
 * ("my roof has been leaking", "my brother was") reads as often as that object's own clause
 * ("fix our roof | has been ...", "ring my brother | was he ...") and is left alone.
 */
export const OWNED_SUBJECT_VERBS: ReadonlySet<string> = new Set([
  'said',
  'says',
  'say',
  'think',
  'thinks',
  'thought',
  'reckons',
  'reckon',
  'told',
  'asked',
]);
/** Verbs that report a clause said after them, besides those of telling and thinking. */
export const REPORTING_VERBS: ReadonlySet<string> = new Set([
  'confirmed',
  'admitted',
  'announced',
  'explained',
  'discovered',
  'suspected',
  'worried',
  'out',
]);

/** After "you can make": where a clause describing the thing ends or goes on with its when. */
export const DONE_WITH_WORDS: ReadonlySet<string> = new Set([
  'tonight',
  'today',
  'now',
  'later',
  'anywhere',
]);

/** Past forms that want an object ("we had", "she bought"): without one, the thing before is it. */
export const OBJECT_WANTING_PASTS: ReadonlySet<string> = new Set([
  'had',
  'made',
  'bought',
  'saw',
  'did',
  'found',
  'took',
  'used',
  'booked',
  'ordered',
  'tried',
  'watched',
  'read',
  'picked',
  'chose',
  'wrote',
]);

export const STRANDED_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'at',
  'with',
  'to',
  'for',
  'from',
  'about',
  'of',
]);

/** Verbs that tell someone a clause said without "that" ("told my kids we ..."). */
export const TELLING_VERBS: ReadonlySet<string> = new Set([
  'told',
  'tell',
  'tells',
  'telling',
  'promised',
  'reminded',
  'warned',
  'showed',
  'taught',
]);
/** Verbs that take a clause said without "that" straight after them ("i think we ..."). */
export const THINKING_VERBS: ReadonlySet<string> = new Set([
  'said',
  'say',
  'says',
  'think',
  'thought',
  'knew',
  'know',
  'hope',
  'guess',
  'realised',
  'realized',
  'noticed',
  'heard',
  'figured',
  'decided',
  'bet',
  'wish',
  'swear',
  // "strangers saying | i love you": what is said follows its verb.
  'saying',
  'whispering',
  'whispered',
  'shouting',
  'shouted',
  'yelling',
  'yelled',
  'asking',
  'asked',
  'thinks',
  'knows',
  'hopes',
  'reckons',
  'believes',
  'suggests',
  'confirm',
  'confirms',
  'check',
  // "i want to suggest | we try", "which means | we can".
  'suggest',
  'suggested',
  'suggesting',
  'propose',
  'proposed',
  'reckon',
  'reckoned',
  'believe',
  'believed',
  'imagine',
  'admit',
  'agree',
  'agreed',
  'pretend',
  'suspect',
  'assume',
  'doubt',
  'remember',
  'forgot',
  'forget',
  'promise',
  'means',
  'learned',
  'learnt',
]);

/** The forms of "be" a subject and its state are joined by ("the walk was long"). */
export const FINITE_BE_FORMS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were']);

/** Every form of "be". */
export const BE_FORMS: ReadonlySet<string> = new Set([...FINITE_BE_FORMS, 'am', 'be', 'been']);

// Read by clause-subjects.ts.

/** What says the speaker feels so ("i'm glad", "so glad", "we're really proud"). */
export const FEELING_LEADS: ReadonlySet<string> = new Set(["i'm", "we're", 'am', 'so']);

/** Shares of people said as a subject ("most people", "half of us"). */
export const SHARE_WORDS: ReadonlySet<string> = new Set(['most', 'half', 'many']);

/** Possessives that open a subject of someone the speaker knows ("my sister", "our boss"). */
export const OWNING_WORDS: ReadonlySet<string> = new Set(['my', 'our', 'your', 'his', 'their']);

/** Modals of a clause that says what can be done with the thing before it. */
export const DESCRIBING_MODALS: ReadonlySet<string> = new Set(['can', 'could', 'might']);
