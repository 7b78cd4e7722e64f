import { FILLERS, FUNCTION_WORDS, SET_OFF_FILLERS } from './words/languages.js';

/**
 * The language a transcript is in, and the tidy-up the rules give a transcript that is not
 * English (docs/product.md, "The spoken language"). The rule formatter reads English: on any
 * other language it would split checklists and label pitches at random, so such a transcript is
 * only cleaned up, never restructured.
 */

/** ISO 639-1 (or 639-2 where there is no two-letter code): 2 or 3 lowercase letters. */
export const LANGUAGE_CODE = /^[a-z]{2,3}$/;

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

/** The language's name in English ("French"), for the note; the code itself when unknown. */
export function languageName(language: string): string {
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
    if (name !== undefined && name !== '') return name;
  } catch {
    // An invalid tag: the code as given.
  }
  return language;
}

/** The response's note (docs/api.md, POST /api/format): one short plain sentence. */
export function tidiedNote(language: string): string {
  return `Written in ${languageName(language)}: tidied, not restructured.`;
}

const END = /[.!?…]$/u;
const SENTENCE_END = /(?<=[.!?…])\s+/u;

/** The token's word without the punctuation around it, lowercased: "Euh," -> "euh". */
function core(token: string): string {
  return token.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '').toLowerCase();
}

/** "Ben, on y va" drops "Ben,"; "euh" goes wherever it stands. */
function withoutFillers(sentence: string, language: string): string {
  const always = FILLERS[language];
  const setOff = SET_OFF_FILLERS[language];
  if (always === undefined && setOff === undefined) return sentence;
  const tokens = sentence.split(' ');
  const kept: string[] = [];
  tokens.forEach((token, index) => {
    const word = core(token);
    const before = kept.length === 0 ? undefined : kept[kept.length - 1];
    const afterComma = before === undefined || before.endsWith(',');
    const isLast = index === tokens.length - 1;
    const filler =
      word !== '' &&
      (always?.has(word) === true ||
        (setOff?.has(word) === true &&
          ((before === undefined && token.endsWith(',')) ||
            (before !== undefined && afterComma && (token.endsWith(',') || isLast)))));
    if (!filler) {
      kept.push(token);
      return;
    }
    // What ended the sentence on the filler ("... on y va euh.") stays with the words before it.
    const trailing = /[.!?…]+$/u.exec(token)?.[0];
    if (trailing !== undefined && before !== undefined) {
      kept[kept.length - 1] = before.replace(/[,;:]+$/u, '') + trailing;
    }
  });
  return kept.join(' ');
}

function sentenceCase(sentence: string): string {
  return sentence.replace(/\p{L}/u, (letter) => letter.toLocaleUpperCase());
}

/**
 * A transcript in a language the rules do not read: its fillers removed where that language's
 * are known, each sentence begun with a capital, the end punctuated. Nothing is moved, split,
 * labelled or added; every word kept is the speaker's. Blank input gives ''.
 */
export function tidyTranscript(transcript: string, language: string): string {
  const text = transcript.normalize('NFC').replace(/\s+/gu, ' ').trim();
  if (text === '') return '';
  const sentences = text
    .split(SENTENCE_END)
    .map((sentence) =>
      withoutFillers(sentence, language)
        .replace(/^[\s,;:]+/u, '')
        .replace(/\s+([,;:.!?…])/gu, '$1')
        .replace(/,{2,}/gu, ','),
    )
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .map(sentenceCase);
  // Nothing but fillers: what was said beats an empty idea.
  if (sentences.length === 0) sentences.push(sentenceCase(text));
  const joined = sentences.join(' ').replace(/[,;:]+$/u, '');
  return END.test(joined) ? joined : `${joined}.`;
}
