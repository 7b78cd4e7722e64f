import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Session epochs and proven e-mails (docs/api.md, "Identity"; ADR 107).
 *
 * users.session_epoch: raised whenever everything opened before must stop working (a password
 * reset, the first proof of the e-mail). sessions.epoch: the account's epoch when the session
 * was opened; a session whose epoch is not the account's current one opens nothing, so no
 * session can outlive a revocation, however its creation raced it. Sessions that exist now
 * take epoch 0, the accounts' starting value, and keep working.
 * users.email_proven_at: when someone first used a mailed link (sign-in or reset) of the
 * account; NULL until then. An account made by a checkout is unproven until that moment, and
 * its checkout's claim opens it only while it is.
 */
function statements(instant: string): string[] {
  return [
    `ALTER TABLE users ADD COLUMN session_epoch INTEGER NOT NULL DEFAULT 0`,
    `ALTER TABLE users ADD COLUMN email_proven_at ${instant}`,
    `ALTER TABLE sessions ADD COLUMN epoch INTEGER NOT NULL DEFAULT 0`,
  ];
}

export function sessionEpochsMigration(dialect: Dialect) {
  const list = statements(dialect === 'sqlite' ? 'TEXT' : 'TIMESTAMPTZ');
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of list) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const [table, column] of [
        ['sessions', 'epoch'],
        ['users', 'email_proven_at'],
        ['users', 'session_epoch'],
      ] as const) {
        await sql.raw(`ALTER TABLE ${table} DROP COLUMN ${column}`).execute(db);
      }
    },
  };
}
