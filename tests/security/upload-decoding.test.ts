/**
 * What a second outside probe found after the first round of fixes, replayed: decompression
 * bombs for ffmpeg, a burst of decodes, spellings of /api that dodged no-store, guesses raced in
 * parallel, a body left trickling after an early answer, lone surrogates, multipart limits, the
 * requests Node answers by itself, and a client that leaves while its recording is transcribed.
 */
import { execFile } from 'node:child_process';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAudio } from '#server/modules/ai/audio-decode.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { BOUNDARY, MULTIPART_HEADERS, multipartBody, recording } from '../support/multipart.js';
import { makeSpeech } from '../support/speech-audio.js';
import {
  captureLogs,
  listenOnLoopback,
  LOG_LEVELS,
  parseRawResponse,
  rawExchange,
  measuredFfmpeg,
  useProbeBench,
} from './support.js';

const run = promisify(execFile);

const bench = useProbeBench('probe2', 'Tweet work: still standing.');

/** A fragmented mp4 whose first `trun` box claims fifty million samples: 20-odd KB on disk. */
async function trunBomb(): Promise<Buffer> {
  const spoken = await makeSpeech(bench().dir, 'One two three four five.', 'wav');
  const fragmented = join(bench().dir, 'fragmented.m4a');
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-i', spoken, '-c:a', 'aac'],
    ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '500000'],
    fragmented,
  ]);
  const bytes = await readFile(fragmented);
  const at = bytes.indexOf('trun');
  bytes.writeUInt32BE(0, at + 4);
  bytes.writeUInt32BE(50_000_000, at + 8);
  return bytes;
}

/** A WAV whose LIST chunk declares 2 GB. */
function listBomb(): Buffer {
  const header = Buffer.alloc(12 + 8 + 16);
  header.write('RIFF', 0);
  header.writeUInt32LE(0x7ffffff0, 4);
  header.write('WAVE', 8);
  header.write('fmt ', 12);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(16_000, 24);
  header.writeUInt32LE(32_000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  const list = Buffer.alloc(8 + 4096);
  list.write('LIST', 0);
  list.writeUInt32LE(0x7ffffff0, 4);
  list.write('INFO', 8);
  return Buffer.concat([header, list]);
}

describe('ffmpeg is held to a small memory and a few at a time', () => {
  let ffmpeg: Awaited<ReturnType<typeof measuredFfmpeg>>;

  beforeAll(async () => {
    ffmpeg = await measuredFfmpeg(bench().dir);
  });

  for (const [name, make, container] of [
    ['an mp4 whose index claims fifty million samples', trunBomb, 'mp4'],
    ['a WAV with a 2 GB chunk', async () => listBomb(), 'wav'],
  ] as const) {
    it(`refuses ${name} without ffmpeg growing past 200 MB`, async () => {
      const path = join(bench().dir, `bomb.${container}`);
      await writeFile(path, await make());
      await expect(
        decodeAudio(path, { container, keepPcm: true, ffmpegPath: ffmpeg.path }),
      ).rejects.toMatchObject({ kind: 'undecodable' });
      const peakKb = await ffmpeg.peakKb();
      expect(peakKb).toBeGreaterThan(0);
      expect(peakKb).toBeLessThan(200 * 1024);
    });
  }

  it('decodes a few at once, queues a bounded number and refuses the rest at once', async () => {
    const speech = await makeSpeech(bench().dir, 'Checklist work: one, two, three.', 'webm');
    // Far more than the slots and the queue together, all asked for in the same instant.
    const attempts = Array.from({ length: 40 }, () =>
      decodeAudio(speech, { container: 'webm', keepPcm: false }).then(
        () => 'decoded',
        (error: { kind?: string }) => error.kind ?? 'crashed',
      ),
    );
    const outcomes = await Promise.all(attempts);
    const decoded = outcomes.filter((outcome) => outcome === 'decoded').length;
    const refused = outcomes.filter((outcome) => outcome === 'busy').length;
    expect(decoded + refused).toBe(40);
    expect(decoded).toBeGreaterThanOrEqual(17);
    expect(decoded).toBeLessThanOrEqual(16 + 8);
  });

  it('answers the fragmented-mp4 bomb over HTTP with 415', async () => {
    const testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
        payload: recording(await trunBomb()),
      });
      expectApiError(response, 415, 'unsupported_media_type');
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('requests the router or Node see differently from the URL', () => {
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

describe('text and multipart edge cases', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  it('refuses lone surrogates in content, search and passwords', async () => {
    const guest = guestHeaders(newGuestId());
    const content = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: { ...guest, 'content-type': 'application/json' },
      payload: `{"content":"${'\\ud800'.repeat(100)}","format":"tweet","category":"work"}`,
    });
    expect(expectApiError(content, 400, 'invalid_input').message).toMatch(/Unicode/);
    const search = await testApp.app.inject({
      url: '/api/guest-ideas?q=%ED%A0%80',
      headers: guest,
    });
    expect(search.statusCode).toBeLessThan(500);
    const register = await testApp.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"surrogate@example.com","password":"${'\\udc00'.repeat(8)}"}`,
    });
    expectApiError(register, 400, 'invalid_input');
    // A real pair (an emoji) is text like any other.
    const emoji = await testApp.app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers: guest,
      payload: { content: 'ship it 🚀', format: 'tweet', category: 'work' },
    });
    expect(emoji.statusCode).toBe(201);
  });

  it('answers too many parts with 400, and never echoes a field name', async () => {
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: parts.', 'webm'));
    const manyFields = multipartBody([
      ...Array.from({ length: 1000 }, (_, i) => ({ name: `f${i}`, content: 'x' })),
      { name: 'audio', filename: 'recording.webm', content: speech },
    ]);
    const tooMany = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: manyFields,
    });
    expectApiError(tooMany, 400, 'invalid_input');

    const longName = 'n'.repeat(60_000);
    for (const disposition of [
      'form-data; filename="recording.webm"',
      `form-data; name="${longName}"; filename="recording.webm"`,
    ]) {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
        payload: Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`),
          speech,
          Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
        ]),
      });
      const body = expectApiError(response, 400, 'invalid_input');
      expect(body.message).not.toMatch(/undefined|nnnnnnnn/);
      expect(response.body.length).toBeLessThan(500);
    }
  });
});

describe('a client that leaves while its recording is transcribed', () => {
  it('is logged as a closed request, not as a failed transcription', async () => {
    const logs = captureLogs();
    const testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    try {
      const port = await listenOnLoopback(testApp.app);
      const body = recording(
        await readFile(await makeSpeech(bench().dir, 'Tweet work: bye.', 'webm')),
      );
      bench().fake.setFault('hang');
      await rawExchange(
        port,
        [
          {
            data:
              `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
              `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
          },
          { data: body },
        ],
        1_500,
      );
      await expect
        .poll(() => logs.lines.some((line) => line.code === 'client_closed_request'), {
          timeout: 5_000,
        })
        .toBe(true);
      const warned = logs.lines.filter(
        (line) => line.level >= LOG_LEVELS.warn && line.reqId !== undefined,
      );
      expect(warned).toEqual([]);
    } finally {
      bench().fake.setFault('none');
      await closeTestApp(testApp);
    }
  });
});

describe('static files refused by the static server', () => {
  it('answer 403 with a code that says forbidden', async () => {
    const dist = join(bench().dir, 'dist');
    await mkdir(join(dist, 'assets'), { recursive: true });
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>Voice Ideas</title>');
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
