import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startS3StandIn, type S3StandIn } from '#tests/support/s3-stand-in.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { buildApp } from '../../app.js';
import { testConfig } from '../../config.js';
import { openDatabase, type Database } from '../../db/database.js';
import { FAST_PASSWORDS, guestHeaders, newGuestId } from '../../test-support/api.js';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../../test-support/databases.js';

/**
 * Upload journeys with recordings in an S3-compatible bucket (ADR 128), through
 * @tus/s3-store's multipart uploads: a recording of unknown length in chunks, resumed after a
 * restart, read by range, deleted with its idea, and two instances sharing one bucket. They run
 * against the tests' S3 stand-in (tests/support/s3-stand-in.ts: s3rver behind a proxy that adds
 * the multipart calls it lacks), or against a real server (MinIO, S3, R2…) named by
 * TEST_S3_ENDPOINT (keys: TEST_S3_ACCESS_KEY_ID, TEST_S3_SECRET_ACCESS_KEY). Each run makes its
 * own bucket and removes it.
 */

const realEndpoint = process.env.TEST_S3_ENDPOINT?.trim() || undefined;
const realKeys = {
  accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'minioadmin',
  secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'minioadmin',
};
const bucket = `voice-ideas-test-${randomBytes(4).toString('hex')}`;
const TUS = { 'tus-resumable': '1.0.0' };
const MIB = 1024 * 1024;

