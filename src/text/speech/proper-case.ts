import { isNumberWord, matchesAt, withText } from './fillers.js';
import type { Token } from '../tokenizer.js';
import { VERB_LIKE_WORDS } from '../words/asides.js';
import { FUNCTION_WORDS } from '../words/function-words.js';
import {
  HONORIFICS,
  NOT_BEFORE_NAMES,
  SECONDED,
  STREET_PLACED_BY,
  STREET_WORDS,
  TIME_OWNERS,
  TIME_OWNER_SETTERS,
} from '../words/name-cues.js';
import {
  ACRONYMS,
  AMBIGUOUS_MONTHS,
  AMBIGUOUS_PLANETS,
  BRANDS,
  DAY_ORDINALS,
  FIRST_NAMES,
  HOLIDAYS,
  MONTHS,
  MONTH_CONTEXT_BEFORE,
  NAME_TITLES,
  NAMING_WORDS,
  NATIONALITIES,
  PLACES,
  PLANET_CONTEXT_BEFORE,
  PROPER_PHRASES,
  WEEKDAYS,
} from '../words/proper-nouns.js';

/**
 * Proper nouns capitalised in lower-case speech: weekdays, months, places, brands in their own
 * spelling, names after the words that say a name follows, streets, and times said as owners.
 */

const LOWER_FIRST = /^\p{Ll}/u;

function capitalised(token: Token): Token {
  const text = token.text.charAt(0).toUpperCase() + token.text.slice(1);
  return text === token.text ? token : { ...token, text };
}

/** A proper noun as written: a brand in its own spelling ("tiktok's" -> "TikTok's"). */
function properSpelling(token: Token): Token {
  const brand = BRAND_SPELLINGS.get(token.lower);
  return brand === undefined
    ? capitalised(token)
    : withText(token, brand + token.text.slice(brand.length));
}

/**
 * A brand's or an acronym's spelling by its lower-case form, and by its possessive
 * ("netflix's", "the nhs's").
 */
const BRAND_SPELLINGS: ReadonlyMap<string, string> = new Map(
  [...BRANDS, ...ACRONYMS].flatMap((brand) => {
    const lower = brand.toLowerCase();
    return [
      [lower, brand],
      [`${lower}'s`, brand],
    ];
  }),
);

/** Words that are always proper nouns, in one set: this runs on every word of every text. */
const ALWAYS_PROPER: ReadonlySet<string> = new Set([
  ...WEEKDAYS,
  // "on wednesdays": the plural of a weekday is as proper as the weekday.
  ...[...WEEKDAYS].map((day) => `${day}s`),
  ...HOLIDAYS,
  ...MONTHS,
  ...PLACES,
  ...NATIONALITIES,
  ...BRAND_SPELLINGS.keys(),
  // "Dr.", "Mrs.": a title written with its stop is never a common word.
  ...[...NAME_TITLES].filter((title) => title.endsWith('.')),
]);

function isProperNoun(tokens: readonly Token[], i: number): boolean {
  const said = (tokens[i] as Token).lower;
  // "emma's permission slip", "monday's meeting": a name owning something is still the name.
  const word = said.endsWith("'s") || said.endsWith('’s') ? said.slice(0, -2) : said;
  if (ALWAYS_PROPER.has(word)) return true;
  const prev = tokens[i - 1];
  const prevWord = prev?.kind === 'word' ? prev.lower : '';
  // "mrs patel": an honorific before a name is part of it; "200 ms" is a unit.
  if (HONORIFICS.has(word)) {
    const next = tokens[i + 1];
    return (
      next?.kind === 'word' &&
      !FUNCTION_WORDS.has(next.lower) &&
      !(word === 'ms' && isNumberWord(prev))
    );
  }
  if (AMBIGUOUS_MONTHS.has(word)) {
    if (MONTH_CONTEXT_BEFORE.has(prevWord) || /^\p{N}/u.test(prev?.text ?? '')) return true;
    // "march third", "may 5th": a day after it makes it the month.
    const next = tokens[i + 1];
    if (next?.kind !== 'word') return false;
    const after = tokens[i + 2];
    // "I may second that": "second" with an object is the verb.
    if (next.lower === 'second' && after?.kind === 'word' && SECONDED.has(after.lower))
      return false;
    if (DAY_ORDINALS.has(next.lower) || /^\d{1,2}(?:st|nd|rd|th)?$/u.test(next.lower)) return true;
    return (
      (next.lower === 'twenty' || next.lower === 'thirty') &&
      after?.kind === 'word' &&
      DAY_ORDINALS.has(after.lower)
    );
  }
  if (AMBIGUOUS_PLANETS.has(word)) {
    // "nothing to mars the evening": before a determiner it is the verb.
    const next = tokens[i + 1];
    return PLANET_CONTEXT_BEFORE.has(prevWord) && !NOT_BEFORE_NAMES.has(next?.lower ?? '');
  }
  if (
    NAMING_WORDS.has(prevWord) ||
    (NAME_TITLES.has(prevWord) && !(prevWord === 'ms' && isNumberWord(tokens[i - 2])))
  ) {
    return !FUNCTION_WORDS.has(word);
  }
  // "a bob haircut", "will bob for apples": after a determiner or a modal the word is common.
  return FIRST_NAMES.has(word) && !NOT_BEFORE_NAMES.has(prevWord);
}

