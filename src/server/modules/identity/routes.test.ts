import { describe, expect, it } from 'vitest';
import { createUsersRepository } from './users-repository.js';
import {
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newEmail,
  newGuestId,
  registerUser,
  sessionCookieOf,
  useTestApp,
} from '../../test-support/api.js';
import { forEachDialect } from '../../test-support/databases.js';

forEachDialect((dialect) => {
  describe('identity', () => {
    const ctx = useTestApp(dialect);

    describe('GET /api/me', () => {
      it('answers a guest with its guest id and the guest plan', async () => {
        const guestId = newGuestId();
        const response = await ctx().app.inject({ url: '/api/me', headers: guestHeaders(guestId) });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ id: guestId, email: '', plan: 'guest' });
      });

      it('answers an empty id without a (valid) guest id', async () => {
        for (const headers of [{}, { 'x-guest-id': 'guest_bad id' }]) {
          const response = await ctx().app.inject({ url: '/api/me', headers });
          expect(response.json()).toEqual({ id: '', email: '', plan: 'guest' });
        }
      });

      it('answers the signed-in user, whatever guest id comes along', async () => {
        const user = await registerUser(ctx().app);
        const response = await ctx().app.inject({
          url: '/api/me',
          headers: { ...user.headers, ...guestHeaders(newGuestId()) },
        });
        expect(response.json()).toEqual({ id: user.id, email: user.email, plan: 'free' });
      });
    });

    describe('POST /api/register', () => {
      it('creates a free account, signs it in with a safe cookie and stores only an argon2id hash', async () => {
        const email = newEmail();
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: `  ${email.toUpperCase()} `, password: 'secret-123' },
        });
        expect(response.statusCode).toBe(201);
        const body = response.json<{ id: string }>();
        expect(body).toEqual({ id: expect.any(String), email, plan: 'free', guestIdeasKept: 0 });

        const setCookie = String(response.headers['set-cookie']);
        expect(setCookie).toMatch(/^vi_session=[A-Za-z0-9_-]{43};/);
        expect(setCookie).toContain('HttpOnly');
        expect(setCookie).toContain('SameSite=Lax');
        expect(setCookie).toContain('Path=/');
        expect(setCookie).not.toContain('Secure');

        const me = await ctx().app.inject({
          url: '/api/me',
          headers: { cookie: sessionCookieOf(response) },
        });
        expect(me.json()).toEqual({ id: body.id, email, plan: 'free' });

        const stored = await createUsersRepository(ctx().database).findByEmail(email);
        expect(stored?.passwordHash).toMatch(/^\$argon2id\$/);
        expect(stored?.passwordHash).not.toContain('secret-123');
      });

      it('stores the session id only as a hash', async () => {
        const user = await registerUser(ctx().app);
        const token = user.cookie.split('=')[1] ?? '';
        const rows = await ctx().database.db.selectFrom('sessions').selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(token);
      });

      it('ignores plan, id and userId in the body', async () => {
        const email = newEmail();
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email, password: 'secret-123', plan: 'pro', id: 'chosen-id', userId: 'x' },
        });
        expect(response.statusCode).toBe(201);
        const body = response.json<{ id: string; plan: string }>();
        expect(body.plan).toBe('free');
        expect(body.id).not.toBe('chosen-id');
      });

      it('moves the caller guest ideas into the new account', async () => {
        const guestId = newGuestId();
        const guest = { headers: guestHeaders(guestId), url: '/api/guest-ideas' as const };
        await createIdea(ctx().app, guest, { content: 'first' });
        await createIdea(ctx().app, guest, { content: 'second' });

        const user = await registerUser(ctx().app, { guestId });
        const ideas = await ctx().app.inject({ url: '/api/ideas', headers: user.headers });
        const list = ideas.json<{ items: { content: string; userId: string }[]; total: number }>();
        expect(list.total).toBe(2);
        expect(list.items.map((idea) => idea.content).sort()).toEqual(['first', 'second']);
        expect(list.items.every((idea) => idea.userId === user.id)).toBe(true);

        const left = await ctx().app.inject({ url: '/api/guest-ideas', headers: guest.headers });
        expect(left.json<{ total: number }>().total).toBe(0);
      });

      it('refuses an e-mail that exists, whatever its case, with 409 email_taken', async () => {
        const user = await registerUser(ctx().app);
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: user.email.toUpperCase(), password: 'another-password' },
        });
        expectApiError(response, 409, 'email_taken');
        expect(response.headers['set-cookie']).toBeUndefined();
        const count = await ctx()
          .database.db.selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('email', '=', user.email)
          .executeTakeFirstOrThrow();
        expect(Number(count.n)).toBe(1);
      });

      it('leaves the guest ideas with the guest when the e-mail is taken', async () => {
        const user = await registerUser(ctx().app);
        const guestId = newGuestId();
        await createIdea(ctx().app, { headers: guestHeaders(guestId), url: '/api/guest-ideas' });
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/register',
          headers: guestHeaders(guestId),
          payload: { email: user.email, password: 'another-password' },
        });
        expect(response.statusCode).toBe(409);
        const guestList = await ctx().app.inject({
          url: '/api/guest-ideas',
          headers: guestHeaders(guestId),
        });
        expect(guestList.json<{ total: number }>().total).toBe(1);
        const userList = await ctx().app.inject({ url: '/api/ideas', headers: user.headers });
        expect(userList.json<{ total: number }>().total).toBe(0);
      });

      it.each([
        [{ password: 'secret-123' }, 'body.email'],
        [{ email: 'not-an-email', password: 'secret-123' }, 'body.email'],
        [{ email: `${'a'.repeat(250)}@example.com`, password: 'secret-123' }, 'body.email'],
        [{ email: 'a@example.com', password: '12345' }, 'body.password'],
        [{ email: 'a@example.com', password: 'x'.repeat(201) }, 'body.password'],
        [{ email: 'a@example.com', password: 123456 }, 'body.password'],
        [{ email: ['a@example.com'], password: 'secret-123' }, 'body.email'],
      ])('refuses %j with 400 naming %s', async (payload, field) => {
        const response = await ctx().app.inject({ method: 'POST', url: '/api/register', payload });
        const body = expectApiError(response, 400, 'invalid_input');
        expect(body.message).toContain(field);
      });
    });

    describe('POST /api/login', () => {
      it('signs in with the password, case-insensitively by e-mail, and rotates the session', async () => {
        const user = await registerUser(ctx().app);
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          headers: user.headers,
          payload: { email: user.email.toUpperCase(), password: user.password },
        });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({
          id: user.id,
          email: user.email,
          plan: 'free',
          guestIdeasKept: 0,
        });
        const fresh = sessionCookieOf(response);
        expect(fresh).not.toBe(user.cookie);

        const withOld = await ctx().app.inject({ url: '/api/me', headers: user.headers });
        expect(withOld.json<{ plan: string }>().plan).toBe('guest');
        const withNew = await ctx().app.inject({ url: '/api/me', headers: { cookie: fresh } });
        expect(withNew.json<{ id: string }>().id).toBe(user.id);
      });

      it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
        const user = await registerUser(ctx().app);
        const wrong = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'wrong-password' },
        });
        const unknown = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: newEmail(), password: 'wrong-password' },
        });
        const a = expectApiError(wrong, 401, 'invalid_credentials');
        const b = expectApiError(unknown, 401, 'invalid_credentials');
        expect(a.message).toBe(b.message);
        expect(wrong.headers['set-cookie']).toBeUndefined();
      });

      it('moves the caller guest ideas into the account at once', async () => {
        const user = await registerUser(ctx().app);
        const guestId = newGuestId();
        await createIdea(
          ctx().app,
          { headers: guestHeaders(guestId), url: '/api/guest-ideas' },
          { content: 'made as a guest' },
        );
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          headers: guestHeaders(guestId),
          payload: { email: user.email, password: user.password },
        });
        expect(response.statusCode).toBe(200);
        const ideas = await ctx().app.inject({
          url: '/api/ideas',
          headers: { cookie: sessionCookieOf(response) },
        });
        expect(ideas.json<{ items: { content: string }[] }>().items.map((i) => i.content)).toEqual([
          'made as a guest',
        ]);
      });

      it('answers an empty password with 202 and the same message for known and unknown e-mails', async () => {
        const user = await registerUser(ctx().app);
        const known = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: '' },
        });
        const unknown = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: newEmail() },
        });
        expect(known.statusCode).toBe(202);
        expect(unknown.statusCode).toBe(202);
        expect(known.json()).toEqual(unknown.json());
        expect(Object.keys(known.json<object>())).toEqual(['message']);
        // No session; only the cookie that names the asking browser, for either e-mail.
        const cookieNames = (response: typeof known) => response.cookies.map((c) => c.name);
        expect(cookieNames(known)).toEqual(['vi_signin']);
        expect(cookieNames(unknown)).toEqual(['vi_signin']);
      });

      it('refuses a malformed e-mail with 400', async () => {
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: 'nobody', password: 'whatever' },
        });
        expect(expectApiError(response, 400, 'invalid_input').message).toContain('body.email');
      });
    });

    describe('POST /api/logout', () => {
      it('ends the session server-side and clears the cookie', async () => {
        const user = await registerUser(ctx().app);
        const response = await ctx().app.inject({
          method: 'POST',
          url: '/api/logout',
          headers: user.headers,
        });
        expect(response.statusCode).toBe(204);
        expect(response.body).toBe('');
        expect(String(response.headers['set-cookie'])).toMatch(/^vi_session=;.*Max-Age=0/);

        // Replaying the old cookie (as a copied one would be) opens nothing.
        const after = await ctx().app.inject({ url: '/api/ideas', headers: user.headers });
        expectApiError(after, 401, 'not_authenticated');
      });

      it('answers 204 without a session too', async () => {
        const response = await ctx().app.inject({ method: 'POST', url: '/api/logout' });
        expect(response.statusCode).toBe(204);
      });
    });
  });
});

