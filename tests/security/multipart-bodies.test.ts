/**
 * What a third outside probe found (and a fourth, re-checking), replayed: many moderate allocations that add up to
 * gigabytes, a multipart body the parser never finishes, one client filling the decode queue,
 * the server's own lack of room reported as a provider failure, and text that shows nothing.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { connect } from 'node:net';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors.js';
import { decodeAudio } from '#server/modules/ai/audio-decode.js';
import { createAiService } from '#server/modules/ai/service.js';
import { TranscriptionError, type Transcriber } from '#server/modules/ai/transcriber.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
} from '#server/test-support/api.js';
import { BOUNDARY, MULTIPART_HEADERS } from '../support/multipart.js';
import { makeSpeech } from '../support/speech-audio.js';
import {
  listenOnLoopback,
  measuredFfmpeg,
  parseRawResponse,
  rawExchange,
  useProbeBench,
} from './support.js';

const run = promisify(execFile);

const bench = useProbeBench('probe3', 'Tweet work: third time.');

/**
 * A fragmented mp4 with `tracks` audio tracks, each track's first `trun` box patched to claim
 * 2.5 million samples: each index stays under ffmpeg's per-allocation cap, together they do not.
 */
async function multiTrackBomb(tracks: number): Promise<Buffer> {
  const spoken = await makeSpeech(bench().dir, 'One two three four five six.', 'wav');
  const fragmented = join(bench().dir, `tracks-${tracks}.m4a`);
  const labels = Array.from({ length: tracks }, (_, i) => `[a${i}]`).join('');
  await run('ffmpeg', [
    ...['-nostdin', '-loglevel', 'error', '-y', '-i', spoken],
    ...['-filter_complex', `[0:a]asplit=${tracks}${labels}`],
    ...Array.from({ length: tracks }, (_, i) => ['-map', `[a${i}]`]).flat(),
    ...['-c:a', 'aac', '-b:a', '16k'],
    ...['-movflags', 'frag_keyframe+empty_moov+default_base_moof', '-frag_duration', '500000'],
    fragmented,
  ]);
  const bytes = await readFile(fragmented);
  const firstFragmentEnds = bytes.indexOf('moof', bytes.indexOf('moof') + 4);
  for (let at = bytes.indexOf('trun'); at !== -1; at = bytes.indexOf('trun', at + 4)) {
    if (firstFragmentEnds !== -1 && at > firstFragmentEnds) break;
    bytes.writeUInt32BE(0, at + 4);
    bytes.writeUInt32BE(2_500_000, at + 8);
  }
  return bytes;
}

describe('ffmpeg’s whole memory is capped, not only each allocation', () => {
  it('refuses a forty-track index bomb with ffmpeg under 520 MB', async () => {
    const ffmpeg = await measuredFfmpeg(bench().dir);
    const path = join(bench().dir, 'bomb.m4a');
    await writeFile(path, await multiTrackBomb(40));
    await expect(
      decodeAudio(path, { container: 'mp4', keepPcm: false, ffmpegPath: ffmpeg.path }),
    ).rejects.toMatchObject({ kind: 'undecodable' });
    const peakKb = await ffmpeg.peakKb();
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb).toBeLessThan(520 * 1024);
  });

  it('still decodes an ordinary recording under the cap', async () => {
    const path = await makeSpeech(bench().dir, 'Checklist work: one, two, three.', 'mp4');
    const decoded = await decodeAudio(path, { container: 'mp4', keepPcm: true });
    expect(decoded.hasSpeech).toBe(true);
  });
});

describe('one client cannot take every decoding slot', () => {
  it('refuses a third decode from the same client while another client still gets in', async () => {
    const path = await makeSpeech(bench().dir, 'Tweet work: fair shares.', 'webm');
    const decode = (client: string) =>
      decodeAudio(path, { container: 'webm', keepPcm: false, client }).then(
        () => 'decoded',
        (error: { kind?: string }) => error.kind ?? 'crashed',
      );
    const outcomes = await Promise.all([
      decode('203.0.113.1'),
      decode('203.0.113.1'),
      decode('203.0.113.1'),
      decode('198.51.100.2'),
    ]);
    expect(outcomes).toEqual(['decoded', 'decoded', 'busy', 'decoded']);
  });
});