const PROPER_PHRASE_FIRST_WORDS: ReadonlySet<string> = new Set(
  PROPER_PHRASES.map((phrase) => phrase[0] as string),
);

/** A quarter of the year as said in lower-case speech ("q3"). */
const QUARTER = /^q[1-4]$/u;

/** "on main street", "at fifth avenue": a word naming a street after a word of place. */
function isStreetNameAt(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  const before = tokens[i - 1];
  return (
    next?.kind === 'word' &&
    STREET_WORDS.has(next.lower) &&
    before?.kind === 'word' &&
    // "at 14 park avenue": a house number places it too.
    (STREET_PLACED_BY.has(before.lower) || /^\d+[a-z]?$/u.test(before.lower)) &&
    !FUNCTION_WORDS.has(token.lower) &&
    token.text === token.lower &&
    next.text === next.lower
  );
}

/**
 * "emmas permission slip", "next weeks episode": a first name or a time with an "s" before
 * a thing is its possessive, its apostrophe lost by speech recognition. The token with the
 * apostrophe, or null.
 */
function possessiveSaidPlain(tokens: readonly Token[], i: number): Token | null {
  const token = tokens[i] as Token;
  const word = token.lower;
  if (token.text !== word || word.length < 4 || !word.endsWith('s')) return null;
  const next = tokens[i + 1];
  const prev = tokens[i - 1];
  if (next?.kind !== 'word' || FUNCTION_WORDS.has(next.lower) || VERB_LIKE_WORDS.has(next.lower)) {
    return null;
  }
  const stem = word.slice(0, -1);
  const time = TIME_OWNERS.get(word);
  if (time !== undefined) {
    const set = word === 'todays' || TIME_OWNER_SETTERS.has(prev?.lower ?? '');
    return set ? withText(token, `${time}'s`) : null;
  }
  if (!FIRST_NAMES.has(stem) || FIRST_NAMES.has(word) || NOT_BEFORE_NAMES.has(prev?.lower ?? '')) {
    return null;
  }
  const name = capitalised({ ...token, text: stem });
  return { ...token, text: `${name.text}'s`, lower: `${stem}'s` };
}

/** Word count of a name of several words ("black friday") at i, or 0. */
function properPhraseLengthAt(tokens: readonly Token[], i: number): number {
  if (!PROPER_PHRASE_FIRST_WORDS.has((tokens[i] as Token).lower)) return 0;
  for (const phrase of PROPER_PHRASES) {
    if (matchesAt(tokens, i, phrase)) return phrase.length;
  }
  return 0;
}

/**
 * Capitals that lower-case speech loses: weekdays, months, places, nationalities, brands,
 * common first names and the word after a title ("aunt Linda") or "named". Only all-lower-case
 * words are touched, so "iPhone" or a name the engine already capitalised stays as it is.
 */
export function properCase(tokens: readonly Token[]): Token[] {
  let out: Token[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    // Two characters before the pattern: this runs on every word of every transcript.
    if (token.kind === 'word' && token.text.length === 2 && QUARTER.test(token.text)) {
      out ??= [...tokens];
      out[i] = withText(token, token.text.toUpperCase());
      continue;
    }
    if (token.kind === 'word' && isStreetNameAt(tokens, i)) {
      out ??= [...tokens];
      out[i] = capitalised(token);
      out[i + 1] = capitalised(tokens[i + 1] as Token);
      i++;
      continue;
    }
    const owner = token.kind === 'word' ? possessiveSaidPlain(tokens, i) : null;
    if (owner !== null) {
      out ??= [...tokens];
      out[i] = owner;
      continue;
    }
    const phrase = token.kind === 'word' ? properPhraseLengthAt(tokens, i) : 0;
    if (phrase > 0) {
      out ??= [...tokens];
      for (let k = i; k < i + phrase; k++) out[k] = capitalised(tokens[k] as Token);
      i += phrase - 1;
      continue;
    }
    // The set lookups first: they rule out almost every word before any Unicode test.
    if (token.kind !== 'word' || token.text !== token.lower || !isProperNoun(tokens, i)) continue;
    if (!LOWER_FIRST.test(token.text)) continue;
    out ??= [...tokens];
    out[i] = properSpelling(token);
  }
  return out ?? (tokens as Token[]);
}
