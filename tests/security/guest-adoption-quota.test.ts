/**
 * Ideas moved in from a guest at sign-in count towards the account's month: signing in again
 * and again with fresh guests is no way past the free limit, and /api/usage tells the truth.
 * The person's own first guest ideas still carry over (ADR 105). docs/security.md names the
 * control.
 */
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  createIdea,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

async function guestWith(app: FastifyInstance, count: number): Promise<string> {
  const guestId = newGuestId();
  for (let i = 0; i < count; i += 1) {
    await createIdea(
      app,
      { headers: guestHeaders(guestId), url: '/api/guest-ideas' },
      { content: `Guest idea ${i + 1}` },
    );
  }
  return guestId;
}

async function usageOf(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: '/api/usage', headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ usedThisMonth: number; monthlyLimit: number | null }>();
}

async function totalOf(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const response = await app.inject({ method: 'GET', url: `${url}?limit=100`, headers });
  expect(response.statusCode).toBe(200);
  return response.json<{ total: number; items: { content: string }[] }>();
}

async function logIn(
  app: FastifyInstance,
  user: { email: string; password: string },
  guestId: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/login',
    headers: guestHeaders(guestId),
    payload: { email: user.email, password: user.password },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; guestIdeasKept: number }>();
}

forEachDialect((dialect) => {
  describe('guest ideas adopted at sign-in and the monthly quota', () => {
    const testApp = useTestApp(dialect, { env: { FREE_MONTHLY_LIMIT: '10' } });

    it('keeps a full free account at its limit however many fresh guests sign in to it', async () => {
      const { app } = testApp();
      const user = await registerUser(app);
      for (let i = 0; i < 10; i += 1) {
        await createIdea(app, { headers: user.headers, url: '/api/ideas' });
      }
      const guests = [await guestWith(app, 10), await guestWith(app, 10), await guestWith(app, 10)];
      for (const guestId of guests) {
        expect((await logIn(app, user, guestId)).guestIdeasKept).toBe(10);
      }
      expect((await totalOf(app, '/api/ideas', user.headers)).total).toBe(10);
      expect(await usageOf(app, user.headers)).toMatchObject({
        usedThisMonth: 10,
        monthlyLimit: 10,
      });
      // Nothing is lost: every guest still holds its ten.
      for (const guestId of guests) {
        expect((await totalOf(app, '/api/guest-ideas', guestHeaders(guestId))).total).toBe(10);
      }
    });

    it("carries a person's first guest ideas into the new account and counts them", async () => {
      const { app } = testApp();
      const guestId = await guestWith(app, 3);
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: guestHeaders(guestId),
        payload: { email: `first-${guestId.slice(6, 14)}@example.com`, password: 'long enough' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ plan: 'free', guestIdeasKept: 0 });
      const cookie = response.headers['set-cookie'];
      const headers = {
        cookie: String(Array.isArray(cookie) ? cookie[0] : cookie).split(';')[0] ?? '',
      };
      expect((await totalOf(app, '/api/ideas', headers)).total).toBe(3);
      expect(await usageOf(app, headers)).toMatchObject({ usedThisMonth: 3, monthlyLimit: 10 });
      expect((await totalOf(app, '/api/guest-ideas', guestHeaders(guestId))).total).toBe(0);
    });

    it('adopts the oldest up to the limit and leaves the newer ones in the guest space', async () => {
      const { app } = testApp();
      const user = await registerUser(app);
      for (let i = 0; i < 8; i += 1) {
        await createIdea(app, { headers: user.headers, url: '/api/ideas' });
      }
      const guestId = await guestWith(app, 5);
      expect((await logIn(app, user, guestId)).guestIdeasKept).toBe(3);
      const mine = await totalOf(app, '/api/ideas', user.headers);
      expect(mine.total).toBe(10);
      expect(mine.items.map((idea) => idea.content)).toEqual(
        expect.arrayContaining(['Guest idea 1', 'Guest idea 2']),
      );
      const left = await totalOf(app, '/api/guest-ideas', guestHeaders(guestId));
      expect(left.items.map((idea) => idea.content).sort()).toEqual([
        'Guest idea 3',
        'Guest idea 4',
        'Guest idea 5',
      ]);
      expect(await usageOf(app, user.headers)).toMatchObject({ usedThisMonth: 10 });
      // The account is full: a save is refused as before.
      const save = await app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: user.headers,
        payload: { content: 'one more', format: 'tweet', category: 'work', transcript: null },
      });
      expect(save.statusCode).toBe(402);
    });

    it('holds the limit when two sign-ins with full guests race', async () => {
      const { app } = testApp();
      const user = await registerUser(app);
      const guests = [await guestWith(app, 10), await guestWith(app, 10)];
      const kept = await Promise.all(guests.map((guestId) => logIn(app, user, guestId)));
      expect(kept.map((reply) => reply.guestIdeasKept).sort()).toEqual([0, 10]);
      expect((await totalOf(app, '/api/ideas', user.headers)).total).toBe(10);
      expect(await usageOf(app, user.headers)).toMatchObject({ usedThisMonth: 10 });
    });
  });
});
