import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/rows.js';
import { writeTransaction } from '../../db/transactions.js';
import {
  applySubscriptionState,
  type AppliedSubscription,
  type SubscriptionState,
} from '../identity/transaction-steps.js';

export type { AppliedSubscription, SubscriptionState };

export interface BillingRepository {
  isProcessed(eventId: string): Promise<boolean>;
  /**
   * Records the event as processed and applies `state` (when it concerns an account) in one
   * transaction. 'duplicate' when the event id was already recorded, by an earlier delivery or
   * a concurrent one: then nothing is applied. The event's row is the lock: on PostgreSQL a
   * concurrent insert of the same id waits for the first transaction and then finds the row.
   */
  recordEvent(
    event: { id: string; type: string },
    state: SubscriptionState | null,
    options: { createAccount: boolean },
  ): Promise<'duplicate' | AppliedSubscription>;
  /**
   * Applies a subscription outside any event (a claim re-reading its checkout): the account it
   * applies to (null when none is concerned), and the subscription if it was declined.
   */
  applyState(
    state: SubscriptionState,
    options: { createAccount: boolean },
  ): Promise<AppliedSubscription>;
  /** Forgets events processed more than BILLING_EVENT_MEMORY_MS before `at` (housekeeping). */
  deleteExpired(at: Date): Promise<number>;
}

/**
 * How long a processed event id is remembered. The provider redelivers an event for up to
 * three days; a month leaves a wide margin, and a replay of anything older is still harmless
 * (every event is applied by re-reading the provider's current state).
 */
export const BILLING_EVENT_MEMORY_MS = 30 * 24 * 60 * 60 * 1000;

export function createBillingRepository(
  database: Database,
  options: { now?: () => Date } = {},
): BillingRepository {
  const now = options.now ?? (() => new Date());

  /**
   * A webhook and a claim may both create the account of one checkout at the same moment; on
   * PostgreSQL the second insert then fails on the unique e-mail, and one more attempt finds
   * the account the first made and updates it instead.
   */
  async function onceMoreOnConflict<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return work();
    }
  }

  return {
    async isProcessed(eventId) {
      const row = await database.db
        .selectFrom('billing_events')
        .select('event_id')
        .where('event_id', '=', eventId)
        .executeTakeFirst();
      return row !== undefined;
    },

    recordEvent(event, state, { createAccount }) {
      return onceMoreOnConflict(() =>
        writeTransaction(database, async (trx) => {
          const at = now();
          const inserted = await trx
            .insertInto('billing_events')
            .values({ event_id: event.id, type: event.type, processed_at: at.toISOString() })
            .onConflict((conflict) => conflict.column('event_id').doNothing())
            .returning('event_id')
            .executeTakeFirst();
          if (inserted === undefined) return 'duplicate' as const;
          if (state === null) return { userId: null, declinedSubscriptionId: null };
          return applySubscriptionState(trx, state, {
            at,
            createAccount,
            lockRows: database.dialect === 'postgres',
          });
        }),
      );
    },

    async deleteExpired(at) {
      const result = await database.db
        .deleteFrom('billing_events')
        .where('processed_at', '<', new Date(at.getTime() - BILLING_EVENT_MEMORY_MS).toISOString())
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    applyState(state, { createAccount }) {
      return onceMoreOnConflict(() =>
        writeTransaction(database, (trx) =>
          applySubscriptionState(trx, state, {
            at: now(),
            createAccount,
            lockRows: database.dialect === 'postgres',
          }),
        ),
      );
    },
  };
}
