/**
 * What an outside probe found, replayed. Each block reproduces one finding the way the probe
 * sent it and expects the answer docs/api.md gives; docs/security.md names the control each
 * block proves.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_UPLOAD_MAX_BYTES } from '#contract/limits.js';
import { decodeAudio } from '#server/modules/ai/audio-decode.js';
import {
  closeTestApp,
  createIdea,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { BOUNDARY, MULTIPART_HEADERS, multipartBody, recording } from '../support/multipart.js';
import { makeSpeech } from '../support/speech-audio.js';
import {
  captureLogs,
  linesWithStacks,
  listenOnLoopback,
  LOG_LEVELS,
  parseRawResponse,
  rawExchange,
  useProbeBench,
} from './support.js';

const run = promisify(execFile);

const bench = useProbeBench('security', 'Tweet work: the probe is over.');

describe('1. an upload cannot make ffmpeg read files on the server', () => {
  let testApp: TestApp;
  let toneWithSound: string;
  let silentTone: string;

  beforeAll(async () => {
    toneWithSound = join(bench().dir, 'tone.ts');
    silentTone = join(bench().dir, 'silent.ts');
    for (const [path, source] of [
      [toneWithSound, 'sine=frequency=440:sample_rate=16000'],
      [silentTone, 'anullsrc=r=16000:cl=mono'],
    ] as const) {
      await run('ffmpeg', [
        ...['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi', '-i', source],
        ...['-t', '1', '-c:a', 'aac', '-f', 'mpegts', path],
      ]);
    }
    testApp = await createTestApp('sqlite', { env: bench().openAiEnv() });
  });

  afterAll(async () => {
    await closeTestApp(testApp);
  });

  const playlist = (path: string) =>
    `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10.0,\n${path}\n#EXT-X-ENDLIST\n`;
  const id3 = Buffer.concat([Buffer.from('ID3'), Buffer.from([0x04]), Buffer.alloc(6)]);

  const disguises: Record<string, Buffer> = {
    'an ID3 (mp3) header': id3,
    'the EBML (webm) magic': Buffer.from([0x1a, 0x45, 0xdf, 0xa3]),
    'an Ogg page marker': Buffer.from('OggS'),
    'a RIFF/WAVE header': Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.alloc(4),
      Buffer.from('WAVE'),
    ]),
    'an mp4 ftyp box': Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom')]),
  };

  async function upload(bytes: Buffer) {
    return testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: recording(bytes),
    });
  }

  it('answers the reproduction the same whether the named file exists, is silent or not', async () => {
    const answers = [];
    for (const target of [toneWithSound, silentTone, join(bench().dir, 'missing.ts')]) {
      const response = await upload(Buffer.concat([id3, Buffer.from(playlist(target))]));
      expectApiError(response, 415, 'unsupported_media_type');
      answers.push(response.body);
    }
    expect(new Set(answers).size).toBe(1);
    expect(bench().fake.requests).toEqual([]);
  });

  for (const [disguise, head] of Object.entries(disguises)) {
    it(`refuses a playlist or concat script behind ${disguise}`, async () => {
      for (const script of [
        playlist(toneWithSound),
        `ffconcat version 1.0\nfile '${toneWithSound}'\n`,
      ]) {
        const response = await upload(Buffer.concat([head, Buffer.from(script)]));
        expect([415, 422]).toContain(response.statusCode);
        expect(response.statusCode).not.toBe(200);
      }
      expect(bench().fake.requests).toEqual([]);
    });
  }

  it('decodes through the same forced demuxer on the embedded engine path', async () => {
    const path = join(bench().dir, 'probe.webm');
    await writeFile(path, Buffer.concat([id3, Buffer.from(playlist(toneWithSound))]));
    await expect(decodeAudio(path, { container: 'mp3', keepPcm: true })).rejects.toMatchObject({
      kind: 'undecodable',
    });
  });
});

describe('2. a malformed multipart body is a 400, not a 500', () => {
  const logs = captureLogs();
  let testApp: TestApp;

  beforeAll(async () => {
    testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
  });

  const bodies: Record<string, { headers: Record<string, string>; payload: Buffer }> = {
    'no boundary in the Content-Type': {
      headers: { 'content-type': 'multipart/form-data' },
      payload: Buffer.from('--x\r\nnothing here\r\n'),
    },
    'a body that ends before its closing boundary': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n\r\nOggS and then nothing`,
      ),
    },
    'a broken part header': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition\r\n\r\nOggS\r\n--${BOUNDARY}--\r\n`,
      ),
    },
    'bytes that are not multipart at all': {
      headers: MULTIPART_HEADERS,
      payload: Buffer.from('\u0000\u0001\u0002 definitely not a form'),
    },
  };

  for (const [what, request] of Object.entries(bodies)) {
    it(`answers ${what} with 400 invalid_input and logs no error`, async () => {
      logs.lines.length = 0;
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/transcribe',
        headers: request.headers,
        payload: request.payload,
      });
      expectApiError(response, 400, 'invalid_input');
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.warn)).toEqual([]);
      expect(linesWithStacks(logs.lines)).toEqual([]);
    });
  }

  it('still transcribes a well-formed upload', async () => {
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: still fine.', 'webm'));
    const response = await testApp.app.inject({
      method: 'POST',
      url: '/api/transcribe',
      headers: MULTIPART_HEADERS,
      payload: multipartBody([{ name: 'audio', filename: 'recording.webm', content: speech }]),
    });
    expect(response.statusCode, response.body).toBe(200);
  });
});

describe('3. a request body that stalls is cut; one that moves is not', () => {
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

describe('4. password guessing cannot lock the owner out', () => {
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

forEachDialect((dialect) => {
  describe('5. content made only of NUL characters is empty', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect);
    });
    afterAll(async () => {
      await closeTestApp(testApp);
    });

    it('refuses it with 400 and spends no quota unit', async () => {
      const guest = guestHeaders(newGuestId());
      const refused = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: '\u0000\u0000', format: 'tweet', category: 'work', transcript: null },
      });
      const body = expectApiError(refused, 400, 'invalid_input');
      expect(body.message).toMatch(/content/);
      const usage = await testApp.app.inject({ url: '/api/usage', headers: guest });
      expect(usage.json()).toMatchObject({ usedThisMonth: 0 });

      const kept = await createIdea(
        testApp.app,
        { headers: guest, url: '/api/guest-ideas' },
        { content: 'ship\u0000 it' },
      );
      expect(kept.content).toBe('ship it');
      const edit = await testApp.app.inject({
        method: 'PUT',
        url: `/api/guest-ideas/${kept.id}`,
        headers: guest,
        payload: { content: ' \u0000 ' },
      });
      expectApiError(edit, 400, 'invalid_input');
    });

    it('treats a NUL-only transcript as empty when formatting', async () => {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/format',
        payload: { transcript: '\u0000', format: 'tweet', category: 'work' },
      });
      expectApiError(response, 400, 'invalid_input');
    });
  });
});

describe('6. replies with a person’s data are never cached', () => {
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

describe('7. every reply under /api has the error shape', () => {
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

describe('8. expected failures are logged once, without a stack', () => {
  it('logs 503, 502 and an aborted upload below error level, and a real fault at error', async () => {
    const logs = captureLogs();
    const speech = await readFile(await makeSpeech(bench().dir, 'Tweet work: log me.', 'webm'));
    const unconfigured = await createTestApp('sqlite', {
      env: { LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    const configured = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), LOG_LEVEL: 'info' },
      deps: { logDestination: logs.destination },
    });
    unconfigured.app.get('/api/test-fault', () => {
      throw new TypeError('a real defect');
    });
    try {
      const upload = {
        method: 'POST' as const,
        url: '/api/transcribe',
        headers: MULTIPART_HEADERS,
      };
      expectApiError(
        await unconfigured.app.inject({ ...upload, payload: recording(speech) }),
        503,
        'transcription_unavailable',
      );
      bench().fake.setFault('500');
      expectApiError(
        await configured.app.inject({ ...upload, payload: recording(speech) }),
        502,
        'transcription_failed',
      );
      bench().fake.setFault('none');

      const port = await listenOnLoopback(configured.app);
      const body = recording(speech);
      await rawExchange(
        port,
        [
          {
            data:
              `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
              `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
          },
          { data: body.subarray(0, body.length / 2) },
        ],
        300,
      );
      // The server notices the closed connection on its next read.
      await new Promise((resolve) => setTimeout(resolve, 300));

      expect(linesWithStacks(logs.lines)).toEqual([]);
      expect(logs.lines.filter((line) => line.level >= LOG_LEVELS.error)).toEqual([]);
      // Lines about requests; start-up notes (no engine, no web build) are warnings of their own.
      const warned = logs.lines.filter(
        (line) => line.level === LOG_LEVELS.warn && line.reqId !== undefined,
      );
      expect(warned.map((line) => line.code)).toEqual([
        'transcription_unavailable',
        'transcription_failed',
      ]);
      expect(warned[1]?.cause).toMatch(/status 500/);
      expect(logs.lines.some((line) => line.code === 'client_closed_request')).toBe(true);

      expectApiError(
        await unconfigured.app.inject({ url: '/api/test-fault' }),
        500,
        'internal_error',
      );
      const faults = logs.lines.filter((line) => line.level >= LOG_LEVELS.error);
      expect(faults).toHaveLength(1);
      expect(faults[0]?.err?.stack).toMatch(/a real defect/);
    } finally {
      bench().fake.setFault('none');
      await closeTestApp(unconfigured);
      await closeTestApp(configured);
    }
  });
});
