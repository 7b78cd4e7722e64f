import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { SEARCH_ROWID_OWNER_STEP } from './005-owner-scoped-search.js';
import {
  SEARCH_PAIR_PREFIX_CHARS,
  SEARCH_PAIRS_FUNCTION,
  SEARCH_WORDS_FUNCTION,
} from '../search-words.js';

/**
 * A second search index, of adjacent word pairs (ADR 014, "Word pairs"); SQLite first, then
 * PostgreSQL's form of it at the end of this file.
 *
 * The trigram phrase of migration 005 reads every trigram's doclist with its positions over the
 * owner's range; in text written from everyday words every trigram is in most ideas, so a
 * search of a 100,000-idea owner read hundreds of thousands of entries. A query of two or more
 * words, say "sister brains", can only match where a word ENDING in "sister" is followed by a
 * word STARTING with "brains". ideas_search_pairs indexes each pair of adjacent words as one
 * token: the first word reversed, "_", and the first 1, 2 and 3 characters of the next word
 * ("retsis_b", "retsis_br", "retsis_bra"), without positions (detail=none). search_words lists
 * every word reversed, so the words ending in "sister" are one range of its key. The query asks
 * for those words' pair tokens with "bra"; the exact substring test on each candidate decides
 * (modules/ideas/repository-search.ts).
 *
 * Words here are runs of ASCII letters and digits, lower-cased as SQLite's LIKE folds case
 * (ASCII only), so every idea an ASCII query of such words matches with LIKE holds the pair.
 * Splitting and reversing words are JavaScript functions registered on every connection that
 * writes ideas (db/search-words.ts): SQLite has no reverse() and triggers may not use
 * recursive queries. They are part of this schema: changing what they return needs a new
 * migration that rebuilds both tables.
 *
 * The index rowid is the one of ideas_search (owner number * 2^32 + seq), so a search reads only
 * its owner's range. The triggers of migration 005 are replaced by ones that keep both indexes:
 * the owner is numbered (INSERT OR IGNORE INTO search_owners) before either rowid is computed.
 * search_words only grows; a word no idea holds any longer costs one lookup that finds nothing.
 */

/** The same key as db/owner.ts ownerKey(); `row` qualifies the columns. */
function ownerKeyOf(row: string): string {
  return `CASE WHEN ${row}.user_id IS NOT NULL THEN 'user:' || ${row}.user_id ELSE 'guest:' || ${row}.guest_id END`;
}

function searchRowidOf(row: 'new' | 'old'): string {
  return `(SELECT num FROM search_owners WHERE owner_key = ${ownerKeyOf(row)}) * ${SEARCH_ROWID_OWNER_STEP} + ${row}.seq`;
}

function columnsOf(row: string): string {
  return `${row}.content, ${row}.transcript, ${row}.format, ${row}.category`;
}

/** Migration 005's insert steps, then (unless undoing this migration) the word pair index's. */
function indexNew(pairs: boolean): string {
  return `SELECT RAISE(ABORT, 'ideas.seq is past the range of the search index')
      WHERE new.seq >= ${SEARCH_ROWID_OWNER_STEP};
    INSERT OR IGNORE INTO search_owners (owner_key) VALUES (${ownerKeyOf('new')});
    SELECT RAISE(ABORT, 'too many owners for the search index')
      WHERE (SELECT num FROM search_owners WHERE owner_key = ${ownerKeyOf('new')}) >= 2147483647;
    INSERT INTO ideas_search (rowid, content, transcript, format, category)
      VALUES (${searchRowidOf('new')}, ${columnsOf('new')});${pairs ? indexNewPairs() : ''}`;
}

function indexNewPairs(): string {
  return `
    INSERT INTO ideas_search_pairs (rowid, pairs)
      VALUES (${searchRowidOf('new')}, ${SEARCH_PAIRS_FUNCTION}(${columnsOf('new')}));
    INSERT OR IGNORE INTO search_words (reversed)
      SELECT value FROM json_each(${SEARCH_WORDS_FUNCTION}(${columnsOf('new')}));`;
}

function unindexOld(pairs: boolean): string {
  return `DELETE FROM ideas_search WHERE rowid = ${searchRowidOf('old')};${
    pairs ? `\n    DELETE FROM ideas_search_pairs WHERE rowid = ${searchRowidOf('old')};` : ''
  }`;
}

function triggers(pairs: boolean): string[] {
  return [
    `CREATE TRIGGER ideas_search_after_insert AFTER INSERT ON ideas BEGIN
    ${indexNew(pairs)}
  END`,
    `CREATE TRIGGER ideas_search_after_delete AFTER DELETE ON ideas BEGIN
    ${unindexOld(pairs)}
  END`,
    `CREATE TRIGGER ideas_search_after_update
    AFTER UPDATE OF content, transcript, format, category, user_id, guest_id ON ideas BEGIN
    ${unindexOld(pairs)}
    ${indexNew(pairs)}
  END`,
  ];
}

