/**
 * DNS rebinding: a page on a name of its own that resolves to the victim's server sends its
 * requests with `Host: <its name>`, and so uses that server as same-origin from inside the
 * victim's network (a guest space whose id it holds, the AI engines, sign-in). The
 * server answers only the host names it is reached at (docs/security.md, "DNS rebinding";
 * ADR 104): loopback, any IP literal, PUBLIC_URL's host, this machine's name and ALLOWED_HOSTS.
 */
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.js';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { listenOnLoopback, parseRawResponse, rawExchange } from './support.js';

const get = (testApp: TestApp, host: string, url = '/api/health', headers = {}) =>
  testApp.app.inject({ method: 'GET', url, headers: { host, ...headers } });

describe('host names the server answers to', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { PUBLIC_URL: 'https://Ideas.Example.com', ALLOWED_HOSTS: 'app, app-replica, .lan' },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('refuses a rebinding page reading a guest space, in the error shape with the security headers', async () => {
    const guest = guestHeaders(newGuestId());
    await createIdea(
      testApp.app,
      { headers: guest, url: '/api/guest-ideas' },
      { content: 'the idea a rebinding page wants' },
    );
    for (const host of ['rebind.attacker.example', 'rebind.attacker.example:3000']) {
      const response = await get(testApp, host, '/api/guest-ideas', guest);
      expectApiError(response, 421, 'misdirected_request');
      expect(response.body).not.toContain('rebinding page wants');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers['content-security-policy']).toBeDefined();
    }
    // The same page's writes, and the web app's shell, are refused alike.
    const write = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { host: 'rebind.attacker.example', ...guest },
      payload: { content: 'planted', format: 'tweet', category: 'work' },
    });
    expectApiError(write, 421, 'misdirected_request');
    expectApiError(await get(testApp, 'rebind.attacker.example', '/'), 421, 'misdirected_request');
  });

  it('answers loopback names, IP literals, PUBLIC_URL, the machine and ALLOWED_HOSTS', async () => {
    const allowed = [
      'localhost',
      'localhost:3000',
      'LOCALHOST.:3000',
      'app.localhost:5173',
      '127.0.0.1:3000',
      '127.0.0.2',
      '[::1]:3000',
      '192.168.1.20:3000',
      '10.0.0.7',
      '[fd00::7]:8080',
      'ideas.example.com',
      'IDEAS.example.com:443',
      'app:3000',
      'app-replica:3000',
      'lan',
      'nas.lan:3000',
      hostname(),
    ];
    for (const host of allowed) {
      const response = await get(testApp, host);
      expect(response.statusCode, host).toBe(200);
    }
  });

  it('refuses names that only look like allowed ones', async () => {
    const refused = [
      'ideas.example.com.attacker.example',
      'attacker-ideas.example.com',
      'localhost.attacker.example',
      'localhost@attacker.example',
      'attacker.example@localhost',
      'localhost/../attacker.example',
      'localhost\\attacker.example',
      'lan.attacker.example',
      'apps',
      '127.0.0.1.attacker.example',
      'not a host',
    ];
    for (const host of refused) {
      const response = await get(testApp, host);
      expect(response.statusCode, host).toBe(421);
    }
  });

  it('refuses an unknown Host on the wire, as a browser or curl sends it', async () => {
    const port = await listenOnLoopback(testApp.app);
    const refused = await rawExchange(
      port,
      [{ data: 'GET /api/health HTTP/1.1\r\nHost: rebind.attacker.example\r\n\r\n' }],
      5_000,
    );
    expect(refused.openMs).toBeLessThan(4_000);
    const answer = parseRawResponse(refused.response);
    expect(answer.status).toBe(421);
    expect(answer.body).toEqual({
      error: 'misdirected_request',
      message: 'This server does not answer to the host name this request was sent to.',
    });
    const allowed = await rawExchange(
      port,
      [
        {
          data: `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
        },
      ],
      5_000,
    );
    expect(parseRawResponse(allowed.response).status).toBe(200);
  });

  it('refuses a second Host line and a target in absolute form naming an unknown host', async () => {
    // Listening already since the test before, when it ran.
    const address = testApp.app.server.address();
    const port =
      address !== null && typeof address === 'object'
        ? address.port
        : await listenOnLoopback(testApp.app);
    const send = async (request: string) =>
      parseRawResponse((await rawExchange(port, [{ data: request }], 5_000)).response).status;
    const own = `127.0.0.1:${port}`;
    expect(
      await send(
        `GET /api/health HTTP/1.1\r\nHost: ${own}\r\nHost: rebind.attacker.example\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(400);
    expect(
      await send(
        `GET http://rebind.attacker.example/api/health HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(421);
    expect(
      await send(
        `GET http://${own}/api/health HTTP/1.1\r\nHost: ${own}\r\nConnection: close\r\n\r\n`,
      ),
    ).toBe(200);
  });

  it("takes X-Forwarded-Host as no one's word without TRUST_PROXY", async () => {
    const response = await get(testApp, 'localhost', '/api/health', {
      'x-forwarded-host': 'rebind.attacker.example',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('host names behind a trusted proxy', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { PUBLIC_URL: 'https://ideas.example.com', TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('checks every X-Forwarded-Host entry, since Fastify then takes one as the host', async () => {
    const forwarded = (value: string) =>
      get(testApp, '127.0.0.1:3000', '/api/health', { 'x-forwarded-host': value });
    expect((await forwarded('ideas.example.com')).statusCode).toBe(200);
    expectApiError(await forwarded('rebind.attacker.example'), 421, 'misdirected_request');
    expectApiError(
      await forwarded('ideas.example.com, rebind.attacker.example'),
      421,
      'misdirected_request',
    );
  });
});

describe('ALLOWED_HOSTS', () => {
  it('turns the check off with *, for a proxy that checks Host itself', async () => {
    const testApp = await createTestApp('sqlite', { env: { ALLOWED_HOSTS: '*' } });
    try {
      expect((await get(testApp, 'anything.example')).statusCode).toBe(200);
    } finally {
      await closeTestApp(testApp);
    }
  });

  it('stops the start on an entry that is not a host name', () => {
    for (const value of ['app:3000', 'http://app', 'a b', 'app,/x']) {
      expect(() => loadConfig({ ALLOWED_HOSTS: value }), value).toThrow(/ALLOWED_HOSTS/);
    }
    expect(loadConfig({ ALLOWED_HOSTS: ' App , .LAN., ' }).allowedHosts).toEqual(['app', '.lan']);
  });
});
