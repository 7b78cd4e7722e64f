/**
 * Every reply under /api, the router's and Node's own included, has the `{error, message}`
 * shape and the security headers. docs/security.md names the control each block proves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { listenOnLoopback, parseRawResponse, rawExchange } from './support.js';

describe('every reply under /api has the error shape', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('answers ids up to the schema limit with 404 and longer ones with 400', async () => {
    const guest = guestHeaders(newGuestId());
    for (const length of [101, 128]) {
      const response = await testApp.app.inject({
        method: 'PUT',
        url: `/api/guest-ideas/${'a'.repeat(length)}`,
        headers: guest,
        payload: { content: 'x' },
      });
      expectApiError(response, 404, 'not_found');
    }
    for (const length of [129, 300, 5000]) {
      for (const url of [
        `/api/guest-ideas/${'a'.repeat(length)}`,
        `/api/guest-ideas/${'a'.repeat(length)}/reformat`,
      ]) {
        const response = await testApp.app.inject({
          method: url.endsWith('reformat') ? 'POST' : 'DELETE',
          url,
          headers: guest,
        });
        expectApiError(response, 400, 'invalid_input');
        expect(response.headers['content-security-policy']).toBeDefined();
        expect(response.headers['cache-control']).toBe('no-store');
      }
    }
  });

  it('answers a URL that is not validly encoded with 400', async () => {
    const response = await testApp.app.inject({
      url: '/api/guest-ideas/%E0%A4%A',
      method: 'DELETE',
    });
    expectApiError(response, 400, 'invalid_input');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers an over-long URL and malformed HTTP in the error shape, with the security headers', async () => {
    const port = await listenOnLoopback(testApp.app);
    const cases = [
      {
        bytes: `GET /api/ideas?q=${'x'.repeat(40_000)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`,
        status: 431,
        error: 'headers_too_large',
      },
      { bytes: 'HELLO THERE\r\n\r\n', status: 400, error: 'bad_request' },
      {
        bytes: 'GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: nope\r\n\r\n',
        status: 400,
        error: 'bad_request',
      },
    ];
    for (const { bytes, status, error } of cases) {
      const exchange = await rawExchange(port, [{ data: bytes }], 5_000);
      const response = parseRawResponse(exchange.response);
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ error, message: expect.any(String) as string });
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('requests Node answers by itself', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('answers a request without Host, an unknown Expect and CONNECT in the error shape', async () => {
    const cases = [
      {
        bytes: 'GET /api/me HTTP/1.1\r\nConnection: close\r\n\r\n',
        status: 400,
        error: 'bad_request',
      },
      {
        bytes:
          'POST /api/guest-ideas HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 200-ok\r\nContent-Length: 2\r\n\r\n',
        status: 417,
        error: 'expectation_failed',
      },
      {
        bytes: 'CONNECT 127.0.0.1:22 HTTP/1.1\r\nHost: 127.0.0.1:22\r\n\r\n',
        status: 405,
        error: 'method_not_allowed',
      },
    ];
    for (const { bytes, status, error } of cases) {
      const response = parseRawResponse(
        (await rawExchange(port, [{ data: bytes }], 5_000)).response,
      );
      expect(response.status, bytes).toBe(status);
      expect(response.body).toEqual({ error, message: expect.any(String) as string });
      expect(response.headers['content-security-policy']).toBeDefined();
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});