const dropTriggers = [
  'DROP TRIGGER ideas_search_after_insert',
  'DROP TRIGGER ideas_search_after_delete',
  'DROP TRIGGER ideas_search_after_update',
];

/**
 * Fills both tables from the ideas in one pass each (after SQLITE_SEARCH_BACKFILL has numbered
 * the owners). Also what the benchmark seed runs after its bulk load with the insert trigger
 * dropped.
 */
export const SQLITE_WORD_PAIRS_BACKFILL = [
  `INSERT INTO ideas_search_pairs (rowid, pairs)
    SELECT o.num * ${SEARCH_ROWID_OWNER_STEP} + ideas.seq, ${SEARCH_PAIRS_FUNCTION}(${columnsOf('ideas')})
    FROM ideas JOIN search_owners AS o ON o.owner_key = ${ownerKeyOf('ideas')}`,
  `INSERT OR IGNORE INTO search_words (reversed)
    SELECT w.value FROM ideas, json_each(${SEARCH_WORDS_FUNCTION}(${columnsOf('ideas')})) AS w`,
];

const sqliteStatements = [
  ...dropTriggers,
  // The tokens are [a-z0-9_] only, so each is exactly one unicode61 token.
  `CREATE VIRTUAL TABLE ideas_search_pairs USING fts5(
    pairs, content = '', contentless_delete = 1, detail = none,
    tokenize = "unicode61 tokenchars '_'"
  )`,
  `CREATE TABLE search_words (reversed TEXT PRIMARY KEY) WITHOUT ROWID`,
  ...triggers(true),
  ...SQLITE_WORD_PAIRS_BACKFILL,
];

/** Back to migration 005's triggers. */
const sqliteDownStatements = [
  ...dropTriggers,
  'DROP TABLE ideas_search_pairs',
  'DROP TABLE search_words',
  ...triggers(false),
];

/** The same owner key expression as migrations 005 and 008 and POSTGRES_OWNER_KEY. */
const POSTGRES_OWNER_KEY = `(CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'guest:' || guest_id END)`;

/**
 * PostgreSQL: the same pairs, computed in SQL from search_text (lower-cased, columns joined by
 * \x01, which splits words as any separator does), in a GIN index beside the owner key as in
 * migration 008, and the same table of reversed words, kept by a trigger. The function must stay
 * IMMUTABLE and unchanged: the index is built from it.
 */
const postgresStatements = [
  `CREATE FUNCTION search_word_pairs(t text) RETURNS text[]
    IMMUTABLE STRICT PARALLEL SAFE LANGUAGE sql AS $$
    SELECT coalesce(array_agg(DISTINCT reverse(p.w) || '_' || left(p.n, k)), '{}')
    FROM (SELECT m[1] AS w, lead(m[1]) OVER (ORDER BY ord) AS n
          FROM regexp_matches(t, '[a-z0-9]+', 'g') WITH ORDINALITY AS r(m, ord)) AS p,
      generate_series(1, ${SEARCH_PAIR_PREFIX_CHARS}) AS k
    WHERE p.n IS NOT NULL AND k <= length(p.n)
  $$`,
  // Byte order, as SQLite's: the words ending in a query word are one key range only if
  // "{" sorts after every letter and digit, which a language collation does not promise.
  `CREATE TABLE search_words (reversed TEXT COLLATE "C" PRIMARY KEY)`,
  `CREATE FUNCTION search_words_note() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO search_words (reversed)
      SELECT DISTINCT reverse(m[1]) FROM regexp_matches(NEW.search_text, '[a-z0-9]+', 'g') AS m
      ON CONFLICT DO NOTHING;
    RETURN NULL;
  END
  $$`,
  `CREATE TRIGGER ideas_search_words AFTER INSERT OR UPDATE OF content, transcript, format, category
    ON ideas FOR EACH ROW EXECUTE FUNCTION search_words_note()`,
  `INSERT INTO search_words (reversed)
    SELECT DISTINCT reverse(m[1]) FROM ideas, regexp_matches(search_text, '[a-z0-9]+', 'g') AS m`,
  `CREATE INDEX ideas_owner_word_pairs_idx ON ideas USING gin (
    ${POSTGRES_OWNER_KEY}, search_word_pairs(search_text)
  )`,
];

const postgresDownStatements = [
  'DROP INDEX ideas_owner_word_pairs_idx',
  'DROP TRIGGER ideas_search_words ON ideas',
  'DROP FUNCTION search_words_note()',
  'DROP TABLE search_words',
  'DROP FUNCTION search_word_pairs(text)',
];

export function searchWordPairsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      const statements = dialect === 'sqlite' ? sqliteStatements : postgresStatements;
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      const statements = dialect === 'sqlite' ? sqliteDownStatements : postgresDownStatements;
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}
