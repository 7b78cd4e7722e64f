/**
 * A state-changing call from another site is refused, whatever Origin it claims.
 * docs/security.md names the control.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';

describe('calls from another site', () => {
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
});

describe('calls from the plain-http page of a site served over https', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { PUBLIC_URL: 'https://ideas.example.com' },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  const deleteAll = (headers: Record<string, string>) =>
    testApp.app.inject({ method: 'DELETE', url: '/api/ideas/all', headers });

  it('refuses an http Origin naming the https address', async () => {
    const user = await registerUser(testApp.app);
    const response = await deleteAll({
      ...user.headers,
      host: 'ideas.example.com',
      origin: 'http://ideas.example.com',
    });
    expectApiError(response, 403, 'forbidden_origin');
  });

  it('accepts the https Origin, also through a proxy that speaks plain http to the app', async () => {
    const user = await registerUser(testApp.app);
    const response = await deleteAll({
      ...user.headers,
      host: 'ideas.example.com',
      origin: 'https://ideas.example.com',
    });
    expect(response.statusCode).toBe(200);
  });
});
