/**
 * Word lists of the checklist rules (formats/checklist/, formats/checklist-asides.ts).
 */

// Read by formats/checklist/remarks.ts.

/** "it's her birthday", "they're in my email": a clause about the thing just named. */
export const REMARK_OPENERS: ReadonlySet<string> = new Set([
  "it's",
  "they're",
  "that's",
  "she's",
  "he's",
  "there's",
]);

/** Words that make a clause a task of its own after all ("it's time to book", "she's got to"). */
export const REMARK_TASK_WORDS: ReadonlySet<string> = new Set([
  'to',
  'need',
  'needs',
  'should',
  'must',
  'gotta',
  'gonna',
]);

/** Subjects said with "have", their participle what was done ("I've put that off"). */
export const HAVE_OPENERS: ReadonlySet<string> = new Set(["i've", "we've", "they've"]);

/** Who a remark tells of in the third person ("he won't do email"). */
export const TOLD_OF_SUBJECTS: ReadonlySet<string> = new Set(['he', 'she', 'they']);

/** A finite verb said of them, told, not asked for: "won't", "always wants", "shattered". */
export const TOLD_NEGATIVES: ReadonlySet<string> = new Set([
  "won't",
  "doesn't",
  "don't",
  "didn't",
  "can't",
  "isn't",
  "aren't",
  "wasn't",
  'never',
]);

/** "I think", "I reckon": doubt said before a remark, which stays a remark. */
export const HEDGING_VERBS: ReadonlySet<string> = new Set(['think', 'reckon', 'guess']);

/** Who says something of the task ("they said they have loads"). */
export const HEARSAY_SUBJECTS: ReadonlySet<string> = new Set(['they', 'she', 'he']);

/** How what someone else said is told: "Sarah said ...", "the manager reckons ...". */
export const REPORTING_VERBS: ReadonlySet<string> = new Set([
  'said',
  'says',
  'reckons',
  'reckoned',
  'mentioned',
]);

/** Whose someone is, before who they are: "my mum", "our landlord", "the day team". */
export const PERSON_OPENERS: ReadonlySet<string> = new Set([
  'the',
  'my',
  'our',
  'his',
  'her',
  'their',
]);

/** Verbs of how the speaker feels about a task ("I hate doing that", "I always forget it"). */
export const FEELING_VERBS: ReadonlySet<string> = new Set(['hate', 'love', 'forget', 'dread']);

/** What a feeling about the task before it is about ("hate doing that", "forget those"). */
export const TASK_POINTERS: ReadonlySet<string> = new Set(['it', 'that', 'this', 'those', 'them']);

// Read by formats/checklist/task-words.ts.

export const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);

// Read by formats/checklist/intro.ts.

/** Tags of the words of a bare noun phrase ("camping trip stuff"). */
export const NOUN_PHRASE_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);

// Read by formats/checklist-asides.ts.

export const VERB_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX']);

/** Words that open a condition said after an item ("lanyards, if they don't post them"). */
export const CONDITION_OPENERS: ReadonlySet<string> = new Set(['if', 'unless']);
