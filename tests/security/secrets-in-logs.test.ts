/**
 * No token or other secret reaches a log line (docs/security.md, "Secrets in logs"): every
 * request line, error line and mail line is read back as written, after real links were asked
 * for and opened. And a sign-in link opened over the AUTH limit still lands on a page, with its
 * token left for later.
 */
import { connect } from 'node:net';
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
    // What a person searched their ideas for is theirs, not the operator's.
    await app.inject({
      url: '/api/guest-ideas?q=divorce%20lawyer%20fees&limit=5',
      headers: { 'x-guest-id': 'guest_searchinglogs01' },
    });
    const fault = await app.inject({ url: `/api/test-fault?signature=${faultSignature}` });
    expect(fault.statusCode).toBe(500);
    await testApp.linkMailsDone();

    const logged = lines.join('\n');
    for (const secret of secrets) expect(logged).not.toContain(secret);
    // The lines are there, with what is not secret: only the values were replaced.
    expect(logged).toContain('/reset-password?token=[redacted]');
    expect(logged).toContain('/api/ideas?limit=0&api_key=[redacted]&X-Amz-Signature=[redacted]');
    expect(logged).toContain('/s/[redacted]');
    expect(logged).not.toMatch(/divorce/);
    expect(logged).toContain('/api/guest-ideas?q=[redacted]&limit=5');
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

/** Each character as a percent-escape, so no run of the secret shows in the request. */
function escaped(text: string): string {
  return [...text].map((char) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
}

/** A GET sent byte for byte as given (no client normalises it), answered with its status line. */
function rawGet(port: number, path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setTimeout(10_000, () => socket.destroy(new Error(`no answer to ${path}`)));
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString('latin1')));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
  });
}

describe('secrets in logs, however their path or query is escaped', () => {
  let inbox: SmtpInbox;
  let testApp: TestApp;
  let port: number;
  const lines: string[] = [];

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    testApp = await createTestApp('sqlite', {
      env: { SMTP_URL: inbox.url, PUBLIC_URL, LOG_LEVEL: 'info' },
      deps: { logDestination: { write: (line) => void lines.push(line) } },
    });
    testApp.app.get('/api/test-warning', (request) => {
      request.log.warn({ cause: `upstream refused ${request.url}` }, `slow: ${request.url}`);
      return {};
    });
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    const address = testApp.app.server.address();
    port = typeof address === 'object' && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    await inbox.close();
  });

  it('redacts escaped, doubly escaped, `;` and `#` forms of links, share tokens and warnings', async () => {
    const { app } = testApp;
    const user = await registerUser(app);
    await app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email } });
    const signInToken = tokenOf(extractLink(await inbox.waitForMessage(user.email)));
    const scope = { headers: guestHeaders(newGuestId()), url: '/api/guest-ideas' as const };
    const idea = await createIdea(app, scope);
    const shared = await app.inject({
      method: 'POST',
      url: `/api/guest-ideas/${idea.id}/share`,
      headers: scope.headers,
    });
    const shareToken = new URL(shared.json<{ url: string }>().url).pathname.slice('/s/'.length);
    const made = (label: string) => `${label}-${'q'.repeat(24)}`;
    const secrets = {
      encodedName: made('encodedname'),
      doublyEncoded: made('doublyencoded'),
      escapedEquals: made('escapedequals'),
      inValue: made('invalue'),
      semicolon: made('semicolon'),
      fragment: made('fragment'),
      pathSlash: made('pathslash'),
      deeper: made('deeper'),
      warning: made('warning'),
    };

    // The link's own token, its name escaped: the router reads it as `token` and signs in.
    const opened = await rawGet(port, `/api/auth/magic?${escaped('token')}=${signInToken}`);
    expect(opened).toContain('302');
    // The share page, its token escaped whole and its `s` escaped: both open the idea.
    expect(await rawGet(port, `/s/${escaped(shareToken)}`)).toContain('200');
    expect(await rawGet(port, `/%73/${shareToken}`)).toContain('200');
    await rawGet(port, `/reset-password?%2574oken=${secrets.doublyEncoded}`);
    await rawGet(port, `/reset-password?tok%65n=${secrets.encodedName}`);
    await rawGet(port, `/api/auth/magic?token%3D${secrets.escapedEquals}`);
    await rawGet(port, `/reset-password?a=1%26token=${secrets.inValue}`);
    await rawGet(port, `/reset-password;token=${secrets.semicolon}`);
    await rawGet(port, `/api/auth/magic#token=${secrets.fragment}`);
    await rawGet(port, `/s%2F${secrets.pathSlash}`);
    await rawGet(port, `/s/x/${secrets.deeper}`);
    await rawGet(port, `/api/test-warning?%74oken=${secrets.warning}`);
    await testApp.linkMailsDone();

    const logged = lines.join('\n');
    for (const secret of [signInToken, shareToken, ...Object.values(secrets)]) {
      expect(logged).not.toContain(secret);
    }
    for (const secret of [signInToken, shareToken]) expect(logged).not.toContain(escaped(secret));
    const warning = lines.find((line) => line.includes('"level":40') && line.includes('slow:'));
    expect(warning).toContain('token=[redacted]');
    expect(warning).toContain('upstream refused /api/test-warning?token=[redacted]');
    // Lines with nothing to hide are written as they came, escapes included.
    await rawGet(port, '/api/ideas?limit=5&cursor=caf%C3%A9%20menu');
    expect(lines.join('\n')).toContain('/api/ideas?limit=5&cursor=caf%C3%A9%20menu');
    // A search is the person's own words, escaped or not.
    await rawGet(port, '/api/ideas?q=caf%C3%A9%20menu&limit=5');
    expect(lines.join('\n')).toContain('/api/ideas?q=[redacted]&limit=5');
  });
});
