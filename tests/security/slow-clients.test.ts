/**
 * Clients too slow to send or to read: a body or headers that stall or trickle are cut, a body
 * left trickling after an early answer loses its connection, a client that stops reading its
 * answers is let go, and a slow upload that keeps moving still finishes. docs/security.md names
 * the control each block proves.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { connect } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_UPLOAD_MAX_BYTES } from '#contract/limits.js';
import {
  closeTestApp,
  createTestApp,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { MULTIPART_HEADERS, recording } from '../support/multipart.js';
import { listenOnLoopback, parseRawResponse, rawExchange, useProbeBench } from './support.js';

const run = promisify(execFile);

const bench = useProbeBench('slow-clients', 'Tweet work: the probe is over.');

describe('a request body that stalls is cut; one that moves is not', () => {
  it(
    'cuts a body that stops, a body or headers that trickle, within 30 s with a 408',
    { timeout: 45_000 },
    async () => {
      const testApp = await createTestApp('sqlite');
      try {
        const port = await listenOnLoopback(testApp.app);
        const head = (length: number) =>
          `POST /api/guest-ideas HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
          `X-Guest-Id: ${newGuestId()}\r\nContent-Length: ${length}\r\n\r\n`;
        const [stalled, trickling, slowHeaders] = await Promise.all([
          rawExchange(port, [{ data: head(1000) + '{"content":' }], 40_000),
          rawExchange(
            port,
            [
              { data: head(1000) },
              ...Array.from({ length: 8 }, (_, i) => ({ data: '{', afterMs: i === 0 ? 0 : 4_000 })),
            ],
            40_000,
          ),
          // Headers that never end (slowloris): one more header line every 4 s.
          rawExchange(
            port,
            [
              { data: 'GET /api/me HTTP/1.1\r\nHost: 127.0.0.1\r\n' },
              ...Array.from({ length: 9 }, (_, i) => ({
                data: `X-Slow-${i}: 1\r\n`,
                afterMs: 4_000,
              })),
            ],
            40_000,
          ),
        ]);
        for (const exchange of [stalled, trickling, slowHeaders]) {
          expect(exchange.openMs).toBeLessThan(30_000);
          const response = parseRawResponse(exchange.response);
          expect(response.status).toBe(408);
          expect(response.body).toMatchObject({ error: 'request_timeout' });
        }
      } finally {
        await closeTestApp(testApp);
      }
    },
  );

  it('leaves requests injected in-process alone (they have no socket to watch)', async () => {
    const testApp = await createTestApp('sqlite', {
      deps: {
        transportLimits: {
          bodyProgressWindowMs: 20,
          bodyMinBytes: 1024,
          writeProgressWindowMs: 30_000,
        },
      },
    });
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guestHeaders(newGuestId()),
        payload: { content: 'injected', format: 'tweet', category: 'work' },
      });
      expect(response.statusCode).toBe(201);
      // Several windows pass; a guard that mistook the fake socket for a stalled one would throw.
      await new Promise((resolve) => setTimeout(resolve, 200));
    } finally {
      await closeTestApp(testApp);
    }
  });

  it(
    'lets a slow but moving 25 MiB upload finish, however many windows it spans',
    { timeout: 60_000 },
    async () => {
      // A 500 ms window keeps the test short; much shorter and a busy CI machine pausing this very
      // process (client and server both) would look like a stall.
      const testApp = await createTestApp('sqlite', {
        env: { ...bench().openAiEnv(), TRANSCRIBE_TIMEOUT_MS: '30000' },
        deps: {
          transportLimits: {
            bodyProgressWindowMs: 500,
            bodyMinBytes: 1024,
            writeProgressWindowMs: 30_000,
          },
        },
      });
      try {
        const port = await listenOnLoopback(testApp.app);
        // Spoken words padded with silence to 800 s of 16 kHz PCM: 24.4 MiB, under the limit.
        const spoken = join(bench().dir, 'long-espeak.wav');
        const padded = join(bench().dir, 'long.wav');
        await run('espeak-ng', ['-w', spoken, 'A long upload.']);
        await run('ffmpeg', [
          ...['-nostdin', '-loglevel', 'error', '-y', '-i', spoken, '-ac', '1', '-ar', '16000'],
          ...['-af', 'apad=whole_dur=800', '-c:a', 'pcm_s16le', padded],
        ]);
        const wav = await readFile(padded);
        expect(wav.length).toBeGreaterThan(AUDIO_UPLOAD_MAX_BYTES - 2 * 1024 * 1024);
        const body = recording(wav, 'audio/wav');
        const chunkBytes = 256 * 1024;
        const chunks: Array<{ data: Buffer; afterMs: number }> = [];
        for (let offset = 0; offset < body.length; offset += chunkBytes) {
          chunks.push({ data: body.subarray(offset, offset + chunkBytes), afterMs: 50 });
        }
        const head =
          `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
          `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`;
        const exchange = await rawExchange(port, [{ data: head }, ...chunks], 40_000);
        expect(exchange.openMs).toBeGreaterThan(chunks.length * 50 * 0.8);
        const response = parseRawResponse(exchange.response);
        expect(response.status, exchange.response.slice(0, 300)).toBe(200);
        expect(response.body).toMatchObject({ transcript: 'Tweet work: the probe is over.' });
      } finally {
        await closeTestApp(testApp);
      }
    },
  );
});

describe('an answer sent before the body arrived', () => {
  let testApp: TestApp;
  let port: number;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite');
    port = await listenOnLoopback(testApp.app);
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('closes the connection when it answers before the body arrived', async () => {
    const exchange = await rawExchange(
      port,
      [
        {
          data:
            'POST /api/guest-ideas HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://evil.example\r\n' +
            'Content-Type: application/json\r\nContent-Length: 60000\r\n\r\n{',
        },
        // A byte now and then would otherwise keep the socket for as long as the client likes.
        ...Array.from({ length: 5 }, () => ({ data: ' ', afterMs: 1_000 })),
      ],
      15_000,
    );
    expect(parseRawResponse(exchange.response).status).toBe(403);
    expect(exchange.openMs).toBeLessThan(2_000);
  });
});

describe('a client that stops reading its answers', () => {
  it('is cut once nothing more can be sent to it, while a reader gets every byte', async () => {
    const testApp = await createTestApp('sqlite', {
      deps: {
        transportLimits: {
          bodyProgressWindowMs: 10_000,
          bodyMinBytes: 1024,
          writeProgressWindowMs: 300,
        },
      },
    });
    const big = Buffer.alloc(1024 * 1024, 0x61);
    testApp.app.get('/api/test-big', (_request, reply) => reply.type('text/plain').send(big));
    try {
      const port = await listenOnLoopback(testApp.app);
      const connections = () =>
        new Promise<number>((resolve, reject) => {
          testApp.app.server.getConnections((error, count) =>
            error ? reject(error) : resolve(count),
          );
        });
      const request = 'GET /api/test-big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

      const silent = connect(port, '127.0.0.1', () => {
        silent.write(request.repeat(50));
        silent.pause();
      });
      silent.on('error', () => undefined);
      await expect.poll(connections, { timeout: 5_000 }).toBe(1);
      // Several windows with answers waiting and nothing flushed: the server lets it go.
      await expect.poll(connections, { timeout: 5_000, interval: 100 }).toBe(0);
      silent.destroy();

      const reader = connect(port, '127.0.0.1', () => reader.write(request.repeat(3)));
      let received = 0;
      reader.on('data', (chunk: Buffer) => (received += chunk.length));
      await expect.poll(() => received, { timeout: 10_000 }).toBeGreaterThan(3 * big.length);
      reader.destroy();
    } finally {
      await closeTestApp(testApp);
    }
  });
});
