import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database.js';
import type { DB } from '../db/schema.js';
import { writeTransaction } from '../db/transactions.js';
import { ownerKey, type Owner } from '../db/owner.js';
import { toCount } from '../db/rows.js';

export interface UsageRepository {
  getUsed(owner: Owner, periodKey: string): Promise<number>;
  /** Counts one use unless that would pass `monthlyLimit` (null: unlimited); returns the new count. */
  incrementWithinLimit(
    owner: Owner,
    periodKey: string,
    monthlyLimit: number | null,
  ): Promise<number | 'quota_exceeded'>;
}

/**
 * The check and the count as one statement (ADR 002): the conditional upsert only adds one when
 * the stored count is below the limit. On PostgreSQL the upsert locks the row and re-reads it
 * after a concurrent writer commits, so parallel callers cannot both take the last unit; on
 * SQLite the caller's BEGIN IMMEDIATE (or the statement's own write lock) serialises writers.
 * Returns the new count, or null when the limit is reached (nothing was written).
 */
export async function countOneUse(
  executor: Kysely<DB>,
  owner: Owner,
  periodKey: string,
  monthlyLimit: number | null,
): Promise<number | null> {
  if (monthlyLimit !== null && monthlyLimit <= 0) return null;
  const row = await executor
    .insertInto('usage')
    .values({ owner_key: ownerKey(owner), period_key: periodKey, count: 1 })
    .onConflict((conflict) => {
      const update = conflict
        .columns(['owner_key', 'period_key'])
        .doUpdateSet({ count: sql<number>`usage.count + 1` });
      return monthlyLimit === null ? update : update.where('usage.count', '<', monthlyLimit);
    })
    .returning('count')
    .executeTakeFirst();
  return row ? toCount(row.count) : null;
}

export function createUsageRepository(database: Database): UsageRepository {
  const { db } = database;
  return {
    async getUsed(owner, periodKey) {
      const row = await db
        .selectFrom('usage')
        .select('count')
        .where('owner_key', '=', ownerKey(owner))
        .where('period_key', '=', periodKey)
        .executeTakeFirst();
      return toCount(row?.count);
    },

    async incrementWithinLimit(owner, periodKey, monthlyLimit) {
      const count = await writeTransaction(database, (trx) =>
        countOneUse(trx, owner, periodKey, monthlyLimit),
      );
      return count ?? 'quota_exceeded';
    },
  };
}
