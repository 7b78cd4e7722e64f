import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The Idempotency-Key of each save for a day, where every instance sees it (ADR 070,
 * modules/ideas/idempotency.ts), on both dialects: on SQLite it is what lets a key outlive a
 * restart. `slot` is the owner and key together; `idea` is the first answer as JSON, NULL while
 * that first save runs; `expires_at` is in milliseconds since the epoch on the database's clock
 * (the end of the running save's lease, or of the day the answer is kept).
 */
export function idempotencyKeysMigration(dialect: Dialect) {
  const millis = dialect === 'postgres' ? 'BIGINT' : 'INTEGER';
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await sql`CREATE TABLE idempotency_keys (
        slot TEXT PRIMARY KEY,
        idea TEXT,
        expires_at ${sql.raw(millis)} NOT NULL
      )`.execute(db);
      await sql`CREATE INDEX idempotency_keys_expires_at_idx ON idempotency_keys (expires_at)`.execute(
        db,
      );
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql`DROP TABLE IF EXISTS idempotency_keys`.execute(db);
    },
  };
}
