import type BetterSqlite3 from 'better-sqlite3';

/*
 * The words of the search word pair index (migration 009, ADR 014) and the SQLite functions its
 * triggers call. Apart from the migration so that every connection that writes ideas (the main
 * one, the writer thread's of ADR 017, the benchmark seed) registers them without loading the
 * query builder. They are part of the schema: changing what they return needs a new migration
 * that rebuilds the index and search_words.
 */

export const SEARCH_WORDS_FUNCTION = 'search_words_reversed';
export const SEARCH_PAIRS_FUNCTION = 'search_word_pairs';

/** The first characters of the next word a pair token keeps (1 up to this many). */
export const SEARCH_PAIR_PREFIX_CHARS = 3;

/** ASCII upper-case letters to lower case, nothing else: what LIKE folds. */
export function foldAscii(text: string): string {
  return text.replace(/[A-Z]/g, (letter) => letter.toLowerCase());
}

/** Runs of ASCII letters and digits, ASCII-folded. */
export function searchWordsOf(text: string): string[] {
  return foldAscii(text).match(/[a-z0-9]+/g) ?? [];
}

export function reversed(word: string): string {
  return word.split('').reverse().join('');
}

/** The pair token of a word ending in `firstReversed` (reversed) and a word starting `next`. */
export function pairToken(firstReversed: string, next: string): string {
  return `${firstReversed}_${next.slice(0, SEARCH_PAIR_PREFIX_CHARS)}`;
}

function pairsOf(texts: (string | null)[]): string {
  const tokens = new Set<string>();
  // Pairs never span two columns, as a match never does.
  for (const text of texts) {
    const words = searchWordsOf(text ?? '');
    for (let i = 0; i + 1 < words.length; i += 1) {
      const first = reversed(words[i] as string);
      const next = words[i + 1] as string;
      for (let chars = 1; chars <= Math.min(SEARCH_PAIR_PREFIX_CHARS, next.length); chars += 1) {
        tokens.add(pairToken(first, next.slice(0, chars)));
      }
    }
  }
  return [...tokens].join(' ');
}

function reversedWordsOf(texts: (string | null)[]): string {
  const words = new Set<string>();
  for (const text of texts) for (const word of searchWordsOf(text ?? '')) words.add(reversed(word));
  return JSON.stringify([...words]);
}

/**
 * Registers the functions the word-pair triggers call. Every connection that writes ideas needs
 * them (applyPragmas in db/sqlite-connection.ts, the benchmark seed); a connection without them fails on insert with
 * "no such function", never with a silently incomplete index.
 */
export function registerSearchWordFunctions(connection: BetterSqlite3.Database): void {
  const options = { deterministic: true, varargs: true } as const;
  connection.function(SEARCH_PAIRS_FUNCTION, options, (...texts: unknown[]) =>
    pairsOf(texts as (string | null)[]),
  );
  connection.function(SEARCH_WORDS_FUNCTION, options, (...texts: unknown[]) =>
    reversedWordsOf(texts as (string | null)[]),
  );
}
