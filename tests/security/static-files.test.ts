/**
 * The static server serves the build and nothing else: no path, however encoded, reaches a file
 * outside it, and what it refuses is answered in the error shape. docs/security.md names the
 * control.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestApp, createTestApp, type TestApp } from '#server/test-support/api.js';
import { listenOnLoopback, parseRawResponse, rawExchange } from './support.js';

describe('files outside the build', () => {
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

describe('static files refused by the static server', () => {
  let dist: string;
  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'voice-ideas-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Voice Ideas</title>');
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  it('answer 403 with a code that says forbidden', async () => {
    const testApp = await createTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });
    try {
      const port = await listenOnLoopback(testApp.app);
      for (const path of ['/api/../api/me', '//api/me']) {
        const response = parseRawResponse(
          (
            await rawExchange(
              port,
              [{ data: `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n` }],
              5_000,
            )
          ).response,
        );
        expect(response.status, path).toBe(403);
        expect(response.body).toEqual({
          error: 'forbidden',
          message: expect.any(String) as string,
        });
        expect(response.headers['cache-control'], path).toBe('no-store');
      }
    } finally {
      await closeTestApp(testApp);
    }
  });
});
