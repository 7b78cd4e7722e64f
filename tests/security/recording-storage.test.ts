/**
 * What recordings the server keeps is bounded beyond each owner: uploads begun in parallel
 * cannot race past an owner's caps, one address cannot send more than its bytes an hour
 * whatever guest ids it makes up, the server holds at most its cap of recordings no idea was
 * made from, and such a recording is removed after a while. docs/security.md names the control.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  expectApiError,
  guestHeaders,
  newGuestId,
  registerUser,
  sessionCookieOf,
  useTestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { guestOwner } from '#server/db/owner.js';
import { createIdeasRepository } from '#server/modules/ideas/repository.js';
import {
  ADDRESSES_TO_FILL_ROOM,
  OPEN_UPLOADS_PER_OWNER,
} from '#server/modules/recordings/service.js';
import { addressKeyOf } from '#server/http/rate-limit-counters.js';
import { UPLOAD_WRITES_PER_MINUTE } from '#server/http/recording-rate-limits.js';
import { newId as newUploadId } from '#server/db/ids.js';
import {
  ANNOUNCED_LENGTH_HELD_MS,
  keptAudioFromAddress,
  keptAudioOfAccount,
} from '#server/modules/recordings/held-bytes.js';
import {
  beginUpload,
  patchUpload,
  silentWav,
  TUS,
  uploadWhole,
} from '#server/test-support/uploads.js';
import type { TestDatabase } from '#server/test-support/databases.js';

const MiB = 1024 * 1024;

function tally(statuses: number[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const status of statuses) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}

let lastAddress = 0;
function newAddress(): string {
  lastAddress += 1;
  return `192.0.2.${lastAddress}`;
}

/**
 * A finished upload stored as a row of its own, from `ip`, no idea made from it: with keepAudio
 * false its audio is still stored unless it is done (the queue removes it with the transcript).
 */
