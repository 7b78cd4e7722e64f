import { sql, type Kysely } from 'kysely';

/**
 * recordings.client_key: the address (addressKeyOf) that began the upload, so transcription
 * takes turns by address as well as by owner: guest ids cost nothing to make, and one address
 * with many of them must not push back everyone else's recordings (docs/security.md). Null for
 * recordings begun before it, which then take turns by owner alone.
 */
export function recordingClientKeysMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE recordings ADD COLUMN client_key TEXT').execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE recordings DROP COLUMN client_key').execute(db);
    },
  };
}
