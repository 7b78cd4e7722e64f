import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Search indexes scoped by owner (ADR 014), so one owner's search never reads another owner's
 * index entries or rows.
 *
 * SQLite: the global FTS5 table of migration 001 (rowid = ideas.seq) becomes a contentless
 * FTS5 table whose rowid is `owner number * 2^32 + seq`. Each owner's entries are one
 * contiguous rowid range, which FTS5 seeks to through its doclist indexes, so `rowid BETWEEN`
 * reads only that owner's part of each trigram's list. search_owners numbers the owners (the
 * same keys as db/owner.ts ownerKey()). Contentless with contentless_delete: the text lives in
 * ideas only, and a row is removed by its rowid alone.
 *
 * PostgreSQL: the global pg_trgm index of migration 001 becomes one GIN index over the owner
 * key (btree_gin) and search_text, a stored lower-cased copy of the searchable text, so the index
 * itself intersects "this owner" with the query's trigrams, only this owner's candidates are
 * rechecked, and each recheck is a plain LIKE over text already folded.
 *
 * Independent of migration 004 (accounts and billing): it touches ideas and its own tables only.
 */

/** The same key as db/owner.ts ownerKey(); `row` qualifies the columns. */
function ownerKeyOf(row: string): string {
  return `CASE WHEN ${row}.user_id IS NOT NULL THEN 'user:' || ${row}.user_id ELSE 'guest:' || ${row}.guest_id END`;
}

/** 2^32: the owner number's place in an ideas_search rowid; seq must stay below it. */
export const SEARCH_ROWID_OWNER_STEP = 4294967296;

function searchRowidOf(row: 'new' | 'old'): string {
  return `(SELECT num FROM search_owners WHERE owner_key = ${ownerKeyOf(row)}) * ${SEARCH_ROWID_OWNER_STEP} + ${row}.seq`;
}

function sqliteIndexNew(): string {
  return `SELECT RAISE(ABORT, 'ideas.seq is past the range of the search index')
      WHERE new.seq >= ${SEARCH_ROWID_OWNER_STEP};
    INSERT OR IGNORE INTO search_owners (owner_key) VALUES (${ownerKeyOf('new')});
    SELECT RAISE(ABORT, 'too many owners for the search index')
      WHERE (SELECT num FROM search_owners WHERE owner_key = ${ownerKeyOf('new')}) >= 2147483647;
    INSERT INTO ideas_search (rowid, content, transcript, format, category)
      VALUES (${searchRowidOf('new')}, new.content, new.transcript, new.format, new.category);`;
}

/**
 * Numbers the owners and indexes every idea in one pass each, in seq order. Also what the
 * benchmark seed (scripts/bench/seed.ts) runs after a bulk load with the insert trigger
 * dropped: one sorted pass builds the same index many times faster than a trigger per row.
 */
export const SQLITE_SEARCH_BACKFILL = [
  `INSERT INTO search_owners (owner_key)
    SELECT ${ownerKeyOf('ideas')} FROM ideas GROUP BY 1 ORDER BY min(seq)`,
  `INSERT INTO ideas_search (rowid, content, transcript, format, category)
    SELECT o.num * ${SEARCH_ROWID_OWNER_STEP} + ideas.seq, ideas.content, ideas.transcript,
      ideas.format, ideas.category
    FROM ideas JOIN search_owners AS o ON o.owner_key = ${ownerKeyOf('ideas')}`,
];

