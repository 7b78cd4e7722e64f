import type { TaggedToken } from '../nlp.js';
import { FEELING_WORDS } from '../words/inference.js';

/** What the inference rules share: words of sentences, phrases said whole, word tokens. */

export const RELATIVE_WORDS: ReadonlySet<string> = new Set([
  'where',
  'that',
  'who',
  'which',
  'whose',
]);

export function wordsOf(sentences: readonly TaggedToken[][]): TaggedToken[] {
  return sentences.flat().filter((token) => token.kind === 'word');
}

/** Whether `phrase` is said in `text` as whole words. */
export function containsPhrase(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at === -1) return false;
  const before = text.charAt(at - 1);
  const after = text.charAt(at + phrase.length);
  return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
}

export function isWord(token: TaggedToken): boolean {
  return token.kind === 'word';
}

/** A word of how something felt ("proud", "cried", "amazing"), by its form or its lemma. */
export function saysFeeling(word: TaggedToken): boolean {
  return FEELING_WORDS.has(word.lemma) || FEELING_WORDS.has(word.lower);
}

/** What a rule found, and how clearly. */
export interface Found<T> {
  value: T | null;
  clear: boolean;
  /** Found by default, with nothing said for it. */
  guessed?: boolean;
}
