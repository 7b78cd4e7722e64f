import { sql, type Kysely } from 'kysely';

/**
 * users.password_before_proof (docs/security.md, "A password set before the e-mail was
 * proved"): 1 when the first proof of the e-mail (a mailed sign-in link) found a password that
 * whoever registered the address had set, so the person who proved it is asked whether it was
 * them. Cleared when they say so or set a new password (a reset).
 */
export function passwordBeforeProofMigration() {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql
        .raw('ALTER TABLE users ADD COLUMN password_before_proof INTEGER NOT NULL DEFAULT 0')
        .execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('ALTER TABLE users DROP COLUMN password_before_proof').execute(db);
    },
  };
}
