import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '#contract/api-schemas.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { forEachDialect } from '../../test-support/databases.js';
import { guestHeaders, newGuestId, useTestApp } from '../../test-support/api.js';
import {
  TranscriptionError,
  type AudioUpload,
  type Transcriber,
  type Transcription,
} from '../ai/transcriber.js';

/**
 * Transcription of kept recordings as a durable job (docs/api.md, "Recordings"; ADR 121), with a
 * scripted engine: retries, failures, progress over server-sent events, long audio in pieces
 * cut at its pauses, and a short clip that never waits behind a long one.
 */

const run = promisify(execFile);
const TUS = { 'tus-resumable': '1.0.0' };
const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-transcription-'));
let clip: Buffer;
let long: Buffer;
let big: Buffer;

/** Six sentences, each followed by two seconds of silence: about 30 s of webm. */
async function sentencesWithPauses(): Promise<Buffer> {
  const parts: string[] = [];
  for (let i = 1; i <= 6; i += 1) {
    const raw = join(dir, `sentence-${i}.wav`);
    await run('espeak-ng', [
      '-v',
      'en-us',
      '-w',
      raw,
      `This is sentence number ${i} of a long recording.`,
    ]);
    parts.push(raw);
  }
  const inputs = parts.flatMap((path) => ['-i', path]);
  const filter = parts
    .map((_, i) => `[${i}:a]aresample=48000,apad=pad_dur=2[a${i}]`)
    .concat([`${parts.map((_, i) => `[a${i}]`).join('')}concat=n=${parts.length}:v=0:a=1[out]`])
    .join(';');
  const out = join(dir, 'long.webm');
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    ...inputs,
    '-filter_complex',
    filter,
    '-map',
    '[out]',
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

/** Over the short lane's 4 MiB: speech then 45 s of silence, as 48 kHz WAV. */
async function bigRecording(): Promise<Buffer> {
  const speech = await makeSpeech(dir, 'A long recording begins here.', 'wav');
  const out = join(dir, 'big.wav');
  await run('ffmpeg', [
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    speech,
    '-af',
    'apad=pad_dur=45',
    '-ac',
    '1',
    '-ar',
    '48000',
    '-c:a',
    'pcm_s16le',
    out,
  ]);
  return readFile(out);
}

beforeAll(async () => {
  clip = await readFile(await makeSpeech(dir, 'Tweet work: ship the beta.', 'webm'));
  long = await sentencesWithPauses();
  big = await bigRecording();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An engine whose answers the test scripts; it decodes nothing. */
class ScriptedTranscriber implements Transcriber {
  readonly engine = 'openai' as const;
  readonly available = true;
  readonly reason = 'scripted for tests';
  calls: AudioUpload[] = [];
  failuresLeft = 0;
  noSpeech = false;
  /** While set, calls from this queue lane wait until it resolves. */
  hold: { client: string; until: Promise<void> } | null = null;

  async transcribe(upload: AudioUpload): Promise<Transcription> {
    this.calls.push(upload);
    if (this.hold !== null && upload.client === this.hold.client) await this.hold.until;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new TranscriptionError('engine_failed', 'The scripted engine failed.');
    }
    if (this.noSpeech) throw new TranscriptionError('no_speech', 'Nothing was said.');
    return { transcript: `words ${this.calls.length}`, durationMs: 1000 };
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer,
  meta: Record<string, string> = {},
  remoteAddress = '127.0.0.1',
): Promise<string> {
  const metadata = Object.entries({ filename: 'recording.webm', ...meta })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    remoteAddress,
    headers: {
      ...TUS,
      ...headers,
      'upload-length': String(bytes.length),
      'upload-metadata': metadata,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = String(created.headers.location).split('/').pop() ?? '';
  const sent = await app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
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
  expect(sent.headers['recording-id']).toBe(id);
  return id;
}

async function settled(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  timeoutMs = 30_000,
): Promise<Recording> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const recording = (
      await app.inject({ url: `/api/recordings/${id}`, headers })
    ).json<Recording>();
    if (recording.status === 'done' || recording.status === 'failed') return recording;
    if (Date.now() > deadline) throw new Error(`still ${recording.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

forEachDialect((dialect) => {
  describe('transcription jobs', () => {
    const engine = new ScriptedTranscriber();
    const testApp = useTestApp(dialect, {
      deps: {
        ai: { transcriber: engine },
        now: () => new Date(),
        // One short-lane worker: the turn-taking tests read the order of one worker's calls.
        recordingQueue: {
          backoffMs: 50,
          pollMs: 100,
          leaseMs: 1500,
          pieceMaxMs: 10_000,
          shortWorkers: 1,
        },
      },
    });

    it('transcribes a finished upload and streams its progress until done', async () => {
      const { app } = testApp();
      engine.failuresLeft = 0;
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, clip);
      const events = await app.inject({ url: `/api/recordings/${id}/events`, headers: guest });
      expect(events.statusCode).toBe(200);
      expect(events.headers['content-type']).toMatch(/^text\/event-stream/);
      const sent = events.body
        .split('\n\n')
        .filter((block) => block.startsWith('data: '))
        .map((block) => JSON.parse(block.slice('data: '.length)) as Recording);
      expect(sent.at(-1)).toMatchObject({ id, status: 'done', progress: 1, error: null });
      expect(sent.at(-1)?.transcript).toMatch(/^words \d+$/);
      expect(sent.at(-1)?.durationMs).toBeGreaterThan(1000);
    });

    it('retries an engine that fails three times, then has the transcript', async () => {
      const { app } = testApp();
      engine.failuresLeft = 3;
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, clip);
      const recording = await settled(app, guest, id);
      expect(recording.status).toBe('done');
      expect(recording.transcript).toMatch(/^words/);
    });

    it('fails with the reason once retries are spent, keeps the audio, and transcribes again on request', async () => {
      const { app } = testApp();
      engine.failuresLeft = 100;
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, clip);
      const failed = await settled(app, guest, id);
      expect(failed).toMatchObject({ status: 'failed', transcript: null });
      expect(failed.error?.error).toBe('transcription_failed');
      const audio = await app.inject({ url: `/api/recordings/${id}/audio`, headers: guest });
      expect(audio.rawPayload.equals(clip)).toBe(true);

      engine.failuresLeft = 0;
      const again = await app.inject({
        method: 'POST',
        url: `/api/recordings/${id}/transcribe`,
        headers: guest,
      });
      expect(again.statusCode, again.body).toBe(202);
      expect(await settled(app, guest, id)).toMatchObject({ status: 'done', error: null });
    });

    it('fails at once, without retrying, when there is no speech', async () => {
      const { app } = testApp();
      engine.noSpeech = true;
      const before = engine.calls.length;
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, clip);
      const failed = await settled(app, guest, id);
      engine.noSpeech = false;
      expect(failed.error?.error).toBe('no_speech');
      expect(engine.calls.length - before).toBe(1);
    });

    it('cuts long audio at its pauses into pieces and joins their words in order', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const before = engine.calls.length;
      const id = await upload(app, guest, long);
      const done = await settled(app, guest, id);
      const pieces = engine.calls.slice(before);
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      expect(pieces.every((piece) => piece.container === 'wav')).toBe(true);
      expect(done.transcript).toBe(pieces.map((_, i) => `words ${before + i + 1}`).join(' '));
      expect(done.durationMs).toBeGreaterThan(25_000);
    });

    it('hands the engine the language the upload named, for every piece; none when absent', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      let before = engine.calls.length;
      const french = await upload(app, guest, long, { language: 'fr' });
      expect((await settled(app, guest, french)).status).toBe('done');
      const pieces = engine.calls.slice(before);
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      expect(pieces.map((piece) => piece.language)).toEqual(pieces.map(() => 'fr'));
      before = engine.calls.length;
      const plain = await upload(app, guest, clip);
      expect((await settled(app, guest, plain)).status).toBe('done');
      expect(engine.calls.slice(before).map((call) => call.language)).toEqual([undefined]);
    });

    it.each(['French', 'FR', 'fr-FR', 'f'])(
      'refuses an upload whose language is %j, before any byte',
      async (language) => {
        const { app } = testApp();
        const created = await app.inject({
          method: 'POST',
          url: '/api/uploads',
          headers: {
            ...TUS,
            ...guestHeaders(newGuestId()),
            'upload-length': String(clip.length),
            'upload-metadata': `filename ${Buffer.from('recording.webm').toString('base64')},language ${Buffer.from(language).toString('base64')}`,
          },
        });
        expect(created.statusCode, created.body).toBe(400);
        expect(created.json()).toEqual({
          error: 'invalid_input',
          message:
            'Upload-Metadata: language must be a language code of 2 or 3 lowercase letters (ISO 639-1, such as "fr").',
        });
      },
    );

    it('keeps no audio once transcribed when the person asked for none', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, clip, { keepAudio: 'false' });
      expect((await settled(app, guest, id)).status).toBe('done');
      expect(
        (await app.inject({ url: `/api/recordings/${id}/audio`, headers: guest })).statusCode,
      ).toBe(404);
      const again = await app.inject({
        method: 'POST',
        url: `/api/recordings/${id}/transcribe`,
        headers: guest,
      });
      expect(again.statusCode).toBe(409);
    });

    it('never makes a short clip wait behind a long recording', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      let release = (): void => undefined;
      engine.hold = {
        client: 'recordings-long',
        until: new Promise((resolve) => (release = resolve)),
      };
      try {
        const slow = await upload(app, guest, big);
        const quick = await upload(app, guest, clip);
        expect((await settled(app, guest, quick)).status).toBe('done');
        const waiting = (
          await app.inject({ url: `/api/recordings/${slow}`, headers: guest })
        ).json<Recording>();
        expect(waiting.status).toBe('transcribing');
        release();
        expect((await settled(app, guest, slow)).status).toBe('done');
      } finally {
        engine.hold = null;
        release();
      }
    });

    it(
      'moves a small file that holds long audio to the long lane once its length is known',
      { timeout: 120_000 },
      async () => {
        const { app } = testApp();
        const guest = guestHeaders(newGuestId());
        const out = join(dir, 'six-minutes.webm');
        await run('ffmpeg', [
          ...['-nostdin', '-loglevel', 'error', '-y', '-f', 'lavfi'],
          ...['-i', 'sine=frequency=300:sample_rate=16000:duration=360'],
          ...['-ac', '1', '-c:a', 'libopus', '-b:a', '6k', '-f', 'webm', out],
        ]);
        const small = await readFile(out);
        expect(small.length).toBeLessThan(1024 * 1024);
        let release = (): void => undefined;
        engine.hold = {
          client: 'recordings-long',
          until: new Promise((resolve) => (release = resolve)),
        };
        try {
          const sixMinutes = await upload(app, guest, small);
          // Its length is known once the short lane has looked at it, and it moves on, so a
          // clip that comes after it is not kept waiting.
          const other = guestHeaders(newGuestId());
          const quick = await upload(app, other, clip);
          expect((await settled(app, other, quick)).status).toBe('done');
          const held = (
            await app.inject({ url: `/api/recordings/${sixMinutes}`, headers: guest })
          ).json<Recording>();
          expect(held.status).not.toBe('done');
          expect(held.durationMs).toBeGreaterThan(5 * 60_000);
          release();
          expect((await settled(app, guest, sixMinutes, 60_000)).status).toBe('done');
        } finally {
          engine.hold = null;
          release();
        }
      },
    );

    it('lets owners take turns: one client’s many clips do not push back another’s', async () => {
      const { app } = testApp();
      const many = guestHeaders(newGuestId());
      const other = guestHeaders(newGuestId());
      let release = (): void => undefined;
      engine.hold = {
        client: 'recordings-short',
        until: new Promise((resolve) => (release = resolve)),
      };
      try {
        const first = await upload(app, many, clip);
        const deadline = Date.now() + 10_000;
        while (
          (await app.inject({ url: `/api/recordings/${first}`, headers: many })).json<Recording>()
            .status !== 'transcribing'
        ) {
          if (Date.now() > deadline) throw new Error('never claimed');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        const later = [];
        for (let i = 0; i < 3; i += 1) later.push(await upload(app, many, clip));
        const theirs = await upload(app, other, clip, {}, '198.51.100.7');
        engine.hold = null;
        release();
        // The scripted engine numbers its calls in its transcripts: "words N".
        const callOf = async (headers: Record<string, string>, id: string) =>
          Number((await settled(app, headers, id)).transcript?.split(' ')[1]);
        const firstCall = await callOf(many, first);
        const theirCall = await callOf(other, theirs);
        const laterCalls = await Promise.all(later.map((id) => callOf(many, id)));
        expect(theirCall).toBe(firstCall + 1);
        for (const call of laterCalls) expect(call).toBeGreaterThan(theirCall);
      } finally {
        engine.hold = null;
        release();
      }
    });

    it('lets addresses take turns: fresh guest ids from one address do not push back another’s clip', async () => {
      const { app } = testApp();
      let release = (): void => undefined;
      engine.hold = {
        client: 'recordings-short',
        until: new Promise((resolve) => (release = resolve)),
      };
      try {
        const crowd = '203.0.113.40';
        const firstGuest = guestHeaders(newGuestId());
        const first = await upload(app, firstGuest, clip, {}, crowd);
        const deadline = Date.now() + 10_000;
        while (
          (
            await app.inject({ url: `/api/recordings/${first}`, headers: firstGuest })
          ).json<Recording>().status !== 'transcribing'
        ) {
          if (Date.now() > deadline) throw new Error('never claimed');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // Each a guest of its own, as a script makes them, all from one address.
        const later: { headers: Record<string, string>; id: string }[] = [];
        for (let i = 0; i < 3; i += 1) {
          const headers = guestHeaders(newGuestId());
          later.push({ headers, id: await upload(app, headers, clip, {}, crowd) });
        }
        const person = guestHeaders(newGuestId());
        const theirs = await upload(app, person, clip, {}, '198.51.100.8');
        engine.hold = null;
        release();
        const callOf = async (headers: Record<string, string>, id: string) =>
          Number((await settled(app, headers, id)).transcript?.split(' ')[1]);
        const firstCall = await callOf(firstGuest, first);
        const theirCall = await callOf(person, theirs);
        const laterCalls = await Promise.all(later.map((job) => callOf(job.headers, job.id)));
        expect(theirCall).toBe(firstCall + 1);
        for (const call of laterCalls) expect(call).toBeGreaterThan(theirCall);
      } finally {
        engine.hold = null;
        release();
      }
    });

    it('takes up a job whose worker died, once its lease ran out, and drops the dead run’s writes', async () => {
      const { app, database } = testApp();
      const guest = guestHeaders(newGuestId());
      let release = (): void => undefined;
      engine.hold = {
        client: 'recordings-short',
        until: new Promise((resolve) => (release = resolve)),
      };
      try {
        const id = await upload(app, guest, clip);
        const deadline = Date.now() + 10_000;
        while (
          (await app.inject({ url: `/api/recordings/${id}`, headers: guest })).json<Recording>()
            .status !== 'transcribing'
        ) {
          if (Date.now() > deadline) throw new Error('never claimed');
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        // As another instance leaves a job it claimed and was killed in: a later run, whose
        // lease is over. The run still holding the engine here is now a stale one.
        const past = new Date(Date.now() - 60_000).toISOString();
        await sql`UPDATE recordings SET lease_until = ${past}, attempts = attempts + 1
          WHERE id = ${id}`.execute(database.db);
        engine.hold = null;
        release();
        const done = await settled(app, guest, id);
        expect(done.status).toBe('done');
        const attempts = await sql<{
          attempts: number | string;
        }>`SELECT attempts FROM recordings WHERE id = ${id}`.execute(database.db);
        // The dead run's claim, the one marked dead, and the one that finished it.
        expect(Number(attempts.rows[0]?.attempts)).toBe(3);
      } finally {
        engine.hold = null;
        release();
      }
    });
  });

  describe('short clips side by side', () => {
    /** Each call waits, up to a few seconds, for another to be under way beside it. */
    class PairingTranscriber extends ScriptedTranscriber {
      inFlight = 0;
      mostAtOnce = 0;
      private arrived: Array<() => void> = [];

      override async transcribe(upload: AudioUpload): Promise<Transcription> {
        this.inFlight += 1;
        this.mostAtOnce = Math.max(this.mostAtOnce, this.inFlight);
        try {
          if (this.inFlight >= 2) for (const wake of this.arrived.splice(0)) wake();
          else {
            await new Promise<void>((resolve) => {
              this.arrived.push(resolve);
              setTimeout(resolve, 3000);
            });
          }
          return await super.transcribe(upload);
        } finally {
          this.inFlight -= 1;
        }
      }
    }
    const engine = new PairingTranscriber();
    const testApp = useTestApp(dialect, {
      deps: {
        ai: { transcriber: engine },
        now: () => new Date(),
        recordingQueue: { pollMs: 100, shortWorkers: 2 },
      },
    });

    it('transcribes two people’s short clips at once, one per decode slot', async () => {
      const { app } = testApp();
      const one = guestHeaders(newGuestId());
      const two = guestHeaders(newGuestId());
      const first = await upload(app, one, clip);
      const second = await upload(app, two, clip);
      expect((await settled(app, one, first)).status).toBe('done');
      expect((await settled(app, two, second)).status).toBe('done');
      expect(engine.mostAtOnce).toBe(2);
    });
  });
});
