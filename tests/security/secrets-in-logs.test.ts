/**
 * No token or other secret reaches a log line (docs/security.md, "Secrets in logs"): every
 * request line, error line and mail line is read back as written, after real links were asked
 * for and opened. And a sign-in link opened over the AUTH limit still lands on a page, with its
 * token left for later.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { extractLink, startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox.js';

const PUBLIC_URL = 'http://ideas.example:8080';

function pathOf(link: string): string {
  const url = new URL(link);
  return url.pathname + url.search;
}

function tokenOf(link: string): string {
  return new URL(link).searchParams.get('token') ?? '';
}

describe('secrets in logs', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url, PUBLIC_URL, LOG_LEVEL: 'info' },
      deps: { logDestination: { write: (line) => void lines.push(line) } },
    });
    testApp.app.get('/api/test-fault', (request) => {
      throw new Error(`a defect while serving ${request.url}`);
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  it('writes no one-time token, claim, key or share token to any line, errors included', async () => {
    const { app } = testApp;
    const user = await registerUser(app);
    await app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    const resetLink = extractLink(await inbox.waitForMessage(user.email));
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email } });
    const signInLink = extractLink(await inbox.waitForMessage(user.email));
    const secrets = [tokenOf(resetLink), tokenOf(signInLink)];
    for (let i = 0; i < 6; i += 1) secrets.push(`s3cret-value-${i}-${'x'.repeat(20)}`);
    const [, , claim, key, signature, share, code, faultSignature] = secrets;

    await app.inject({ url: pathOf(resetLink) });
    const opened = await app.inject({ url: pathOf(signInLink) });
    expect(opened.headers.location).toBe('/');
    await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: tokenOf(resetLink), newPassword: 'a new password here' },
    });
    await app.inject({ url: `/upgrade?success=1&claim=${claim}` });
    await app.inject({ url: `/api/ideas?limit=0&api_key=${key}&X-Amz-Signature=${signature}` });
    await app.inject({ url: `/s/${share}` });
    await app.inject({ url: `/api/nowhere;code=${code}` });
    const fault = await app.inject({ url: `/api/test-fault?signature=${faultSignature}` });
    expect(fault.statusCode).toBe(500);
    await testApp.linkMailsDone();

    const logged = lines.join('\n');
    for (const secret of secrets) expect(logged).not.toContain(secret);
    // The lines are there, with what is not secret: only the values were replaced.
    expect(logged).toContain('/reset-password?token=[redacted]');
    expect(logged).toContain('/api/ideas?limit=0&api_key=[redacted]&X-Amz-Signature=[redacted]');
    expect(logged).toContain('/s/[redacted]');
    const errorLine = lines.find((line) => line.includes('a defect while serving'));
    expect(errorLine).toContain('signature=[redacted]');
    expect(errorLine).toContain('"level":50');
  });

  it('lands a link opened over the AUTH limit on its confirm page and keeps the token usable', async () => {
    const limited = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url, PUBLIC_URL, RATE_LIMIT_AUTH_PER_MIN: '2' },
    });
    try {
      const { app } = limited;
      const user = await registerUser(app);
      const from = (remoteAddress: string) => ({ remoteAddress });
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email },
        ...from('10.0.0.1'),
      });
      const link = extractLink(await inbox.waitForMessage(user.email));
      await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: 'wrong password' },
        ...from('10.0.0.1'),
      });

      const over = await app.inject({ url: pathOf(link), ...from('10.0.0.1') });
      expect(over.statusCode).toBe(302);
      expect(over.headers.location).toBe(`/login#link=${tokenOf(link)}`);
      expect(over.cookies.map((cookie) => cookie.name)).not.toContain('vi_session');
      const stillOver = await app.inject({
        method: 'POST',
        url: '/api/auth/magic',
        payload: { token: tokenOf(link) },
        ...from('10.0.0.1'),
      });
      expect(stillOver.statusCode).toBe(429);

      const later = await app.inject({ url: pathOf(link), ...from('10.0.0.2') });
      expect(later.headers.location).toBe('/');
      const me = await app.inject({
        url: '/api/me',
        headers: { cookie: sessionCookieOf(later) },
      });
      expect(me.json()).toMatchObject({ id: user.id });
    } finally {
      await closeTestApp(limited);
    }
  });
});
