import { describe, expect, it } from 'vitest';
import { createUsersRepository } from '../identity/users-repository.js';
import {
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '../../test-support/api.js';
import { forEachDialect } from '../../test-support/databases.js';

forEachDialect((dialect) => {
  describe('usage', () => {
    // The test clock starts on 2026-03-10 (UTC), so the period ends on 1 April.
    const ctx = useTestApp(dialect);

    it('GET /api/usage answers a new guest 0 of 10 until the end of the calendar month', async () => {
      const response = await ctx().app.inject({
        url: '/api/usage',
        headers: guestHeaders(newGuestId()),
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        usedThisMonth: 0,
        monthlyLimit: 10,
        periodEndsAt: '2026-04-01T00:00:00.000Z',
      });
    });

    it('needs a session or a valid guest id', async () => {
      for (const headers of [{}, { 'x-guest-id': 'guest_!' }]) {
        const get = await ctx().app.inject({ url: '/api/usage', headers });
        expectApiError(get, 400, 'invalid_guest_id');
        const post = await ctx().app.inject({
          method: 'POST',
          url: '/api/usage/increment',
          headers,
        });
        expectApiError(post, 400, 'invalid_guest_id');
      }
    });

    it('POST /api/usage/increment counts one use and answers 402 at the limit', async () => {
      const headers = guestHeaders(newGuestId());
      for (let used = 1; used <= 10; used += 1) {
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/usage/increment',
          headers,
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toMatchObject({ usedThisMonth: used, monthlyLimit: 10 });
      }
      const refused = await ctx().app.inject({
        method: 'POST',
        url: '/api/usage/increment',
        headers,
      });
      expectApiError(refused, 402, 'quota_exceeded');
      const after = await ctx().app.inject({ url: '/api/usage', headers });
      expect(after.json()).toMatchObject({ usedThisMonth: 10 });
    });

    it('clearing a guest data keeps this month count, so clearing is no way around the quota', async () => {
      const guestId = newGuestId();
      const scope = { headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
      await createIdea(ctx().app, scope);
      await createIdea(ctx().app, scope);
      await ctx().app.inject({ method: 'DELETE', url: '/api/guest-data', headers: scope.headers });
      await ctx().app.inject({
        method: 'POST',
        url: '/api/guest-ideas/clear',
        headers: scope.headers,
      });
      const usage = await ctx().app.inject({ url: '/api/usage', headers: scope.headers });
      expect(usage.json()).toMatchObject({ usedThisMonth: 2 });
    });

    it('a signed-in user counts its own ideas and those it adopted; the guest count stays with the guest', async () => {
      const guestId = newGuestId();
      await createIdea(ctx().app, { headers: guestHeaders(guestId), url: '/api/guest-ideas' });
      const user = await registerUser(ctx().app, { guestId });
      await createIdea(ctx().app, { headers: user.headers, url: '/api/ideas' });

      const mine = await ctx().app.inject({
        url: '/api/usage',
        headers: { ...user.headers, ...guestHeaders(guestId) },
      });
      // The guest's idea moved in at sign-up and counts towards the account's month too.
      expect(mine.json()).toMatchObject({ usedThisMonth: 2, monthlyLimit: 10 });
      const guests = await ctx().app.inject({ url: '/api/usage', headers: guestHeaders(guestId) });
      expect(guests.json()).toMatchObject({ usedThisMonth: 1, monthlyLimit: 10 });
    });

    it('Pro is unlimited: monthlyLimit null and no 402', async () => {
      const user = await registerUser(ctx().app);
      await createUsersRepository(ctx().database).updatePlan(user.id, 'beta');
      for (let i = 0; i < 12; i += 1) {
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/usage/increment',
          headers: user.headers,
        });
        expect(response.statusCode).toBe(200);
      }
      const usage = await ctx().app.inject({ url: '/api/usage', headers: user.headers });
      expect(usage.json()).toMatchObject({ usedThisMonth: 12, monthlyLimit: null });
      const me = await ctx().app.inject({ url: '/api/me', headers: user.headers });
      expect(me.json()).toMatchObject({ plan: 'beta' });
    });
  });
});

describe('FREE_MONTHLY_LIMIT', () => {
  it('sets the limit for guests and free users', async () => {
    const { app, database } = await createTestApp('sqlite', { env: { FREE_MONTHLY_LIMIT: '2' } });
    try {
      const guest = { headers: guestHeaders(newGuestId()), url: '/api/guest-ideas' as const };
      await createIdea(app, guest);
      await createIdea(app, guest);
      const refused = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest.headers,
        payload: { content: 'third', format: 'tweet', category: 'work' },
      });
      expectApiError(refused, 402, 'quota_exceeded');
      const user = await registerUser(app);
      const usage = await app.inject({ url: '/api/usage', headers: user.headers });
      expect(usage.json()).toMatchObject({ usedThisMonth: 0, monthlyLimit: 2 });
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('starts a fresh count in a new calendar month', async () => {
    let now = Date.parse('2026-05-31T23:59:00.000Z');
    const { app, database } = await createTestApp('sqlite', {
      env: { FREE_MONTHLY_LIMIT: '1' },
      deps: { now: () => new Date(now) },
    });
    try {
      const guest = { headers: guestHeaders(newGuestId()), url: '/api/guest-ideas' as const };
      await createIdea(app, guest);
      const refused = await app.inject({
        method: 'POST',
        url: guest.url,
        headers: guest.headers,
        payload: { content: 'x', format: 'tweet', category: 'work' },
      });
      expect(refused.statusCode).toBe(402);
      now = Date.parse('2026-06-01T00:00:01.000Z');
      await createIdea(app, guest);
      const usage = await app.inject({ url: '/api/usage', headers: guest.headers });
      expect(usage.json()).toEqual({
        usedThisMonth: 1,
        monthlyLimit: 1,
        periodEndsAt: '2026-07-01T00:00:00.000Z',
      });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
