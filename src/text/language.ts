import { FILLERS, SET_OFF_FILLERS } from './words/languages.js';

// Which language a transcript is in is decided in the browser too (the English detector is not
// asked about other languages), so it lives with the detector.
export { detectLanguage, isEnglish, spokenLanguage } from './detect/spoken-language.js';

/**
 * The language a transcript is in, and the tidy-up the rules give a transcript that is not
 * English (docs/product.md, "The spoken language"). The rule formatter reads English: on any
 * other language it would split checklists and label pitches at random, so such a transcript is
 * only cleaned up, never restructured.
 */

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
