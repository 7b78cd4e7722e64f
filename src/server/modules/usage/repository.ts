import type { Database } from '../../db/database.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import { toCount } from '../../db/rows.js';
import { writeTransaction } from '../../db/transactions.js';
import { countOneUse } from './transaction-steps.js';

export interface UsageRepository {
  getUsed(owner: Owner, periodKey: string): Promise<number>;
  /** Counts one use unless that would pass `monthlyLimit` (null: unlimited); returns the new count. */
  incrementWithinLimit(
    owner: Owner,
    periodKey: string,
    monthlyLimit: number | null,
  ): Promise<number | 'quota_exceeded'>;
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
