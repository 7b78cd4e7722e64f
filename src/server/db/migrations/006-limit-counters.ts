import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Rate-limit counts every instance shares on PostgreSQL when no Redis is configured (ADR 070):
 * one row per key, counted by atomic upsert (db/limit-counters.ts). `resets_at` is in
 * milliseconds since the epoch on the database's clock, so instances whose clocks differ still
 * agree on every window. SQLite needs nothing here: one SQLite process counts in its memory.
 */
export function limitCountersMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`CREATE TABLE limit_counters (
        key TEXT PRIMARY KEY,
        count INTEGER NOT NULL CHECK (count >= 0),
        resets_at BIGINT NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX limit_counters_resets_at_idx ON limit_counters (resets_at)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql`DROP TABLE IF EXISTS limit_counters`.execute(db);
    },
  };
}
