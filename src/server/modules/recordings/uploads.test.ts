import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { forEachDialect } from '../../test-support/databases.js';
import {
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  useTestApp,
} from '../../test-support/api.js';

/**
 * The tus endpoint and the recordings it makes, as a client sees them (docs/api.md,
 * "Recordings"): resumable uploads of unknown length, their owner, their limits, and what
 * becomes of the bytes.
 */

const TUS = { 'tus-resumable': '1.0.0' };
let audio: Buffer;
const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-upload-audio-'));

beforeAll(async () => {
  audio = await readFile(await makeSpeech(audioDir, 'Tweet work: keep every recording.', 'webm'));
});
afterAll(() => rmSync(audioDir, { recursive: true, force: true }));

function metadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

async function createUpload(
  app: FastifyInstance,
  headers: Record<string, string>,
  extra: Record<string, string> = { 'upload-defer-length': '1' },
): Promise<string> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...headers,
      'upload-metadata': metadata({ filename: 'recording.webm', filetype: 'audio/webm' }),
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  const location = String(response.headers.location);
  expect(location).toMatch(/^\/api\/uploads\/[0-9A-Z]{26}$/);
  return location.slice('/api/uploads/'.length);
}

function patch(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  offset: number,
  bytes: Buffer,
  extra: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...TUS,
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...extra,
    },
    payload: bytes,
  });
}

/** Uploads `bytes` in chunks of `chunk`, declaring the length with the last one. */
async function uploadInChunks(
  app: FastifyInstance,
  headers: Record<string, string>,
  bytes: Buffer,
  chunk = 4096,
): Promise<string> {
  const id = await createUpload(app, headers);
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const last = offset + chunk >= bytes.length;
    const response = await patch(
      app,
      headers,
      id,
      offset,
      bytes.subarray(offset, offset + chunk),
      last ? { 'upload-length': String(bytes.length) } : {},
    );
    expect(response.statusCode, response.body).toBe(204);
    expect(Number(response.headers['upload-offset'])).toBe(Math.min(bytes.length, offset + chunk));
    if (last) expect(response.headers['recording-id']).toBe(id);
  }
  return id;
}

