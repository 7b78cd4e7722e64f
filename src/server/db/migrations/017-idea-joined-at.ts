import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * ideas.joined_at: when an idea moved into its owner's hands from a guest's; NULL for an idea
 * saved there (it joined when it was made). What an account held before its e-mail was proved
 * is then every idea that joined it before that moment, whatever its created_at says, so a
 * person who finds a stranger registered their address can remove what the stranger wrote and
 * keep the guest ideas they brought in themselves (docs/security.md).
 */
export function ideaJoinedAtMigration(dialect: Dialect) {
  const instant = dialect === 'sqlite' ? 'TEXT' : 'TIMESTAMPTZ';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql.raw(`ALTER TABLE ideas ADD COLUMN joined_at ${instant}`).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE ideas DROP COLUMN joined_at').execute(db);
    },
  };
}