const sqliteStatements = [
  'DROP TRIGGER ideas_fts_after_insert',
  'DROP TRIGGER ideas_fts_after_delete',
  'DROP TRIGGER ideas_fts_after_update',
  'DROP TABLE ideas_fts',
  `CREATE TABLE search_owners (
    num INTEGER PRIMARY KEY,
    owner_key TEXT NOT NULL UNIQUE
  )`,
  `CREATE VIRTUAL TABLE ideas_search USING fts5(
    content, transcript, format, category,
    content = '', contentless_delete = 1,
    tokenize = 'trigram case_sensitive 0'
  )`,
  `CREATE TRIGGER ideas_search_after_insert AFTER INSERT ON ideas BEGIN
    ${sqliteIndexNew()}
  END`,
  `CREATE TRIGGER ideas_search_after_delete AFTER DELETE ON ideas BEGIN
    DELETE FROM ideas_search WHERE rowid = ${searchRowidOf('old')};
  END`,
  `CREATE TRIGGER ideas_search_after_update
    AFTER UPDATE OF content, transcript, format, category, user_id, guest_id ON ideas BEGIN
    DELETE FROM ideas_search WHERE rowid = ${searchRowidOf('old')};
    ${sqliteIndexNew()}
  END`,
  ...SQLITE_SEARCH_BACKFILL,
];

const postgresStatements = [
  `CREATE EXTENSION IF NOT EXISTS btree_gin`,
  // Checking a candidate row with ILIKE lower-cased the whole joined text on every check, most
  // of a search's time when a query's trigrams are common; the row keeps it lower-cased.
  `ALTER TABLE ideas ADD COLUMN search_text TEXT GENERATED ALWAYS AS (lower(
    content || E'\\x01' || coalesce(transcript, '') || E'\\x01' || format || E'\\x01' || category
  )) STORED`,
  // The owner key expression must stay identical to POSTGRES_OWNER_KEY in
  // modules/ideas/repository-search.ts, or PostgreSQL cannot use the index.
  `CREATE INDEX ideas_owner_search_idx ON ideas USING gin (
    (${ownerKeyOf('ideas')}), search_text gin_trgm_ops
  )`,
  `DROP INDEX ideas_search_trgm_idx`,
];

export function ownerScopedSearchMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of dialect === 'sqlite' ? sqliteStatements : postgresStatements) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect === 'postgres') {
        await sql`CREATE INDEX IF NOT EXISTS ideas_search_trgm_idx ON ideas USING gin (
          (content || E'\\x01' || coalesce(transcript, '') || E'\\x01' || format || E'\\x01' || category)
          gin_trgm_ops
        )`.execute(db);
        await sql`DROP INDEX IF EXISTS ideas_owner_search_idx`.execute(db);
        await sql`ALTER TABLE ideas DROP COLUMN IF EXISTS search_text`.execute(db);
        return;
      }
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql.raw(`DROP TRIGGER IF EXISTS ideas_search_after_${trigger}`).execute(db);
      }
      await sql`DROP TABLE IF EXISTS ideas_search`.execute(db);
      await sql`DROP TABLE IF EXISTS search_owners`.execute(db);
      // Migration 001's index and triggers, rebuilt from the rows.
      await sql`CREATE VIRTUAL TABLE ideas_fts USING fts5(
        content, transcript, format, category,
        content = 'ideas', content_rowid = 'seq',
        tokenize = 'trigram case_sensitive 0'
      )`.execute(db);
      await sql`INSERT INTO ideas_fts (ideas_fts) VALUES ('rebuild')`.execute(db);
      await sql`CREATE TRIGGER ideas_fts_after_insert AFTER INSERT ON ideas BEGIN
        INSERT INTO ideas_fts (rowid, content, transcript, format, category)
        VALUES (new.seq, new.content, new.transcript, new.format, new.category);
      END`.execute(db);
      await sql`CREATE TRIGGER ideas_fts_after_delete AFTER DELETE ON ideas BEGIN
        INSERT INTO ideas_fts (ideas_fts, rowid, content, transcript, format, category)
        VALUES ('delete', old.seq, old.content, old.transcript, old.format, old.category);
      END`.execute(db);
      await sql`CREATE TRIGGER ideas_fts_after_update AFTER UPDATE OF content, transcript, format, category ON ideas BEGIN
        INSERT INTO ideas_fts (ideas_fts, rowid, content, transcript, format, category)
        VALUES ('delete', old.seq, old.content, old.transcript, old.format, old.category);
        INSERT INTO ideas_fts (rowid, content, transcript, format, category)
        VALUES (new.seq, new.content, new.transcript, new.format, new.category);
      END`.execute(db);
    },
  };
}
