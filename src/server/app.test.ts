import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { ConfigSchema } from '#contract/api-schemas.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newEmail,
  newGuestId,
  registerUser,
  type TestApp,
  useTestApp,
} from './test-support/api.js';
import { forEachDialect } from './test-support/databases.js';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

forEachDialect((dialect) => {
  describe('GET /api/health', () => {
    it('answers 200 {status: ok} while the database answers, 503 JSON once it does not', async () => {
      const testApp = await createTestApp(dialect);
      try {
        const ok = await testApp.app.inject({ url: '/api/health' });
        expect(ok.statusCode).toBe(200);
        expect(ok.json()).toEqual({ status: 'ok' });

        await testApp.database.close();
        const down = await testApp.app.inject({ url: '/api/health' });
        expectApiError(down, 503, 'database_unavailable');
      } finally {
        await testApp.app.close();
      }
    });
  });
});

describe('GET /api/config', () => {
  it('tells the app what this server can do', async () => {
    const testApp = await createTestApp('sqlite', {
      env: {
        FREE_MONTHLY_LIMIT: '7',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_PRICE_ID: 'price_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      },
      deps: {
        ai: {
          transcriber: {
            engine: 'whisper',
            available: true,
            reason: 'a test double',
            transcribe: () => Promise.reject(new Error('not used by this test')),
            close: () => Promise.resolve(),
          },
          formatter: {
            smartAvailable: true,
            engine: 'openai',
            format: () => Promise.reject(new Error('not used by this test')),
          },
          inferrer: { infer: () => Promise.reject(new Error('not used by this test')) },
        },
      },
    });
    try {
      const response = await testApp.app.inject({ url: '/api/config' });
      expect(response.statusCode).toBe(200);
      const body = response.json<unknown>();
      expect(z.strictObject(ConfigSchema.shape).parse(body)).toEqual({
        version: packageVersion,
        transcription: { engine: 'whisper', available: true },
        formatter: { smart: true, engine: 'openai' },
        billing: { enabled: true, priceMonthly: 9 },
        freeMonthlyLimit: 7,
      });
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('reports billing, transcription and smart formatting off when none is configured', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      const body = (await testApp.app.inject({ url: '/api/config' })).json<{
        transcription: unknown;
        formatter: unknown;
        billing: unknown;
        freeMonthlyLimit: number;
      }>();
      expect(body.transcription).toEqual({ engine: 'none', available: false });
      expect(body.formatter).toEqual({ smart: false, engine: 'none' });
      expect(body.billing).toEqual({ enabled: false, priceMonthly: 9 });
      expect(body.freeMonthlyLimit).toBe(10);
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('conventions', () => {
  const ctx = useTestApp('sqlite');

  it.each([
    ['GET', '/api/nothing-here'],
    ['POST', '/api/nothing-here'],
    ['DELETE', '/api/ideas'],
    ['GET', '/api'],
    ['GET', '/api/ideas/some-id'],
  ] as const)('%s %s is a JSON 404 not_found', async (method, url) => {
    const response = await ctx().app.inject({ method, url });
    expectApiError(response, 404, 'not_found');
  });

  it('answers a body that is not JSON with 415', async () => {
    const response = await ctx().app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guestHeaders(newGuestId()), 'content-type': 'application/xml' },
      payload: '<idea/>',
    });
    expectApiError(response, 415, 'unsupported_media_type');
  });

  it('treats an empty JSON body as no body', async () => {
    const logout = await ctx().app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(logout.statusCode).toBe(204);
    const create = await ctx().app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guestHeaders(newGuestId()), 'content-type': 'application/json' },
      payload: '',
    });
    expect(expectApiError(create, 400, 'invalid_input').message).toContain('body');
  });

  it('sends the security headers with a CSP that allows only this origin', async () => {
    const response = await ctx().app.inject({ url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "media-src 'self' blob:",
      "connect-src 'self'",
      "worker-src 'self'",
      "manifest-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  describe('cross-site requests', () => {
    it.each([
      ['POST', '/api/guest-ideas/clear'],
      ['PUT', '/api/guest-ideas/01ARZ3NDEKTSV4RRFFQ69G5FAV'],
      ['DELETE', '/api/guest-data'],
      ['POST', '/api/login'],
    ] as const)('%s %s from a foreign Origin is refused with 403', async (method, url) => {
      for (const origin of ['https://evil.example', 'null', 'http://localhost:3000.evil.example']) {
        const response = await ctx().app.inject({
          method,
          url,
          headers: { ...guestHeaders(newGuestId()), origin },
          payload: { content: 'x', email: 'a@example.com', password: 'secret-123' },
        });
        expectApiError(response, 403, 'forbidden_origin');
      }
    });

    it('a foreign Origin changes nothing', async () => {
      const guestId = newGuestId();
      const created = await ctx().app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: { ...guestHeaders(guestId), origin: 'https://evil.example' },
        payload: { content: 'planted', format: 'tweet', category: 'work' },
      });
      expect(created.statusCode).toBe(403);
      const list = await ctx().app.inject({
        url: '/api/guest-ideas',
        headers: guestHeaders(guestId),
      });
      expect(list.json<{ total: number }>().total).toBe(0);
    });

    it('allows its own Host, PUBLIC_URL, no Origin at all, and reads from anywhere', async () => {
      const headers = guestHeaders(newGuestId());
      const own = await ctx().app.inject({
        method: 'POST',
        url: '/api/guest-ideas/clear',
        headers: { ...headers, host: '192.0.2.10:8080', origin: 'http://192.0.2.10:8080' },
      });
      expect(own.statusCode).toBe(200);
      const publicUrl = await ctx().app.inject({
        method: 'POST',
        url: '/api/guest-ideas/clear',
        headers: { ...headers, origin: 'http://localhost:3000' },
      });
      expect(publicUrl.statusCode).toBe(200);
      const none = await ctx().app.inject({
        method: 'POST',
        url: '/api/guest-ideas/clear',
        headers,
      });
      expect(none.statusCode).toBe(200);
      const read = await ctx().app.inject({
        url: '/api/guest-ideas',
        headers: { ...headers, origin: 'https://evil.example' },
      });
      expect(read.statusCode).toBe(200);
    });
  });
});

describe('errors the server did not foresee', () => {
  it('answer 500 {error, message} without a stack trace', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      testApp.app.get('/api/test-crash', async () => {
        throw new Error('secret internal detail at /srv/app.js:12');
      });
      const response = await testApp.app.inject({ url: '/api/test-crash' });
      const body = expectApiError(response, 500, 'internal_error');
      expect(body.message).not.toContain('secret');
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('rate limits', () => {
  it('limit sign-in per address with 429, Retry-After and the JSON error body', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '3' } });
    try {
      const attempt = (email: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '203.0.113.7',
          payload: { email, password: 'wrong-password' },
        });
      for (let i = 0; i < 3; i += 1) expect((await attempt(newEmail())).statusCode).toBe(401);
      const limited = await attempt(newEmail());
      const body = expectApiError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
      expect(body.message).toMatch(/try again/i);

      // Register shares the address bucket; another address is not affected.
      const register = await testApp.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: '203.0.113.7',
        payload: { email: newEmail(), password: 'secret-123' },
      });
      expect(register.statusCode).toBe(429);
      const elsewhere = await testApp.app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '198.51.100.1',
        payload: { email: newEmail(), password: 'wrong-password' },
      });
      expect(elsewhere.statusCode).toBe(401);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('slow password guessing per e-mail across addresses, whatever its case', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '4' } });
    try {
      const owner = await registerUser(testApp.app);
      const attempt = (address: string, email: string, password = 'wrong-one') =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: address,
          payload: { email, password },
        });
      // Four failures from four addresses: the account is now under attack.
      for (let i = 0; i < 4; i += 1) {
        const email = i % 2 ? owner.email.toUpperCase() : owner.email;
        expect((await attempt(`192.0.2.${i + 10}`, email)).statusCode).toBe(401);
      }
      // Each address now gets three wrong passwords for it, not four.
      expect((await attempt('192.0.2.10', owner.email)).statusCode).toBe(401);
      expect((await attempt('192.0.2.10', owner.email)).statusCode).toBe(401);
      const slowed = await attempt('192.0.2.10', owner.email);
      expectApiError(slowed, 429, 'rate_limited');
      // Another account from the same address is not affected.
      expect(
        (
          await testApp.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '192.0.2.11',
            payload: { email: newEmail(), password: 'wrong-one' },
          })
        ).statusCode,
      ).toBe(401);
      // The owner, from an address that has not failed, signs in.
      expect((await attempt('198.51.100.77', owner.email, owner.password)).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('honour X-Forwarded-For only with TRUST_PROXY', async () => {
    for (const [trustProxy, expected] of [
      ['true', [401, 401, 401]],
      ['false', [401, 429, 429]],
    ] as const) {
      const testApp = await createTestApp('sqlite', {
        env: { RATE_LIMIT_AUTH_PER_MIN: '1', TRUST_PROXY: trustProxy },
      });
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 3; i += 1) {
          const response = await testApp.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
            payload: { email: newEmail(), password: 'wrong-password' },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses).toEqual(expected);
      } finally {
        await closeTestApp(testApp);
      }
    }
  });

  it('behind TRUST_PROXY the address is the one the proxy added, whatever the client wrote before it', async () => {
    const testApp = await createTestApp('sqlite', {
      env: { RATE_LIMIT_AUTH_PER_MIN: '1', TRUST_PROXY: 'true' },
    });
    try {
      const statuses: number[] = [];
      // An appending proxy: each request's own X-Forwarded-For is kept, the client's address last.
      for (const claimed of ['203.0.113.1', '203.0.113.2', '198.51.100.3, 203.0.113.4']) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `${claimed}, 192.0.2.50` },
          payload: { email: newEmail(), password: 'wrong-password' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([401, 429, 429]);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('behind TRUST_PROXY an address written with its port is one address, whatever the port', async () => {
    const testApp = await createTestApp('sqlite', {
      env: { RATE_LIMIT_AUTH_PER_MIN: '1', TRUST_PROXY: 'true' },
    });
    try {
      for (const forms of [
        ['203.0.113.8:40001', '203.0.113.8:40002', '203.0.113.8'],
        ['[2001:db8::9]:40001', '[2001:db8::9]:40002', '2001:db8::10'],
      ]) {
        const statuses: number[] = [];
        for (const address of forms) {
          const response = await testApp.app.inject({
            method: 'POST',
            url: '/api/login',
            remoteAddress: '127.0.0.1',
            headers: { 'x-forwarded-for': address },
            payload: { email: newEmail(), password: 'wrong-password' },
          });
          statuses.push(response.statusCode);
        }
        expect(statuses, forms[0]).toEqual([401, 429, 429]);
      }
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('the AI budget is one per address for all AI routes, and one recording spends one unit', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AI_PER_MIN: '2' } });
    try {
      const post = (url: string, payload: object, token?: string) =>
        testApp.app.inject({
          method: 'POST',
          url,
          remoteAddress: '203.0.113.9',
          headers: token === undefined ? {} : { 'recording-token': token },
          payload,
        });
      const transcript = 'Buy milk and call the bank';
      const format = { transcript, format: 'checklist', category: 'personal' };
      // A recording: infer spends the unit and names it; format follows for nothing.
      const infer = await post('/api/infer-format-category', { transcript });
      expect(infer.statusCode).toBe(200);
      const token = infer.headers['recording-token'];
      expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect((await post('/api/format', format, String(token))).statusCode).toBe(200);
      expect((await post('/api/format', format, String(token))).statusCode).toBe(200);
      // Two follow-ups are all a recording covers: the third spends the second unit...
      expect((await post('/api/format', format, String(token))).statusCode).toBe(200);
      // ...and the budget is spent for every AI route, token or not.
      expectApiError(await post('/api/format', format), 429, 'rate_limited');
      const limited = await post('/api/infer-format-category', { transcript }, String(token));
      expectApiError(limited, 429, 'rate_limited');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      // Another address has its own budget, and a token names a recording of one address only.
      const elsewhere = await testApp.app.inject({
        method: 'POST',
        url: '/api/format',
        remoteAddress: '203.0.113.10',
        headers: { 'recording-token': String(token) },
        payload: format,
      });
      expect(elsewhere.statusCode).toBe(200);
      expect(elsewhere.headers['recording-token']).not.toBe(token);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('a made-up or malformed recording token is counted like none', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AI_PER_MIN: '1' } });
    try {
      const post = (token: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/infer-format-category',
          remoteAddress: '203.0.113.11',
          headers: { 'recording-token': token },
          payload: { transcript: 'Ship the release' },
        });
      expect((await post('AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(200);
      expectApiError(await post('BBBBBBBBBBBBBBBBBBBBBB'), 429, 'rate_limited');
      expectApiError(await post('not a token; DROP TABLE'), 429, 'rate_limited');
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('the web app', () => {
  let dist: string;
  let testApp: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'voice-ideas-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voice Ideas</title>');
    writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), 'console.log("app")');
    testApp = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves files, hashed assets as immutable', async () => {
    const asset = await testApp.app.inject({ url: '/assets/app-1a2b3c.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log("app")');
    expect(asset.headers['cache-control']).toContain('immutable');
    const index = await testApp.app.inject({ url: '/' });
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toMatch(/^text\/html/);
    expect(index.headers['cache-control']).toBe('no-cache');
  });

  it.each(['/ideas', '/login?error=link', '/some/deep/page', '/reset-password'])(
    'answers %s with index.html and 200 (the app shows its own Page Not Found)',
    async (url) => {
      const response = await testApp.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Voice Ideas</title>');
    },
  );

  it('never answers /api/* with the web app', async () => {
    const response = await testApp.app.inject({ url: '/api/unknown/thing' });
    expectApiError(response, 404, 'not_found');
  });

  it('without a build, explains how to build instead of crashing', async () => {
    const bare = await createTestApp('sqlite');
    try {
      const response = await bare.app.inject({ url: '/ideas' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      expect(response.body).toContain('npm run build');
      const api = await bare.app.inject({ url: '/api/health' });
      expect(api.statusCode).toBe(200);
    } finally {
      await closeTestApp(bare);
    }
  });
});
