import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractLink, startSmtpInbox, type SmtpInbox } from '#tests/support/smtp-inbox.js';
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
  type TestApp,
} from '../../test-support/api.js';
import { forEachDialect } from '../../test-support/databases.js';

const PUBLIC_URL = 'http://ideas.example:8080';
const MINUTE_MS = 60_000;

/** A clock the test moves by hand (links expire in minutes, not seconds). */
function handClock() {
  let current = Date.parse('2026-03-10T12:00:00.000Z');
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms;
    },
  };
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

/** The path and query of a link, for inject (which talks to the app directly). */
function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

forEachDialect((dialect) => {
  describe('account flows by mail', () => {
    let inbox: SmtpInbox;
    let testApp: TestApp;
    const clock = handClock();
    const app = (): FastifyInstance => testApp.app;

    beforeAll(async () => {
      inbox = await startSmtpInbox();
      testApp = await createTestApp(dialect, {
        env: { SMTP_URL: inbox.url, MAIL_FROM: 'Voice Ideas <ideas@example.com>', PUBLIC_URL },
        deps: { now: clock.now },
      });
    });
    afterAll(async () => {
      await testApp.app.close();
      await testApp.database.close();
      await inbox.close();
    });

    function forgot(email: string, headers: Record<string, string> = {}) {
      return app().inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers,
        payload: { email },
      });
    }

    function reset(token: string, newPassword: string, headers: Record<string, string> = {}) {
      return app().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        headers,
        payload: { token, newPassword },
      });
    }

    function askForLink(email: string, headers: Record<string, string> = {}) {
      return app().inject({
        method: 'POST',
        url: '/api/login',
        headers,
        payload: { email, password: '' },
      });
    }

    async function me(cookie: string) {
      return (await app().inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>();
    }

    describe('password reset', () => {
      it('mails a PUBLIC_URL link whatever Host the request names, and the link resets', async () => {
        const user = await registerUser(app());
        const other = await app().inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: user.password },
        });
        const otherCookie = sessionCookieOf(other);

        // An address literal passes the Host check, so only the link's making is tested here.
        const asked = await forgot(user.email.toUpperCase(), {
          host: '203.0.113.7:8080',
          'x-forwarded-host': 'evil.example',
          origin: 'http://203.0.113.7:8080',
        });
        expect(asked.statusCode, asked.body).toBe(200);
        const mail = await inbox.waitForMessage(user.email);
        const link = extractLink(mail);
        expect(link).toMatch(
          new RegExp(`^${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}$`),
        );
        expect(mail.raw).not.toContain('evil.example');
        expect(mail.raw).not.toContain('203.0.113.7');

        const done = await reset(tokenOf(link), 'a brand new password');
        expect(done.statusCode, done.body).toBe(200);
        expect(done.json()).toEqual({ id: user.id, email: user.email, plan: 'free' });
        expect((await me(sessionCookieOf(done))).id).toBe(user.id);
        // Every other session of the user ended, the one that registered included.
        expect((await me(user.cookie)).id).toBe('');
        expect((await me(otherCookie)).id).toBe('');

        const oldPassword = await app().inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: user.password },
        });
        expectApiError(oldPassword, 401, 'invalid_credentials');
        const newPassword = await app().inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: 'a brand new password' },
        });
        expect(newPassword.statusCode).toBe(200);
      });

      it('keeps only a hash of the token', async () => {
        const user = await registerUser(app());
        await forgot(user.email);
        const token = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
        const rows = await testApp.database.db.selectFrom('auth_tokens').selectAll().execute();
        expect(JSON.stringify(rows)).not.toContain(token);
      });

      it('uses a token once, and a reset revokes the other reset links', async () => {
        const user = await registerUser(app());
        await forgot(user.email);
        const first = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
        await forgot(user.email);
        const second = tokenOf(extractLink(await inbox.waitForMessage(user.email)));

        expect((await reset(second, 'password two')).statusCode).toBe(200);
        expectApiError(await reset(second, 'password three'), 400, 'invalid_token');
        expectApiError(await reset(first, 'password four'), 400, 'invalid_token');
      });

      it('leaves the token usable after a new password that fails validation', async () => {
        const user = await registerUser(app());
        await forgot(user.email);
        const token = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
        expectApiError(await reset(token, '12345'), 400, 'invalid_input');
        expect((await reset(token, '123456')).statusCode).toBe(200);
      });

      it('refuses a link older than 1 hour', async () => {
        const user = await registerUser(app());
        await forgot(user.email);
        const token = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
        clock.advance(61 * MINUTE_MS);
        expectApiError(await reset(token, 'too late now'), 400, 'invalid_token');
      });

      it('answers an unknown e-mail exactly as a known one, and mails only the known one', async () => {
        const user = await registerUser(app());
        const known = await forgot(user.email);
        await inbox.waitForMessage(user.email);
        const messagesBefore = inbox.messages.length;
        const unknown = await forgot(newEmail());
        expect(unknown.statusCode).toBe(known.statusCode);
        expect(unknown.body).toBe(known.body);
        expect(unknown.json()).toEqual({
          message: 'If an account exists with this email, you will receive a password reset link.',
        });
        await testApp.linkMailsDone();
        expect(inbox.messages.length).toBe(messagesBefore);
      });

      it('refuses a missing or malformed e-mail with 400', async () => {
        expectApiError(await forgot('nobody'), 400, 'invalid_input');
        expectApiError(
          await app().inject({ method: 'POST', url: '/api/auth/forgot-password', payload: {} }),
          400,
          'invalid_input',
        );
      });
    });

    describe('sign-in links', () => {
      it('mails a 15-minute PUBLIC_URL link that signs in and, opened in the asking browser, adopts its guest ideas', async () => {
        const user = await registerUser(app());
        const guestId = newGuestId();
        await createIdea(app(), { headers: guestHeaders(guestId), url: '/api/guest-ideas' });
        const asked = await askForLink(user.email, {
          ...guestHeaders(guestId),
          host: '203.0.113.7:8080',
        });
        expect(asked.statusCode, asked.body).toBe(202);
        const browser = asked.cookies.find((c) => c.name === 'vi_signin');
        expect(browser?.httpOnly).toBe(true);
        expect(browser?.path).toBe('/api/');

        const link = extractLink(await inbox.waitForMessage(user.email));
        expect(link).toMatch(
          new RegExp(`^${PUBLIC_URL}/api/auth/magic\\?token=[A-Za-z0-9_-]{43}$`),
        );
        const used = await app().inject({
          url: pathOf(link),
          headers: { cookie: `vi_signin=${browser?.value ?? ''}` },
        });
        expect(used.statusCode).toBe(302);
        expect(used.headers.location).toBe('/');
        const cookie = sessionCookieOf(used);
        expect((await me(cookie)).id).toBe(user.id);
        const ideas = await app().inject({ url: '/api/ideas', headers: { cookie } });
        expect(ideas.json<{ total: number }>().total).toBe(1);

        const again = await app().inject({ url: pathOf(link) });
        expect(again.statusCode).toBe(302);
        expect(again.headers.location).toBe('/login?error=link');
        expect(again.headers['set-cookie']).toBeUndefined();
      });

      it('sends a bad, missing or expired link to /login?error=link', async () => {
        for (const url of [
          '/api/auth/magic?token=nope',
          '/api/auth/magic',
          `/api/auth/magic?token=${'x'.repeat(300)}`,
          '/api/auth/magic?token=a&token=b',
        ]) {
          const response = await app().inject({ url });
          expect(response.statusCode, url).toBe(302);
          expect(response.headers.location).toBe('/login?error=link');
        }
        const user = await registerUser(app());
        await askForLink(user.email);
        const link = extractLink(await inbox.waitForMessage(user.email));
        clock.advance(16 * MINUTE_MS);
        expect((await app().inject({ url: pathOf(link) })).headers.location).toBe(
          '/login?error=link',
        );
      });

      it('answers an unknown e-mail exactly as a known one, sending nothing', async () => {
        const user = await registerUser(app());
        const known = await askForLink(user.email);
        await inbox.waitForMessage(user.email);
        const messagesBefore = inbox.messages.length;
        const unknown = await askForLink(newEmail());
        expect(unknown.statusCode).toBe(202);
        expect(unknown.body).toBe(known.body);
        await testApp.linkMailsDone();
        expect(inbox.messages.length).toBe(messagesBefore);
      });
    });

    describe('deleting an account', () => {
      async function passwordlessAccount() {
        const email = newEmail();
        const created = await createUsersRepository(testApp.database).create({
          email,
          passwordHash: null,
          plan: 'free',
        });
        if (created === 'email_taken') throw new Error('unexpected');
        return created;
      }

      async function linkSession(email: string): Promise<string> {
        await askForLink(email);
        const link = extractLink(await inbox.waitForMessage(email));
        return sessionCookieOf(await app().inject({ url: pathOf(link) }));
      }

      function deleteAccount(cookie: string | undefined, password: string) {
        return app().inject({
          method: 'DELETE',
          url: '/api/account',
          headers: cookie ? { cookie } : {},
          payload: { password },
        });
      }

      it('deletes a password account with its password: ideas, sessions and tokens gone', async () => {
        const user = await registerUser(app());
        await createIdea(app(), { headers: user.headers, url: '/api/ideas' });
        await forgot(user.email);
        await inbox.waitForMessage(user.email);

        expectApiError(
          await deleteAccount(user.cookie, 'wrong password'),
          401,
          'invalid_credentials',
        );
        expectApiError(await deleteAccount(user.cookie, ''), 401, 'invalid_credentials');
        const deleted = await deleteAccount(user.cookie, user.password);
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect((await me(user.cookie)).id).toBe('');

        const db = testApp.database.db;
        expect(
          await db.selectFrom('users').select('id').where('id', '=', user.id).execute(),
        ).toEqual([]);
        expect(
          await db.selectFrom('ideas').select('id').where('user_id', '=', user.id).execute(),
        ).toEqual([]);
        expect(
          await db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute(),
        ).toEqual([]);
        expect(
          await db.selectFrom('auth_tokens').select('id').where('user_id', '=', user.id).execute(),
        ).toEqual([]);
      });

      it('is 401 without a session', async () => {
        expectApiError(await deleteAccount(undefined, 'whatever'), 401, 'not_authenticated');
      });

      it('deletes a password-less account from a fresh sign-in link session only', async () => {
        const account = await passwordlessAccount();
        const cookie = await linkSession(account.email);
        clock.advance(16 * MINUTE_MS);
        expectApiError(await deleteAccount(cookie, ''), 401, 'sign_in_link_required');

        const fresh = await linkSession(account.email);
        const deleted = await deleteAccount(fresh, '');
        expect(deleted.statusCode, deleted.body).toBe(204);
        expect(await createUsersRepository(testApp.database).findById(account.id)).toBeNull();
      });
    });
  });
});

