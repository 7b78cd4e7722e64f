/**
 * Passwords and sessions: guessing, alone, in parallel or from addresses the client claims,
 * cannot lock the owner out or race past the limits, and a session is issued only by the server
 * and ends at logout. docs/security.md names the control each block proves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '#server/http/sessions.js';
import {
  closeTestApp,
  createTestApp,
  newEmail,
  registerUser,
  sessionCookieOf,
  type TestApp,
} from '#server/test-support/api.js';

describe('password guessing cannot lock the owner out', () => {
  it('lets the owner in from another address while an attacker keeps guessing', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '10' } });
    try {
      const owner = await registerUser(testApp.app);
      const login = (address: string, password: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: address,
          payload: { email: owner.email, password },
        });
      const attacker = '203.0.113.66';
      const statuses: number[] = [];
      for (let i = 0; i < 12; i += 1)
        statuses.push((await login(attacker, `guess-${i}`)).statusCode);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
      expect(statuses.slice(10)).toEqual([429, 429]);

      expect((await login('198.51.100.20', owner.password)).statusCode).toBe(200);

      // Many addresses guessing together get three tries each while the account is under attack.
      for (let host = 1; host <= 3; host += 1) {
        const address = `192.0.2.${host}`;
        const tries = [];
        for (let i = 0; i < 4; i += 1) tries.push((await login(address, `again-${i}`)).statusCode);
        expect(tries).toEqual([401, 401, 401, 429]);
      }
      expect((await login('198.51.100.21', owner.password)).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('password guesses sent in parallel', () => {
  it('cannot all pass the per-address allowance while the first are being checked', async () => {
    const testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '10' } });
    try {
      const owner = await registerUser(testApp.app);
      const login = (address: string, password: string) =>
        testApp.app.inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: address,
          payload: { email: owner.email, password },
        });
      for (let i = 0; i < 10; i += 1) await login('203.0.113.3', `wrong-${i}`);
      const parallel = await Promise.all(
        Array.from({ length: 10 }, (_, i) => login('203.0.113.25', `parallel-${i}`)),
      );
      const statuses = parallel.map((response) => response.statusCode).sort();
      expect(statuses).toEqual([...Array(3).fill(401), ...Array(7).fill(429)]);
      expect((await login('198.51.100.30', owner.password)).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('the address a client claims', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { RATE_LIMIT_AUTH_PER_MIN: '2' } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
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

describe('a session is the server’s to issue and to end', () => {
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
