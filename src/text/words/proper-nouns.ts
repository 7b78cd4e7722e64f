/**
 * Proper nouns that browser speech recognition writes in lower case. wink's English lite model
 * tags lower-case weekdays and months but has no named-entity model for people or places, so
 * common first names and places are listed here; context words ("aunt", "named") catch the
 * rest. Lower case in, the capitalised form is the word with its first letter raised.
 */

export const WEEKDAYS: ReadonlySet<string> = new Set([
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
]);

/** Months that are never ordinary words. "may" and "march" are handled by context. */
export const MONTHS: ReadonlySet<string> = new Set([
  'january',
  'february',
  'april',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]);

export const AMBIGUOUS_MONTHS: ReadonlySet<string> = new Set(['may', 'march']);

/** Words before which "may"/"march" is the month ("in may", "the 3rd of march"). */
export const MONTH_CONTEXT_BEFORE: ReadonlySet<string> = new Set([
  'in',
  'of',
  'since',
  'until',
  'till',
  'by',
  'early',
  'late',
  'mid',
  'next',
  'last',
  'this',
  'end',
]);

/** Titles and family words that a name follows ("aunt linda", "dr patel"). */
export const NAME_TITLES: ReadonlySet<string> = new Set([
  'aunt',
  'auntie',
  'uncle',
  'grandma',
  'grandpa',
  'granny',
  'nana',
  'mr',
  'mrs',
  'ms',
  'dr',
]);

/** Words after which the next word is a name ("a dog named biscuit"); not "called", which
 * more often takes "the bank" or "back". */
export const NAMING_WORDS: ReadonlySet<string> = new Set(['named']);

export const FIRST_NAMES: ReadonlySet<string> = new Set([
  'aaron',
  'adam',
  'alex',
  'alice',
  'amy',
  'andrew',
  'anna',
  'ben',
  'beth',
  'carlos',
  'chris',
  'claire',
  'dan',
  'dana',
  'daniel',
  'david',
  'emily',
  'emma',
  'eric',
  'fatima',
  'george',
  'hannah',
  'james',
  'jane',
  'jess',
  'jessica',
  'joe',
  'john',
  'jon',
  'julia',
  'kate',
  'kevin',
  'laura',
  'leo',
  'linda',
  'lisa',
  'lucy',
  'maria',
  'max',
  'mia',
  'michael',
  'mike',
  'nina',
  'noah',
  'olivia',
  'omar',
  'paul',
  'peter',
  'priya',
  'rachel',
  'raj',
  'rosa',
  'sam',
  'sarah',
  'sophie',
  'steve',
  'susan',
  'tom',
  'tim',
  'zoe',
]);

export const PLACES: ReadonlySet<string> = new Set([
  'amsterdam',
  'australia',
  'barcelona',
  'berlin',
  'boston',
  'brazil',
  'canada',
  'chicago',
  'china',
  'dublin',
  'edinburgh',
  'england',
  'europe',
  'france',
  'germany',
  'india',
  'ireland',
  'italy',
  'japan',
  'leeds',
  'lisbon',
  'london',
  'madrid',
  'manchester',
  'mexico',
  'paris',
  'porto',
  'portugal',
  'rome',
  'scotland',
  'spain',
  'sydney',
  'tokyo',
  'toronto',
  'wales',
]);

/** Adjectives of nationality, capitalised in English ("the italian place"). */
export const NATIONALITIES: ReadonlySet<string> = new Set([
  'american',
  'british',
  'chinese',
  'english',
  'french',
  'german',
  'indian',
  'irish',
  'italian',
  'japanese',
  'mexican',
  'portuguese',
  'spanish',
  'thai',
]);
