import Stripe from 'stripe';
import { isProPlan } from '#contract/plans.js';
import type { BillingConfig } from '../../config.js';
import { HttpError } from '../../http/errors.js';
import type { IdentityService } from '../identity/service.js';
import type { AppliedSubscription, BillingRepository, SubscriptionState } from './repository.js';

export type CheckoutResult = { checkoutUrl: string } | { beta: true };

/**
 * Hosted checkout, the billing portal and the webhook (docs/api.md, "Billing"; ADR 051). Every
 * event is applied by re-reading the checkout or subscription from the billing API, never from
 * the event's own copy, so events arriving late, twice or out of order all end in the state
 * the provider holds now.
 */
export interface BillingService {
  readonly enabled: boolean;
  /**
   * Starts a hosted checkout for `email`; its claim token works only with `browserKey`, the
   * starting browser's cookie (ADR 100). `{beta: true}` when that account is Pro already.
   * `signedInUserId` is the caller's session: only the account's own session reuses its billing
   * customer.
   */
  createCheckout(
    email: string,
    from: { guestId: string | null; browserKey: string; signedInUserId: string | null },
  ): Promise<CheckoutResult>;
  /** The billing portal for an account with a billing customer; 403 otherwise. */
  portalUrl(userId: string): Promise<string>;
  /** Verifies and applies one webhook delivery; 400 for a bad or stale signature. */
  handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void>;
  /**
   * Reads a checkout from the billing API and, when it is paid, applies its subscription
   * (creating the account if needed); returns the id of the account it applies to, or null when
   * it is unknown or unpaid. Idempotent.
   */
  fulfilCheckout(checkoutSessionId: string): Promise<string | null>;
}

/** The provider's own tolerance for a webhook's signed timestamp. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;
/**
 * How far ahead of this server's clock a signed timestamp may be: the provider's clock and ours
 * differ by a little. The provider checks only the age, so a signature dated ahead would stay
 * valid until that date, as long as a replay of it is worth.
 */
export const WEBHOOK_CLOCK_SKEW_SECONDS = 60;

/**
 * The signed timestamp (`t=`) of a Stripe-Signature header, or null without one. A header with
 * more than one `t`, or one that is not all digits, is refused: Stripe's own parser reads the
 * last `t` and parseInt's it, so any other reading here could check a date other than the one
 * signed.
 */
function signedAt(signature: string): number | null {
  const stamps = signature
    .split(',')
    .map((part) => part.split('='))
    .filter(([key]) => key?.trim() === 't')
    .map(([, value]) => (value ?? '').trim());
  if (stamps.length === 0) return null;
  const [stamp] = stamps;
  if (stamps.length > 1 || stamp === undefined || !/^\d{1,12}$/.test(stamp)) {
    throw new Error('the signature header holds more than one timestamp, or a malformed one');
  }
  return Number(stamp);
}

const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.payment_failed',
]);

export function billingUnavailable(): HttpError {
  return new HttpError(
    503,
    'billing_unavailable',
    'Payments are not set up on this server, so Pro cannot be bought here.',
  );
}

function billingFailed(cause: unknown): HttpError {
  return new HttpError(
    502,
    'billing_failed',
    'The payment provider did not answer in time. Please try again in a moment.',
    undefined,
    { cause },
  );
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === 'string' ? value : value.id;
}