forEachDialect((dialect) => {
  describe('tus uploads', () => {
    // Without a queue, a finished upload stays queued for the tests to see.
    const testApp = useTestApp(dialect, {
      env: { RECORDING_MAX_BYTES: String(1024 * 1024) },
      deps: { recordingQueue: false },
    });

    it('says which tus version, extensions and largest size it supports', async () => {
      const response = await testApp().app.inject({ method: 'OPTIONS', url: '/api/uploads' });
      expect(response.statusCode).toBe(204);
      expect(response.headers['tus-version']).toBe('1.0.0');
      const extensions = String(response.headers['tus-extension']).split(',');
      for (const wanted of ['creation', 'creation-defer-length', 'termination', 'expiration']) {
        expect(extensions).toContain(wanted);
      }
      expect(response.headers['tus-max-size']).toBe(String(1024 * 1024));
      expect(response.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('keeps a recording of unknown length sent in chunks, byte for byte, and queues it', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(app, guest, audio);

      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.statusCode).toBe(200);
      expect(head.headers['upload-offset']).toBe(String(audio.length));
      expect(head.headers['upload-length']).toBe(String(audio.length));

      const recording = await app.inject({ url: `/api/recordings/${id}`, headers: guest });
      expect(recording.statusCode, recording.body).toBe(200);
      expect(recording.json()).toMatchObject({
        id,
        status: 'queued',
        progress: 0,
        transcript: null,
        error: null,
        ideaId: null,
      });
      expect(recording.headers['cache-control']).toContain('no-store');

      const bytes = await app.inject({ url: `/api/recordings/${id}/audio`, headers: guest });
      expect(bytes.statusCode).toBe(200);
      expect(bytes.headers['content-type']).toBe('audio/webm');
      expect(bytes.headers['accept-ranges']).toBe('bytes');
      expect(bytes.rawPayload.equals(audio)).toBe(true);
    });

    it('answers a byte range with 206 so a player can seek', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(app, guest, audio, 1500);
      const url = `/api/recordings/${id}/audio`;

      const middle = await app.inject({ url, headers: { ...guest, range: 'bytes=1000-2999' } });
      expect(middle.statusCode).toBe(206);
      expect(middle.headers['content-range']).toBe(`bytes 1000-2999/${audio.length}`);
      expect(middle.rawPayload.equals(audio.subarray(1000, 3000))).toBe(true);

      const tail = await app.inject({ url, headers: { ...guest, range: 'bytes=-100' } });
      expect(tail.statusCode).toBe(206);
      expect(tail.rawPayload.equals(audio.subarray(audio.length - 100))).toBe(true);

      const open = await app.inject({
        url,
        headers: { ...guest, range: `bytes=${audio.length - 10}-` },
      });
      expect(open.rawPayload.equals(audio.subarray(audio.length - 10))).toBe(true);

      const past = await app.inject({
        url,
        headers: { ...guest, range: `bytes=${audio.length}-` },
      });
      expectApiError(past, 416, 'range_not_satisfiable');
      expect(past.headers['content-range']).toBe(`bytes */${audio.length}`);
    });

    it('refuses a chunk sent at the wrong offset with 409 and keeps what it had', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      expect((await patch(app, guest, id, 0, audio.subarray(0, 500))).statusCode).toBe(204);
      expectApiError(
        await patch(app, guest, id, 100, audio.subarray(100, 600)),
        409,
        'offset_mismatch',
      );
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.headers['upload-offset']).toBe('500');
    });

    it("treats another owner's upload and recording as missing", async () => {
      const { app } = testApp();
      const owner = guestHeaders(newGuestId());
      const stranger = guestHeaders(newGuestId());
      const unfinished = await createUpload(app, owner);
      const finished = await uploadInChunks(app, owner, audio);

      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${unfinished}`,
        headers: { ...TUS, ...stranger },
      });
      expect(head.statusCode).toBe(404);
      expectApiError(
        await patch(app, stranger, unfinished, 0, audio.subarray(0, 100)),
        404,
        'not_found',
      );
      expectApiError(
        await app.inject({
          method: 'DELETE',
          url: `/api/uploads/${unfinished}`,
          headers: { ...TUS, ...stranger },
        }),
        404,
        'not_found',
      );
      expectApiError(
        await app.inject({ url: `/api/recordings/${finished}`, headers: stranger }),
        404,
        'not_found',
      );
      expectApiError(
        await app.inject({ url: `/api/recordings/${finished}/audio`, headers: stranger }),
        404,
        'not_found',
      );
      expectApiError(
        await app.inject({
          method: 'DELETE',
          url: `/api/recordings/${finished}`,
          headers: stranger,
        }),
        404,
        'not_found',
      );
      // The owner still has both.
      expect((await patch(app, owner, unfinished, 0, audio.subarray(0, 100))).statusCode).toBe(204);
      expect(
        (await app.inject({ url: `/api/recordings/${finished}`, headers: owner })).statusCode,
      ).toBe(200);
    });

    it('needs a guest id or a session to upload', async () => {
      const { app } = testApp();
      const response = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...TUS, 'upload-defer-length': '1' },
      });
      expectApiError(response, 400, 'invalid_guest_id');
    });

    it('refuses bytes that are not audio with 415 and removes them', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      const text = Buffer.from('<html>'.padEnd(4000, ' this is not audio '));
      expectApiError(await patch(app, guest, id, 0, text), 415, 'unsupported_media_type');
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.statusCode).toBe(404);
    });

    it('refuses a recording over RECORDING_MAX_BYTES with 413, declared or sent', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const declared = await app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: { ...TUS, ...guest, 'upload-length': String(2 * 1024 * 1024) },
      });
      const body = expectApiError(declared, 413, 'payload_too_large');
      expect(body.message).toBe('The recording is larger than 1 MiB.');

      const id = await createUpload(app, guest);
      const big = Buffer.concat([audio, Buffer.alloc(1024 * 1024)]);
      expectApiError(await patch(app, guest, id, 0, big), 413, 'payload_too_large');
    });

    it('refuses bytes sent to a complete upload as complete, not as too large', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(app, guest, audio);
      const more = await patch(app, guest, id, audio.length, audio.subarray(0, 100));
      const body = expectApiError(more, 409, 'upload_complete');
      expect(body.message).toMatch(/complete/);
      expect(more.headers['recording-id']).toBe(id);
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.headers['upload-offset']).toBe(String(audio.length));
    });

    it("says bytes past an upload's declared length go past its end", async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest, { 'upload-length': '1000' });
      const body = expectApiError(
        await patch(app, guest, id, 0, audio.subarray(0, 1500)),
        413,
        'payload_too_large',
      );
      expect(body.message).toBe(
        'These bytes go past the end of the upload: its length is 1000 bytes.',
      );
    });

    it('names the length a deferred upload gives in a PATCH when its bytes go past it', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      expect((await patch(app, guest, id, 0, audio.subarray(0, 500))).statusCode).toBe(204);
      const past = await patch(app, guest, id, 500, audio.subarray(500, 1500), {
        'upload-length': '1000',
      });
      expect(expectApiError(past, 413, 'payload_too_large').message).toBe(
        'These bytes go past the end of the upload: its length is 1000 bytes.',
      );
      const short = await createUpload(app, guest);
      expect((await patch(app, guest, short, 0, audio.subarray(0, 500))).statusCode).toBe(204);
      const before = await patch(app, guest, short, 500, audio.subarray(500, 600), {
        'upload-length': '200',
      });
      expect(expectApiError(before, 400, 'invalid_input').message).toBe(
        'Upload-Length (200 bytes) is less than Upload-Offset (500): an upload cannot end before the bytes already sent.',
      );
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.headers['upload-offset']).toBe('500');
    });

    it('holds no room for a PATCH that names an offset other than the bytes the server holds', async () => {
      const { app, database } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      expect((await patch(app, guest, id, 0, audio.subarray(0, 500))).statusCode).toBe(204);
      const claimed = await patch(app, guest, id, 100_000, audio.subarray(500, 1500));
      expectApiError(claimed, 409, 'offset_mismatch');
      const row = await database.db
        .selectFrom('recordings')
        .select('received_bytes')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(row.received_bytes)).toBe(500);
      const missing = await app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest, 'content-type': 'application/offset+octet-stream' },
        payload: audio.subarray(500, 600),
      });
      expect(expectApiError(missing, 400, 'invalid_input').message).toMatch(/Upload-Offset/);
    });

    it('names the server’s limit for a length past it, and refuses a second length', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      const past = await patch(app, guest, id, 0, audio.subarray(0, 100), {
        'upload-length': String(300 * 1024 * 1024),
      });
      expect(expectApiError(past, 413, 'payload_too_large').message).toMatch(/larger than/);
      const announced = await createUpload(app, guest, { 'upload-length': '1000' });
      const other = await patch(app, guest, announced, 0, audio.subarray(0, 100), {
        'upload-length': '2000',
      });
      expect(expectApiError(other, 400, 'invalid_input').message).toBe(
        "This upload's length is already 1000 bytes: send no other Upload-Length.",
      );
    });

    it('keeps the length a deferred upload gave: another is refused, the same again is no change', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      const first = await patch(app, guest, id, 0, audio.subarray(0, 600), {
        'upload-length': String(1000),
      });
      expect(first.statusCode, first.body).toBe(204);
      const other = await patch(app, guest, id, 600, audio.subarray(600, 700), {
        'upload-length': '3000',
      });
      expect(expectApiError(other, 400, 'invalid_input').message).toBe(
        "This upload's length is already 1000 bytes: send no other Upload-Length.",
      );
      const last = await patch(app, guest, id, 600, audio.subarray(600, 1000), {
        'upload-length': String(1000),
      });
      expect(last.statusCode, last.body).toBe(204);
      expect(last.headers['recording-id']).toBe(id);
    });

    it('ends an upload on DELETE, its bytes with it', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await createUpload(app, guest);
      expect((await patch(app, guest, id, 0, audio.subarray(0, 1000))).statusCode).toBe(204);
      const deleted = await app.inject({
        method: 'DELETE',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(deleted.statusCode).toBe(204);
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.statusCode).toBe(404);
    });

    it('lists finished recordings newest first, a page at a time, without unfinished uploads', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const first = await uploadInChunks(app, guest, audio, 64 * 1024);
      const second = await uploadInChunks(app, guest, audio, 64 * 1024);
      await createUpload(app, guest);
      const page = await app.inject({ url: '/api/recordings?limit=1', headers: guest });
      expect(page.statusCode).toBe(200);
      const body = page.json<{ items: { id: string }[]; nextCursor: string }>();
      expect(body.items.map((item) => item.id)).toEqual([second]);
      const next = await app.inject({
        url: `/api/recordings?limit=1&cursor=${body.nextCursor}`,
        headers: guest,
      });
      expect(next.json()).toMatchObject({ items: [{ id: first }], nextCursor: null });
      expectApiError(
        await app.inject({ url: '/api/recordings?limit=0', headers: guest }),
        400,
        'invalid_input',
      );
    });
  });

  describe('recordings and ideas', () => {
    const testApp = useTestApp(dialect);

    it('makes an idea that names its recording, once, and only with one of the caller’s own', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(app, guest, audio, 64 * 1024);
      const idea = { content: 'Keep every recording.', format: 'tweet', category: 'work' };

      const stranger = guestHeaders(newGuestId());
      expectApiError(
        await app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: stranger,
          payload: { ...idea, recordingId: id },
        }),
        400,
        'invalid_input',
      );

      const created = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { ...idea, recordingId: id },
      });
      expect(created.statusCode, created.body).toBe(201);
      const saved = created.json<{ id: string; recordingId: string }>();
      expect(saved.recordingId).toBe(id);
      const recording = await app.inject({ url: `/api/recordings/${id}`, headers: guest });
      expect(recording.json<{ ideaId: string }>().ideaId).toBe(saved.id);

      expectApiError(
        await app.inject({
          method: 'POST',
          url: '/api/guest-ideas',
          headers: guest,
          payload: { ...idea, recordingId: id },
        }),
        409,
        'recording_in_use',
      );
      const plain = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: idea,
      });
      expect(plain.json<{ recordingId: unknown }>().recordingId).toBeNull();
    });

    it('deletes the recording with its idea', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(app, guest, audio, 64 * 1024);
      const created = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: 'An idea', format: 'tweet', category: 'work', recordingId: id },
      });
      const ideaId = created.json<{ id: string }>().id;
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/guest-ideas/${ideaId}`, headers: guest }))
          .statusCode,
      ).toBe(204);
      expect((await app.inject({ url: `/api/recordings/${id}`, headers: guest })).statusCode).toBe(
        404,
      );
      expect(
        (await app.inject({ url: `/api/recordings/${id}/audio`, headers: guest })).statusCode,
      ).toBe(404);
    });

    it("clears a guest's recordings with their data, and moves them into a new account", async () => {
      const { app } = testApp();
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      const cleared = await uploadInChunks(app, guest, audio, 64 * 1024);
      expect(
        (await app.inject({ method: 'DELETE', url: '/api/guest-data', headers: guest })).statusCode,
      ).toBe(200);
      expect(
        (await app.inject({ url: `/api/recordings/${cleared}`, headers: guest })).statusCode,
      ).toBe(404);

      const kept = await uploadInChunks(app, guest, audio, 64 * 1024);
      const user = await registerUser(app, { guestId });
      const mine = await app.inject({ url: `/api/recordings/${kept}`, headers: user.headers });
      expect(mine.statusCode).toBe(200);
      expect(
        (await app.inject({ url: `/api/recordings/${kept}`, headers: guest })).statusCode,
      ).toBe(404);
    });

    it('deletes an account’s recordings with the account', async () => {
      const { app, database } = testApp();
      const user = await registerUser(app);
      const id = await uploadInChunks(app, user.headers, audio, 64 * 1024);
      const deleted = await app.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: user.headers,
        payload: { password: user.password },
      });
      expect(deleted.statusCode, deleted.body).toBe(204);
      const rows = await sql<{
        n: number | string;
      }>`SELECT count(*) AS n FROM recordings WHERE id = ${id}`.execute(database.db);
      expect(Number(rows.rows[0]?.n)).toBe(0);
    });
  });

  describe('unfinished uploads', () => {
    // 0.0015 hours: 5.4 s (room for a slow first request), swept every 2.7 s.
    const testApp = useTestApp(dialect, {
      env: { UPLOAD_EXPIRY_HOURS: '0.0015' },
      deps: { now: () => new Date() },
    });

    it('expire after UPLOAD_EXPIRY_HOURS, their bytes removed, while finished ones stay', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const finished = await uploadInChunks(app, guest, audio, 64 * 1024);
      const id = await createUpload(app, guest);
      expect((await patch(app, guest, id, 0, audio.subarray(0, 1000))).statusCode).toBe(204);
      await new Promise((resolve) => setTimeout(resolve, 9000));
      const head = await app.inject({
        method: 'HEAD',
        url: `/api/uploads/${id}`,
        headers: { ...TUS, ...guest },
      });
      expect(head.statusCode).toBe(404);
      const kept = await app.inject({ url: `/api/recordings/${finished}/audio`, headers: guest });
      expect(kept.rawPayload.equals(audio)).toBe(true);
    });
  });
});

describe('the file store', () => {
  it('keeps the bytes of a SQLite install under RECORDINGS_DIR and removes them with the recording', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-recordings-dir-'));
    const { createTestApp, closeTestApp } = await import('../../test-support/api.js');
    const testApp = await createTestApp('sqlite', { env: { RECORDINGS_DIR: dir } });
    try {
      const guest = guestHeaders(newGuestId());
      const id = await uploadInChunks(testApp.app, guest, audio, 64 * 1024);
      expect(readdirSync(dir)).toContain(id);
      expect(
        (
          await testApp.app.inject({
            method: 'DELETE',
            url: `/api/recordings/${id}`,
            headers: guest,
          })
        ).statusCode,
      ).toBe(204);
      expect(existsSync(join(dir, id))).toBe(false);
      expect(existsSync(join(dir, `${id}.json`))).toBe(false);
    } finally {
      await closeTestApp(testApp);
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
