import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Dialect } from '../../db/database.js';
import type { CursorPosition } from '../../db/cursor.js';
import type { Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { foldAscii, pairToken, reversed } from '../../db/search-words.js';
import { toPage, type IdeaPage, type IdeaRow } from './repository-rows.js';

/*
 * The pieces every search plan of repository-search.ts is built from: the owner and the
 * filters as conditions, the literal substring test on each dialect, the FTS5 phrase, and the
 * word pair index's terms for a query (ADR 014).
 */

/**
 * Queries shorter than this cannot use a trigram index (neither FTS5's trigram tokenizer nor
 * pg_trgm has a trigram to look up), so they scan the owner's ideas instead.
 */
export const TRIGRAM_MIN_QUERY_CHARS = 3;

/** Must stay identical to the text expression of ideas_owner_joined_search_idx (migration 008). */
const POSTGRES_JOINED_TEXT = sql`replace(ideas.search_text, ' ', '')`;

export interface SearchOptions {
  limit: number;
  after: CursorPosition | null;
  q: string;
  category?: Category | undefined;
  format?: Format | undefined;
}

/** The category and format filters of a search as conditions on `alias`'s columns. */
export function kindConditions(alias: string, { category, format }: SearchOptions) {
  return [
    ...(category === undefined ? [] : [sql`${sql.ref(`${alias}.category`)} = ${category}`]),
    ...(format === undefined ? [] : [sql`${sql.ref(`${alias}.format`)} = ${format}`]),
  ];
}

/** The same filters as a fragment to append after other conditions. */
export function kindFilter(alias: string, options: SearchOptions) {
  const conditions = kindConditions(alias, options);
  return conditions.length === 0 ? sql`` : sql`AND ${sql.join(conditions, sql` AND `)}`;
}

export function ownerColumn(owner: Owner, alias: string) {
  return sql.ref(`${alias}.${owner.kind === 'user' ? 'user_id' : 'guest_id'}`);
}

export function ownerIdOf(owner: Owner): string {
  return owner.kind === 'user' ? owner.userId : owner.guestId;
}

export function capped(rows: IdeaRow[], limit: number, total: number, cap: number): IdeaPage {
  return total > cap ? toPage(rows, limit, cap, true) : toPage(rows, limit, total);
}

/** An FTS5 string: one phrase, matched literally (only the double quote needs doubling). */
export function ftsPhrase(q: string): string {
  return `"${q.replace(/"/g, '""')}"`;
}

/** Words of ASCII letters and digits, one space apart: what ideas_search_pairs answers. */
const WORD_PAIR_QUERY = /^[A-Za-z0-9]+(?: [A-Za-z0-9]+)+$/;

/**
 * More words ending in the query's first word than this, and the pair index is left for the
 * trigram phrase: each is one more term for FTS5 to look up. Whole everyday words end few
 * others; a one- or two-letter first word ("a", "ed") may end thousands.
 */
export const WORD_PAIR_MAX_FIRST_WORDS = 64;

/**
 * The FTS5 expression over ideas_search_pairs (migration 009) for a query of two or more words,
 * 'none' when no indexed word ends in its first word (so nothing can match), or null when the
 * query is not one the pair index answers. Every pair of the query's adjacent words must be in
 * the idea: the first word's pair with any indexed word that ends in it, each later pair with
 * the whole word.
 */
export async function wordPairMatch(trx: Kysely<DB>, q: string): Promise<string | 'none' | null> {
  const pairs = await wordPairTokens(trx, q);
  if (pairs === null || pairs === 'none') return pairs;
  const quoted = (tokens: string[]) => tokens.map((token) => `"${token}"`);
  return [`(${quoted(pairs.first).join(' OR ')})`, ...quoted(pairs.later)].join(' AND ');
}

/**
 * The pair tokens an idea must hold to match a query of two or more words (migration 009): one
 * of `first` (the first query word's pair with each indexed word ending in it) and all of
 * `later`; 'none' when no indexed word ends in the first query word, null when the pair index
 * does not answer the query. The same on both dialects.
 */
export async function wordPairTokens(
  trx: Kysely<DB>,
  q: string,
): Promise<{ first: string[]; later: string[] } | 'none' | null> {
  if (!WORD_PAIR_QUERY.test(q)) return null;
  const words = foldAscii(q).split(' ');
  const [first, second] = words as [string, string];
  const firstReversed = reversed(first);
  // Reversed words are [a-z0-9]; "{" sorts after all of them in both dialects' byte order, so
  // this is every word ending in the first query word.
  const endings = await sql<{ reversed: string }>`SELECT reversed FROM search_words
    WHERE reversed >= ${firstReversed} AND reversed < ${`${firstReversed}{`}
    LIMIT ${WORD_PAIR_MAX_FIRST_WORDS + 1}`.execute(trx);
  if (endings.rows.length > WORD_PAIR_MAX_FIRST_WORDS) return null;
  if (endings.rows.length === 0) return 'none';
  return {
    first: endings.rows.map((row) => pairToken(row.reversed, second)),
    later: words.slice(1, -1).map((word, i) => pairToken(reversed(word), words[i + 2] as string)),
  };
}

export function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/**
 * Case-insensitive literal substring over content, transcript, format and category (ADR 002).
 * This is the row-by-row form, used on PostgreSQL (where ideas_owner_joined_search_idx answers
 * it for 3+ characters) and, on SQLite, for 1-2 character queries, the walk and the word pair
 * index's candidates. Both use LIKE-style
 * patterns with %, _ and \ escaped, so they are literal. SQLite's LIKE folds ASCII letters only
 * (as its lower() does) and reads the column in place.
 */
export function searchCondition(dialect: Dialect, q: string): Expression<SqlBool> {
  const pattern = likePattern(q);
  if (dialect === 'postgres') {
    // The first condition only narrows (migration 008): the same text and pattern without
    // spaces, which the index answers with trigrams across words. It needs 3 characters left
    // to have a trigram.
    const exact = postgresExactCondition(q);
    if ([...q.replaceAll(' ', '')].length < TRIGRAM_MIN_QUERY_CHARS) return exact;
    return sql<SqlBool>`${POSTGRES_JOINED_TEXT} LIKE replace(lower(${pattern}), ' ', '') ESCAPE '\\'
      AND ${exact}`;
  }
  return sqliteLikeCondition('ideas', q);
}

export function sqliteLikeCondition(table: 'ideas' | 'i', q: string): Expression<SqlBool> {
  const pattern = likePattern(q);
  const column = (name: string) => sql.ref(`${table}.${name}`);
  return sql<SqlBool>`(${column('content')} LIKE ${pattern} ESCAPE '\\'
    OR ${column('transcript')} LIKE ${pattern} ESCAPE '\\'
    OR ${column('format')} LIKE ${pattern} ESCAPE '\\'
    OR ${column('category')} LIKE ${pattern} ESCAPE '\\')`;
}

function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * PostgreSQL's exact test. search_text is the lower-cased text joined with \x01, which keeps a
 * match from spanning two columns; the pattern is lower-cased by the same function.
 */
export function postgresExactCondition(q: string): Expression<SqlBool> {
  return sql<SqlBool>`ideas.search_text LIKE lower(${likePattern(q)}) ESCAPE '\\'`;
}
