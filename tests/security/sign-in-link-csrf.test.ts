/**
 * Login CSRF through the sign-in link (docs/security.md, "Sign-in links"; ADR 102). A page
 * elsewhere that navigates its visitor to `/api/auth/magic?token=<its own link>` must not sign
 * that browser in to the attacker's account: the navigation lands on the confirm page, and only
 * the web app's same-origin POST, after the person confirms, completes the sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';
import { opensNoSession, PUBLIC_URL } from './support.js';

describe('sign-in links and login CSRF', () => {
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

  /** The attacker's own account and a fresh sign-in link to it. */
  async function attackersLink(): Promise<{ id: string; token: string }> {
    const attacker = await registerUser(testApp.app);
    await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: attacker.email, password: '' },
    });
    const link = extractLink(await inbox.waitForMessage(attacker.email));
    return { id: attacker.id, token: new URL(link).searchParams.get('token') ?? '' };
  }

  it('sends a navigation from another site to the confirm page, signing no one in', async () => {
    const { token } = await attackersLink();
    for (const site of ['cross-site', 'same-site']) {
      const response = await testApp.app.inject({
        url: `/api/auth/magic?token=${token}`,
        headers: { 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(response.statusCode, site).toBe(302);
      // In the fragment: never sent to a server, never in a Referer.
      expect(response.headers.location).toBe(`/login#link=${token}`);
      opensNoSession(response);
    }
  });

  it('sends a browser without Fetch Metadata that another site navigated to the confirm page', async () => {
    // Older Safari and Firefox send no Sec-Fetch-Site: the Referer or Origin names the page.
    const navigations: Record<string, string>[] = [
      { referer: 'https://evil.example/sign-you-in' },
      { referer: 'http://ideas.example.evil.example:8080/' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { referer: 'not a url' },
    ];
    for (const headers of navigations) {
      const { token } = await attackersLink();
      const what = JSON.stringify(headers);
      const response = await testApp.app.inject({ url: `/api/auth/magic?token=${token}`, headers });
      expect(response.statusCode, what).toBe(302);
      expect(response.headers.location, what).toBe(`/login#link=${token}`);
      opensNoSession(response);
      // Unused: the confirm page still names the account it opens.
      const named = await testApp.app.inject({
        method: 'POST',
        url: '/api/auth/magic/account',
        payload: { token },
      });
      expect(named.statusCode, what).toBe(200);
    }
  });

  it('signs in a browser without Fetch Metadata coming from this app’s own pages', async () => {
    const ownPages: Record<string, string>[] = [
      { referer: 'http://localhost/login' },
      { referer: `${PUBLIC_URL}/login`, host: 'ideas.example:8080' },
    ];
    for (const headers of ownPages) {
      const { id, token } = await attackersLink();
      const what = JSON.stringify(headers);
      const response = await testApp.app.inject({ url: `/api/auth/magic?token=${token}`, headers });
      expect(response.headers.location, what).toBe('/');
      const me = await testApp.app.inject({
        url: '/api/me',
        headers: { cookie: sessionCookieOf(response) },
      });
      expect(me.json(), what).toMatchObject({ id });
    }
  });

  it('refuses the confirm POST from another origin and takes it from the app', async () => {
    const { id, token } = await attackersLink();
    const forged = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      headers: { origin: 'https://evil.example' },
      payload: { token },
    });
    expect(forged.statusCode).toBe(403);
    opensNoSession(forged);

    const confirmed = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      headers: { origin: PUBLIC_URL },
      payload: { token },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ id });
    const me = await testApp.app.inject({
      url: '/api/me',
      headers: { cookie: sessionCookieOf(confirmed) },
    });
    expect(me.json()).toMatchObject({ id });
    expectApiError(
      await testApp.app.inject({ method: 'POST', url: '/api/auth/magic', payload: { token } }),
      400,
      'invalid_token',
    );
  });

  it('names the account a link opens for its confirm page, using nothing', async () => {
    const { id, token } = await attackersLink();
    const named = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/magic/account',
      payload: { token },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json<{ email: string }>().email).toMatch(/@/);
    opensNoSession(named);
    // Still usable by its owner, and named no more once used.
    const used = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/magic',
      payload: { token },
    });
    expect(used.json()).toMatchObject({ id });
    for (const unknown of [token, 'x'.repeat(43)]) {
      expectApiError(
        await testApp.app.inject({
          method: 'POST',
          url: '/api/auth/magic/account',
          payload: { token: unknown },
        }),
        400,
        'invalid_token',
      );
    }
  });

  it('asks a browser signed in to another account to confirm a link it did not ask for', async () => {
    const victim = await registerUser(testApp.app);
    const { id, token } = await attackersLink();
    // Opened from a mail or chat app: no site sent it, but the browser is the victim's.
    const opened = await testApp.app.inject({
      url: `/api/auth/magic?token=${token}`,
      headers: { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate', cookie: victim.cookie },
    });
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(`/login#link=${token}`);
    opensNoSession(opened);
    const still = await testApp.app.inject({ url: '/api/me', headers: { cookie: victim.cookie } });
    expect(still.json()).toMatchObject({ id: victim.id });
    // The link is unused: the confirm page, which names the account, can still complete it.
    const named = await testApp.app.inject({
      method: 'POST',
      url: '/api/auth/magic/account',
      payload: { token },
    });
    expect(named.statusCode).toBe(200);
    expect(id).not.toBe(victim.id);
  });

  it('signs in at once a browser signed in to another account when it asked for the link', async () => {
    const user = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const asked = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: '' },
      headers: { cookie: other.cookie },
    });
    const browser = asked.cookies.find((cookie) => cookie.name === 'vi_signin');
    const signIn = `vi_signin=${browser?.value ?? ''}`;
    const token =
      new URL(extractLink(await inbox.waitForMessage(user.email))).searchParams.get('token') ?? '';
    const opened = await testApp.app.inject({
      url: `/api/auth/magic?token=${token}`,
      headers: { 'sec-fetch-site': 'none', cookie: `${other.cookie}; ${signIn}` },
    });
    expect(opened.headers.location).toBe('/');
    const me = await testApp.app.inject({
      url: '/api/me',
      headers: { cookie: sessionCookieOf(opened) },
    });
    expect(me.json()).toMatchObject({ id: user.id });
  });

  it('signs in a link opened from the mail, typed or from this origin', async () => {
    for (const headers of [{}, { 'sec-fetch-site': 'none' }, { 'sec-fetch-site': 'same-origin' }]) {
      const { id, token } = await attackersLink();
      const response = await testApp.app.inject({ url: `/api/auth/magic?token=${token}`, headers });
      expect(response.headers.location, JSON.stringify(headers)).toBe('/');
      const me = await testApp.app.inject({
        url: '/api/me',
        headers: { cookie: sessionCookieOf(response) },
      });
      expect(me.json()).toMatchObject({ id });
    }
  });

  it('leaves the link unused for a HEAD or a prefetch, which land on the confirm page', async () => {
    const probes: { method: 'HEAD' | 'GET'; headers: Record<string, string> }[] = [
      { method: 'HEAD', headers: {} },
      { method: 'HEAD', headers: { 'sec-fetch-site': 'none' } },
      { method: 'GET', headers: { 'sec-purpose': 'prefetch' } },
      { method: 'GET', headers: { 'sec-purpose': 'prefetch;prerender', 'sec-fetch-site': 'none' } },
      { method: 'GET', headers: { purpose: 'prefetch' } },
    ];
    for (const { method, headers } of probes) {
      const { id, token } = await attackersLink();
      const what = `${method} ${JSON.stringify(headers)}`;
      const probe = await testApp.app.inject({
        method,
        url: `/api/auth/magic?token=${token}`,
        headers,
      });
      expect(probe.statusCode, what).toBe(302);
      expect(probe.headers.location, what).toBe(`/login#link=${token}`);
      opensNoSession(probe);
      // The person's own click still works afterwards.
      const opened = await testApp.app.inject({ url: `/api/auth/magic?token=${token}` });
      expect(opened.headers.location, what).toBe('/');
      const me = await testApp.app.inject({
        url: '/api/me',
        headers: { cookie: sessionCookieOf(opened) },
      });
      expect(me.json(), what).toMatchObject({ id });
    }
  });
});
