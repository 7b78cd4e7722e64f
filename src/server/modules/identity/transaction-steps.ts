import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import { newId } from '../../db/ids.js';
import { grantsPro, stillBilling } from './subscription-status.js';

/*
 * The identity module's steps that the billing module runs inside its own transaction: a
 * webhook event is recorded as processed in the same transaction that applies it to the
 * account, so a duplicate can never apply twice (ADR 051).
 */

/** A subscription as just read from the billing provider (never as an event described it). */
export interface SubscriptionState {
  customerId: string;
  subscriptionId: string;
  status: string;
  periodStart: Date | null;
  periodEnd: Date | null;
  /** The e-mail the checkout was started with: names the account when the customer is new. */
  email: string | null;
  /** The checkout this state was read through; null when read from a subscription alone. */
  checkoutSessionId: string | null;
  /** The account whose own session started that checkout; null for anyone else. */
  startedByAccount: string | null;
}

/** The account a subscription concerns, and the subscription when it was declined (see below). */
export interface AppliedSubscription {
  userId: string | null;
  declinedSubscriptionId: string | null;
  /** A stranger's hold was taken away (below): the caller tells the address it happened. */
  passwordRemoved?: boolean;
}

const NOT_CONCERNED: AppliedSubscription = { userId: null, declinedSubscriptionId: null };

/**
 * Applies a subscription to its account: found by billing customer, else by e-mail. With
 * `createAccount`, a paid subscription whose e-mail has no account yet gets a new account
 * without a password (its owner signs in by e-mailed link or the checkout claim), marked as made
 * by that checkout. Returns the account's id, or null when no account is concerned.
 *
 * A re-read of a subscription the account no longer has (an old one ending after a new one
 * began) changes nothing unless it grants Pro. A `beta` account keeps beta whatever it pays.
 *
 * A subscription of another billing customer, found by e-mail, is declined while the account's
 * own subscription may still charge its owner (paid up, or a failed payment being retried): a checkout started for the e-mail before the account paid
 * (a second tab, or a stranger) must not take over the account's billing, or the person could
 * no longer manage or cancel what they pay. The caller cancels the declined subscription.
 */
export async function applySubscriptionState(
  trx: Kysely<DB>,
  state: SubscriptionState,
  options: { at: Date; createAccount: boolean; lockRows: boolean },
): Promise<AppliedSubscription> {
  const at = options.at.toISOString();
  const columns = [
    'id',
    'plan',
    'subscription_id',
    'subscription_status',
    'password_hash',
    'email_proven_at',
  ] as const;
  // Two subscriptions applied at once (two webhooks, a webhook and a claim) each decide from
  // the account's row: on PostgreSQL the row is locked, so the second sees what the first wrote.
  const locked = <T extends { forUpdate(): T }>(query: T): T =>
    options.lockRows ? query.forUpdate() : query;
  let user = await locked(
    trx.selectFrom('users').select(columns).where('billing_customer_id', '=', state.customerId),
  ).executeTakeFirst();
  const foundByCustomer = user !== undefined;
  if (!user && state.email !== null) {
    user = await locked(
      trx
        .selectFrom('users')
        .select(columns)
        .where(sql<string>`lower(email)`, '=', state.email.toLowerCase()),
    ).executeTakeFirst();
  }
  const pro = grantsPro(state.status);
  if (!user) {
    if (!options.createAccount || !pro || state.email === null) return NOT_CONCERNED;
    const id = newId();
    await trx
      .insertInto('users')
      .values({
        id,
        email: state.email.toLowerCase(),
        password_hash: null,
        plan: 'pro',
        billing_customer_id: state.customerId,
        subscription_id: state.subscriptionId,
        subscription_status: state.status,
        current_period_start: state.periodStart?.toISOString() ?? null,
        current_period_end: state.periodEnd?.toISOString() ?? null,
        // What lets this checkout's claim, and no other, open the account it made.
        created_by_checkout: state.checkoutSessionId,
        created_at: at,
        updated_at: at,
      })
      .execute();
    return { userId: id, declinedSubscriptionId: null };
  }
  const another = user.subscription_id !== null && user.subscription_id !== state.subscriptionId;
  if (another && !pro) return { userId: user.id, declinedSubscriptionId: null };
  if (another && pro && !foundByCustomer && stillBilling(user.subscription_status)) {
    return { userId: user.id, declinedSubscriptionId: state.subscriptionId };
  }
  const plan = user.plan === 'beta' ? 'beta' : pro ? 'pro' : 'free';
  // Registering proves nothing about the e-mail: a password nobody proved the address for, met
  // by a checkout paid from outside the account, is a stranger's hold on what the payer bought
  // (its Pro, its portal with the payer's card). The account becomes one made at checkout: no
  // password, no session, opened by a mailed link to the address (docs/security.md).
  const strangersHold =
    pro &&
    !foundByCustomer &&
    state.checkoutSessionId !== null &&
    user.subscription_id !== state.subscriptionId &&
    user.password_hash !== null &&
    user.email_proven_at === null &&
    state.startedByAccount !== user.id;
  await trx
    .updateTable('users')
    .set((eb) => ({
      ...(strangersHold && {
        password_hash: null,
        password_before_proof: 0,
        session_epoch: eb('session_epoch', '+', 1),
      }),
      plan,
      billing_customer_id: state.customerId,
      subscription_id: state.subscriptionId,
      subscription_status: state.status,
      current_period_start: state.periodStart?.toISOString() ?? null,
      current_period_end: state.periodEnd?.toISOString() ?? null,
      updated_at: at,
    }))
    .where('id', '=', user.id)
    .execute();
  return { userId: user.id, declinedSubscriptionId: null, passwordRemoved: strangersHold };
}
