/**
 * A password reset takes the account back (docs/security.md, "Password reset"; ADR 102): every
 * sign-in link, every other reset link, every pending checkout claim of its e-mail, every
 * session issued before it and every share link of the account stop working, so whoever read
 * the mailbox or held a session before the reset is shut out by it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuthTokensRepository } from '#server/modules/identity/auth-tokens-repository.js';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

const PUBLIC_URL = 'http://ideas.example:8080';

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('a password reset', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', { env: { SMTP_URL: inbox.url, PUBLIC_URL } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  /** Asks for a reset link for the account and reads its token from the mail. */
  async function resetLinkFor(email: string): Promise<string> {
    await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
    });
    await testApp.linkMailsDone();
    return tokenOf(extractLink(await inbox.waitForMessage(email)));
  }

  it('voids every earlier sign-in link, reset link, claim and other session of the account', async () => {
    const { app } = testApp;
    const user = await registerUser(app);
    const ask = async (url: string, payload: object) => {
      await app.inject({ method: 'POST', url, payload });
      return tokenOf(extractLink(await inbox.waitForMessage(user.email)));
    };
    const signInLinks = [
      await ask('/api/login', { email: user.email, password: '' }),
      await ask('/api/login', { email: user.email, password: '' }),
    ];
    const resetLinks = [
      await ask('/api/auth/forgot-password', { email: user.email }),
      await ask('/api/auth/forgot-password', { email: user.email }),
    ];
    // A claim waiting for a checkout of this e-mail (its checkout is never paid here: what
    // matters is that the reset leaves it unusable).
    const claims = createAuthTokensRepository(testApp.database);
    const claim = await claims.create({
      purpose: 'checkout_claim',
      tokenHash: 'f'.repeat(64),
      email: user.email.toUpperCase(),
      checkoutSessionId: 'cs_test_pending',
      browserHash: 'e'.repeat(64),
      expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
    });

    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: resetLinks[1], newPassword: 'taken back at last' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const resetSession = sessionCookieOf(reset);

    for (const token of signInLinks) {
      const viaMail = await app.inject({ url: `/api/auth/magic?token=${token}` });
      expect(viaMail.headers.location).toBe('/login?error=link');
      expectApiError(
        await app.inject({ method: 'POST', url: '/api/auth/magic', payload: { token } }),
        400,
        'invalid_token',
      );
    }
    expectApiError(
      await app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: resetLinks[0], newPassword: 'the attacker again' },
      }),
      400,
      'invalid_token',
    );
    const voided = await testApp.database.db
      .selectFrom('auth_tokens')
      .select('used_at')
      .where('id', '=', claim.id)
      .executeTakeFirstOrThrow();
    expect(voided.used_at).not.toBeNull();
    const me = async (cookie: string) =>
      (await app.inject({ url: '/api/me', headers: { cookie } })).json<{ id: string }>().id;
    expect(await me(user.cookie)).toBe('');
    expect(await me(resetSession)).toBe(user.id);
  });

  it('names the account its link sets a password for, using nothing, and nothing once used', async () => {
    const { app } = testApp;
    const user = await registerUser(app);
    const token = await resetLinkFor(user.email);
    const name = () =>
      app.inject({ method: 'POST', url: '/api/auth/reset-password/account', payload: { token } });
    const named = await name();
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json()).toEqual({ email: user.email });
    expect(named.cookies).toEqual([]);
    const done = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a new password' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expectApiError(await name(), 400, 'invalid_token');
  });

  it('stops every share link of the account, so a link made from a stolen session reads nothing', async () => {
    const { app } = testApp;
    const user = await registerUser(app);
    const idea = await createIdea(
      app,
      { headers: user.headers, url: '/api/ideas' },
      { content: 'The plan before the reset.' },
    );
    // Made with the owner's session, as whoever held a copy of it could.
    const shared = await app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/share`,
      headers: { cookie: user.cookie },
    });
    expect(shared.statusCode, shared.body).toBe(200);
    const link = new URL(shared.json<{ url: string }>().url).pathname;
    expect((await app.inject({ url: link })).statusCode).toBe(200);
    const token = await resetLinkFor(user.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'a new password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const owner = sessionCookieOf(reset);
    await app.inject({
      method: 'PUT',
      url: `/api/ideas/${idea.id}`,
      headers: { cookie: owner },
      payload: { content: 'The plan written after the reset.' },
    });
    const after = await app.inject({ url: link });
    expect(after.statusCode).toBe(404);
    expect(after.body).not.toContain('after the reset');
    // The owner may share again, with a new link.
    const again = await app.inject({
      method: 'POST',
      url: `/api/ideas/${idea.id}/share`,
      headers: { cookie: owner },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(new URL(again.json<{ url: string }>().url).pathname).not.toBe(link);
    expect(
      (await app.inject({ url: new URL(again.json<{ url: string }>().url).pathname })).statusCode,
    ).toBe(200);
  });
});
