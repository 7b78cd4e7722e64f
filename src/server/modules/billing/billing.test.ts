import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe, type FakeStripe } from '#tests/support/fake-stripe.js';
import { createBillingRepository } from './repository.js';
import { STRIPE_API_VERSION } from './stripe-client.js';
import {
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newEmail,
  newGuestId,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '../../test-support/api.js';
import { checkoutBrowserCookieOf, withCookies } from '../../test-support/checkout.js';
import { forEachDialect } from '../../test-support/databases.js';

const PUBLIC_URL = 'http://ideas.example:8080';
/** Inside the test clock's month (it starts on 2026-03-10), so the period is current. */
const PERIOD_START = new Date('2026-03-09T00:00:00.000Z');

function webhookThroughInject(app: () => FastifyInstance) {
  return async ({ payload, signature }: { payload: string; signature: string }) =>
    (
      await app().inject({
        method: 'POST',
        url: '/api/billing/webhook',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signature,
        },
        payload,
      })
    ).statusCode;
}

function claimTokenOf(successUrl: string): string {
  const url = new URL(successUrl);
  expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/upgrade`);
  expect(url.searchParams.get('success')).toBe('1');
  const token = url.searchParams.get('claim');
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token ?? '';
}

forEachDialect((dialect) => {
  describe('billing', () => {
    let fake: FakeStripe;
    let testApp: TestApp;
    const app = () => testApp.app;

    beforeAll(async () => {
      fake = await startFakeStripe();
      testApp = await createTestApp(dialect, {
        env: { ...fake.env, PUBLIC_URL, STRIPE_TIMEOUT_MS: '400' },
      });
      fake.setWebhookTarget(webhookThroughInject(app));
    });
    afterAll(async () => {
      await testApp.app.close();
      await testApp.database.close();
      await fake.close();
    });

    async function startCheckout(email: string, headers: Record<string, string> = {}) {
      const response = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers,
        payload: { email },
      });
      expect(response.statusCode, response.body).toBe(200);
      const { checkoutUrl } = response.json<{ checkoutUrl: string }>();
      const sessionId = checkoutUrl.split('/').pop() ?? '';
      const session = fake.checkoutSessions.get(sessionId);
      if (!session) throw new Error('the fake has no such checkout');
      return {
        checkoutUrl,
        session,
        claimToken: claimTokenOf(session.success_url),
        browser: checkoutBrowserCookieOf(response),
      };
    }

    /** A claim from the browser holding `browser` (the cookie its checkout set), or from none. */
    async function claim(
      token: string,
      browser: string | null,
      headers: Record<string, string> = {},
    ) {
      return app().inject({
        method: 'POST',
        url: '/api/auth/claim',
        headers: withCookies(headers, browser),
        payload: { token },
      });
    }

    async function accountOf(email: string) {
      return testApp.database.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
    }

    it('says billing is on in /api/config', async () => {
      const response = await app().inject({ url: '/api/config' });
      expect(response.json<{ billing: unknown }>().billing).toEqual({
        enabled: true,
        priceMonthly: 9,
      });
    });

    it('starts a hosted checkout for the $9 price with return URLs from PUBLIC_URL, whatever the Host header says', async () => {
      const email = newEmail();
      const before = fake.requests.length;
      const { checkoutUrl, session } = await startCheckout(email, {
        host: '203.0.113.7:8080',
        'x-forwarded-host': 'evil.example',
      });
      expect(checkoutUrl).toBe(`${fake.url}/checkout/${session.id}`);
      expect(session.cancel_url).toBe(`${PUBLIC_URL}/upgrade?canceled=1`);
      expect(session.success_url.startsWith(`${PUBLIC_URL}/upgrade?success=1&claim=`)).toBe(true);
      expect(session.customer_email).toBe(email);
      expect(session.metadata).toEqual({ email });
      const sent = fake.requests.slice(before);
      expect(sent.map((request) => `${request.method} ${request.path}`)).toEqual([
        'POST /v1/checkout/sessions',
      ]);
      expect(sent[0]?.stripeVersion).toBe(STRIPE_API_VERSION);
      expect(sent[0]?.form['line_items[0][price]']).toBe(fake.priceId);
      expect(sent[0]?.idempotencyKey).toBeTruthy();
    });

    it('refuses a malformed e-mail with 400 before calling the provider', async () => {
      const before = fake.requests.length;
      const response = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        payload: { email: 'not-an-email' },
      });
      expectApiError(response, 400, 'invalid_input');
      expect(fake.requests.length).toBe(before);
    });

    it('pays, lets the webhook make a password-less Pro account, and claims it with the guest ideas', async () => {
      const email = newEmail();
      const guestId = newGuestId();
      await createIdea(app(), { headers: guestHeaders(guestId), url: '/api/guest-ideas' });
      const { session, claimToken, browser } = await startCheckout(email, guestHeaders(guestId));

      await fake.pay(session.id, { now: PERIOD_START });
      expect(fake.deliveries.at(-1)).toMatchObject({
        type: 'checkout.session.completed',
        status: 200,
      });
      const account = await accountOf(email);
      expect(account).toMatchObject({ plan: 'pro', password_hash: null });
      expect(account?.billing_customer_id).toMatch(/^cus_/);
      expect(account?.subscription_status).toBe('active');

      const claimed = await claim(claimToken, browser, guestHeaders(guestId));
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json()).toEqual({ id: account?.id, email, plan: 'pro', guestIdeasKept: 0 });
      const cookie = sessionCookieOf(claimed);

      const ideas = await app().inject({ url: '/api/ideas', headers: { cookie } });
      expect(ideas.json<{ total: number }>().total).toBe(1);
      const usage = await app().inject({ url: '/api/usage', headers: { cookie } });
      // The adopted guest idea was made in this billing period, so it counts (ADR 105).
      expect(usage.json()).toEqual({
        usedThisMonth: 1,
        monthlyLimit: null,
        periodEndsAt: new Date(PERIOD_START.getTime() + 30 * 86_400_000).toISOString(),
      });

      expectApiError(await claim(claimToken, browser), 400, 'invalid_token');
    });

    it('fulfils once from a claim that arrives before the webhook, which then changes nothing', async () => {
      const email = newEmail();
      const { session, claimToken, browser } = await startCheckout(email);
      await fake.pay(session.id, { sendWebhook: false, now: PERIOD_START });
      expect(await accountOf(email)).toBeUndefined();

      const claimed = await claim(claimToken, browser);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json()).toMatchObject({ email, plan: 'pro' });

      const late = await fake.sendEvent('checkout.session.completed', { id: session.id });
      expect(late.status).toBe(200);
      const accounts = await testApp.database.db
        .selectFrom('users')
        .select(['id', 'plan'])
        .where('email', '=', email)
        .execute();
      expect(accounts).toEqual([{ id: claimed.json<{ id: string }>().id, plan: 'pro' }]);
    });

    it('refuses to claim an unpaid checkout, and an unknown token', async () => {
      const { claimToken, browser } = await startCheckout(newEmail());
      expectApiError(await claim(claimToken, browser), 400, 'invalid_token');
      expectApiError(await claim('A'.repeat(43), browser), 400, 'invalid_token');
    });

    it('upgrades an existing account but signs in only its owner with the claim', async () => {
      const owner = await registerUser(app());
      // From the owner's session: a checkout paid from outside an account whose e-mail nobody
      // proved takes its password away (billing-of-an-account).
      const { session, claimToken, browser } = await startCheckout(owner.email, owner.headers);
      await fake.pay(session.id, { now: PERIOD_START });

      expectApiError(await claim(claimToken, browser), 403, 'sign_in_required');
      const byOwner = await claim(claimToken, browser, owner.headers);
      expect(byOwner.statusCode, byOwner.body).toBe(200);
      expect(byOwner.json()).toEqual({
        id: owner.id,
        email: owner.email,
        plan: 'pro',
        guestIdeasKept: 0,
      });
    });

    it('answers {beta: true} for an account that is already Pro', async () => {
      const owner = await registerUser(app());
      const { session } = await startCheckout(owner.email);
      await fake.pay(session.id, { now: PERIOD_START });
      const again = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        payload: { email: owner.email },
      });
      expect(again.json()).toEqual({ beta: true });
    });

    describe('webhook', () => {
      async function proAccount() {
        const email = newEmail();
        const { session } = await startCheckout(email);
        const { subscription } = await fake.pay(session.id, { now: PERIOD_START });
        return { email, subscription };
      }

      function deliverRaw(payload: string, signature?: string) {
        return app().inject({
          method: 'POST',
          url: '/api/billing/webhook',
          headers: {
            'content-type': 'application/json',
            ...(signature === undefined ? {} : { 'stripe-signature': signature }),
          },
          payload,
        });
      }

      it('refuses a missing or wrong signature, and one signed with another secret', async () => {
        const { payload } = fake.eventPayload('customer.subscription.updated', { id: 'sub_x' });
        expectApiError(await deliverRaw(payload), 400, 'invalid_signature');
        expectApiError(await deliverRaw(payload, 't=1,v1=deadbeef'), 400, 'invalid_signature');
        expectApiError(
          await deliverRaw(payload, fake.sign(payload, { secret: 'whsec_other' })),
          400,
          'invalid_signature',
        );
        // One changed byte after signing.
        const signature = fake.sign(payload);
        expectApiError(
          await deliverRaw(payload.replace('sub_x', 'sub_y'), signature),
          400,
          'invalid_signature',
        );
      });

      it('refuses a timestamp older than 5 minutes, even correctly signed', async () => {
        const { payload } = fake.eventPayload('customer.subscription.updated', { id: 'sub_x' });
        const stale = Math.floor(Date.now() / 1000) - 301;
        expectApiError(
          await deliverRaw(payload, fake.sign(payload, { timestamp: stale })),
          400,
          'invalid_signature',
        );
        const fresh = await deliverRaw(payload, fake.sign(payload));
        expect(fresh.statusCode, fresh.body).toBe(200);
        expect(fresh.json()).toEqual({ received: true });
      });

      it('refuses a timestamp in the future beyond a minute of clock skew, even correctly signed', async () => {
        const { payload } = fake.eventPayload('customer.subscription.updated', { id: 'sub_x' });
        const ahead = Math.floor(Date.now() / 1000) + 3600;
        expectApiError(
          await deliverRaw(payload, fake.sign(payload, { timestamp: ahead })),
          400,
          'invalid_signature',
        );
        const skewed = Math.floor(Date.now() / 1000) + 30;
        const fresh = await deliverRaw(payload, fake.sign(payload, { timestamp: skewed }));
        expect(fresh.statusCode, fresh.body).toBe(200);
      });

      it('refuses a future timestamp hidden behind a second t= or a malformed one', async () => {
        const { payload } = fake.eventPayload('customer.subscription.updated', { id: 'sub_x' });
        const now = Math.floor(Date.now() / 1000);
        const ahead = fake.sign(payload, { timestamp: now + 3600 });
        const signatures = ahead.split(',').filter((part) => !part.startsWith('t='));
        for (const header of [
          [`t=${now}`, `t=${now + 3600}`, ...signatures].join(','),
          [`t=${now + 3600}x`, ...signatures].join(','),
        ]) {
          expectApiError(await deliverRaw(payload, header), 400, 'invalid_signature');
        }
      });

      it('names its own 512 KiB limit when a webhook body is over it', async () => {
        const payload = JSON.stringify({ padding: 'x'.repeat(600 * 1024) });
        const refused = await deliverRaw(payload, fake.sign(payload));
        expectApiError(refused, 413, 'payload_too_large');
        expect(refused.json()).toMatchObject({ message: expect.stringContaining('512 KiB') });
      });

      it('applies a replayed event once: the replay re-reads nothing and changes nothing', async () => {
        const { email, subscription } = await proAccount();
        await fake.setSubscriptionStatus(subscription.id, 'past_due');
        const invoice = {
          id: 'in_1',
          object: 'invoice',
          parent: {
            type: 'subscription_details',
            subscription_details: { subscription: subscription.id },
          },
        };
        const first = await fake.sendEvent('invoice.payment_failed', invoice);
        expect(first.status).toBe(200);
        expect((await accountOf(email))?.plan).toBe('free');

        // Were the replay applied, its re-read would find the subscription active again.
        await fake.setSubscriptionStatus(subscription.id, 'active');
        const reads = fake.requests.length;
        const replay = await fake.sendEvent('invoice.payment_failed', invoice, {
          eventId: first.eventId,
        });
        expect(replay.status).toBe(200);
        expect(fake.requests.length).toBe(reads);
        expect((await accountOf(email))?.plan).toBe('free');
      });

      it('records concurrent duplicates of one event exactly once', async () => {
        const { subscription } = await proAccount();
        const { eventId, payload } = fake.eventPayload('customer.subscription.updated', {
          id: subscription.id,
        });
        const signature = fake.sign(payload);
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => deliverRaw(payload, signature)),
        );
        expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
        const rows = await testApp.database.db
          .selectFrom('billing_events')
          .select('event_id')
          .where('event_id', '=', eventId)
          .execute();
        expect(rows).toHaveLength(1);
      });

      it('ends in the provider state whatever order events arrive in', async () => {
        const { email, subscription } = await proAccount();
        const older = fake.eventPayload('customer.subscription.updated', {
          id: subscription.id,
          status: 'active',
        });
        await fake.setSubscriptionStatus(subscription.id, 'canceled', {
          event: 'customer.subscription.deleted',
        });
        expect((await accountOf(email))?.plan).toBe('free');
        // The older "still active" event arrives last: its own copy says active, the
        // provider says canceled.
        expect((await deliverRaw(older.payload, fake.sign(older.payload))).statusCode).toBe(200);
        expect(await accountOf(email)).toMatchObject({
          plan: 'free',
          subscription_status: 'canceled',
        });
      });

      it('returns to Pro when a failed payment is put right', async () => {
        const { email, subscription } = await proAccount();
        await fake.setSubscriptionStatus(subscription.id, 'unpaid', {
          event: 'customer.subscription.updated',
        });
        expect((await accountOf(email))?.plan).toBe('free');
        await fake.setSubscriptionStatus(subscription.id, 'active', {
          event: 'customer.subscription.updated',
        });
        expect((await accountOf(email))?.plan).toBe('pro');
      });

      it('answers 502 while the provider is down, records nothing, and takes the redelivery', async () => {
        const { email, subscription } = await proAccount();
        await fake.setSubscriptionStatus(subscription.id, 'canceled');
        const { eventId, payload } = fake.eventPayload('customer.subscription.deleted', {
          id: subscription.id,
        });
        fake.setFault('error');
        try {
          expectApiError(await deliverRaw(payload, fake.sign(payload)), 502, 'billing_failed');
        } finally {
          fake.setFault('none');
        }
        expect((await accountOf(email))?.plan).toBe('pro');
        const redelivered = await deliverRaw(payload, fake.sign(payload));
        expect(redelivered.statusCode).toBe(200);
        expect((await accountOf(email))?.plan).toBe('free');
        const rows = await testApp.database.db
          .selectFrom('billing_events')
          .select('event_id')
          .where('event_id', '=', eventId)
          .execute();
        expect(rows).toHaveLength(1);
      });

      it('takes other event types with 200 and changes nothing', async () => {
        const { payload } = fake.eventPayload('customer.created', { id: 'cus_other' });
        const response = await deliverRaw(payload, fake.sign(payload));
        expect(response.statusCode).toBe(200);
      });
    });

    describe('provider faults', () => {
      it('gives a clear 502 when the provider fails or hangs past the timeout', async () => {
        for (const fault of ['error', 'hang'] as const) {
          fake.setFault(fault);
          try {
            const response = await app().inject({
              method: 'POST',
              url: '/api/billing/create-checkout-session',
              payload: { email: newEmail() },
            });
            const body = expectApiError(response, 502, 'billing_failed');
            expect(body.message).toMatch(/payment provider/);
          } finally {
            fake.setFault('none');
          }
        }
      });
    });

    describe('portal', () => {
      it('opens the portal for a subscribed account, returning to the profile', async () => {
        const owner = await registerUser(app());
        const { session } = await startCheckout(owner.email, owner.headers);
        await fake.pay(session.id, { now: PERIOD_START });
        const response = await app().inject({
          method: 'POST',
          url: '/api/billing/portal',
          headers: owner.headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        const { url } = response.json<{ url: string }>();
        expect(url.startsWith(`${fake.url}/portal/`)).toBe(true);
        expect(fake.requests.at(-1)?.form).toMatchObject({
          customer: session.customer,
          return_url: `${PUBLIC_URL}/profile`,
        });
      });

      it('is 401 for a guest and 403 for an account without a subscription', async () => {
        expectApiError(
          await app().inject({ method: 'POST', url: '/api/billing/portal' }),
          401,
          'not_authenticated',
        );
        const free = await registerUser(app());
        expectApiError(
          await app().inject({ method: 'POST', url: '/api/billing/portal', headers: free.headers }),
          403,
          'no_billing_account',
        );
      });
    });

    describe('deleting a subscribed account', () => {
      it('is refused with 409 while the subscription bills, and allowed once it is canceled', async () => {
        const owner = await registerUser(app());
        const { session } = await startCheckout(owner.email, owner.headers);
        const { subscription } = await fake.pay(session.id, { now: PERIOD_START });
        const refused = await app().inject({
          method: 'DELETE',
          url: '/api/account',
          headers: owner.headers,
          payload: { password: owner.password },
        });
        const body = expectApiError(refused, 409, 'active_subscription');
        expect(body.message).toContain('active Pro subscription');

        await fake.setSubscriptionStatus(subscription.id, 'canceled', {
          event: 'customer.subscription.deleted',
        });
        const deleted = await app().inject({
          method: 'DELETE',
          url: '/api/account',
          headers: owner.headers,
          payload: { password: owner.password },
        });
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(await accountOf(owner.email)).toBeUndefined();
      });
    });
  });
});

describe('the hosted pages of the Stripe stand-in, against a listening server', () => {
  let fake: FakeStripe;
  let testApp: TestApp;
  let base: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    testApp = await createTestApp('sqlite', { env: { ...fake.env, PUBLIC_URL } });
    base = await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    fake.setWebhookTarget(`${base}/api/billing/webhook`);
  });
  afterAll(async () => {
    await testApp.app.close();
    await testApp.database.close();
    await fake.close();
  });

  it('walks Pay -> signed webhook over HTTP -> success URL, then Cancel in the portal', async () => {
    const email = newEmail();
    const started = await fetch(`${base}/api/billing/create-checkout-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const { checkoutUrl } = (await started.json()) as { checkoutUrl: string };
    const browser = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    expect(browser).toMatch(/^vi_checkout=/);
    const page = await (await fetch(checkoutUrl)).text();
    expect(page).toContain('<button type="submit"');
    expect(page).toContain('>Pay</button>');
    const action = /action="([^"]+)"/.exec(page)?.[1] ?? '';

    const paid = await fetch(new URL(action, checkoutUrl), { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const success = paid.headers.get('location') ?? '';
    expect(success.startsWith(`${PUBLIC_URL}/upgrade?success=1&claim=`)).toBe(true);
    expect(fake.deliveries.at(-1)).toMatchObject({
      type: 'checkout.session.completed',
      status: 200,
    });

    const claimed = await fetch(`${base}/api/auth/claim`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: browser },
      body: JSON.stringify({ token: new URL(success).searchParams.get('claim') }),
    });
    expect(claimed.status).toBe(200);
    const cookie = (claimed.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const portal = await fetch(`${base}/api/billing/portal`, {
      method: 'POST',
      headers: { cookie },
    });
    const { url } = (await portal.json()) as { url: string };
    const portalPage = await (await fetch(url)).text();
    expect(portalPage).toContain('Cancel subscription');
    const cancelAction = /action="([^"]+)"/.exec(portalPage)?.[1] ?? '';
    const canceled = await fetch(new URL(cancelAction, url), {
      method: 'POST',
      redirect: 'manual',
    });
    expect(canceled.headers.get('location')).toBe(`${PUBLIC_URL}/profile`);
    const me = await fetch(`${base}/api/me`, { headers: { cookie } });
    expect(await me.json()).toMatchObject({ email, plan: 'free' });
  });

  it('forgets processed event ids after 30 days', async () => {
    const repository = createBillingRepository(testApp.database);
    await testApp.database.db
      .insertInto('billing_events')
      .values([
        { event_id: 'evt_old', type: 'x', processed_at: '2026-01-01T00:00:00.000Z' },
        { event_id: 'evt_new', type: 'x', processed_at: '2026-02-15T00:00:00.000Z' },
      ])
      .execute();
    expect(await repository.deleteExpired(new Date('2026-03-01T00:00:00.000Z'))).toBe(1);
    expect(await repository.isProcessed('evt_old')).toBe(false);
    expect(await repository.isProcessed('evt_new')).toBe(true);
  });
});

describe('billing without Stripe keys', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await testApp.app.close();
    await testApp.database.close();
  });

  it('answers 503 billing_unavailable on every billing call', async () => {
    for (const [url, payload] of [
      ['/api/billing/create-checkout-session', { email: newEmail() }],
      ['/api/billing/webhook', { id: 'evt_1' }],
    ] as const) {
      expectApiError(
        await testApp.app.inject({ method: 'POST', url, payload }),
        503,
        'billing_unavailable',
      );
    }
    const user = await registerUser(testApp.app);
    expectApiError(
      await testApp.app.inject({
        method: 'POST',
        url: '/api/billing/portal',
        headers: user.headers,
      }),
      503,
      'billing_unavailable',
    );
  });
});