describe('session cookie over https', () => {
  it('is Secure when PUBLIC_URL is https', async () => {
    const { app, database } = await createTestApp('sqlite', {
      env: { PUBLIC_URL: 'https://ideas.example.com' },
    });
    try {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: newEmail(), password: 'secret-123' },
      });
      expect(String(response.headers['set-cookie'])).toContain('Secure');
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('sliding sessions', () => {
  const day = 24 * 60 * 60 * 1000;

  /** A signed-in user on an app whose clock the test moves, and the plan /api/me reports. */
  async function withMovableClock(
    test: (user: { advance: (ms: number) => void; plan: () => Promise<string> }) => Promise<void>,
  ): Promise<void> {
    let now = Date.parse('2026-01-01T00:00:00.000Z');
    const { app, database } = await createTestApp('sqlite', { deps: { now: () => new Date(now) } });
    try {
      const user = await registerUser(app);
      await test({
        advance: (ms) => {
          now += ms;
        },
        plan: async () =>
          (await app.inject({ url: '/api/me', headers: user.headers })).json<{ plan: string }>()
            .plan,
      });
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('live 30 days past their last use and no longer', async () => {
    await withMovableClock(async ({ advance, plan }) => {
      advance(20 * day);
      expect(await plan()).toBe('free');
      advance(29 * day); // 49 days after sign-in, 29 after the last use
      expect(await plan()).toBe('free');
      advance(30 * day + 1000);
      expect(await plan()).toBe('guest');
    });
  });

  it('expire on time even when nothing was written since the last lookup', async () => {
    await withMovableClock(async ({ advance, plan }) => {
      advance(1000);
      expect(await plan()).toBe('free');
      expect(await plan()).toBe('free');
      // Too soon to extend: the session row is unchanged, only the clock has moved.
      advance(30 * day);
      expect(await plan()).toBe('guest');
    });
  });
});
