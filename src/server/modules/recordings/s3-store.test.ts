import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { S3Config } from '../../config.js';
import {
  closeTestApp,
  createTestApp,
  expectApiError,
  guestHeaders,
  newGuestId,
} from '../../test-support/api.js';
import { createS3RecordingStore, StorageUnavailableError } from './s3-store.js';
import { readHead, type RecordingStore } from './store.js';

/**
 * Recordings in an S3-compatible bucket (ADR 128), against s3rver run on a free port: what it
 * speaks (objects, ranged reads, deletion) is tested here. It does not speak ListParts or
 * AbortMultipartUpload, which @tus/s3-store calls on every upload request, so the upload
 * journeys are in s3-uploads.test.ts, against the tests' S3 stand-in that adds them.
 */

const BUCKET = 'voice-ideas-recordings';
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

let s3rver: S3rver;
let s3rverDir: string;
let endpoint: string;
let client: S3Client;

function settings(overrides: Partial<S3Config> = {}): S3Config {
  return {
    endpoint,
    bucket: BUCKET,
    region: 'us-east-1',
    ...KEYS,
    forcePathStyle: true,
    timeoutMs: 5000,
    ...overrides,
  };
}

function storeWith(overrides: Partial<S3Config> = {}): RecordingStore {
  return createS3RecordingStore({
    settings: settings(overrides),
    expiryMs: 60_000,
    maxBytes: 1024 * 1024,
  });
}

async function put(key: string, body: Buffer): Promise<void> {
  await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: body }));
}

async function readAll(store: RecordingStore, id: string, range?: { start: number; end: number }) {
  const chunks: Buffer[] = [];
  for await (const chunk of await store.open(id, range)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  s3rverDir = mkdtempSync(join(tmpdir(), 'voice-ideas-s3rver-'));
  s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3rverDir,
    silent: true,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3rver.run();
  endpoint = `http://127.0.0.1:${port}`;
  client = new S3Client({
    endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: KEYS,
  });
});

afterAll(async () => {
  client.destroy();
  await s3rver.close();
  rmSync(s3rverDir, { recursive: true, force: true });
});

describe('recordings in an S3-compatible bucket', () => {
  const bytes = Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251));

  it('reads a finished recording whole, by range and as a local file', async () => {
    const store = storeWith();
    await put('REC1', bytes);
    expect(await readAll(store, 'REC1')).toEqual(bytes);
    expect(await readAll(store, 'REC1', { start: 1000, end: 1999 })).toEqual(
      bytes.subarray(1000, 2000),
    );
    expect(await readHead(store, 'REC1', 64)).toEqual(bytes.subarray(0, 64));
    const copied = await store.withLocalFile('REC1', (path) => readFile(path));
    expect(copied).toEqual(bytes);
  });

  it('reads the first bytes of an upload still arriving from its head', async () => {
    const store = storeWith();
    await put('REC2.head', bytes.subarray(0, 64));
    expect(await readHead(store, 'REC2', 64)).toEqual(bytes.subarray(0, 64));
  });

  it('removes the recording, its pending part and its head, and a missing one quietly', async () => {
    const store = storeWith();
    await put('REC3', bytes);
    await put('REC3.part', bytes.subarray(0, 10));
    await put('REC3.head', bytes.subarray(0, 64));
    await store.remove('REC3');
    expect((await readAll(store, 'REC3')).length).toBe(0);
    for (const key of ['REC3', 'REC3.part', 'REC3.head']) {
      await expect(
        client.send(new GetObjectCommand({ Bucket: BUCKET, Key: key })),
      ).rejects.toMatchObject({ name: 'NoSuchKey' });
    }
    await expect(store.remove('NEVERSTORED')).resolves.toBeUndefined();
  });
});

/** A server that takes connections and never answers: storage that hangs. */
async function startSilentServer(): Promise<{ endpoint: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('storage that does not answer', () => {
  let silent: Awaited<ReturnType<typeof startSilentServer>>;
  beforeAll(async () => {
    silent = await startSilentServer();
  });
  afterAll(() => silent.close());

  it('is a 503 storage_unavailable within its timeout, for reads and removal', async () => {
    const store = storeWith({ endpoint: silent.endpoint, timeoutMs: 200 });
    const started = Date.now();
    const failure = await store.open('REC4').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(StorageUnavailableError);
    expect((failure as StorageUnavailableError).statusCode).toBe(503);
    // Two tries of 200 ms and the SDK's backoff between them, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(store.remove('REC4')).rejects.toBeInstanceOf(StorageUnavailableError);
  });

  it('answers an upload begun while it is away 503 storage_unavailable', async () => {
    const testApp = await createTestApp('sqlite', {
      env: {
        S3_ENDPOINT: silent.endpoint,
        S3_BUCKET: BUCKET,
        S3_ACCESS_KEY_ID: KEYS.accessKeyId,
        S3_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
        S3_TIMEOUT_MS: '200',
      },
      deps: { recordingQueue: false },
    });
    try {
      const response = await testApp.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-defer-length': '1',
          ...guestHeaders(newGuestId()),
        },
      });
      expectApiError(response, 503, 'storage_unavailable');
    } finally {
      await closeTestApp(testApp);
    }
  });
});
