/**
 * The person's dictionary (docs/api.md, "Sharing and the person's own words"): names and jargon
 * spelled as they write them, each with what a speech engine may hear instead. Pure, so the
 * browser fixes its own engine's transcripts exactly as the server fixes the others.
 */

export const DICTIONARY_MAX_ENTRIES = 500;
export const DICTIONARY_TERM_MAX_CHARS = 60;
export const DICTIONARY_SOUNDS_LIKE_MAX_CHARS = 60;
/**
 * Whisper reads at most 224 tokens of prompt and drops the start of a longer one; about four
 * characters a token, so the terms sent stop short of that.
 */
export const WHISPER_PROMPT_MAX_CHARS = 800;

export interface DictionaryEntry {
  term: string;
  soundsLike?: string | undefined;
}

/** Spaces inside a phrase match any run of spaces, so "cooper  netties" is still found. */
function phrasePattern(phrase: string): string {
  return phrase
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('\\s+');
}

interface Replacement {
  pattern: RegExp;
  term: string;
}

/**
 * Each term's own spelling, and what it sounds like, as whole words only: "cooper netties" in
 * "cooper netties cluster" but never inside "coopers". Longer phrases first, so a sounds-like
 * that contains another entry's word is replaced as a whole. Built without look-behind, which
 * the oldest browsers the app supports cannot parse: the character before is captured instead.
 */
function replacementsOf(entries: readonly DictionaryEntry[]): Replacement[] {
  const phrases: { phrase: string; term: string }[] = [];
  for (const entry of entries) {
    const term = entry.term.trim();
    if (term === '') continue;
    phrases.push({ phrase: term, term });
    const heard = entry.soundsLike?.trim();
    if (heard) phrases.push({ phrase: heard, term });
  }
  phrases.sort((a, b) => b.phrase.length - a.phrase.length);
  return phrases.map(({ phrase, term }) => ({
    pattern: new RegExp(
      `(^|[^\\p{L}\\p{N}_])(${phrasePattern(phrase)})(?=$|[^\\p{L}\\p{N}_])`,
      'giu',
    ),
    term,
  }));
}

/**
 * The text with every entry spelled as the person gave it: what it sounds like replaced by the
 * term, and the term in any other casing ("kubernetes") written as given ("Kubernetes").
 * Nothing else changes. An entry is the person's own word, so this adds nothing they did not
 * say.
 */
export function applyDictionary(text: string, entries: readonly DictionaryEntry[]): string {
  return dictionarySpeller(entries)(text);
}

/**
 * applyDictionary with the entries read once: its patterns are built here, not for each text,
 * for a caller that spells many texts with one dictionary (a reply as it is written). Building
 * them is most of the cost: some 40 ms for 500 entries.
 */
export function dictionarySpeller(entries: readonly DictionaryEntry[]): (text: string) => string {
  if (entries.length === 0) return (text) => text;
  const replacements = replacementsOf(entries);
  return (text) => {
    if (text === '') return text;
    let result = text;
    for (const { pattern, term } of replacements) {
      result = result.replace(pattern, (_match, before: string) => `${before}${term}`);
    }
    return result;
  };
}

/** The terms as Whisper's prompt: a list of the words to expect, within its length. */
export function dictionaryPrompt(entries: readonly DictionaryEntry[]): string | undefined {
  let prompt = '';
  for (const entry of entries) {
    const term = entry.term.trim();
    if (term === '') continue;
    const next = prompt === '' ? term : `${prompt}, ${term}`;
    if (next.length > WHISPER_PROMPT_MAX_CHARS) break;
    prompt = next;
  }
  return prompt === '' ? undefined : `${prompt}.`;
}
