/**
 * Replies that carry a person's data say `Cache-Control: no-store`, errors included, however the
 * path to them was spelled. docs/security.md names the control each block proves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { listenOnLoopback, parseRawResponse, rawExchange } from './support.js';

describe('replies with a person’s data are never cached', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('sends Cache-Control: no-store on ideas, identity, usage and their errors', async () => {
    const user = await registerUser(testApp.app);
    const guest = guestHeaders(newGuestId());
    const requests = [
      { url: '/api/ideas', headers: user.headers },
      { url: '/api/ideas/export?format=csv', headers: user.headers },
      { url: '/api/guest-ideas', headers: guest },
      { url: '/api/me', headers: user.headers },
      { url: '/api/me', headers: guest },
      { url: '/api/usage', headers: user.headers },
      { url: '/api/usage', headers: guest },
      { url: '/api/ideas', headers: {} },
    ];
    for (const request of requests) {
      const response = await testApp.app.inject(request);
      expect(response.statusCode, request.url).toBeLessThan(500);
      expect(response.headers['cache-control'], request.url).toBe('no-store');
    }
  });
});

describe('every spelling of a path to a person’s data', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('says no-store on every spelling of an API path that reaches a person’s data', async () => {
    const user = await registerUser(testApp.app);
    for (const url of ['/%61pi/ideas', '/%61%70%69/me', '/%61pi/usage']) {
      const response = await testApp.app.inject({ url, headers: user.headers });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    const absolute = parseRawResponse(
      (
        await rawExchange(
          port,
          [
            {
              data: `GET http://127.0.0.1:${port}/api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${user.cookie}\r\nConnection: close\r\n\r\n`,
            },
          ],
          5_000,
        )
      ).response,
    );
    expect(absolute.status).toBe(200);
    expect(absolute.headers['cache-control']).toBe('no-store');
  });
});
