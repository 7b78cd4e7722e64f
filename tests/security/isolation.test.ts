/**
 * What the outside probe tried and the server withstood, replayed so it keeps withstanding it:
 * isolation between people, cross-site calls, search input, body limits, static files, the quota
 * race, spoofed addresses, the session cookie, fixation and logout.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_BODY_MAX_BYTES } from '#contract/limits.js';
import { SESSION_COOKIE } from '#server/http/sessions.js';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newEmail,
  newGuestId,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';

forEachDialect((dialect) => {
  describe('held: isolation, search input, the quota race', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect, { env: { FREE_MONTHLY_LIMIT: '3' } });
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('never shows, edits or deletes another person’s idea, and answers as if it did not exist', async () => {
      const guestA = guestHeaders(newGuestId());
      const guestB = guestHeaders(newGuestId());
      const user = await registerUser(testApp.app);
      const other = await registerUser(testApp.app);
      const guestIdea = await createIdea(testApp.app, { headers: guestA, url: '/api/guest-ideas' });
      const userIdea = await createIdea(testApp.app, { headers: user.headers, url: '/api/ideas' });

      const attempts = [
        { method: 'PUT' as const, url: `/api/guest-ideas/${guestIdea.id}`, headers: guestB },
        { method: 'DELETE' as const, url: `/api/guest-ideas/${guestIdea.id}`, headers: guestB },
        { method: 'PUT' as const, url: `/api/ideas/${userIdea.id}`, headers: other.headers },
        { method: 'DELETE' as const, url: `/api/ideas/${userIdea.id}`, headers: other.headers },
        // A guest cannot reach a user's idea through the guest routes, nor the reverse.
        { method: 'DELETE' as const, url: `/api/guest-ideas/${userIdea.id}`, headers: guestA },
        { method: 'DELETE' as const, url: `/api/ideas/${guestIdea.id}`, headers: user.headers },
      ];
      for (const attempt of attempts) {
        const response = await testApp.app.inject({ ...attempt, payload: { content: 'mine now' } });
        expectApiError(response, 404, 'not_found');
      }
      const seenByB = await testApp.app.inject({ url: '/api/guest-ideas', headers: guestB });
      expect(seenByB.json()).toMatchObject({ items: [], total: 0 });
      const seenByOther = await testApp.app.inject({ url: '/api/ideas', headers: other.headers });
      expect(seenByOther.json()).toMatchObject({ items: [], total: 0 });
      const mine = await testApp.app.inject({ url: '/api/ideas', headers: user.headers });
      expect(mine.json<{ items: { content: string }[] }>().items[0]?.content).toBe(
        'An idea worth keeping',
      );
    });

    it('reads search text literally: no operator, wildcard or quote changes what matches', async () => {
      const guest = guestHeaders(newGuestId());
      await createIdea(
        testApp.app,
        { headers: guest, url: '/api/guest-ideas' },
        { content: 'plain words only' },
      );
      const hostile = [
        '"',
        '*',
        'plain*',
        '%',
        '_',
        "' OR 1=1 --",
        'NEAR(plain words)',
        'plain OR nothing',
        'words AND only',
        '-plain',
        '^plain',
        '\\',
        '(((',
      ];
      for (const q of hostile) {
        const response = await testApp.app.inject({
          url: `/api/guest-ideas?q=${encodeURIComponent(q)}`,
          headers: guest,
        });
        expect(response.statusCode, q).toBe(200);
        expect(response.json<{ total: number }>().total, q).toBe(0);
      }
      const literal = await testApp.app.inject({
        url: `/api/guest-ideas?q=${encodeURIComponent('WORDS ONLY')}`,
        headers: guest,
      });
      expect(literal.json<{ total: number }>().total).toBe(1);
    });

    it('gives exactly one success for twenty parallel saves with one unit left', async () => {
      const guest = guestHeaders(newGuestId());
      for (let i = 0; i < 2; i += 1) {
        await createIdea(testApp.app, { headers: guest, url: '/api/guest-ideas' });
      }
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          testApp.app.inject({
            method: 'POST',
            url: '/api/guest-ideas',
            headers: guest,
            payload: { content: 'race', format: 'tweet', category: 'work', transcript: null },
          }),
        ),
      );
      const statuses = responses.map((response) => response.statusCode).sort();
      expect(statuses.filter((status) => status === 201)).toHaveLength(1);
      expect(statuses.filter((status) => status === 402)).toHaveLength(19);
    });
  });
});

describe('held: cross-site calls, body limits, spoofed addresses', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '2' } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('refuses a state-changing call from another site', async () => {
    const user = await registerUser(testApp.app);
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const response = await testApp.app.inject({
        method: 'DELETE',
        url: '/api/ideas/all',
        headers: { ...user.headers, origin },
      });
      expectApiError(response, 403, 'forbidden_origin');
    }
  });

  it('refuses a JSON body over 64 KiB with 413', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guestHeaders(newGuestId()), 'content-type': 'application/json' },
      payload: JSON.stringify({
        content: 'x'.repeat(JSON_BODY_MAX_BYTES),
        format: 'tweet',
        category: 'work',
      }),
    });
    expectApiError(response, 413, 'payload_too_large');
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is set', async () => {
    const statuses = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '203.0.113.200',
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: newEmail(), password: 'wrong-password' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 429]);
  });
});

describe('held: the session cookie, fixation and logout', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('sets an HttpOnly, SameSite=Lax session cookie for the whole site', async () => {
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: newEmail(), password: 'a good password' },
    });
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('never adopts a session id the client brought, and ends the session on logout', async () => {
    const user = await registerUser(testApp.app);
    const planted = `${SESSION_COOKIE}=attacker-chosen-session-id`;
    const login = await testApp.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: planted },
      payload: { email: user.email, password: user.password },
    });
    expect(login.statusCode).toBe(200);
    const issued = sessionCookieOf(login);
    expect(issued).not.toBe(planted);
    const asPlanted = await testApp.app.inject({ url: '/api/me', headers: { cookie: planted } });
    expect(asPlanted.json()).toMatchObject({ plan: 'guest', email: '' });

    const logout = await testApp.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie: issued },
    });
    expect(logout.statusCode).toBe(204);
    // The old cookie, replayed, no longer opens anything.
    const replayed = await testApp.app.inject({ url: '/api/ideas', headers: { cookie: issued } });
    expect(replayed.statusCode).toBe(401);
  });
});

describe('held: static files', () => {
  let dist: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'voice-ideas-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voice Ideas</title>');
    testApp = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    rmSync(dist, { recursive: true, force: true });
  });

  it('never serves a file from outside the build', async () => {
    for (const url of [
      '/../../../../etc/passwd',
      '/assets/..%2f..%2f..%2f..%2fetc%2fpasswd',
      '/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '/assets/%252e%252e/%252e%252e/etc/passwd',
      '/..\\..\\..\\etc\\passwd',
    ]) {
      const response = await testApp.app.inject({ url });
      expect(response.body, url).not.toContain('root:');
      expect(response.statusCode, url).toBeLessThan(500);
    }
  });
});
