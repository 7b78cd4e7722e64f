/**
 * Words around a word that say whether it is a name (src/text/speech/proper-case.ts): what a
 * first name never follows, a street's name, a time said as an owner ("next weeks episode").
 * Data only; the names themselves are in words/proper-nouns.ts and words/places.ts.
 */

/** Determiners and modals: a first name does not follow them. */
export const NOT_BEFORE_NAMES: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'no',
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'shall',
]);

export const SECONDED: ReadonlySet<string> = new Set([
  'that',
  'this',
  'it',
  'the',
  'him',
  'her',
  'them',
]);

export const HONORIFICS: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'mx', 'dr']);

/** What a street's name ends with ("main street", "fifth avenue"). */
export const STREET_WORDS: ReadonlySet<string> = new Set([
  'street',
  'avenue',
  'road',
  'boulevard',
  'lane',
  'square',
  'crescent',
  'terrace',
]);

/** Words a street is said after: "on main street", "at elm road". */
export const STREET_PLACED_BY: ReadonlySet<string> = new Set([
  'on',
  'at',
  'to',
  'from',
  'off',
  'near',
  'along',
  'down',
  'up',
]);

/** Times whose possessive lower-case speech says without its apostrophe ("next weeks episode"). */
export const TIME_OWNERS: ReadonlyMap<string, string> = new Map([
  ['weeks', 'week'],
  ['months', 'month'],
  ['years', 'year'],
  ['todays', 'today'],
  ['tonights', 'tonight'],
  ['tomorrows', 'tomorrow'],
  ['yesterdays', 'yesterday'],
]);

/** What makes "weeks" a possessive before a thing: "next weeks episode", "last years trip". */
export const TIME_OWNER_SETTERS: ReadonlySet<string> = new Set(['next', 'last', 'this']);
