import { FUNCTION_WORDS } from '../words/languages.js';

/**
 * Which language a transcript is in (docs/product.md, "The spoken language"): the rules and the
 * keyword detector read English, so speech in another language is only tidied, and its format
 * is the person's own setting.
 */

const WORD = /\p{L}+(?:['’]\p{L}+)*/gu;

/** Below this many words the share of function words says nothing: the text is taken as English. */
const MIN_WORDS = 4;
/** A language's function words must be at least this share of the words to name it. */
const MIN_SHARE = 0.25;

/**
 * Which language the words are most likely in: the share of each language's commonest function
 * words (words/languages.ts). Written here rather than taken from a detection library: the
 * choice is only ever "English, or which of a few others", for which a few hundred words do,
 * where a library such as franc-min weighs some 200 kB of trigram tables and is least sure on
 * exactly the short texts people speak. English wins every doubt (short text, a tie, no
 * language clearly ahead), so an English transcript is never taken for another language.
 */
export function detectLanguage(text: string): string {
  const words = (text.normalize('NFC').toLowerCase().match(WORD) ?? []).map((word) =>
    word.replace(/’/gu, "'"),
  );
  if (words.length < MIN_WORDS) return 'en';
  const share = (language: string) => {
    const set = FUNCTION_WORDS[language];
    if (set === undefined) return 0;
    let hits = 0;
    for (const word of words) if (set.has(word)) hits += 1;
    return hits / words.length;
  };
  const english = share('en');
  let best = 'en';
  let bestShare = english;
  for (const language of Object.keys(FUNCTION_WORDS)) {
    if (language === 'en') continue;
    const s = share(language);
    if (s > bestShare) {
      best = language;
      bestShare = s;
    }
  }
  // Another language must be clearly ahead: at least a quarter of the words, and half again
  // English's share ("a", "in", "me" are words of several languages).
  if (best === 'en' || bestShare < MIN_SHARE || bestShare < english * 1.5) return 'en';
  return best;
}

/** The given language when there is one ("fr", "fr-CA" read as "fr"), else the detected one. */
export function spokenLanguage(text: string, given?: string): string {
  if (given !== undefined && given !== '') return isEnglish(given) ? 'en' : given;
  return detectLanguage(text);
}

export function isEnglish(language: string): boolean {
  return language === 'en' || language === 'eng';
}