function fromSeconds(seconds: number | null | undefined): Date | null {
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

function stateOf(
  subscription: Stripe.Subscription,
  checkout: Pick<SubscriptionState, 'email' | 'checkoutSessionId' | 'startedByAccount'> | null,
): SubscriptionState {
  const item = subscription.items.data[0];
  return {
    customerId: idOf(subscription.customer) ?? '',
    subscriptionId: subscription.id,
    status: subscription.status,
    periodStart: fromSeconds(item?.current_period_start),
    periodEnd: fromSeconds(item?.current_period_end),
    email: checkout?.email ?? subscription.metadata.email ?? null,
    checkoutSessionId: checkout?.checkoutSessionId ?? null,
    startedByAccount: checkout?.startedByAccount ?? null,
  };
}

export function createBillingService(deps: {
  config: BillingConfig | null;
  stripe: Stripe | null;
  repository: BillingRepository;
  accounts: Pick<
    IdentityService,
    'findAccountByEmail' | 'findAccount' | 'issueCheckoutClaim' | 'mailPasswordRemoved'
  >;
  publicUrl: string;
  log: { warn(details: object, message: string): void };
}): BillingService {
  const { config, stripe, repository, accounts, publicUrl, log } = deps;

  function configured(): { config: BillingConfig; stripe: Stripe } {
    if (config === null || stripe === null) throw billingUnavailable();
    return { config, stripe };
  }

  /** Every call to the billing API: a provider fault becomes a 502 the person can read. */
  async function call<T>(what: string, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      log.warn({ err: error }, `billing: ${what} failed`);
      throw billingFailed(error);
    }
  }

  /** A resource the billing API says does not exist is null, not a provider fault. */
  async function retrieveOrNull<T>(what: string, work: () => Promise<T>): Promise<T | null> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) {
        return null;
      }
      log.warn({ err: error }, `billing: ${what} failed`);
      throw billingFailed(error);
    }
  }

  async function subscriptionState(
    subscriptionId: string | null,
    checkout: Pick<SubscriptionState, 'email' | 'checkoutSessionId' | 'startedByAccount'> | null,
  ): Promise<SubscriptionState | null> {
    if (subscriptionId === null) return null;
    const { stripe } = configured();
    const subscription = await retrieveOrNull('reading a subscription', () =>
      stripe.subscriptions.retrieve(subscriptionId),
    );
    if (!subscription) return null;
    // A subscription to another product sold from the same billing account is not Pro.
    const { config } = configured();
    if (!subscription.items.data.some((item) => item.price.id === config.priceId)) return null;
    return stateOf(subscription, checkout);
  }

  /** The paid checkout's subscription as the provider holds it now; null when not paid. */
  async function checkoutState(checkoutSessionId: string): Promise<SubscriptionState | null> {
    const { stripe } = configured();
    const session = await retrieveOrNull('reading a checkout', () =>
      stripe.checkout.sessions.retrieve(checkoutSessionId),
    );
    if (!session || session.mode !== 'subscription' || session.status !== 'complete') return null;
    if (session.payment_status === 'unpaid') return null;
    const email =
      session.metadata?.email ?? session.customer_email ?? session.customer_details?.email ?? null;
    return subscriptionState(idOf(session.subscription), {
      email,
      checkoutSessionId: session.id,
      startedByAccount: session.metadata?.account ?? null,
    });
  }

  /**
   * A subscription the account declined (it pays already, under another billing customer) is
   * cancelled at once, so nobody is charged again for nothing. The provider failing here is
   * logged, not answered: the account is already right, and the subscription's own events will
   * come back to this point.
   */
  async function afterApplied(applied: AppliedSubscription): Promise<void> {
    if (applied.passwordRemoved === true && applied.userId !== null) {
      await accounts.mailPasswordRemoved(applied.userId);
    }
    await cancelDeclined(applied);
  }

  async function cancelDeclined(applied: AppliedSubscription): Promise<void> {
    const subscriptionId = applied.declinedSubscriptionId;
    if (subscriptionId === null) return;
    const { stripe } = configured();
    try {
      await stripe.subscriptions.cancel(subscriptionId);
      log.warn(
        { subscriptionId, userId: applied.userId },
        'billing: a second subscription for an account that pays already was cancelled; refund its first payment in the provider dashboard',
      );
    } catch (error) {
      log.warn(
        { err: error, subscriptionId },
        'billing: cancelling a declined subscription failed',
      );
    }
  }

  async function stateForEvent(event: Stripe.Event): Promise<SubscriptionState | null> {
    switch (event.type) {
      case 'checkout.session.completed':
        return checkoutState(event.data.object.id);
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return subscriptionState(event.data.object.id, null);
      case 'invoice.payment_failed':
        return subscriptionState(
          idOf(event.data.object.parent?.subscription_details?.subscription),
          null,
        );
      default:
        return null;
    }
  }

  return {
    enabled: config !== null,

    async createCheckout(email, { guestId, browserKey, signedInUserId }) {
      const { config, stripe } = configured();
      const existing = await accounts.findAccountByEmail(email);
      if (existing && isProPlan(existing.plan)) return { beta: true };
      // A lapsed account's billing customer holds its saved cards and billing address: a
      // checkout started on it by anyone who knows the e-mail would show them, and could pay
      // with them. Only the account's own session starts on it; anyone else starts a new
      // customer, which a paid checkout attaches only while the account pays nothing else.
      const ownSession = existing !== null && existing.id === signedInUserId;
      const ownCustomer =
        ownSession && existing.billingCustomerId ? existing.billingCustomerId : null;
      return accounts.issueCheckoutClaim({ email, guestId, browserKey }, async (claimToken) => {
        const session = await call('starting a checkout', () =>
          stripe.checkout.sessions.create({
            mode: 'subscription',
            line_items: [{ price: config.priceId, quantity: 1 }],
            success_url: `${publicUrl}/upgrade?success=1&claim=${encodeURIComponent(claimToken)}`,
            cancel_url: `${publicUrl}/upgrade?canceled=1`,
            ...(ownCustomer !== null ? { customer: ownCustomer } : { customer_email: email }),
            ...(existing ? { client_reference_id: existing.id } : {}),
            // Read back from the provider, so only this server can have written it.
            metadata: { email, ...(ownSession ? { account: signedInUserId } : {}) },
            subscription_data: { metadata: { email } },
          }),
        );
        if (!session.url) {
          throw billingFailed(new Error('the checkout session came back without a url'));
        }
        return { checkoutSessionId: session.id, result: { checkoutUrl: session.url } };
      });
    },

    async portalUrl(userId) {
      const { stripe } = configured();
      const account = await accounts.findAccount(userId);
      // Any account with a billing customer, not only a Pro one: a person whose payment failed
      // is free again, and the portal is where they put it right.
      if (!account?.billingCustomerId) {
        throw new HttpError(
          403,
          'no_billing_account',
          'This account has no subscription to manage. Upgrade to Pro first.',
        );
      }
      const customer = account.billingCustomerId;
      const portal = await call('opening the billing portal', () =>
        stripe.billingPortal.sessions.create({ customer, return_url: `${publicUrl}/profile` }),
      );
      return portal.url;
    },

    async handleWebhook(rawBody, signature) {
      const { config, stripe } = configured();
      let event: Stripe.Event;
      try {
        const at = signedAt(signature ?? '');
        if (at !== null && at > Date.now() / 1000 + WEBHOOK_CLOCK_SKEW_SECONDS) {
          throw new Error('the signature is dated in the future');
        }
        event = stripe.webhooks.constructEvent(
          rawBody,
          signature ?? '',
          config.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (error) {
        throw new HttpError(
          400,
          'invalid_signature',
          'The webhook signature is missing, does not match, or is dated more than 5 minutes ago or in the future.',
          undefined,
          { cause: error },
        );
      }
      // A replay needs no second read of the billing API; the transaction below still decides.
      if (await repository.isProcessed(event.id)) return;
      const state = HANDLED_EVENTS.has(event.type) ? await stateForEvent(event) : null;
      const applied = await repository.recordEvent(event, state, {
        createAccount: event.type === 'checkout.session.completed',
      });
      if (applied !== 'duplicate') await afterApplied(applied);
    },

    async fulfilCheckout(checkoutSessionId) {
      const state = await checkoutState(checkoutSessionId);
      if (state === null) return null;
      const applied = await repository.applyState(state, { createAccount: true });
      await afterApplied(applied);
      // A declined checkout made no account, so its claim is refused as one for an account it
      // did not create.
      return applied.userId;
    },
  };
}
