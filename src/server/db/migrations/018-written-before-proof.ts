import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * users.written_before_proof: the first proof of the e-mail (a mailed sign-in or reset link)
 * found ideas, dictionary words or recordings already in the account. Whoever held it before
 * then may not have been the address's owner (a stranger's paid checkout claimed in their own
 * browser, or a registrant whose password a checkout took away), so the owner is asked about
 * them whether or not a password was set (docs/security.md).
 *
 * recordings.joined_at: when a recording moved in from a guest, as ideas.joined_at (migration
 * 017), so the recordings a proving sign-in brings from the owner's own guest space are told
 * from those the account held before.
 *
 * recordings_client_key_idx: an address's share of the recording room is read at every upload.
 */
export function writtenBeforeProofMigration(dialect: Dialect) {
  const instant = dialect === 'sqlite' ? 'TEXT' : 'TIMESTAMPTZ';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('ALTER TABLE users ADD COLUMN written_before_proof INTEGER NOT NULL DEFAULT 0')
        .execute(db);
      await sql.raw(`ALTER TABLE recordings ADD COLUMN joined_at ${instant}`).execute(db);
      await sql
        .raw('CREATE INDEX recordings_client_key_idx ON recordings (client_key)')
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('DROP INDEX recordings_client_key_idx').execute(db);
      await sql.raw('ALTER TABLE recordings DROP COLUMN joined_at').execute(db);
      await sql.raw('ALTER TABLE users DROP COLUMN written_before_proof').execute(db);
    },
  };
}
