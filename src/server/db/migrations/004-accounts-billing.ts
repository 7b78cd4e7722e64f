import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Accounts, mail and billing (docs/api.md, "Identity" and "Billing"; ADR 050).
 *
 * users: the billing subscription as last read from the billing API (its id, status and
 * current period, which is Pro's usage period). password_hash was nullable from the start
 * (accounts made at checkout have none) and billing_customer_id already exists.
 * sessions.opened_by: how a session began, so deleting a password-less account can demand a
 * session opened by a sign-in link in the last 15 minutes.
 * auth_tokens.checkout_session_id: the checkout a claim token belongs to, re-read when the
 * claim arrives before the webhook.
 * billing_events: one row per processed webhook event id; the row is inserted in the same
 * transaction that applies the event, so a replayed or concurrent duplicate changes nothing.
 */

type Statements = string[];

const sqliteStatements: Statements = [
  `ALTER TABLE users ADD COLUMN subscription_id TEXT`,
  `ALTER TABLE users ADD COLUMN subscription_status TEXT`,
  `ALTER TABLE users ADD COLUMN current_period_start TEXT`,
  `ALTER TABLE users ADD COLUMN current_period_end TEXT`,
  `ALTER TABLE sessions ADD COLUMN opened_by TEXT NOT NULL DEFAULT 'password'
    CHECK (opened_by IN ('password', 'link'))`,
  `ALTER TABLE auth_tokens ADD COLUMN checkout_session_id TEXT`,
  `CREATE TABLE billing_events (
    event_id TEXT PRIMARY KEY,
    type TEXT NOT NULL,
    processed_at TEXT NOT NULL
  )`,
];

const postgresStatements: Statements = [
  `ALTER TABLE users ADD COLUMN subscription_id TEXT`,
  `ALTER TABLE users ADD COLUMN subscription_status TEXT`,
  `ALTER TABLE users ADD COLUMN current_period_start TIMESTAMPTZ`,
  `ALTER TABLE users ADD COLUMN current_period_end TIMESTAMPTZ`,
  `ALTER TABLE sessions ADD COLUMN opened_by TEXT NOT NULL DEFAULT 'password'
    CHECK (opened_by IN ('password', 'link'))`,
  `ALTER TABLE auth_tokens ADD COLUMN checkout_session_id TEXT`,
  `CREATE TABLE billing_events (
    event_id TEXT COLLATE "C" PRIMARY KEY,
    type TEXT NOT NULL,
    processed_at TIMESTAMPTZ NOT NULL
  )`,
];

export function accountsBillingMigration(dialect: Dialect) {
  const statements = dialect === 'sqlite' ? sqliteStatements : postgresStatements;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of statements) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('DROP TABLE IF EXISTS billing_events').execute(db);
      for (const [table, column] of [
        ['auth_tokens', 'checkout_session_id'],
        ['sessions', 'opened_by'],
        ['users', 'current_period_end'],
        ['users', 'current_period_start'],
        ['users', 'subscription_status'],
        ['users', 'subscription_id'],
      ] as const) {
        await sql.raw(`ALTER TABLE ${table} DROP COLUMN ${column}`).execute(db);
      }
    },
  };
}
