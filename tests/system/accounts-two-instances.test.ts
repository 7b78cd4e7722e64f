import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '#server/test-support/databases.js';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe.js';
import {
  call,
  eventually,
  killAllServers,
  serverEnv,
  startServer,
  type ServerProcess,
} from './support/server-process.js';

/**
 * Reset tokens and billing webhooks with two real server processes on one PostgreSQL database:
 * whichever instance a single-use thing reaches first, it is used once.
 */
describe.skipIf(TEST_DATABASE_URL === undefined)('accounts across two instances', () => {
  let database: TestDatabase;
  let stripe: FakeStripe;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    stripe = await startFakeStripe();
    const env = serverEnv({ DATABASE_URL: database.url, ...stripe.env });
    a = await startServer(env);
    b = await startServer(env);
  }, 120_000);

  afterAll(async () => {
    await killAllServers();
    await stripe?.close();
    await database?.close();
  });

  it('a reset token used on one is dead on the other', async () => {
    const email = `reset-${randomBytes(4).toString('hex')}@example.com`;
    expect(
      (await call(a.url, 'POST', '/api/register', { body: { email, password: 'first password' } }))
        .status,
    ).toBe(201);
    expect(
      (await call(a.url, 'POST', '/api/auth/forgot-password', { body: { email } })).status,
    ).toBe(200);
    // Without SMTP_URL the mail, link included, is written to the log of the instance that sent it.
    const output = await eventually(
      'the reset mail in the log',
      () => Promise.resolve(a.output()),
      (text) => /reset-password\?token=[A-Za-z0-9_-]+/.test(text),
    );
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(output)?.[1] ?? '';

    const [onA, onB] = await Promise.all(
      [a, b].map((server) =>
        call(server.url, 'POST', '/api/auth/reset-password', {
          body: { token, newPassword: `new password ${server.pid}` },
        }),
      ),
    );
    const statuses = [onA?.status, onB?.status].sort();
    expect(statuses).toEqual([200, 400]);
    const again = await call(b.url, 'POST', '/api/auth/reset-password', {
      body: { token, newPassword: 'third password' },
    });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: 'invalid_token' });
  }, 60_000);

  it('a webhook delivered to both applies once', async () => {
    const email = `pro-${randomBytes(4).toString('hex')}@example.com`;
    const checkout = await call<{ checkoutUrl: string }>(
      a.url,
      'POST',
      '/api/billing/create-checkout-session',
      { body: { email } },
    );
    expect(checkout.status).toBe(200);
    const sessionId = checkout.body.checkoutUrl.split('/').pop() ?? '';
    const { session } = await stripe.pay(sessionId, { sendWebhook: false });
    const { eventId, payload } = stripe.eventPayload('checkout.session.completed', session);
    const signature = stripe.sign(payload);

    const deliveries = await Promise.all(
      [a, b, a, b].map((server) =>
        fetch(`${server.url}/api/billing/webhook`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'stripe-signature': signature },
          body: payload,
        }),
      ),
    );
    expect(deliveries.map((response) => response.status)).toEqual([200, 200, 200, 200]);

    const events = await sql<{ count: string }>`
      SELECT count(*) AS count FROM billing_events WHERE event_id = ${eventId}`.execute(
      database.db,
    );
    expect(Number(events.rows[0]?.count)).toBe(1);
    const users = await sql<{ plan: string }>`
      SELECT plan FROM users WHERE email = ${email}`.execute(database.db);
    expect(users.rows).toHaveLength(1);
    expect(users.rows[0]?.plan).not.toBe('free');
  }, 60_000);
});
