/**
 * Minutes of audio transcribed per address an hour (docs/security.md, "Transcription spend"):
 * one AI unit bought 15 minutes through POST /api/transcribe and 4 hours as a kept recording,
 * so calls alone bounded nothing a paid speech service charges for.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '#contract/api-schemas.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
  type TestApp,
} from '#server/test-support/api.js';
import { MULTIPART_HEADERS, recording } from '../support/multipart.js';
import { useProbeBench } from './support.js';

const run = promisify(execFile);
const TUS = { 'tus-resumable': '1.0.0' };

/** A sentence, then a minute of quiet: 61 seconds or so of webm, one more than the budget. */
async function aMinuteAndMore(dir: string): Promise<Buffer> {
  const raw = join(dir, 'said.wav');
  await run('espeak-ng', ['-v', 'en-us', '-w', raw, 'Remember to call the plumber.']);
  const out = join(dir, 'minute.webm');
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    raw,
    '-af',
    'aresample=48000,apad=pad_dur=61',
    '-ac',
    '1',
    '-c:a',
    'libopus',
    '-f',
    'webm',
    out,
  ]);
  return readFile(out);
}

async function upload(app: FastifyInstance, bytes: Buffer, remoteAddress: string) {
  const headers = guestHeaders(newGuestId());
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress,
    headers: { ...TUS, ...headers, 'upload-length': String(bytes.length) },
  });
  expect(created.statusCode, created.body).toBe(201);
  const sent = await app.inject({
    method: 'PATCH',
    url: String(created.headers.location),
    remoteAddress,
    headers: {
      ...TUS,
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: bytes,
  });
  expect(sent.statusCode, sent.body).toBe(204);
  return { headers, id: String(sent.headers['recording-id']) };
}

