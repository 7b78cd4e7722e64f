/**
 * What an upload can make ffmpeg do: open no file but the upload itself, stay within a small
 * memory however its container lies about its size, and share the decoders fairly, saying so
 * when they are full. docs/security.md names the control each block proves.
 */
import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '#server/http/errors.js';
import { decodeAudio } from '#server/modules/ai/audio-decode.js';
import { createAiService } from '#server/modules/ai/service.js';
import { TranscriptionError, type Transcriber } from '#server/modules/ai/transcriber.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  type TestApp,
} from '#server/test-support/api.js';
import { MULTIPART_HEADERS, recording } from '../support/multipart.js';
import { makeSpeech } from '../support/speech-audio.js';
import { measuredFfmpeg, useProbeBench } from './support.js';

const run = promisify(execFile);

const bench = useProbeBench('upload-decoding', 'Tweet work: the probe is over.');

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

describe('an upload cannot make ffmpeg read files on the server', () => {
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
