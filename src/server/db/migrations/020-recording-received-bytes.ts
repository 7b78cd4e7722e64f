import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * recordings.received_bytes: what an upload still arriving may hold, reserved before each PATCH
 * and set to the stored offset after it. An upload of deferred length had no size until it
 * finished, so the room's caps counted its bytes as none while they arrived (docs/security.md).
 */
export function recordingReceivedBytesMigration(dialect: Dialect) {
  const count = dialect === 'sqlite' ? 'INTEGER' : 'BIGINT';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw(`ALTER TABLE recordings ADD COLUMN received_bytes ${count} NOT NULL DEFAULT 0`)
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE recordings DROP COLUMN received_bytes').execute(db);
    },
  };
}
