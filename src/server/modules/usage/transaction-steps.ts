import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import { toCount } from '../../db/rows.js';

/*
 * The usage module's steps that another module runs inside its own transaction: saving an idea
 * checks and counts the quota in the same transaction as the insert, so parallel saves can never
 * pass the limit. Everything else about usage goes through the usage service.
 */

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
  const row = await countOneUseQuery(executor, owner, periodKey, monthlyLimit).executeTakeFirst();
  return row ? toCount(row.count) : null;
}

/**
 * countOneUse's statement, for a caller that runs it with others in one batch (a SQLite save,
 * ADR 017) or as a data-modifying CTE of its insert (a PostgreSQL save); it returns no row when
 * the limit is reached. A limit of 0 or less is the caller's to refuse without it.
 */
export function countOneUseQuery(
  executor: Kysely<DB>,
  owner: Owner,
  periodKey: string,
  monthlyLimit: number | null,
) {
  return executor
    .insertInto('usage')
    .values({ owner_key: ownerKey(owner), period_key: periodKey, count: 1 })
    .onConflict((conflict) => {
      const update = conflict
        .columns(['owner_key', 'period_key'])
        .doUpdateSet({ count: sql<number>`usage.count + 1` });
      return monthlyLimit === null ? update : update.where('usage.count', '<', monthlyLimit);
    })
    .returning('count');
}

/** Deletes every usage count of an owner (an account being deleted). */
export async function deleteUsageOf(executor: Kysely<DB>, owner: Owner): Promise<void> {
  await executor.deleteFrom('usage').where('owner_key', '=', ownerKey(owner)).execute();
}

/**
 * Counts up to `wanted` uses at once for ideas moving into an account (guest adoption, ADR 105)
 * and returns how many fit under `monthlyLimit` (all of them when it is null). The first
 * statement creates or touches the row and reads it; on PostgreSQL its ON CONFLICT UPDATE locks
 * the row until the caller's transaction ends, so a parallel save or adoption waits and then
 * sees the new count. On SQLite the caller's BEGIN IMMEDIATE serialises writers.
 */
export async function countAdoptedUses(
  executor: Kysely<DB>,
  owner: Owner,
  periodKey: string,
  monthlyLimit: number | null,
  wanted: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  const key = ownerKey(owner);
  const row = await executor
    .insertInto('usage')
    .values({ owner_key: key, period_key: periodKey, count: 0 })
    .onConflict((conflict) =>
      conflict
        .columns(['owner_key', 'period_key'])
        .doUpdateSet({ count: sql<number>`usage.count` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  const used = toCount(row.count);
  const granted =
    monthlyLimit === null ? wanted : Math.max(0, Math.min(wanted, monthlyLimit - used));
  if (granted > 0) {
    await executor
      .updateTable('usage')
      .set({ count: sql<number>`count + ${granted}` })
      .where('owner_key', '=', key)
      .where('period_key', '=', periodKey)
      .execute();
  }
  return granted;
}

/**
 * Gives back up to `uses` of an owner's count in one period (ideas someone else wrote into the
 * account and that it has just removed); never below zero.
 */
export async function giveBackUses(
  executor: Kysely<DB>,
  owner: Owner,
  periodKey: string,
  uses: number,
): Promise<void> {
  if (uses <= 0) return;
  await executor
    .updateTable('usage')
    .set({
      count: sql<number>`CASE WHEN count > ${sql.lit(uses)} THEN count - ${sql.lit(uses)} ELSE 0 END`,
    })
    .where('owner_key', '=', ownerKey(owner))
    .where('period_key', '=', periodKey)
    .execute();
}
