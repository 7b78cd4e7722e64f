import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * SQLite search (ADR 002) starts from the FTS5 match list and checks each match's owner. Probing
 * the ideas table itself reads wide rows (content and transcript) scattered over the file; this
 * narrow covering index keeps those probes in a few cached pages. PostgreSQL needs nothing here.
 */
export function searchProbeIndexMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`CREATE INDEX ideas_search_probe_idx ON ideas (seq, user_id, guest_id, category, created_at, id)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'sqlite') return;
      await sql`DROP INDEX IF EXISTS ideas_search_probe_idx`.execute(db);
    },
  };
}