describe('uploads into an S3-compatible bucket', () => {
  const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-s3-audio-'));
  let standIn: S3StandIn | undefined;
  let endpoint: string;
  let keys: S3StandIn['keys'];
  let client: S3Client;
  let database: TestDatabase;
  /** Audio, then enough bytes after it for two parts of 8 MiB and a tail. */
  let recording: Buffer;
  const apps: FastifyInstance[] = [];
  const extraDatabases: Database[] = [];

  /** An instance of the server: the shared database (its own connection) and the bucket. */
  async function instance(): Promise<FastifyInstance> {
    const connection = apps.length === 0 ? database : await openDatabase(database.url);
    if (connection !== database) extraDatabases.push(connection);
    const app = await buildApp(
      testConfig({
        S3_ENDPOINT: endpoint,
        S3_BUCKET: bucket,
        S3_ACCESS_KEY_ID: keys.accessKeyId,
        S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
        RECORDING_MAX_BYTES: String(64 * MIB),
        RATE_LIMIT_AI_PER_MIN: '100000',
        RATE_LIMIT_SAVES_PER_MIN: '100000',
        RATE_LIMIT_NEW_GUESTS_PER_HOUR: '100000',
        TRANSCRIBE_ENGINE: 'none',
        WEB_DIST_DIR: '/nonexistent/voice-ideas-web-dist',
      }),
      { database: connection, passwordHasher: FAST_PASSWORDS, recordingQueue: false },
    );
    apps.push(app);
    return app;
  }

  beforeAll(async () => {
    if (realEndpoint === undefined) {
      standIn = await startS3StandIn({ buckets: [] });
      ({ endpoint, keys } = standIn);
    } else {
      endpoint = realEndpoint;
      keys = realKeys;
    }
    client = new S3Client({
      endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: keys,
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    database = await openTestDatabase(TEST_DATABASE_URL === undefined ? 'sqlite' : 'postgres');
    const audio = await readFile(
      await makeSpeech(audioDir, 'Pitch work: a shared bucket.', 'webm'),
    );
    recording = Buffer.concat([audio, randomBytes(17 * MIB)]);
  }, 60_000);

  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const connection of extraDatabases) await connection.close();
    await database.close();
    const keysLeft = await objectsIn('');
    if (keysLeft.length > 0) {
      await client.send(
        new DeleteObjectsCommand({
          Bucket: bucket,
          Delete: { Objects: keysLeft.map((Key) => ({ Key })) },
        }),
      );
    }
    await client.send(new DeleteBucketCommand({ Bucket: bucket }));
    client.destroy();
    await standIn?.close();
    rmSync(audioDir, { recursive: true, force: true });
  });

  async function objectsIn(prefix: string): Promise<string[]> {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (listed.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
  }

  async function begin(app: FastifyInstance, headers: Record<string, string>): Promise<string> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/uploads',
      headers: { ...TUS, ...headers, 'upload-defer-length': '1' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return String(response.headers.location).slice('/api/uploads/'.length);
  }

  /** Sends the bytes from `from` to `to` in chunks of 1 MiB, the last one declaring the length. */
  async function send(
    app: FastifyInstance,
    headers: Record<string, string>,
    id: string,
    from: number,
    to: number,
  ): Promise<string | undefined> {
    let recordingId: string | undefined;
    for (let offset = from; offset < to; offset += MIB) {
      const end = Math.min(to, offset + MIB);
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: {
          ...TUS,
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...(end === recording.length ? { 'upload-length': String(recording.length) } : {}),
        },
        payload: recording.subarray(offset, end),
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(Number(response.headers['upload-offset'])).toBe(end);
      recordingId = response.headers['recording-id'] as string | undefined;
    }
    return recordingId;
  }

  async function offsetOf(app: FastifyInstance, headers: Record<string, string>, id: string) {
    const response = await app.inject({
      method: 'HEAD',
      url: `/api/uploads/${id}`,
      headers: { ...TUS, ...headers },
    });
    expect(response.statusCode).toBe(200);
    return Number(response.headers['upload-offset']);
  }

  async function expectPlayback(app: FastifyInstance, headers: Record<string, string>, id: string) {
    const whole = await app.inject({ method: 'GET', url: `/api/recordings/${id}/audio`, headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toMatch(/^audio\/webm/);
    expect(whole.rawPayload.equals(recording)).toBe(true);
    const start = 8 * MIB - 100;
    const part = await app.inject({
      method: 'GET',
      url: `/api/recordings/${id}/audio`,
      headers: { ...headers, range: `bytes=${start}-${start + 199}` },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes ${start}-${start + 199}/${recording.length}`);
    expect(part.rawPayload.equals(recording.subarray(start, start + 200))).toBe(true);
  }

  it('takes a recording of unknown length in chunks and plays it back whole and by range', async () => {
    const app = await instance();
    const headers = guestHeaders(newGuestId());
    const id = await begin(app, headers);
    expect(await send(app, headers, id, 0, recording.length)).toBe(id);
    await expectPlayback(app, headers, id);
  }, 120_000);

  it('cuts every part but the last to one size, whatever sizes the PATCHes bring', async () => {
    const app = await instance();
    const headers = guestHeaders(newGuestId());
    const id = await begin(app, headers);
    // Bodies of 5 MiB and more, each of another size, and a small one between.
    let offset = 0;
    for (const size of [5.5 * MIB, 64 * 1024, 6 * MIB, 5 * MIB]) {
      const response = await app.inject({
        method: 'PATCH',
        url: `/api/uploads/${id}`,
        headers: {
          ...TUS,
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        },
        payload: recording.subarray(offset, offset + size),
      });
      expect(response.statusCode, response.body).toBe(204);
      offset += size;
    }
    const info = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${id}.info` }));
    const parts = await client.send(
      new ListPartsCommand({ Bucket: bucket, Key: id, UploadId: info.Metadata?.['upload-id'] }),
    );
    expect((parts.Parts ?? []).map((part) => part.Size)).toEqual([8 * MIB, 8 * MIB]);
    expect(await offsetOf(app, headers, id)).toBe(offset);
    expect(await send(app, headers, id, offset, recording.length)).toBe(id);
    await expectPlayback(app, headers, id);
  }, 120_000);

  /** A PATCH from `offset` whose connection drops once `sent` bytes of `body` are out. */
  async function brokenPatch(
    app: FastifyInstance,
    headers: Record<string, string>,
    id: string,
    offset: number,
    body: Buffer,
    sent: number,
    until: () => Promise<void> = () => Promise.resolve(),
  ): Promise<void> {
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening');
    await new Promise<void>((resolve) => {
      const request = httpRequest({
        host: '127.0.0.1',
        port: address.port,
        path: `/api/uploads/${id}`,
        method: 'PATCH',
        headers: {
          ...TUS,
          ...headers,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          'content-length': String(body.length),
        },
      });
      request.on('error', () => resolve());
      request.on('response', () => resolve());
      request.write(body.subarray(0, sent), () => {
        void until().then(() => request.destroy());
      });
    });
  }

  it('keeps the bytes it acknowledged, and at most what arrived, when a PATCH breaks off before a whole part', async () => {
    const app = await instance();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = guestHeaders(newGuestId());
    const id = await begin(app, headers);
    // Acknowledged, and kept as the tail that waits for a whole part.
    await send(app, headers, id, 0, MIB);
    // Dropped once the server has read the tail back to write it again ahead of the new bytes.
    const tailRead = `GET /${bucket}/${id}.part`;
    const readsBefore = standIn?.requests().filter((seen) => seen === tailRead).length ?? 0;
    await brokenPatch(app, headers, id, MIB, recording.subarray(MIB, 6 * MIB), 2 * MIB, () =>
      standIn === undefined
        ? Promise.resolve()
        : vi.waitFor(
            () => {
              const reads = standIn?.requests().filter((seen) => seen === tailRead).length;
              expect(reads).toBe(readsBefore + 1);
            },
            { timeout: 30_000, interval: 20 },
          ),
    );
    // What arrived before the break may be kept as the new tail, or dropped with the write.
    const offset = await offsetOf(app, headers, id);
    expect(offset).toBeGreaterThanOrEqual(MIB);
    expect(offset).toBeLessThanOrEqual(3 * MIB);
    expect(await send(app, headers, id, offset, recording.length)).toBe(id);
    await expectPlayback(app, headers, id);
  }, 120_000);

  it('resumes from where HEAD says when a PATCH broke off with a part on its way', async () => {
    const app = await instance();
    await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = guestHeaders(newGuestId());
    const id = await begin(app, headers);
    await send(app, headers, id, 0, MIB);
    const parts = standIn?.holdParts();
    try {
      // A whole part's bytes (the tail and 7 MiB) arrive, then the connection drops.
      const broken = brokenPatch(app, headers, id, MIB, recording.subarray(MIB, 10 * MIB), 9 * MIB);
      if (parts !== undefined) {
        await vi.waitFor(() => expect(parts.held()).toBe(1), { timeout: 30_000, interval: 50 });
      }
      await broken;
      const asked = offsetOf(app, headers, id);
      parts?.release();
      const offset = await asked;
      expect(offset).toBeGreaterThanOrEqual(MIB);
      expect(await send(app, headers, id, offset, recording.length)).toBe(id);
    } finally {
      parts?.release();
    }
    await expectPlayback(app, headers, id);
  }, 120_000);

  it('resumes an upload after the server restarts, from the offset the bucket holds', async () => {
    const first = await instance();
    const headers = guestHeaders(newGuestId());
    const id = await begin(first, headers);
    await send(first, headers, id, 0, 10 * MIB);
    await first.close();
    const restarted = await instance();
    expect(await offsetOf(restarted, headers, id)).toBe(10 * MIB);
    expect(await send(restarted, headers, id, 10 * MIB, recording.length)).toBe(id);
    await expectPlayback(restarted, headers, id);
  }, 120_000);

  it('lets one instance finish and serve an upload another began', async () => {
    const [a, b] = [await instance(), await instance()];
    const headers = guestHeaders(newGuestId());
    const id = await begin(a, headers);
    await send(a, headers, id, 0, 9 * MIB);
    expect(await offsetOf(b, headers, id)).toBe(9 * MIB);
    expect(await send(b, headers, id, 9 * MIB, recording.length)).toBe(id);
    await expectPlayback(b, headers, id);
    await expectPlayback(a, headers, id);
  }, 120_000);

  it('removes every object of a recording when its idea is deleted', async () => {
    const app = await instance();
    const headers = guestHeaders(newGuestId());
    const id = await begin(app, headers);
    await send(app, headers, id, 0, recording.length);
    expect(await objectsIn(id)).toContain(id);
    const idea = await app.inject({
      method: 'POST',
      url: '/api/guest-ideas',
      headers,
      payload: { content: 'A shared bucket', format: 'pitch', category: 'work', recordingId: id },
    });
    expect(idea.statusCode, idea.body).toBe(201);
    const ideaId = idea.json<{ id: string }>().id;
    const deleted = await app.inject({
      method: 'DELETE',
      url: `/api/guest-ideas/${ideaId}`,
      headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await objectsIn(id)).toEqual([]);
    const audio = await app.inject({ method: 'GET', url: `/api/recordings/${id}/audio`, headers });
    expect(audio.statusCode).toBe(404);
  }, 120_000);
});
