import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Share links (docs/api.md, "Sharing and the person's own words"; ADR 170).
 *
 * share_links: at most one live link per idea, removed with it (ON DELETE CASCADE). The token
 * itself is never stored: only its SHA-256 (what a request is looked up by) and the random
 * nonce the server derives it from with a server secret, so the owner is handed the same link
 * each time while a copy of the table opens no page.
 * server_secrets: secrets every instance must agree on, created once by whichever instance
 * needs one first (the share links' key when SHARE_LINK_SECRET is unset).
 */
function statements(text: string, instant: string): string[] {
  return [
    `CREATE TABLE share_links (
      idea_id TEXT ${text} PRIMARY KEY REFERENCES ideas (id) ON DELETE CASCADE,
      nonce TEXT NOT NULL,
      token_hash TEXT ${text} NOT NULL UNIQUE,
      created_at ${instant} NOT NULL
    )`,
    `CREATE TABLE server_secrets (
      name TEXT ${text} PRIMARY KEY,
      value TEXT NOT NULL,
      created_at ${instant} NOT NULL
    )`,
  ];
}

export function shareLinksMigration(dialect: Dialect) {
  const list =
    dialect === 'sqlite' ? statements('', 'TEXT') : statements('COLLATE "C"', 'TIMESTAMPTZ');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of list) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['share_links', 'server_secrets']) {
        await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
      }
    },
  };
}