async function statusOf(
  app: FastifyInstance,
  recording: { headers: Record<string, string>; id: string },
  until: (r: Recording) => boolean,
): Promise<Recording> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = (
      await app.inject({ url: `/api/recordings/${recording.id}`, headers: recording.headers })
    ).json<Recording>();
    if (until(found) || Date.now() > deadline) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('minutes of audio transcribed per address', () => {
  const bench = useProbeBench('minutes', 'Remember to call the plumber.');
  let minute: Buffer;
  let testApp: TestApp;
  const app = () => testApp.app;
  const fake = () => bench().fake;

  beforeAll(async () => {
    minute = await aMinuteAndMore(bench().dir);
    testApp = await createTestApp('sqlite', {
      env: { ...bench().openAiEnv(), TRANSCRIPTION_MINUTES_PER_HOUR: '1' },
      deps: { now: () => new Date(), recordingQueue: { pollMs: 100, backoffMs: 50 } },
    });
  }, 60_000);
  afterAll(() => closeTestApp(testApp));

  /** A minute and more of speech (or `payload`) sent to POST /api/transcribe from `remoteAddress`. */
  const transcribe = (remoteAddress: string, payload = recording(minute)) =>
    app().inject({
      method: 'POST',
      url: '/api/transcribe',
      remoteAddress,
      headers: MULTIPART_HEADERS,
      payload,
    });

  it('refuses POST /api/transcribe once the address has used its minutes, before any work', async () => {
    const first = await transcribe('203.0.113.31');
    expect(first.statusCode, first.body).toBe(200);
    const calls = fake().requests.length;
    const refused = await transcribe('203.0.113.31');
    expectApiError(refused, 429, 'rate_limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(fake().requests.length).toBe(calls);
    // Another address has minutes of its own.
    expect((await transcribe('198.51.100.31')).statusCode).toBe(200);
  });

  it('counts the minutes of calls already running before their audio reaches the engine', async () => {
    const calls = fake().requests.length;
    // Two at once: one address may hold two decodes at a time.
    const replies = await Promise.all(Array.from({ length: 2 }, () => transcribe('203.0.113.33')));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([200, 429]);
    expect(fake().requests.length - calls).toBe(1);
  });

  it('refuses audio longer than a call takes, before the engine is given any of it', async () => {
    // Sixteen minutes of a steady tone at 6 kbit/s: a few hundred KB, well under the size limit.
    const long = join(bench().dir, 'sixteen-minutes.ogg');
    await run('ffmpeg', [
      '-nostdin',
      '-loglevel',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=300:sample_rate=16000:duration=960',
      '-ac',
      '1',
      '-c:a',
      'libopus',
      '-b:a',
      '6k',
      long,
    ]);
    const calls = fake().requests.length;
    const refused = await transcribe('203.0.113.39', recording(await readFile(long), 'audio/ogg'));
    expect(expectApiError(refused, 413, 'payload_too_large').message).toMatch(/15 minutes/);
    expect(fake().requests.length).toBe(calls);
    // No minute was taken for it: the address still has its one.
    const next = await transcribe('203.0.113.39');
    expect(next.statusCode, next.body).toBe(200);
  }, 60_000);

  it('gives back the minutes of a call whose engine failed', async () => {
    const send = () => transcribe('203.0.113.34');
    fake().setFault('500');
    try {
      expect((await send()).statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      fake().setFault('none');
    }
    const again = await send();
    expect(again.statusCode, again.body).toBe(200);
  });

  it('keeps the minutes of audio the engine answered with no words, on a call and a kept recording', async () => {
    fake().setFault('empty');
    let kept: { headers: Record<string, string>; id: string };
    try {
      expectApiError(await transcribe('203.0.113.36'), 422, 'no_speech');
      kept = await upload(app(), minute, '203.0.113.37');
      const failed = await statusOf(
        app(),
        kept,
        (r) => r.status === 'failed' || r.status === 'done',
      );
      expect(failed.status, JSON.stringify(failed)).toBe('failed');
    } finally {
      fake().setFault('none');
    }
    // The engine worked on both: their minutes stay spent.
    expectApiError(await transcribe('203.0.113.36'), 429, 'rate_limited');
    expectApiError(await transcribe('203.0.113.37'), 429, 'rate_limited');
  }, 60_000);

  it('keeps the minutes of a call whose client left while the engine had its audio', async () => {
    // Over a socket, from 127.0.0.1: leaving is a closed connection, not a failed engine.
    const address = await app().listen({ port: 0, host: '127.0.0.1' });
    const body = recording(minute);
    const send = (signal?: AbortSignal) =>
      fetch(`${address}/api/transcribe`, {
        method: 'POST',
        headers: MULTIPART_HEADERS,
        body: new Uint8Array(body),
        signal,
      });
    fake().setFault('hang');
    const calls = fake().requests.length;
    const leaving = new AbortController();
    const left = send(leaving.signal).catch(() => 'left');
    try {
      while (fake().requests.length === calls) await new Promise((r) => setTimeout(r, 20));
      leaving.abort();
      expect(await left).toBe('left');
    } finally {
      fake().setFault('none');
    }
    // Whatever the server does once it sees the client gone, no minute comes back to spend.
    const until = Date.now() + 2_000;
    while (Date.now() < until) {
      const again = await send();
      expect(again.status, await again.text()).toBe(429);
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(fake().requests.length).toBe(calls + 1);
  });

  it('keeps a kept recording queued, not failed, while its address has no minutes left', async () => {
    const first = await upload(app(), minute, '203.0.113.32');
    const done = await statusOf(app(), first, (r) => r.status === 'done' || r.status === 'failed');
    expect(done.status, JSON.stringify(done)).toBe('done');
    const waiting = await upload(app(), minute, '203.0.113.32');
    const row = async () =>
      testApp.database.db
        .selectFrom('recordings')
        .select(['status', 'error_code', 'run_after'])
        .where('id', '=', waiting.id)
        .executeTakeFirstOrThrow();
    const deadline = Date.now() + 30_000;
    while ((await row()).error_code !== 'rate_limited' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const held = await row();
    expect(held.error_code).toBe('rate_limited');
    expect(held.status).toBe('queued');
    // Due again once the address's hour is over, not retried at once until it fails.
    expect(new Date(held.run_after ?? 0).getTime()).toBeGreaterThan(Date.now() + 30 * 60_000);
    const elsewhere = await upload(app(), minute, '198.51.100.32');
    expect((await statusOf(app(), elsewhere, (r) => r.status === 'done')).status).toBe('done');
  }, 60_000);

  it('gives back a kept recording’s minutes when its engine fails, so its retry is not held for an hour', async () => {
    const calls = fake().requests.length;
    fake().setFault('500');
    let kept: { headers: Record<string, string>; id: string };
    try {
      kept = await upload(app(), minute, '203.0.113.35');
      const deadline = Date.now() + 30_000;
      while (fake().requests.length === calls && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      fake().setFault('none');
    }
    const done = await statusOf(app(), kept, (r) => r.status === 'done' || r.status === 'failed');
    expect(done.status, JSON.stringify(done)).toBe('done');
  }, 60_000);
});
