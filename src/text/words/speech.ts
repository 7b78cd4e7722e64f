/**
 * Words the speech pass reads (src/text/speech.ts, src/text/speech/): hesitations, what "like"
 * and a pause for thought fall between, and the words a restart begins again with or cannot
 * end on. Data only; the fillers and asides themselves are in words/fillers.ts and
 * words/asides.ts.
 */

/** Prepositions after which "like" only hedges what follows ("with like practical stuff"). */
export const LIKE_HEDGED_AFTER: ReadonlySet<string> = new Set([
  'with',
  'for',
  'about',
  'from',
  'into',
]);

/** Modals after which a verb still wants what it takes ("we could offer, uh, a ..."). */
export const MODAL_LEADS: ReadonlySet<string> = new Set([
  'would',
  'could',
  'should',
  'will',
  'can',
  "i'd",
  "we'd",
  "i'll",
  "we'll",
]);

/** Verbs a clause follows without "that" ("I'd propose we use ..."). */
export const CLAUSE_TAKING: ReadonlySet<string> = new Set([
  'propose',
  'suggest',
  'think',
  'guess',
  'reckon',
  'hope',
  'know',
  'said',
  'say',
  'mean',
]);

/** Verbs an -ing form goes on from ("stop putting, uh, wet wipes"). */
export const ING_LEADS: ReadonlySet<string> = new Set([
  'stop',
  'keep',
  'start',
  'quit',
  'avoid',
  'try',
]);

/**
 * How speech engines and people spell a spoken "because": read as "because" by every rule (the
 * word's lower case), and written as said; not after an article ("a cos lettuce").
 */
export const BECAUSE_SPELLINGS: ReadonlySet<string> = new Set(['cos', 'coz', 'cuz', 'bcos']);

/** The fillers that are a speaker's pause for thought, not a word of the sentence. */
export const HESITATIONS: ReadonlySet<string> = new Set([
  'um',
  'uh',
  'er',
  'erm',
  'uhm',
  'umm',
  'uhh',
]);

/** Words that open what a verb in -s takes ("needs a", "wants to"), not a plural's next word. */
export const VERB_OBJECT_STARTS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'to',
  'my',
  'our',
  'it',
]);

/** Words that say how much ("very" and "really" are also said twice on purpose: "very, um,
 * very hard"). */
export const INTENSIFIERS: ReadonlySet<string> = new Set([
  'actually',
  'totally',
  'literally',
  'pretty',
  'super',
]);

/** Prepositions beyond the function words: a phrase goes on after them. */
export const PREPOSITIONS: ReadonlySet<string> = new Set([
  'across',
  'along',
  'among',
  'around',
  'behind',
  'beside',
  'between',
  'into',
  'onto',
  'over',
  'through',
  'throughout',
  'towards',
  'toward',
  'under',
  'via',
  'within',
  'without',
]);

/** Prepositions begun again after a verb ("talk about, about"); "before" and "after" may end a
 * clause ("I'd seen it before, before it was cool"), and "till" is also the shop's, so they are
 * not here. */
export const RESTARTED_PREPOSITIONS: ReadonlySet<string> = new Set(['about', 'since', 'until']);

/** Words that open a question with its subject after them ("can you, can you send it"). */
export const QUESTION_OPENERS: ReadonlySet<string> = new Set([
  'can',
  'could',
  'would',
  'will',
  'should',
  'do',
  'does',
  'did',
  'are',
  'is',
  'have',
]);

/** Words begun again alone between pauses ("it, it tracks", "after, after twelve"). */
export const RESTARTED_ALONE: ReadonlySet<string> = new Set([
  'it',
  'this',
  'that',
  'there',
  'after',
  'before',
  'since',
  'until',
  'about',
  'if',
  'when',
  'who',
]);

/** Modals and words a clause begun again cannot end on ("it should take,", "I just,"). */
export const UNFINISHED_ENDS: ReadonlySet<string> = new Set([
  'just',
  'even',
  'really',
  'also',
  'still',
  'never',
  'always',
  'actually',
]);

export const MODALS_IN_CLAUSE: ReadonlySet<string> = new Set([
  'should',
  'could',
  'would',
  'will',
  'can',
  'might',
  'must',
]);

/** "oh and", "oh also": the asides that run on inside a clause in unpunctuated speech. */
export const RUN_ON_ASIDE_ENDS: ReadonlySet<string> = new Set(['and', 'also']);

// Read by sentences.ts.

export const CLOSERS: ReadonlySet<string> = new Set(['"', '”', ')']);
