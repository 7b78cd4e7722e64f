import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * idempotency_keys.idea_id: the idea a kept answer names, removed with it (ON DELETE CASCADE).
 * Forgetting a deleted idea's answer used to be a pass over the whole table after every delete,
 * one delete of nothing included, on SQLite's one writer: a few addresses clearing empty guest
 * data slowed everyone's saves (docs/security.md, "Deleted ideas kept as save replies"). Now the
 * database drops only the rows of the ideas it deletes, through the index, whoever's key kept
 * them (a guest's answer outlives its idea's move into an account). A running save's claim has
 * none.
 */
export function idempotencyIdeaIdsMigration(dialect: Dialect) {
  const [text, ideaIdOf] =
    dialect === 'sqlite'
      ? ['', "json_extract(idea, '$.id')"]
      : ['COLLATE "C"', "(idea::json ->> 'id')"];
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw(
          `ALTER TABLE idempotency_keys ADD COLUMN idea_id TEXT ${text}
            REFERENCES ideas (id) ON DELETE CASCADE`,
        )
        .execute(db);
      await sql
        .raw(
          `UPDATE idempotency_keys SET idea_id = ${ideaIdOf} WHERE idea IS NOT NULL
            AND EXISTS (SELECT 1 FROM ideas WHERE ideas.id = ${ideaIdOf})`,
        )
        .execute(db);
      // The last whole-table pass: answers of ideas already gone, which no cascade would reach.
      await sql
        .raw('DELETE FROM idempotency_keys WHERE idea IS NOT NULL AND idea_id IS NULL')
        .execute(db);
      await sql
        .raw('CREATE INDEX idempotency_keys_idea_id_idx ON idempotency_keys (idea_id)')
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('DROP INDEX IF EXISTS idempotency_keys_idea_id_idx').execute(db);
      await sql.raw('ALTER TABLE idempotency_keys DROP COLUMN idea_id').execute(db);
    },
  };
}
