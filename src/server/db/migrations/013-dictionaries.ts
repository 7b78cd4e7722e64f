import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The person's dictionary (docs/api.md, "Sharing and the person's own words"): one row per
 * owner, its entries as one JSON text, since the list is always read and replaced whole and
 * holds at most 500 short terms. owner_key is ownerKey() (`user:<id>` or `guest:<id>`);
 * user_id ties an account's row to the account, so deleting the account deletes it.
 */
function statement(text: string, instant: string): string {
  return `CREATE TABLE dictionaries (
    owner_key TEXT ${text} PRIMARY KEY,
    user_id TEXT ${text} REFERENCES users (id) ON DELETE CASCADE,
    entries TEXT NOT NULL,
    updated_at ${instant} NOT NULL
  )`;
}

export function dictionariesMigration(dialect: Dialect) {
  const create =
    dialect === 'sqlite' ? statement('', 'TEXT') : statement('COLLATE "C"', 'TIMESTAMPTZ');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw(create).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('DROP TABLE IF EXISTS dictionaries').execute(db);
    },
  };
}
