import { sql } from 'kysely';
import type { Database } from './database.js';

/** The rate-limit counters' shape (http/rate-limit-counters.ts Counters), kept in PostgreSQL. */
export interface DatabaseCounters {
  increment(
    key: string,
    windowMs: number,
    amount?: number,
  ): Promise<{ count: number; ttlMs: number }>;
  read(key: string): Promise<{ count: number; ttlMs: number } | undefined>;
  decrement(key: string, amount?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

/** About one count in this many also removes ended windows, so the table stays small. */
const SWEEP_EVERY = 500;

const nowMs = sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`;

/**
 * Counters in the limit_counters table (migration 006, ADR 070). Each count is one upsert, so
 * instances counting the same key at once serialise on its row and never lose a count; every
 * time comes from the database's clock. PostgreSQL only.
 */
export function createDatabaseCounters(database: Database): DatabaseCounters {
  if (database.dialect !== 'postgres') {
    throw new Error('Shared rate-limit counters need PostgreSQL; SQLite counts in memory');
  }
  const { db } = database;
  let countsSinceSweep = 0;

  const sweep = () => {
    void sql`DELETE FROM limit_counters WHERE resets_at <= ${nowMs}`
      .execute(db)
      .catch(() => undefined);
  };

  return {
    async increment(key, windowMs, amount = 1) {
      countsSinceSweep += 1;
      if (countsSinceSweep >= SWEEP_EVERY) {
        countsSinceSweep = 0;
        sweep();
      }
      // In ON CONFLICT, excluded.resets_at - window is this statement's "now".
      const window = sql`${windowMs}::bigint`;
      const { rows } = await sql<{ count: number; ttl: string }>`
        INSERT INTO limit_counters AS c (key, count, resets_at)
        VALUES (${key}, ${amount}::integer, ${nowMs} + ${window})
        ON CONFLICT (key) DO UPDATE SET
          count = CASE WHEN c.resets_at <= excluded.resets_at - ${window} THEN excluded.count
                       ELSE c.count + excluded.count END,
          resets_at = CASE WHEN c.resets_at <= excluded.resets_at - ${window}
                           THEN excluded.resets_at ELSE c.resets_at END
        RETURNING count, resets_at - ${nowMs} AS ttl`.execute(db);
      const row = rows[0];
      if (row === undefined) throw new Error('the rate-limit count returned no row');
      return { count: row.count, ttlMs: Math.max(0, Number(row.ttl)) };
    },

    async read(key) {
      const { rows } = await sql<{ count: number; ttl: string }>`
        SELECT count, resets_at - ${nowMs} AS ttl FROM limit_counters
        WHERE key = ${key} AND resets_at > ${nowMs}`.execute(db);
      const row = rows[0];
      return row === undefined ? undefined : { count: row.count, ttlMs: Number(row.ttl) };
    },

    async decrement(key, amount = 1) {
      await sql`UPDATE limit_counters SET count = GREATEST(count - ${amount}::integer, 0)
        WHERE key = ${key} AND count > 0 AND resets_at > ${nowMs}`.execute(db);
    },

    async delete(key) {
      await sql`DELETE FROM limit_counters WHERE key = ${key}`.execute(db);
    },
  };
}
