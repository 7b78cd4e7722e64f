import {
  CATEGORY_SPOKEN_WORDS,
  FORMAT_SPOKEN_WORDS,
  type Category,
  type Format,
} from '#contract/taxonomy.js';

/** The spoken format and category words as regular-expression parts, for phrases and prefixes. */

export const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;
export const WORD_START = String.raw`(?<![\p{L}\p{N}\p{M}])`;
export const WORD_END = String.raw`(?!${WORD_CHAR})`;

export function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function byWord<T extends string>(words: Record<T, readonly string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [target, list] of Object.entries(words) as [T, readonly string[]][]) {
    for (const word of list) map.set(word, target);
  }
  return map;
}

/** Longest first, so "checklist" is tried before "list". */
export function alternation(words: Iterable<string>): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}

// Every spoken format and category word comes from the taxonomy: a new format is matched by
// the phrasings, the prefix and the keywords as soon as it has its words there.
export const FORMAT_BY_WORD: ReadonlyMap<string, Format> = byWord(FORMAT_SPOKEN_WORDS);
export const CATEGORY_BY_WORD: ReadonlyMap<string, Category> = byWord(CATEGORY_SPOKEN_WORDS);
