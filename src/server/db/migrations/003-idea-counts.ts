import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Per owner and category idea counts (ADR 012), so a listing's `total` is a read of at most
 * three rows instead of a count over the owner's index entries. Triggers keep them in the same
 * transaction as every insert, delete and move of an idea, whichever code path (or foreign-key
 * cascade) does it, so no repository method can forget one. Rows that reach zero are removed so
 * guests that come and go leave nothing behind.
 *
 * PostgreSQL uses statement-level triggers with transition tables for inserts and deletes, so
 * deleting 10,000 ideas is one grouped upsert, not 10,000 updates of one hot row; updates that
 * move ideas (guest adoption, a category change) are row-level and filtered by WHEN.
 */

/** The same key as repositories/owner.ts ownerKey(); `row` qualifies the columns. */
function ownerKeyOf(row: string): string {
  return `CASE WHEN ${row}.user_id IS NOT NULL THEN 'user:' || ${row}.user_id ELSE 'guest:' || ${row}.guest_id END`;
}

function sqliteIncrement(row: 'new'): string {
  return `INSERT INTO idea_counts (owner_key, category, count)
      VALUES (${ownerKeyOf(row)}, ${row}.category, 1)
      ON CONFLICT (owner_key, category) DO UPDATE SET count = count + 1;`;
}

function sqliteDecrement(row: 'old'): string {
  return `UPDATE idea_counts SET count = count - 1
      WHERE owner_key = ${ownerKeyOf(row)} AND category = ${row}.category;
    DELETE FROM idea_counts
      WHERE owner_key = ${ownerKeyOf(row)} AND category = ${row}.category AND count = 0;`;
}

const sqliteStatements = [
  `CREATE TABLE idea_counts (
    owner_key TEXT NOT NULL,
    category TEXT NOT NULL,
    count INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (owner_key, category)
  ) WITHOUT ROWID`,
  `CREATE TRIGGER idea_counts_after_insert AFTER INSERT ON ideas BEGIN
    ${sqliteIncrement('new')}
  END`,
  `CREATE TRIGGER idea_counts_after_delete AFTER DELETE ON ideas BEGIN
    ${sqliteDecrement('old')}
  END`,
  `CREATE TRIGGER idea_counts_after_move AFTER UPDATE OF user_id, guest_id, category ON ideas
    WHEN old.user_id IS NOT new.user_id OR old.guest_id IS NOT new.guest_id
      OR old.category IS NOT new.category
  BEGIN
    ${sqliteDecrement('old')}
    ${sqliteIncrement('new')}
  END`,
  `INSERT INTO idea_counts (owner_key, category, count)
    SELECT ${ownerKeyOf('ideas')}, category, count(*) FROM ideas GROUP BY 1, 2`,
];

const postgresStatements = [
  `CREATE TABLE idea_counts (
    owner_key TEXT COLLATE "C" NOT NULL,
    category TEXT COLLATE "C" NOT NULL,
    count INTEGER NOT NULL CHECK (count >= 0),
    PRIMARY KEY (owner_key, category)
  )`,
  // Deltas are applied in key order so two statements touching the same owners lock rows in
  // the same order and cannot deadlock each other.
  `CREATE FUNCTION idea_counts_apply(p_owner_key TEXT, p_category TEXT, p_delta INTEGER)
  RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF p_delta > 0 THEN
      INSERT INTO idea_counts (owner_key, category, count) VALUES (p_owner_key, p_category, p_delta)
      ON CONFLICT (owner_key, category) DO UPDATE SET count = idea_counts.count + EXCLUDED.count;
    ELSIF p_delta < 0 THEN
      UPDATE idea_counts SET count = count + p_delta
        WHERE owner_key = p_owner_key AND category = p_category;
      DELETE FROM idea_counts
        WHERE owner_key = p_owner_key AND category = p_category AND count = 0;
    END IF;
  END $$`,
  `CREATE FUNCTION idea_counts_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM idea_counts_apply(k, c, n::integer) FROM (
      SELECT ${ownerKeyOf('r')} AS k, r.category AS c, count(*) AS n
      FROM new_rows AS r GROUP BY 1, 2 ORDER BY 1, 2
    ) AS deltas;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION idea_counts_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM idea_counts_apply(k, c, -n::integer) FROM (
      SELECT ${ownerKeyOf('r')} AS k, r.category AS c, count(*) AS n
      FROM old_rows AS r GROUP BY 1, 2 ORDER BY 1, 2
    ) AS deltas;
    RETURN NULL;
  END $$`,
  `CREATE FUNCTION idea_counts_after_move() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    PERFORM idea_counts_apply(${ownerKeyOf('OLD')}, OLD.category, -1);
    PERFORM idea_counts_apply(${ownerKeyOf('NEW')}, NEW.category, 1);
    RETURN NULL;
  END $$`,
  `CREATE TRIGGER idea_counts_after_insert AFTER INSERT ON ideas
    REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT
    EXECUTE FUNCTION idea_counts_after_insert()`,
  `CREATE TRIGGER idea_counts_after_delete AFTER DELETE ON ideas
    REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT
    EXECUTE FUNCTION idea_counts_after_delete()`,
  `CREATE TRIGGER idea_counts_after_move AFTER UPDATE OF user_id, guest_id, category ON ideas
    FOR EACH ROW
    WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.guest_id IS DISTINCT FROM NEW.guest_id
      OR OLD.category IS DISTINCT FROM NEW.category)
    EXECUTE FUNCTION idea_counts_after_move()`,
  `INSERT INTO idea_counts (owner_key, category, count)
    SELECT ${ownerKeyOf('ideas')}, category, count(*) FROM ideas GROUP BY 1, 2`,
];

export function ideaCountsMigration(dialect: Dialect) {
  const statements = dialect === 'sqlite' ? sqliteStatements : postgresStatements;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      // Triggers first, backfill last: on PostgreSQL the migration is one transaction, and on
      // SQLite migrations finish before the server accepts a request.
      for (const statement of statements) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const trigger of [
        'idea_counts_after_insert',
        'idea_counts_after_delete',
        'idea_counts_after_move',
      ]) {
        await sql
          .raw(
            dialect === 'sqlite'
              ? `DROP TRIGGER IF EXISTS ${trigger}`
              : `DROP TRIGGER IF EXISTS ${trigger} ON ideas`,
          )
          .execute(db);
      }
      if (dialect === 'postgres') {
        for (const fn of [
          'idea_counts_after_insert()',
          'idea_counts_after_delete()',
          'idea_counts_after_move()',
          'idea_counts_apply(TEXT, TEXT, INTEGER)',
        ]) {
          await sql.raw(`DROP FUNCTION IF EXISTS ${fn}`).execute(db);
        }
      }
      await sql.raw('DROP TABLE IF EXISTS idea_counts').execute(db);
    },
  };
}