describe('account flows while the mail server is down', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url, PUBLIC_URL, MAIL_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => {
    await testApp.app.close();
    await testApp.database.close();
  });

  it('answers known and unknown e-mails alike, keeps no unsent link and loses no earlier one', async () => {
    const user = await registerUser(testApp.app);
    const forgot = (email: string) =>
      testApp.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
    await forgot(user.email);
    const earlier = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
    await inbox.close();

    const known = await forgot(user.email);
    const unknown = await forgot(newEmail());
    expect(known.statusCode).toBe(200);
    expect(unknown.body).toBe(known.body);
    const link = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: '' },
    });
    expect(link.statusCode).toBe(202);
    await testApp.linkMailsDone();

    // The unsent links were not kept; the earlier one still works.
    const live = await testApp.database.db
      .selectFrom('auth_tokens')
      .select('purpose')
      .where('user_id', '=', user.id)
      .where('used_at', 'is', null)
      .execute();
    expect(live).toEqual([{ purpose: 'password_reset' }]);
    const reset = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: earlier, newPassword: 'reset while mail is down' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
  });
});

describe('account flows without SMTP_URL', () => {
  it('writes the reset link to the server log, built from PUBLIC_URL', async () => {
    const lines: string[] = [];
    const testApp = await createTestApp('sqlite', {
      env: { PUBLIC_URL, LOG_LEVEL: 'warn' },
      deps: { logDestination: { write: (line) => void lines.push(line) } },
    });
    try {
      const user = await registerUser(testApp.app);
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/forgot-password',
        headers: { host: '203.0.113.7:8080' },
        payload: { email: user.email },
      });
      expect(response.statusCode).toBe(200);
      await testApp.linkMailsDone();
      const logged = lines.join('\n');
      expect(logged).toMatch(new RegExp(`${PUBLIC_URL}/reset-password\\?token=[A-Za-z0-9_-]{43}`));
      expect(logged).not.toContain('203.0.113.7');
    } finally {
      await testApp.app.close();
      await testApp.database.close();
    }
  });
});

describe('the AUTH rate limit', () => {
  it('covers forgot-password, reset-password, claim and the sign-in link confirm', async () => {
    const calls: { method: 'GET' | 'POST'; url: string; payload?: object }[] = [
      { method: 'POST', url: '/api/auth/forgot-password', payload: { email: newEmail() } },
      {
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: 't', newPassword: 'abcdefg' },
      },
      { method: 'POST', url: '/api/auth/claim', payload: { token: 't' } },
      { method: 'POST', url: '/api/auth/magic', payload: { token: 't' } },
    ];
    for (const call of calls) {
      const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '2' } });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          statuses.push((await testApp.app.inject(call)).statusCode);
        }
        expect(statuses[2], call.url).toBe(429);
        expect(statuses.slice(0, 2)).not.toContain(429);
      } finally {
        await testApp.app.close();
        await testApp.database.close();
      }
    }
  });
});
