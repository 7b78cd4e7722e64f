/**
 * Words the clause splitter reads about verbs (src/text/clauses/): particles, verbs that take
 * a second verb or a clause, past tenses spelt as the base form, adverbs said before a verb,
 * and verbs the tagger often reads as something else. Data only.
 */

/** Particles of phrasal verbs that take an object ("blow up", "clear out", "drop off"). */
export const PHRASAL_PARTICLES: ReadonlySet<string> = new Set([
  'up',
  'out',
  'off',
  'down',
  'away',
  'back',
]);

/** Particles that carry a task's verb on to its object ("hand over the notes", "back up my
 * files"); "in" and "on" say where a thing goes ("eggs in the fridge"). */
export const TASK_PARTICLES: ReadonlySet<string> = new Set([
  'up',
  'out',
  'off',
  'back',
  'away',
  'down',
  'over',
]);

/**
 * Verbs whose object may do the next verb, its "to" dropped in speech: "have the team review
 * the doc", "ask the intern help me", "confirm the caterer deliver the food" are one task.
 */
export const CAUSATIVE_VERBS: ReadonlySet<string> = new Set([
  'have',
  'get',
  'let',
  'make',
  'help',
  'watch',
  'see',
  'hear',
  'ask',
  'tell',
  'remind',
  'confirm',
  'want',
  'need',
  'expect',
]);

/**
 * Whom a causative verb makes do something ("help mum | move", "make the kids | clean"), with
 * anyone's name said as an owner ("get dad's | car washed"); "make the jus | portion the hake"
 * makes a thing, and the next task starts.
 */
export const CAUSATIVE_PERSONS: ReadonlySet<string> = new Set([
  'me',
  'him',
  'her',
  'us',
  'them',
  'you',
  'mum',
  'mom',
  'dad',
  'kids',
  'children',
  'team',
  'staff',
  'family',
  'everyone',
  'brother',
  'sister',
  'grandad',
  'grandma',
  'nan',
  'tenants',
  'parents',
  'boys',
  'girls',
  'guys',
  'sam',
]);

/** Past tenses spelt as the base form: "the neighbour put the bins out" is no new task. */
export const BASE_FORM_PASTS: ReadonlySet<string> = new Set([
  'put',
  'hurt',
  'let',
  'cut',
  'set',
  'hit',
  'read',
  'quit',
  'shut',
  'spread',
  'cost',
  'burst',
  'split',
  'fit',
  'bet',
  'cast',
]);

/** Verbs of a reminder said as what not to do ("don't forget", "don't leave"). */
export const REMINDING_VERBS: ReadonlySet<string> = new Set(['forget', 'leave', 'miss', 'lose']);

/** Adverbs said before a task's verb ("and actually start the essay"). */
export const TASK_ADVERBS: ReadonlySet<string> = new Set([
  'actually',
  'also',
  'finally',
  'definitely',
]);

/** Adverbs said before the verb they go with: "we never | tell them" is one clause. */
export const PRE_VERB_ADVERBS: ReadonlySet<string> = new Set([
  'never',
  'always',
  'just',
  'really',
  'also',
  'still',
  'often',
  'usually',
  'sometimes',
  'even',
  'only',
  'already',
  'finally',
  'rarely',
  'ever',
  'actually',
  'probably',
  'definitely',
  'totally',
  'literally',
  'simply',
]);

/**
 * Verbs a clause said without "that" follows ("I reckon we could ..."). "bet" and "thought"
 * are as often nouns ("I lost the bet | we have to ...", "food for thought | we need ...").
 */
export const THOUGHT_TAKING: ReadonlySet<string> = new Set([
  'think',
  'reckon',
  'guess',
  'hope',
  'suppose',
  'reckoned',
]);

/** Verbs as often a thing's description ("clean towels", "dry socks", "warm gloves"). */
export const DESCRIBING_VERBS: ReadonlySet<string> = new Set([
  'clean',
  'dry',
  'warm',
  'clear',
  'empty',
  'open',
  'free',
  'tidy',
  'cool',
  'fresh',
]);

/** Verbs the tagger reads as nouns after a comma ("..., mark the essays, hand over the notes"). */
export const VERBS_TAGGED_AS_NOUNS: ReadonlySet<string> = new Set([
  'slice',
  'mark',
  'hand',
  'open',
  'close',
  'dry',
  'prime',
  'warm',
  'water',
  'iron',
  'dust',
  'file',
  'print',
  'text',
  // "seed the database", "portion the hake", "price the earrings".
  'seed',
  'portion',
  'price',
]);
