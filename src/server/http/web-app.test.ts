import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { precompress } from '#scripts/precompress.mjs';
import { useTestApp } from '../test-support/api.js';
import { COMPRESS_MIN_BYTES } from './compression.js';
import { SHOWN_PATH_MAX_CHARS } from './web-app.js';

const dist = mkdtempSync(join(tmpdir(), 'voice-ideas-web-'));
const script = `console.log(${JSON.stringify('an app chunk '.repeat(400))});\n`;
const page = `<!doctype html><title>Voice Ideas</title>${'<p>shell</p>'.repeat(200)}`;
mkdirSync(join(dist, 'assets'));
writeFileSync(join(dist, 'assets', 'index-abc123.js'), script);
writeFileSync(join(dist, 'index.html'), page);
writeFileSync(join(dist, 'service-worker.js'), `self.addEventListener('fetch', () => {});`);
precompress(dist);
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('the web app files', () => {
  const testApp = useTestApp('sqlite', { env: { WEB_DIST_DIR: dist } });

  it('sends the brotli copy of a hashed asset, cached for a year, varying by encoding', async () => {
    const reply = await testApp().app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers['content-type']).toMatch(/javascript/);
    expect(brotliDecompressSync(reply.rawPayload).toString()).toBe(script);
  });

  it('sends gzip to a browser without brotli, and the plain file to one without either', async () => {
    const gzip = await testApp().app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(script);
    const plain = await testApp().app.inject({
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never lets index.html or the service worker be served from a cache unchecked', async () => {
    for (const url of ['/', '/index.html', '/search', '/service-worker.js']) {
      const reply = await testApp().app.inject({
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(reply.statusCode, url).toBe(200);
      expect(reply.headers['cache-control'], url).toBe('no-cache');
    }
    const fallback = await testApp().app.inject({
      url: '/some/app/page',
      headers: { 'accept-encoding': 'br' },
    });
    expect(fallback.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(fallback.rawPayload).toString()).toBe(page);
  });
});

describe('API replies', () => {
  const testApp = useTestApp('sqlite');
  const guest = 'guest_compression-test-0001';

  async function seed(count: number) {
    for (let index = 0; index < count; index += 1) {
      const reply = await testApp().app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: { 'x-guest-id': guest },
        payload: {
          content: `Idea number ${index}: a thought long enough to make the page worth compressing.`,
          format: 'tweet',
          category: 'work',
          transcript: null,
          guestId: '',
        },
      });
      expect(reply.statusCode).toBe(201);
    }
  }

  it('tells back at most the start of a very long unknown path, in a small JSON 404', async () => {
    const path = `/api/ideas/${'%F0%9F%98%80'.repeat(200)}`;
    const reply = await testApp().app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(reply.statusCode).toBe(404);
    // Small enough to go out as plain JSON, never compressed: no text of the caller's grows it.
    expect(reply.headers['content-encoding']).toBeUndefined();
    const body = reply.json<{ error: string; message: string }>();
    expect(body.error).toBe('not_found');
    expect(body.message).toBe(
      `There is no API endpoint GET ${path.slice(0, SHOWN_PATH_MAX_CHARS)}….`,
    );
  });

  it('answers an unknown API path spelled with percent-escapes as the API does, never with the page', async () => {
    for (const url of ['/%61pi/nonexistent', '/%61%70%69/nothing/here', '/api%2Fnothing']) {
      const reply = await testApp().app.inject({ method: 'GET', url });
      expect(reply.statusCode, url).toBe(404);
      expect(reply.json<{ error: string }>().error).toBe('not_found');
    }
  });

  it('compresses a large JSON reply and keeps it private to the person', async () => {
    await seed(3);
    const small = await testApp().app.inject({
      url: '/api/guest-ideas?limit=1',
      headers: { 'x-guest-id': guest, 'accept-encoding': 'gzip, br' },
    });
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();

    // The free plan's quota stops guests early; the export holds every idea, a large list.
    const list = await testApp().app.inject({
      url: '/api/guest-ideas/export?format=json',
      headers: { 'x-guest-id': guest, 'accept-encoding': 'gzip' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(list.headers.vary).toMatch(/accept-encoding/i);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.headers['content-disposition']).toMatch(/attachment/);
    const exported: unknown = JSON.parse(gunzipSync(list.rawPayload).toString());
    expect(JSON.stringify(exported)).toContain('Idea number 2');
  });

  it('takes a compressed request body as the bytes it is, never inflating it', async () => {
    const reply = await testApp().app.inject({
      method: 'POST',
      url: '/api/infer-format-category',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'x-guest-id': guest,
      },
      // Valid once inflated: a server that inflated bodies would answer 200.
      payload: gzipSync(JSON.stringify({ transcript: 'Tweet work: ship the offline queue' })),
    });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toMatchObject({ error: 'invalid_json' });
  });
});
