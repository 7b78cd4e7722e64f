/**
 * Planting ideas in another account (docs/security.md, "Sign-in links"; ADR 102). A login
 * attempt that fails, or asks for a link to someone else's e-mail, carries the caller's guest
 * id; nothing of it may wait to be adopted when the account's owner later signs in. Guest ideas
 * move only with a sign-in completed by the browser that holds them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

const PUBLIC_URL = 'http://ideas.example:8080';

describe('planted guest ideas', () => {
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

  async function guestWithAnIdea(): Promise<string> {
    const guestId = newGuestId();
    await createIdea(
      testApp.app,
      { url: '/api/guest-ideas', headers: guestHeaders(guestId) },
      { content: 'Planted by someone else' },
    );
    return guestId;
  }

  async function ideaTotal(cookie: string): Promise<number> {
    const response = await testApp.app.inject({ url: '/api/ideas', headers: { cookie } });
    return response.json<{ total: number }>().total;
  }

  async function guestTotal(guestId: string): Promise<number> {
    const response = await testApp.app.inject({
      url: '/api/guest-ideas',
      headers: guestHeaders(guestId),
    });
    return response.json<{ total: number }>().total;
  }

  it('moves nothing when the owner opens a link the attacker asked for, by GET or by confirm', async () => {
    for (const opening of ['from the mail', 'on the confirm page'] as const) {
      const victim = await registerUser(testApp.app);
      const planted = await guestWithAnIdea();
      const asked = await testApp.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: guestHeaders(planted),
        payload: { email: victim.email, password: '' },
      });
      expect(asked.statusCode).toBe(202);
      const link = extractLink(await inbox.waitForMessage(victim.email));
      const token = new URL(link).searchParams.get('token') ?? '';

      // The victim's own browser: its own guest, none of the attacker's cookies.
      const ownGuest = newGuestId();
      const opened =
        opening === 'from the mail'
          ? await testApp.app.inject({ url: `/api/auth/magic?token=${token}` })
          : await testApp.app.inject({
              method: 'POST',
              url: '/api/auth/magic',
              headers: guestHeaders(ownGuest),
              payload: { token },
            });
      expect(opened.statusCode, opened.body).toBeLessThan(400);
      expect(await ideaTotal(sessionCookieOf(opened)), opening).toBe(0);
      expect(await guestTotal(planted)).toBe(1);
    }
  });

  it('leaves nothing pending after a failed or empty password attempt, however the owner signs in next', async () => {
    const victim = await registerUser(testApp.app);
    const planted = await guestWithAnIdea();
    for (const password of ['wrong password', '']) {
      await testApp.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: guestHeaders(planted),
        payload: { email: victim.email, password },
      });
    }
    const link = extractLink(await inbox.waitForMessage(victim.email));
    const byLink = await testApp.app.inject({ url: new URL(link).pathname + new URL(link).search });
    expect(await ideaTotal(sessionCookieOf(byLink))).toBe(0);
    const byPassword = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: victim.email, password: victim.password },
    });
    expect(byPassword.statusCode).toBe(200);
    expect(await ideaTotal(sessionCookieOf(byPassword))).toBe(0);
    expect(await guestTotal(planted)).toBe(1);
  });

  it('still moves the ideas of the browser that asked for the link and opens it', async () => {
    const owner = await registerUser(testApp.app);
    const ownGuest = await guestWithAnIdea();
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: guestHeaders(ownGuest),
      payload: { email: owner.email, password: '' },
    });
    const browser = asked.cookies.find((cookie) => cookie.name === 'vi_signin');
    const link = extractLink(await inbox.waitForMessage(owner.email));
    const opened = await testApp.app.inject({
      url: new URL(link).pathname + new URL(link).search,
      headers: { cookie: `vi_signin=${browser?.value ?? ''}` },
    });
    expect(opened.headers.location).toBe('/');
    expect(await ideaTotal(sessionCookieOf(opened))).toBe(1);
    expect(await guestTotal(ownGuest)).toBe(0);
  });
});
