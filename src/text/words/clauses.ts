/**
 * Word lists of the clause rules (clauses/).
 */

// Read by clauses/list-names.ts.

/** Tags a thing starts with ("Milk", "two towels", "the big tent"). */
export const THING_STARTS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'DET', 'NUM', 'ADJ']);

// Read by clauses/list-joins.ts.

/** Tags of a preposition's object, up to the "and" that may join a second one to it. */
export const PHRASE_OBJECT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ']);