describe('the server short of room says so', () => {
  it('answers a busy engine with 503 server_busy and Retry-After, not a provider failure', async () => {
    const busy: Transcriber = {
      engine: 'whisper',
      available: true,
      reason: 'test',
      transcribe: () => Promise.reject(new TranscriptionError('busy', 'queue full')),
      close: () => Promise.resolve(),
    };
    const ai = createAiService({
      engines: {
        transcriber: busy,
        formatter: { format: () => Promise.reject(new Error('unused')) },
        inferrer: { infer: () => Promise.reject(new Error('unused')) },
      } as unknown as Parameters<typeof createAiService>[0]['engines'],
      ideas: { findById: () => Promise.resolve(null), update: () => Promise.reject(new Error()) },
      log: { warn: () => undefined },
    });
    const head = Buffer.from([0x1a, 0x45, 0xdf, 0xa3]);
    const refused = await ai
      .transcribe(
        { filePath: '/nonexistent', sizeBytes: 100, head, client: '203.0.113.9' },
        new AbortController().signal,
      )
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({
      statusCode: 503,
      code: 'server_busy',
      headers: { 'Retry-After': '30' },
    });
  });
});

describe('a multipart body the parser never finishes', () => {
  it('answers 400 soon after the body has arrived, instead of holding the connection', async () => {
    const testApp = await createTestApp('sqlite', {
      env: { TRANSCRIBE_ENGINE: 'openai', OPENAI_BASE_URL: bench().fake.url },
    });
    try {
      const port = await listenOnLoopback(testApp.app);
      const body = Buffer.concat([
        Buffer.from(`--${BOUNDARY}\r\nContent-Type: audio/webm\r\n\r\n`),
        Buffer.alloc(17_000, 0x41),
        Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
      ]);
      const exchange = await rawExchange(
        port,
        [
          {
            data: Buffer.concat([
              Buffer.from(
                `POST /api/transcribe HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n` +
                  `Content-Type: ${MULTIPART_HEADERS['content-type']}\r\nContent-Length: ${body.length}\r\n\r\n`,
              ),
              body,
            ]),
          },
        ],
        15_000,
      );
      const response = parseRawResponse(exchange.response);
      expect(response.status, exchange.response.slice(0, 200)).toBe(400);
      expect(response.body).toMatchObject({ error: 'invalid_input' });
      expect(exchange.openMs).toBeLessThan(8_000);
    } finally {
      await closeTestApp(testApp);
    }
  });
});

describe('text that shows nothing is empty', () => {
  it('refuses content made only of invisible characters, and spends no quota on it', async () => {
    const testApp = await createTestApp('sqlite');
    try {
      const guest = guestHeaders(newGuestId());
      const invisible = [
        '\u200b\u200c\u200d',
        '\u202e\u2066\u2069',
        '\u0085\u00a0',
        '\u3164\u115f',
        '\u2800',
        '\u0001\u0002\u001f',
        '\u007f\u0080\u009f',
        '\u{e0041}\u{e0042}',
        '\uffff\ufffe\ufdd0',
        '\u034f\u034f\u034f',
        '\ufe0f',
        '\u{e0100}',
        '\u{16fe4}',
      ];
      for (const content of invisible) {
        const response = await testApp.app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: guest,
          payload: { content, format: 'tweet', category: 'work' },
        });
        expectApiError(response, 400, 'invalid_input');
      }
      const usage = await testApp.app.inject({ url: '/api/usage', headers: guest });
      expect(usage.json()).toMatchObject({ usedThisMonth: 0 });
      // Joined emoji hold zero-width joiners and still show something.
      const family = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: '👨‍👩‍👧', format: 'tweet', category: 'personal' },
      });
      expect(family.statusCode).toBe(201);
    } finally {
      await closeTestApp(testApp);
    }
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
