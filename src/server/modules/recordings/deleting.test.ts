import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Recording } from '#contract/api-schemas.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { forEachDialect } from '../../test-support/databases.js';
import { guestHeaders, newGuestId, registerUser, useTestApp } from '../../test-support/api.js';
import type { AudioUpload, Transcriber, Transcription } from '../ai/transcriber.js';

/**
 * Every way a person removes their things takes the recordings' bytes with them, not only the
 * rows that point at them (docs/api.md, "Recordings"; the Privacy page): deleting an idea,
 * clearing an account's ideas or a guest's data, deleting the account, and a recording made
 * with Keep recordings off, whose audio goes once its transcript is stored.
 */

const TUS = { 'tus-resumable': '1.0.0' };
const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-deleting-audio-'));
let clip: Buffer;

beforeAll(async () => {
  clip = await readFile(await makeSpeech(audioDir, 'Tweet work: ship the beta.', 'webm'));
});
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

class InstantTranscriber implements Transcriber {
  readonly engine = 'openai' as const;
  readonly available = true;
  readonly reason = 'answers at once for tests';
  transcribe(_upload: AudioUpload): Promise<Transcription> {
    return Promise.resolve({ transcript: 'ship the beta', durationMs: 1000 });
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

async function upload(
  app: FastifyInstance,
  headers: Record<string, string>,
  meta: Record<string, string> = {},
): Promise<string> {
  const metadata = Object.entries({ filename: 'recording.webm', ...meta })
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
  const created = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...headers,
      'upload-length': String(clip.length),
      'upload-metadata': metadata,
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = String(created.headers.location).split('/').pop() ?? '';
  const sent = await app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...TUS,
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': '0',
    },
    payload: clip,
  });
  expect(sent.headers['recording-id']).toBe(id);
  return id;
}

async function transcribed(app: FastifyInstance, headers: Record<string, string>, id: string) {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const recording = (
      await app.inject({ url: `/api/recordings/${id}`, headers })
    ).json<Recording>();
    if (recording.status === 'done') return recording;
    if (recording.status === 'failed' || Date.now() > deadline) {
      throw new Error(`recording ${id} is ${recording.status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function ideaFor(
  app: FastifyInstance,
  headers: Record<string, string>,
  recordingId: string,
  signedIn: boolean,
): Promise<string> {
  const created = await app.inject({
    method: 'POST',
    url: signedIn ? '/api/ideas' : '/api/guest-ideas',
    headers,
    payload: { content: 'Ship the beta', format: 'tweet', category: 'work', recordingId },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: string }>().id;
}

forEachDialect((dialect) => {
  describe('deleting takes the recordings’ bytes', () => {
    const recordingsDir = mkdtempSync(join(tmpdir(), 'voice-ideas-deleting-store-'));
    afterAll(() => rmSync(recordingsDir, { recursive: true, force: true }));
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_DIR: recordingsDir },
      deps: {
        ai: { transcriber: new InstantTranscriber() },
        now: () => new Date(),
        recordingQueue: { backoffMs: 50, pollMs: 100, leaseMs: 1500, pieceMaxMs: 10_000 },
      },
    });

    /** The recording's row, and its bytes wherever this install keeps them. */
    async function left(id: string): Promise<{ rows: number; bytes: boolean }> {
      const { database } = testApp();
      const rows = await sql<{ n: number | string }>`
        SELECT count(*) AS n FROM recordings WHERE id = ${id}`.execute(database.db);
      if (dialect === 'sqlite') {
        return {
          rows: Number(rows.rows[0]?.n),
          bytes: readdirSync(recordingsDir).some((name) => name.startsWith(id)),
        };
      }
      const chunks = await sql<{ n: number | string }>`
        SELECT count(*) AS n FROM recording_chunks WHERE upload_id = ${id}`.execute(database.db);
      return { rows: Number(rows.rows[0]?.n), bytes: Number(chunks.rows[0]?.n) > 0 };
    }

    it('keeps the bytes of a recording while its idea lives', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest);
      await transcribed(app, guest, id);
      await ideaFor(app, guest, id, false);
      expect(await left(id)).toEqual({ rows: 1, bytes: true });
      if (dialect === 'sqlite') expect(existsSync(join(recordingsDir, id))).toBe(true);
    });

    it('removes them with the idea', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest);
      await transcribed(app, guest, id);
      const ideaId = await ideaFor(app, guest, id, false);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/guest-ideas/${ideaId}`,
        headers: guest,
      });
      expect(deleted.statusCode).toBe(204);
      expect(await left(id)).toEqual({ rows: 0, bytes: false });
    });

    it("removes them when a guest clears their data, an idea's and one never saved", async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const saved = await upload(app, guest);
      await transcribed(app, guest, saved);
      await ideaFor(app, guest, saved, false);
      const unsaved = await upload(app, guest);
      const cleared = await app.inject({
        method: 'DELETE',
        url: '/api/guest-data',
        headers: guest,
      });
      expect(cleared.statusCode).toBe(200);
      expect(await left(saved)).toEqual({ rows: 0, bytes: false });
      expect(await left(unsaved)).toEqual({ rows: 0, bytes: false });
    });

    it('removes them when an account clears its ideas, and when it is deleted', async () => {
      const { app } = testApp();
      const user = await registerUser(app);
      const first = await upload(app, user.headers);
      await transcribed(app, user.headers, first);
      await ideaFor(app, user.headers, first, true);
      const cleared = await app.inject({
        method: 'DELETE',
        url: '/api/ideas/all',
        headers: user.headers,
      });
      expect(cleared.statusCode).toBe(200);
      expect(await left(first)).toEqual({ rows: 0, bytes: false });

      const second = await upload(app, user.headers);
      await transcribed(app, user.headers, second);
      const gone = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: user.headers,
        payload: { password: user.password },
      });
      expect(gone.statusCode, gone.body).toBe(204);
      expect(await left(second)).toEqual({ rows: 0, bytes: false });
    });

    it('removes the audio once transcribed when Keep recordings is off, keeping the transcript', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await upload(app, guest, { keepAudio: 'false' });
      const done = await transcribed(app, guest, id);
      expect(done.transcript).toBe('ship the beta');
      await expect.poll(async () => (await left(id)).bytes).toBe(false);
      expect((await left(id)).rows).toBe(1);
      const audio = await app.inject({ url: `/api/recordings/${id}/audio`, headers: guest });
      expect(audio.statusCode).toBe(404);
    });
  });
});