async function storedRecording(
  database: TestDatabase,
  {
    status,
    bytes,
    keepAudio,
    ip = newAddress(),
  }: {
    status: 'queued' | 'transcribing' | 'failed' | 'done';
    bytes: number;
    keepAudio: boolean;
    ip?: string;
  },
) {
  const at = new Date().toISOString();
  const id = newUploadId();
  const guestId = newGuestId();
  await database.db
    .insertInto('recordings')
    .values({
      id,
      user_id: null,
      guest_id: guestId,
      status,
      filename: null,
      content_type: 'audio/wav',
      size_bytes: bytes,
      format: null,
      category: null,
      keep_audio: keepAudio ? 1 : 0,
      duration_ms: null,
      transcript: status === 'done' ? 'said' : null,
      error_code: status === 'failed' ? 'transcription_failed' : null,
      error_message: null,
      run_after: status === 'queued' ? at : null,
      lease_until: null,
      upload_expires_at: null,
      client_key: addressKeyOf(ip),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return {
    guest: guestHeaders(guestId),
    remove: () => database.db.deleteFrom('recordings').where('id', '=', id).execute(),
  };
}

/** An idea of the owner of `headers` made from their recording; its id and the recording it names. */
async function saveIdeaFrom(
  app: FastifyInstance,
  headers: Record<string, string>,
  recordingId: string,
  path = '/api/ideas',
) {
  const idea = await app.inject({
    method: 'POST',
    url: path,
    headers,
    payload: { content: 'Said', format: 'tweet', category: 'work', transcript: null, recordingId },
  });
  expect(idea.statusCode, idea.body).toBe(201);
  return idea.json<{ id: string; recordingId: string | null }>();
}

async function keptNone(
  database: TestDatabase,
  status: 'queued' | 'transcribing' | 'failed' | 'done',
  bytes: number,
  ip = newAddress(),
) {
  return storedRecording(database, { status, bytes, keepAudio: false, ip });
}

forEachDialect((dialect) => {
  describe('uploads begun at the same moment', () => {
    const testApp = useTestApp(dialect);

    it(`admit exactly ${OPEN_UPLOADS_PER_OWNER} arriving for one owner, however many are sent at once`, async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const ip = newAddress();
      const replies = await Promise.all(
        Array.from({ length: 20 }, () => beginUpload(app, guest, null, ip)),
      );
      expect(tally(replies.map((reply) => reply.statusCode))).toEqual({
        201: OPEN_UPLOADS_PER_OWNER,
        429: 20 - OPEN_UPLOADS_PER_OWNER,
      });
    });

    it('admit exactly one of several that each fill most of the owner’s budget', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      // From addresses of their own, so no address's hourly bytes are what refuses them.
      const replies = await Promise.all(
        Array.from({ length: 10 }, () => beginUpload(app, guest, 200 * MiB, newAddress())),
      );
      expect(tally(replies.map((reply) => reply.statusCode))).toEqual({ 201: 1, 409: 9 });
    });
  });

  describe('the bytes one address may send', () => {
    const testApp = useTestApp(dialect, { env: { RECORDING_BYTES_PER_HOUR: String(10 * MiB) } });

    it('are counted an hour at a time whatever guest ids it makes up, announced or sent', async () => {
      const { app } = testApp();
      const ip = newAddress();
      for (let i = 0; i < 2; i += 1) {
        const created = await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, ip);
        expect(created.statusCode, created.body).toBe(201);
      }
      const refused = await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, ip);
      const message = expectApiError(refused, 429, 'rate_limited').message;
      expect(message).toMatch(/this hour/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);

      // An upload of unknown length is counted as its bytes arrive.
      const other = newAddress();
      const guest = guestHeaders(newGuestId());
      const created = await beginUpload(app, guest, null, other);
      expect(created.statusCode, created.body).toBe(201);
      const location = String(created.headers.location);
      const chunk = silentWav(6 * MiB);
      expect((await patchUpload(app, guest, location, 0, chunk, other)).statusCode).toBe(204);
      const over = await patchUpload(app, guest, location, chunk.length, chunk, other);
      expectApiError(over, 429, 'rate_limited');
      const head = await app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...TUS, ...guest },
        remoteAddress: other,
      });
      expect(head.headers['upload-offset']).toBe(String(chunk.length));
      // Another address is not touched by these counts.
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, newAddress())).statusCode,
      ).toBe(201);
    });
  });

  describe('the PATCHes one address may send', () => {
    const testApp = useTestApp(dialect);

    it(
      `are ${UPLOAD_WRITES_PER_MINUTE} a minute, however few bytes each brings`,
      { timeout: 60_000 },
      async () => {
        const { app } = testApp();
        const ip = newAddress();
        const guest = guestHeaders(newGuestId());
        const created = await beginUpload(app, guest, null, ip);
        expect(created.statusCode, created.body).toBe(201);
        const location = String(created.headers.location);
        let offset = 0;
        const first = silentWav(1024);
        expect((await patchUpload(app, guest, location, offset, first, ip)).statusCode).toBe(204);
        offset += first.length;
        for (let sent = 1; sent < UPLOAD_WRITES_PER_MINUTE; sent += 1) {
          const one = await patchUpload(app, guest, location, offset, Buffer.alloc(1), ip);
          expect(one.statusCode, one.body).toBe(204);
          offset += 1;
        }
        const refused = await patchUpload(app, guest, location, offset, Buffer.alloc(1), ip);
        expectApiError(refused, 429, 'rate_limited');
        expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
        // Nothing was written past the limit, and another address is not touched by it.
        const head = await app.inject({
          method: 'HEAD',
          url: location,
          headers: { ...TUS, ...guest },
          remoteAddress: ip,
        });
        expect(head.headers['upload-offset']).toBe(String(offset));
        const elsewhere = newAddress();
        const other = await beginUpload(app, guest, null, elsewhere);
        expect(
          (await patchUpload(app, guest, String(other.headers.location), 0, first, elsewhere))
            .statusCode,
        ).toBe(204);
      },
    );
  });

  describe('the room one address may hold', () => {
    // A share of 256 MiB: the room over ADDRESSES_TO_FILL_ROOM (never under a guest's budget).
    const room = 256 * MiB * ADDRESSES_TO_FILL_ROOM;
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(room) },
    });

    /** Recordings this address sent in earlier hours, finished and not saved as ideas. */
    async function heldFrom(ip: string, bytes: number) {
      await storedRecording(testApp().database, { status: 'done', bytes, keepAudio: true, ip });
    }

    it('is its share of the server’s, whatever guest ids it uploads for, announced or sent', async () => {
      const { app } = testApp();
      const ip = newAddress();
      await heldFrom(ip, 200 * MiB);
      await heldFrom(ip, 50 * MiB);
      const refused = await beginUpload(app, guestHeaders(newGuestId()), 8 * MiB, ip);
      expect(expectApiError(refused, 409, 'recordings_full').message).toMatch(/your network/);
      // Bytes sent without a length first are held to the same share as they arrive.
      const guest = guestHeaders(newGuestId());
      const deferred = await beginUpload(app, guest, null, ip);
      expect(deferred.statusCode, deferred.body).toBe(201);
      const over = await patchUpload(
        app,
        guest,
        String(deferred.headers.location),
        0,
        silentWav(8 * MiB),
        ip,
      );
      expectApiError(over, 409, 'recordings_full');
      // Everyone else still has room.
      const other = await beginUpload(app, guestHeaders(newGuestId()), 8 * MiB, newAddress());
      expect(other.statusCode, other.body).toBe(201);
    });
  });

  describe('bytes of unknown length', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDING_MAX_BYTES: String(8 * MiB), RECORDINGS_UNSAVED_MAX_BYTES: String(96 * MiB) },
    });

    it('are refused before they are stored, so no budget or room is passed uncounted', async () => {
      const { app } = testApp();
      const ip = newAddress();
      const guest = guestHeaders(newGuestId());
      const chunked = (method: 'POST' | 'PATCH', url: string, headers: Record<string, string>) =>
        app.inject({
          method,
          url,
          headers: {
            ...TUS,
            ...guest,
            'content-type': 'application/offset+octet-stream',
            'transfer-encoding': 'chunked',
            ...headers,
          },
          payload: Readable.from([silentWav(2 * MiB)]),
          remoteAddress: ip,
        });
      const created = await beginUpload(app, guest, null, ip);
      expect(created.statusCode, created.body).toBe(201);
      const location = String(created.headers.location);
      expectApiError(
        await chunked('PATCH', location, { 'upload-offset': '0' }),
        411,
        'length_required',
      );
      expectApiError(
        await chunked('POST', '/api/uploads', { 'upload-defer-length': '1' }),
        411,
        'length_required',
      );
      const head = await app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...TUS, ...guest },
        remoteAddress: ip,
      });
      expect(head.headers['upload-offset']).toBe('0');
      // The same bytes with their length are taken.
      expect((await patchUpload(app, guest, location, 0, silentWav(2 * MiB), ip)).statusCode).toBe(
        204,
      );
      // A chunked body that declares where the upload ends is counted before it is stored:
      // tus-js-client in Node ends a deferred upload with an empty one.
      const last = await app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          ...guest,
          'content-type': 'application/offset+octet-stream',
          'transfer-encoding': 'chunked',
          'upload-offset': String(2 * MiB),
          'upload-length': String(2 * MiB),
        },
        payload: Readable.from([]),
        remoteAddress: ip,
      });
      expect(last.statusCode, last.body).toBe(204);
    });
  });

  describe('the guest ids one address may bring', () => {
    const testApp = useTestApp(dialect, { env: { RATE_LIMIT_NEW_GUESTS_PER_HOUR: '2' } });

    it('count uploads under fresh guest ids as saves count them', async () => {
      const { app } = testApp();
      const ip = newAddress();
      const known = guestHeaders(newGuestId());
      expect((await beginUpload(app, known, 4096, ip)).statusCode).toBe(201);
      expect((await beginUpload(app, guestHeaders(newGuestId()), 4096, ip)).statusCode).toBe(201);
      const refused = await beginUpload(app, guestHeaders(newGuestId()), 4096, ip);
      expect(expectApiError(refused, 429, 'rate_limited').message).toMatch(/new guests/);
      // The guest the address already brought is not refused, nor another address.
      expect((await beginUpload(app, known, 4096, ip)).statusCode).toBe(201);
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), 4096, newAddress())).statusCode,
      ).toBe(201);
    });
  });

  describe('an IPv6 network', () => {
    const testApp = useTestApp(dialect, { env: { RECORDING_BYTES_PER_HOUR: String(10 * MiB) } });

    it('shares one address’s bytes an hour across its /64', async () => {
      const { app } = testApp();
      lastAddress += 1;
      const net = `2001:db8:${lastAddress.toString(16)}:7`;
      const first = await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, `${net}::1`);
      expect(first.statusCode, first.body).toBe(201);
      const second = await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, `${net}:ffff::9`);
      expect(second.statusCode, second.body).toBe(201);
      const third = await beginUpload(
        app,
        guestHeaders(newGuestId()),
        4 * MiB,
        `${net}:0:0:0:abcd`,
      );
      expectApiError(third, 429, 'rate_limited');
      const neighbour = `2001:db8:${lastAddress.toString(16)}:8::1`;
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), 4 * MiB, neighbour)).statusCode,
      ).toBe(201);
    });
  });

  describe('the server’s room for recordings no idea was made from', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB) },
    });

    it('is capped: past it uploads are refused with 507 storage_full and Retry-After', async () => {
      const { app } = testApp();
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress())).statusCode,
      ).toBe(201);
      const refused = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
      expect(expectApiError(refused, 507, 'storage_full').message).toMatch(/no room/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // A deferred upload is held to it as its bytes arrive.
      const guest = guestHeaders(newGuestId());
      const ip = newAddress();
      const created = await beginUpload(app, guest, null, ip);
      expect(created.statusCode, created.body).toBe(201);
      const over = await patchUpload(
        app,
        guest,
        String(created.headers.location),
        0,
        silentWav(4 * MiB),
        ip,
      );
      expectApiError(over, 507, 'storage_full');
    });
  });

  describe('audio of a recording that keeps none once transcribed', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB) },
    });

    it('counts against the server’s room while queued, transcribing or failed, and not once done', async () => {
      const { app, database } = testApp();
      for (const status of ['queued', 'transcribing', 'failed'] as const) {
        const held = await keptNone(database, status, 5 * MiB);
        const refused = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
        expectApiError(refused, 507, 'storage_full');
        await held.remove();
      }
      // Transcribed, its audio was removed: it holds nothing.
      await keptNone(database, 'done', 5 * MiB);
      const taken = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
      expect(taken.statusCode, taken.body).toBe(201);
    });
  });

  describe('audio of a recording that keeps none, against its owner and its address', () => {
    // An address's share of 256 MiB, as a guest's budget.
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(256 * MiB * ADDRESSES_TO_FILL_ROOM) },
    });

    it('counts until it is transcribed', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      const held = await keptNone(database, 'failed', 250 * MiB, ip);
      const refused = await beginUpload(app, held.guest, 8 * MiB, newAddress());
      expect(expectApiError(refused, 409, 'recordings_full').message).toMatch(/kept for you/);
      // The address that sent it holds it too, whatever guest id it uploads for next.
      const fromAddress = await beginUpload(app, guestHeaders(newGuestId()), 8 * MiB, ip);
      expect(expectApiError(fromAddress, 409, 'recordings_full').message).toMatch(/your network/);
      await held.remove();
      const after = await beginUpload(app, held.guest, 8 * MiB, newAddress());
      expect(after.statusCode, after.body).toBe(201);
    });
  });

  describe('bytes sent with the creation (creation-with-upload)', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB), RECORDING_MAX_BYTES: String(8 * MiB) },
    });

    /** A deferred creation that brings `bytes` in its own body. */
    function createWith(app: FastifyInstance, guestId: string, bytes: Buffer, ip: string) {
      return app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          ...TUS,
          ...guestHeaders(guestId),
          'upload-defer-length': '1',
          'content-type': 'application/offset+octet-stream',
        },
        payload: bytes,
        remoteAddress: ip,
      });
    }

    it('are sniffed as audio and held against the room, as a PATCH’s bytes are', async () => {
      const { app, database } = testApp();
      const stranger = newGuestId();
      const notAudio = await createWith(app, stranger, Buffer.alloc(4_000_000, 'A'), newAddress());
      expectApiError(notAudio, 415, 'unsupported_media_type');
      const left = await database.db
        .selectFrom('recordings')
        .select('id')
        .where('guest_id', '=', stranger)
        .execute();
      expect(left).toEqual([]);

      const guestId = newGuestId();
      const created = await createWith(app, guestId, silentWav(5 * MiB), newAddress());
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['upload-offset']).toBe(String(5 * MiB));
      const row = await database.db
        .selectFrom('recordings')
        .select('received_bytes')
        .where('guest_id', '=', guestId)
        .executeTakeFirstOrThrow();
      expect(Number(row.received_bytes)).toBe(5 * MiB);
      // Its 5 MiB take the room: neither an announced upload nor another creation's body fits.
      expectApiError(
        await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress()),
        507,
        'storage_full',
      );
      expectApiError(
        await createWith(app, newGuestId(), silentWav(5 * MiB), newAddress()),
        507,
        'storage_full',
      );
    });
  });

  describe('a PATCH that ends without storing all it declared', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB), RECORDING_MAX_BYTES: String(8 * MiB) },
    });

    it('holds only what was stored once it ends, refused or broken off', async () => {
      const { app, database } = testApp();
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      const ip = newAddress();
      const created = await beginUpload(app, guest, null, ip);
      expect(created.statusCode, created.body).toBe(201);
      const location = String(created.headers.location);
      const held = async () =>
        Number(
          (
            await database.db
              .selectFrom('recordings')
              .select('received_bytes')
              .where('guest_id', '=', guestId)
              .executeTakeFirstOrThrow()
          ).received_bytes,
        );

      // Refused after its bytes were reserved: the wrong offset.
      const wrongOffset = await patchUpload(app, guest, location, MiB, silentWav(4 * MiB), ip);
      expectApiError(wrongOffset, 409, 'offset_mismatch');
      expect(await held()).toBe(0);

      // Declares 6 MiB, sends 4 KiB, and the connection drops.
      const body = new Readable({ read() {} });
      body.push(silentWav(4096));
      setTimeout(() => body.destroy(new Error('connection reset')), 50);
      // The drop is the point: whether the request is answered or rejected with the broken
      // body depends on when the body breaks; what it leaves held is checked below.
      await app
        .inject({
          method: 'PATCH',
          url: location,
          headers: {
            ...TUS,
            ...guest,
            'content-type': 'application/offset+octet-stream',
            'content-length': String(6 * MiB),
            'upload-offset': '0',
          },
          payload: body,
          remoteAddress: ip,
        })
        .catch((error: unknown) => {
          expect(String(error)).toMatch(/connection reset/);
        });
      const head = await app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...TUS, ...guest },
        remoteAddress: ip,
      });
      const stored = Number(head.headers['upload-offset']);
      expect(stored).toBeLessThanOrEqual(4096);
      // A request rejected with its broken body may still be settling on the server.
      await expect.poll(held, { timeout: 10_000 }).toBe(stored);
      // The 6 MiB it declared hold nothing: everyone else still has the room.
      const other = await beginUpload(app, guestHeaders(newGuestId()), 6 * MiB, newAddress());
      expect(other.statusCode, other.body).toBe(201);
    });
  });

  describe('a body that arrives slowly', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB), RECORDING_MAX_BYTES: String(8 * MiB) },
    });

    /** A request body the test feeds chunk by chunk, as a slow connection delivers it. */
    function slowBody() {
      const body = new Readable({ read() {} });
      return { body, send: (bytes: Buffer) => body.push(bytes), end: () => body.push(null) };
    }

    function patchFrom(
      app: FastifyInstance,
      guest: Record<string, string>,
      location: string,
      offset: number,
      declared: number,
      body: Readable,
      ip: string,
    ) {
      return app.inject({
        method: 'PATCH',
        url: location,
        headers: {
          ...TUS,
          ...guest,
          'content-type': 'application/offset+octet-stream',
          'content-length': String(declared),
          'upload-offset': String(offset),
        },
        payload: body,
        remoteAddress: ip,
      });
    }

    /** What the upload of `guestId` holds of the room as it arrives. */
    async function held(database: TestDatabase, guestId: string) {
      const row = await database.db
        .selectFrom('recordings')
        .select('received_bytes')
        .where('guest_id', '=', guestId)
        .executeTakeFirstOrThrow();
      return Number(row.received_bytes);
    }

    async function deferredUpload(app: FastifyInstance) {
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      const ip = newAddress();
      const created = await beginUpload(app, guest, null, ip);
      expect(created.statusCode, created.body).toBe(201);
      return { guestId, guest, ip, location: String(created.headers.location) };
    }

    it('holds the room a step ahead of its bytes, not the whole length it declares', async () => {
      const { app, database } = testApp();
      const upload = await deferredUpload(app);
      const wav = silentWav(6 * MiB);
      const slow = slowBody();
      const patch = patchFrom(
        app,
        upload.guest,
        upload.location,
        0,
        wav.length,
        slow.body,
        upload.ip,
      );
      slow.send(wav.subarray(0, 4096));
      await expect.poll(() => held(database, upload.guestId)).toBeGreaterThan(0);
      expect(await held(database, upload.guestId)).toBeLessThanOrEqual(MiB);
      // Declared 6 MiB of an 8 MiB room, a few KB sent: another 6 MiB still fits beside it.
      const other = await beginUpload(app, guestHeaders(newGuestId()), 6 * MiB, newAddress());
      expect(other.statusCode, other.body).toBe(201);
      // The room is gone now, so the slow body is told so once it needs more than it holds.
      slow.send(wav.subarray(4096));
      slow.end();
      expectApiError(await patch, 507, 'storage_full');
    });

    it('keeps what fitted when the room runs out mid-way, and resumes from there', async () => {
      const { app, database } = testApp();
      // The room to itself: the test before left its uploads holding it.
      await database.db.deleteFrom('recordings').execute();
      const upload = await deferredUpload(app);
      const wav = silentWav(6 * MiB);
      const slow = slowBody();
      const patch = patchFrom(
        app,
        upload.guest,
        upload.location,
        0,
        wav.length,
        slow.body,
        upload.ip,
      );
      const received = () => held(database, upload.guestId);
      slow.send(wav.subarray(0, MiB / 2));
      await expect.poll(received).toBeGreaterThan(0);
      // Someone else takes 5 of the 8 MiB while the body is on its way.
      const otherGuest = guestHeaders(newGuestId());
      const otherIp = newAddress();
      const other = await beginUpload(app, otherGuest, 5 * MiB, otherIp);
      expect(other.statusCode, other.body).toBe(201);
      for (let at = MiB / 2; at < wav.length; at += 256 * 1024) {
        slow.send(wav.subarray(at, at + 256 * 1024));
      }
      slow.end();
      expectApiError(await patch, 507, 'storage_full');
      const head = await app.inject({
        method: 'HEAD',
        url: upload.location,
        headers: { ...TUS, ...upload.guest },
        remoteAddress: upload.ip,
      });
      const stored = Number(head.headers['upload-offset']);
      // What the room held for it is stored and counted; nothing past it.
      expect(stored).toBeGreaterThan(MiB);
      expect(stored).toBeLessThanOrEqual(3 * MiB);
      expect(await received()).toBe(stored);

      // The other upload goes away; the rest follows from the offset HEAD gave.
      const gone = await app.inject({
        method: 'DELETE',
        url: String(other.headers.location),
        headers: { ...TUS, ...otherGuest },
        remoteAddress: otherIp,
      });
      expect(gone.statusCode, gone.body).toBe(204);
      const rest = await patchUpload(
        app,
        upload.guest,
        upload.location,
        stored,
        wav.subarray(stored),
        upload.ip,
        { 'upload-length': String(wav.length) },
      );
      expect(rest.statusCode, rest.body).toBe(204);
      expect(rest.headers['upload-offset']).toBe(String(wav.length));
    });
  });

  describe('bytes of unknown length that arrived and wait for their end', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB), RECORDING_MAX_BYTES: String(8 * MiB) },
    });

    /** A deferred upload from its own address that sends `bytes` and never ends. */
    async function sendsAndWaits(app: FastifyInstance, bytes: number) {
      const guest = guestHeaders(newGuestId());
      const ip = newAddress();
      const created = await beginUpload(app, guest, null, ip);
      expect(created.statusCode, created.body).toBe(201);
      return patchUpload(app, guest, String(created.headers.location), 0, silentWav(bytes), ip);
    }

    it('hold the server’s room until the upload ends, for any number of addresses', async () => {
      const { app } = testApp();
      expect((await sendsAndWaits(app, 3 * MiB)).statusCode).toBe(204);
      expect((await sendsAndWaits(app, 3 * MiB)).statusCode).toBe(204);
      // 6 MiB held unfinished: neither a third such upload nor an announced one fits in 8.
      expectApiError(await sendsAndWaits(app, 3 * MiB), 507, 'storage_full');
      expectApiError(
        await beginUpload(app, guestHeaders(newGuestId()), 3 * MiB, newAddress()),
        507,
        'storage_full',
      );
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), MiB, newAddress())).statusCode,
      ).toBe(201);
    });
  });

  describe('bytes an announced upload sent', () => {
    let clock = Date.now();
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB), RECORDING_MAX_BYTES: String(8 * MiB) },
      deps: { now: () => new Date(clock) },
    });

    it('still hold the room once its announcement stops holding it', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const ip = newAddress();
      const created = await beginUpload(app, guest, 7 * MiB, ip);
      expect(created.statusCode, created.body).toBe(201);
      const sent = await patchUpload(
        app,
        guest,
        String(created.headers.location),
        0,
        silentWav(6 * MiB),
        ip,
      );
      expect(sent.statusCode, sent.body).toBe(204);
      clock += ANNOUNCED_LENGTH_HELD_MS + 1000;
      // Its 6 MiB are on disk: a 3 MiB upload does not fit, a 1 MiB one does.
      expectApiError(
        await beginUpload(app, guestHeaders(newGuestId()), 3 * MiB, newAddress()),
        507,
        'storage_full',
      );
      expect(
        (await beginUpload(app, guestHeaders(newGuestId()), MiB, newAddress())).statusCode,
      ).toBe(201);
    });
  });

  describe('an upload that announced its length and sends nothing', () => {
    let clock = Date.now();
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB) },
      deps: { now: () => new Date(clock) },
    });

    it('holds the server’s room for an hour, not until it expires a day later', async () => {
      const { app } = testApp();
      const phantom = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
      expect(phantom.statusCode, phantom.body).toBe(201);
      expectApiError(
        await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress()),
        507,
        'storage_full',
      );
      clock += ANNOUNCED_LENGTH_HELD_MS + 1000;
      const later = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
      expect(later.statusCode, later.body).toBe(201);
    });
  });

  describe('a finished recording that is not an account’s idea', () => {
    // 0.0001 days: 8.6 s; the sweep runs every 2.7 s (half of UPLOAD_EXPIRY_HOURS 0.0015).
    const testApp = useTestApp(dialect, {
      env: { UNSAVED_RECORDING_EXPIRY_DAYS: '0.0001', UPLOAD_EXPIRY_HOURS: '0.0015' },
      deps: { now: () => new Date() },
    });

    async function record(app: FastifyInstance, headers: Record<string, string>, ip: string) {
      const bytes = silentWav(4096);
      const created = await beginUpload(app, headers, bytes.length, ip);
      expect(created.statusCode, created.body).toBe(201);
      const done = await patchUpload(app, headers, String(created.headers.location), 0, bytes, ip);
      expect(done.statusCode, done.body).toBe(204);
      return String(done.headers['recording-id']);
    }

    async function saveAsIdea(
      app: FastifyInstance,
      headers: Record<string, string>,
      url: '/api/ideas' | '/api/guest-ideas',
      recordingId: string,
    ): Promise<string> {
      const idea = await app.inject({
        method: 'POST',
        url,
        headers,
        payload: {
          content: 'Kept with its recording',
          format: 'tweet',
          category: 'work',
          transcript: null,
          recordingId,
        },
      });
      expect(idea.statusCode, idea.body).toBe(201);
      return idea.json<{ id: string }>().id;
    }

    it('is removed after UNSAVED_RECORDING_EXPIRY_DAYS, a guest’s saved one too, while an account’s idea keeps its own', async () => {
      const { app } = testApp();
      const account = await registerUser(app);
      const ip = newAddress();
      const unsaved = await record(app, account.headers, ip);
      const saved = await record(app, account.headers, ip);
      await saveAsIdea(app, account.headers, '/api/ideas', saved);
      // Guest ids cost nothing and guest ideas never expire: their audio expires as unsaved.
      const guest = guestHeaders(newGuestId());
      const guests = await record(app, guest, ip);
      const guestIdea = await saveAsIdea(app, guest, '/api/guest-ideas', guests);

      await new Promise((resolve) => setTimeout(resolve, 13_000));
      const gone = await app.inject({
        url: `/api/recordings/${unsaved}`,
        headers: account.headers,
      });
      expect(gone.statusCode).toBe(404);
      const kept = await app.inject({ url: `/api/recordings/${saved}`, headers: account.headers });
      expect(kept.statusCode, kept.body).toBe(200);
      const guestsGone = await app.inject({ url: `/api/recordings/${guests}`, headers: guest });
      expect(guestsGone.statusCode).toBe(404);
      const left = await app.inject({ url: '/api/guest-ideas', headers: guest });
      const ideas = left.json<{ items: { id: string; recordingId: string | null }[] }>().items;
      expect(ideas.find((idea) => idea.id === guestIdea)?.recordingId).toBeNull();
    }, 30_000);
  });

  describe('audio a free account keeps with its ideas', () => {
    const cap = 10_000;
    const testApp = useTestApp(dialect, { env: { RECORDINGS_KEPT_MAX_BYTES_FREE: String(cap) } });

    /** A recording of `bytes` made into one of the account's ideas; the recording's id. */
    async function keptAsIdea(app: FastifyInstance, headers: Record<string, string>, ip: string) {
      const recordingId = await uploadWhole(app, headers, silentWav(4096), ip);
      await saveIdeaFrom(app, headers, recordingId);
      return recordingId;
    }

    it('is capped: past it a new upload is 507 saying why, while Pro and other accounts record on', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      const free = await registerUser(app);
      const first = await keptAsIdea(app, free.headers, ip);
      await keptAsIdea(app, free.headers, ip);
      // 8,192 bytes kept of 10,000: another 4,096 would pass the cap.
      const refused = await beginUpload(app, free.headers, 4096, ip);
      const message = expectApiError(refused, 507, 'storage_full').message;
      expect(message).toMatch(/free account keeps up to/);
      expect(message).toMatch(/upgrade to Pro/);
      // A smaller one that still fits is taken, and one of deferred length while under the cap.
      expect((await beginUpload(app, free.headers, 1000, ip)).statusCode).toBe(201);
      expect((await beginUpload(app, free.headers, null, ip)).statusCode).toBe(201);
      // Another account is not touched by this one's audio.
      const other = await registerUser(app);
      expect((await beginUpload(app, other.headers, 4096, ip)).statusCode).toBe(201);
      // Deleting a recording (its idea stays) gives its room back.
      const removed = await app.inject({
        method: 'DELETE',
        url: `/api/recordings/${first}`,
        headers: free.headers,
      });
      expect(removed.statusCode, removed.body).toBe(204);
      expect((await beginUpload(app, free.headers, 4096, ip)).statusCode).toBe(201);
      // Pro accounts keep what they record.
      const pro = await registerUser(app);
      await keptAsIdea(app, pro.headers, ip);
      await keptAsIdea(app, pro.headers, ip);
      await database.db
        .updateTable('users')
        .set({ plan: 'pro' })
        .where('id', '=', pro.id)
        .execute();
      expect((await beginUpload(app, pro.headers, 4096, ip)).statusCode).toBe(201);
    });
  });

  describe('audio the free accounts of one address keep with their ideas', () => {
    const cap = 10_000;
    const perAddress = 16_000;
    const testApp = useTestApp(dialect, {
      env: {
        RECORDINGS_KEPT_MAX_BYTES_FREE: String(cap),
        RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: String(perAddress),
      },
    });

    /** A recording of 4,096 bytes sent from `ip` and made into an idea of `path`'s owner. */
    async function savedWithAudio(
      app: FastifyInstance,
      headers: Record<string, string>,
      ip: string,
      path = '/api/ideas',
    ) {
      const recordingId = await uploadWhole(app, headers, silentWav(4096), ip);
      const idea = await saveIdeaFrom(app, headers, recordingId, path);
      return { ideaId: idea.id, recordingId };
    }

    async function register(app: FastifyInstance, guestId: string) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: guestHeaders(guestId),
        payload: { email: `kept-${newGuestId()}@example.com`, password: 'correct horse battery' },
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<{ id: string; guestIdeasKept: number }>();
    }

    async function idsOf(app: FastifyInstance, url: string, headers: Record<string, string>) {
      const listed = await app.inject({ url, headers });
      expect(listed.statusCode, listed.body).toBe(200);
      return listed.json<{ items: { id: string }[] }>().items.map((idea) => idea.id);
    }

    it('is capped for them together: a new account there is refused, another address and Pro record on', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      const first = await registerUser(app);
      await savedWithAudio(app, first.headers, ip);
      await savedWithAudio(app, first.headers, ip);
      const second = await registerUser(app);
      await savedWithAudio(app, second.headers, ip);
      // 12,288 bytes kept from this address: a new account's 4,096 would pass its 16,000.
      const third = await registerUser(app);
      const refused = await beginUpload(app, third.headers, 4096, ip);
      const message = expectApiError(refused, 507, 'storage_full').message;
      expect(message).toMatch(/Free accounts on your network/);
      expect(message).toMatch(/upgrade to Pro/);
      expect((await beginUpload(app, third.headers, 1000, ip)).statusCode).toBe(201);
      // The same account from another address, a guest there, and a Pro account record on.
      expect((await beginUpload(app, third.headers, 4096, newAddress())).statusCode).toBe(201);
      const guest = guestHeaders(newGuestId());
      expect((await beginUpload(app, guest, 4096, ip)).statusCode).toBe(201);
      const pro = await registerUser(app);
      await database.db
        .updateTable('users')
        .set({ plan: 'pro' })
        .where('id', '=', pro.id)
        .execute();
      expect((await beginUpload(app, pro.headers, 4096, ip)).statusCode).toBe(201);
      // Pro audio kept there is not the free accounts': it takes none of their room.
      await savedWithAudio(app, pro.headers, ip);
      expect((await beginUpload(app, third.headers, 3000, ip)).statusCode).toBe(201);
    });

    it('holds at sign-in: guest ideas whose audio would pass the account’s cap stay the guest’s, with it', async () => {
      const { app } = testApp();
      const ip = newAddress();
      const account = await registerUser(app);
      await savedWithAudio(app, account.headers, ip);
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      const fits = await savedWithAudio(app, guest, newAddress(), '/api/guest-ideas');
      const staying = await savedWithAudio(app, guest, newAddress(), '/api/guest-ideas');
      const noAudio = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: { content: 'Only words', format: 'tweet', category: 'work', transcript: null },
      });
      expect(noAudio.statusCode, noAudio.body).toBe(201);
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: guest,
        payload: { email: account.email, password: account.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      // 4,096 kept + 4,096 fits the 10,000; the next 4,096 would not. Words always fit.
      expect(login.json<{ guestIdeasKept: number }>().guestIdeasKept).toBe(1);
      const mine = await idsOf(app, '/api/ideas', account.headers);
      expect(mine).toEqual(
        expect.arrayContaining([fits.ideaId, noAudio.json<{ id: string }>().id]),
      );
      expect(mine).not.toContain(staying.ideaId);
      expect(await idsOf(app, '/api/guest-ideas', guest)).toEqual([staying.ideaId]);
      const stillTheGuests = await app.inject({
        url: `/api/recordings/${staying.recordingId}`,
        headers: guest,
      });
      expect(stillTheGuests.statusCode, stillTheGuests.body).toBe(200);
      // The account holds its cap, so the next upload is refused as before.
      expectApiError(await beginUpload(app, account.headers, 4096, ip), 507, 'storage_full');
    });

    it('holds at sign-up: a new account takes guest ideas only as far as its address’s room', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      const earlier = await registerUser(app);
      await savedWithAudio(app, earlier.headers, ip);
      await savedWithAudio(app, earlier.headers, ip);
      // 8,192 kept from the address: a new account there may bring 7,808 more, one recording.
      const guestId = newGuestId();
      const guest = guestHeaders(guestId);
      const moved = await savedWithAudio(app, guest, ip, '/api/guest-ideas');
      const staying = await savedWithAudio(app, guest, ip, '/api/guest-ideas');
      const created = await register(app, guestId);
      expect(created.guestIdeasKept).toBe(1);
      expect(await idsOf(app, '/api/guest-ideas', guest)).toEqual([staying.ideaId]);
      const recordings = await app.inject({
        url: `/api/recordings/${moved.recordingId}`,
        headers: guest,
      });
      expect(recordings.statusCode).toBe(404);
      // A Pro account is not capped: another guest's two ideas move in whole.
      const other = guestHeaders(newGuestId());
      await savedWithAudio(app, other, ip, '/api/guest-ideas');
      await savedWithAudio(app, other, ip, '/api/guest-ideas');
      const pro = await registerUser(app);
      await database.db
        .updateTable('users')
        .set({ plan: 'pro' })
        .where('id', '=', pro.id)
        .execute();
      const login = await app.inject({
        method: 'POST',
        url: '/api/login',
        headers: other,
        payload: { email: pro.email, password: pro.password },
      });
      expect(login.statusCode, login.body).toBe(200);
      expect(login.json<{ guestIdeasKept: number }>().guestIdeasKept).toBe(0);
      expect(await idsOf(app, '/api/guest-ideas', other)).toEqual([]);
    });
  });

  describe('audio kept however it becomes kept', () => {
    const cap = 10_000;
    const perAddress = 16_000;
    const testApp = useTestApp(dialect, {
      env: {
        RECORDINGS_KEPT_MAX_BYTES_FREE: String(cap),
        RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: String(perAddress),
        RATE_LIMIT_AUTH_PER_MIN: '1000',
      },
    });

    it('holds when an idea is made from a recording: past a cap the idea is saved without it', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      const account = await registerUser(app);
      // Three recordings not yet saved (uploads see nothing kept), then three ideas made of them.
      const recordings = [];
      for (let i = 0; i < 3; i += 1) {
        recordings.push(await uploadWhole(app, account.headers, silentWav(4096), ip));
      }
      const saved = await Promise.all(
        recordings.map((id) => saveIdeaFrom(app, account.headers, id)),
      );
      const kept = saved.filter((idea) => idea.recordingId !== null);
      expect(kept).toHaveLength(2);
      expect(await keptAudioOfAccount(database.db, account.id)).toBeLessThanOrEqual(cap);
      // The one left out is still the account's recording, not saved as an idea, with its audio.
      const left = recordings.find((id) => !kept.some((idea) => idea.recordingId === id));
      const recording = await app.inject({
        url: `/api/recordings/${left}`,
        headers: account.headers,
      });
      expect(recording.statusCode, recording.body).toBe(200);
      expect(recording.json<{ ideaId: string | null }>().ideaId).toBeNull();
    });

    it('answers a second save of one recording 409 in use, however full the account is', async () => {
      const { app } = testApp();
      const ip = newAddress();
      const account = await registerUser(app);
      const first = await uploadWhole(app, account.headers, silentWav(4096), ip);
      const second = await uploadWhole(app, account.headers, silentWav(4096), ip);
      await saveIdeaFrom(app, account.headers, first);
      // 4,096 kept of 10,000: counted twice, the same recording would not fit.
      expect((await saveIdeaFrom(app, account.headers, second)).recordingId).toBe(second);
      const again = await app.inject({
        method: 'POST',
        url: '/api/ideas',
        headers: account.headers,
        payload: {
          content: 'Said',
          format: 'tweet',
          category: 'work',
          transcript: null,
          recordingId: second,
        },
      });
      expectApiError(again, 409, 'recording_in_use');
      const ideas = await app.inject({ url: '/api/ideas', headers: account.headers });
      expect(ideas.json<{ total: number }>().total).toBe(2);
    });

    it('still takes an upload that keeps no audio from an account at its cap', async () => {
      const { app } = testApp();
      const ip = newAddress();
      const account = await registerUser(app);
      await saveIdeaFrom(
        app,
        account.headers,
        await uploadWhole(app, account.headers, silentWav(4096), ip),
      );
      await saveIdeaFrom(
        app,
        account.headers,
        await uploadWhole(app, account.headers, silentWav(4096), ip),
      );
      expectApiError(await beginUpload(app, account.headers, 4096, ip), 507, 'storage_full');
      const keepsNone = {
        ...account.headers,
        'upload-metadata': `keepAudio ${Buffer.from('false').toString('base64')}`,
      };
      expect((await beginUpload(app, keepsNone, 4096, ip)).statusCode).toBe(201);
    });

    it('names a recording only while it is still the saver’s: one a sign-in moved is not named', async () => {
      const { app, database } = testApp();
      const guestId = newGuestId();
      const recordingId = await uploadWhole(
        app,
        guestHeaders(guestId),
        silentWav(4096),
        newAddress(),
      );
      // The route checked the recording as the guest's; then a sign-in moved it in.
      const signedUp = await app.inject({
        method: 'POST',
        url: '/api/register',
        headers: guestHeaders(guestId),
        payload: { email: `moved-${guestId}@example.com`, password: 'correct horse battery' },
      });
      expect(signedUp.statusCode, signedUp.body).toBe(201);
      const saved = await createIdeasRepository(database).createWithinQuota(
        guestOwner(guestId),
        { content: 'Said', format: 'tweet', category: 'work', transcript: null, recordingId },
        { monthlyLimit: 10, periodKey: '2026-12' },
      );
      expect(saved).not.toBe('quota_exceeded');
      expect((saved as { recordingId: string | null }).recordingId).toBeNull();
      const account = signedUp.json<{ id: string }>().id;
      expect(await keptAudioOfAccount(database.db, account)).toBe(0);
    });

    it('holds while a guest saves ideas from recordings as its browser signs in, round after round', async () => {
      const { app, database } = testApp();
      for (let round = 0; round < 4; round += 1) {
        const account = await registerUser(app);
        const guestId = newGuestId();
        const ip = newAddress();
        const recordings = [];
        for (let i = 0; i < 4; i += 1) {
          recordings.push(await uploadWhole(app, guestHeaders(guestId), silentWav(4096), ip));
        }
        await Promise.all([
          app.inject({
            method: 'POST',
            url: '/api/login',
            headers: guestHeaders(guestId),
            payload: { email: account.email, password: account.password },
          }),
          ...recordings.map((id) =>
            app.inject({
              method: 'POST',
              url: '/api/guest-ideas',
              headers: guestHeaders(guestId),
              payload: {
                content: 'Said',
                format: 'tweet',
                category: 'work',
                transcript: null,
                recordingId: id,
              },
            }),
          ),
        ]);
        expect(await keptAudioOfAccount(database.db, account.id)).toBeLessThanOrEqual(cap);
        // No guest idea names a recording the account holds.
        const crossed = await database.db
          .selectFrom('ideas')
          .innerJoin('recordings', 'recordings.id', 'ideas.recording_id')
          .select('ideas.id')
          .where('ideas.guest_id', '=', guestId)
          .where('recordings.user_id', '=', account.id)
          .execute();
        expect(crossed).toEqual([]);
      }
    });

    it('holds for a guest’s recordings not yet saved, brought in at sign-up from one address', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      for (let i = 0; i < 5; i += 1) {
        const guestId = newGuestId();
        const recordingId = await uploadWhole(app, guestHeaders(guestId), silentWav(4096), ip);
        const response = await app.inject({
          method: 'POST',
          url: '/api/register',
          headers: guestHeaders(guestId),
          payload: { email: `unsaved-${guestId}@example.com`, password: 'correct horse battery' },
        });
        expect(response.statusCode, response.body).toBe(201);
        await saveIdeaFrom(app, { cookie: sessionCookieOf(response) }, recordingId);
      }
      expect(await keptAudioFromAddress(database.db, addressKeyOf(ip))).toBeLessThanOrEqual(
        perAddress,
      );
    });

    it('holds for adoptions at once: sign-ups from one address and sign-ins to one account', async () => {
      const { app, database } = testApp();
      const ip = newAddress();
      async function guestWithKeptIdea(): Promise<string> {
        const guestId = newGuestId();
        const recordingId = await uploadWhole(app, guestHeaders(guestId), silentWav(4096), ip);
        await saveIdeaFrom(app, guestHeaders(guestId), recordingId, '/api/guest-ideas');
        return guestId;
      }
      const signUps = await Promise.all([0, 1, 2, 3, 4, 5].map(() => guestWithKeptIdea()));
      await Promise.all(
        signUps.map((guestId) =>
          app.inject({
            method: 'POST',
            url: '/api/register',
            headers: guestHeaders(guestId),
            payload: { email: `once-${guestId}@example.com`, password: 'correct horse battery' },
          }),
        ),
      );
      expect(await keptAudioFromAddress(database.db, addressKeyOf(ip))).toBeLessThanOrEqual(
        perAddress,
      );
      const account = await registerUser(app);
      const other = newAddress();
      const signIns = [];
      for (let i = 0; i < 6; i += 1) {
        const guestId = newGuestId();
        const recordingId = await uploadWhole(app, guestHeaders(guestId), silentWav(4096), other);
        await saveIdeaFrom(app, guestHeaders(guestId), recordingId, '/api/guest-ideas');
        signIns.push(guestId);
      }
      const answers = await Promise.all(
        signIns.map((guestId) =>
          app.inject({
            method: 'POST',
            url: '/api/login',
            headers: guestHeaders(guestId),
            payload: { email: account.email, password: account.password },
          }),
        ),
      );
      for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
      expect(await keptAudioOfAccount(database.db, account.id)).toBeLessThanOrEqual(cap);
      const stayed = answers.reduce(
        (sum, answer) => sum + answer.json<{ guestIdeasKept: number }>().guestIdeasKept,
        0,
      );
      expect(stayed).toBe(4);
    });
  });

  describe('a guest’s recordings saved as ideas', () => {
    const testApp = useTestApp(dialect, {
      env: { RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB) },
    });

    it('still take the server’s room, so saving them cannot fill the disk past its cap', async () => {
      const { app } = testApp();
      const guest = guestHeaders(newGuestId());
      const ip = newAddress();
      const bytes = silentWav(5 * MiB);
      const created = await beginUpload(app, guest, bytes.length, ip);
      const done = await patchUpload(app, guest, String(created.headers.location), 0, bytes, ip);
      expect(done.statusCode, done.body).toBe(204);
      const idea = await app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: guest,
        payload: {
          content: 'Saved with its audio',
          format: 'tweet',
          category: 'work',
          transcript: null,
          recordingId: String(done.headers['recording-id']),
        },
      });
      expect(idea.statusCode, idea.body).toBe(201);
      const refused = await beginUpload(app, guestHeaders(newGuestId()), 5 * MiB, newAddress());
      expectApiError(refused, 507, 'storage_full');
    });
  });
});
