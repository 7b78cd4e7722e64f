/**
 * An address's recording bytes an hour pay for what the server stores. Bytes of unknown length
 * are counted as a body declares them; when the server's room runs out while that body
 * arrives, the bytes it refused are given back, so resuming the upload does not pay for them
 * twice, whether they came with the creation (creation-with-upload) or with a PATCH.
 * docs/security.md names the control.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { expectApiError, guestHeaders, newGuestId, useTestApp } from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { beginUpload, patchUpload, silentWav, TUS } from '#server/test-support/uploads.js';

const MiB = 1024 * 1024;

let lastAddress = 0;
function newAddress(): string {
  lastAddress += 1;
  return `198.51.100.${lastAddress}`;
}

/** A request body the test feeds chunk by chunk, as a slow connection delivers it. */
function slowBody() {
  const body = new Readable({ read() {} });
  return { body, send: (bytes: Buffer) => body.push(bytes), end: () => body.push(null) };
}

interface Sender {
  guest: Record<string, string>;
  ip: string;
}

/** A deferred upload's first bytes, sent with its creation. */
async function inCreation(app: FastifyInstance, from: Sender, declared: number, body: Readable) {
  const reply = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...from.guest,
      'upload-defer-length': '1',
      'content-type': 'application/offset+octet-stream',
      'content-length': String(declared),
    },
    payload: body,
    remoteAddress: from.ip,
  });
  return { reply, location: String(reply.headers.location) };
}

/** A deferred upload's first bytes, sent with a PATCH after an empty creation. */
async function inPatch(app: FastifyInstance, from: Sender, declared: number, body: Readable) {
  const created = await beginUpload(app, from.guest, null, from.ip);
  expect(created.statusCode, created.body).toBe(201);
  const location = String(created.headers.location);
  const reply = await app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...TUS,
      ...from.guest,
      'content-type': 'application/offset+octet-stream',
      'content-length': String(declared),
      'upload-offset': '0',
    },
    payload: body,
    remoteAddress: from.ip,
  });
  return { reply, location };
}

/** Gives the room back; the bytes it took stay counted against its address's hour. */
async function remove(app: FastifyInstance, from: Sender, location: string) {
  const gone = await app.inject({
    method: 'DELETE',
    url: location,
    headers: { ...TUS, ...from.guest },
    remoteAddress: from.ip,
  });
  expect(gone.statusCode, gone.body).toBe(204);
}

forEachDialect((dialect) => {
  describe.each([
    ['sent with the creation', inCreation],
    ['sent with a PATCH', inPatch],
  ])('bytes of unknown length %s that the room had no space for', (_how, send) => {
    // The room (8 MiB) runs out before the address's hour (10 MiB) does.
    const testApp = useTestApp(dialect, {
      env: {
        RECORDINGS_UNSAVED_MAX_BYTES: String(8 * MiB),
        RECORDING_MAX_BYTES: String(8 * MiB),
        RECORDING_BYTES_PER_HOUR: String(10 * MiB),
      },
    });

    it('are given back to the address’s bytes an hour, and only they', async () => {
      const { app, database } = testApp();
      await database.db.deleteFrom('recordings').execute();
      const from = { guest: guestHeaders(newGuestId()), ip: newAddress() };
      const wav = silentWav(6 * MiB);
      const slow = slowBody();
      const sending = send(app, from, wav.length, slow.body);
      slow.send(wav.subarray(0, MiB / 2));
      // Its first bytes hold room before someone else takes most of it.
      const held = async () =>
        (await database.db.selectFrom('recordings').select('received_bytes').execute()).reduce(
          (sum, row) => sum + Number(row.received_bytes),
          0,
        );
      await expect.poll(held).toBeGreaterThan(0);
      // Someone else takes 5 of the 8 MiB while the body is on its way.
      const other = { guest: guestHeaders(newGuestId()), ip: newAddress() };
      const taken = await beginUpload(app, other.guest, 5 * MiB, other.ip);
      expect(taken.statusCode, taken.body).toBe(201);
      for (let at = MiB / 2; at < wav.length; at += 256 * 1024) {
        slow.send(wav.subarray(at, at + 256 * 1024));
      }
      slow.end();
      const { reply, location } = await sending;
      expectApiError(reply, 507, 'storage_full');
      const head = await app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...TUS, ...from.guest },
        remoteAddress: from.ip,
      });
      const stored = Number(head.headers['upload-offset']);
      expect(stored).toBeGreaterThan(0);
      expect(stored).toBeLessThanOrEqual(3 * MiB);
      await remove(app, other, String(taken.headers.location));

      // The address has paid for what was stored, not for the 6 MiB it declared: 7 MiB in all
      // fit in its 10 an hour.
      const rest = 7 * MiB - stored;
      const second = { guest: guestHeaders(newGuestId()), ip: from.ip };
      const next = await inPatch(app, second, rest, Readable.from([silentWav(rest)]));
      expect(next.reply.statusCode, next.reply.body).toBe(204);
      // And no more than that was given back: 4 MiB more would be 11.
      await remove(app, second, next.location);
      const past = await patchUpload(
        app,
        from.guest,
        location,
        stored,
        silentWav(4 * MiB),
        from.ip,
      );
      expectApiError(past, 429, 'rate_limited');
    });
  });
});
