import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '#server/test-support/databases.js';
import { startS3StandIn, type S3StandIn } from '../support/s3-stand-in.js';
import { makeSpeech } from '../support/speech-audio.js';
import { eventually, killAllServers, serverEnv, startServer } from './support/server-process.js';

/**
 * Two server processes on one PostgreSQL database, each sent a PATCH of the same upload at the
 * same moment (ADR 128): the one that has the upload's lock writes its body whole, the other is
 * answered 423 upload_locked, and the upload holds exactly the first one's bytes. With the
 * recordings in PostgreSQL and in a bucket (the tests' S3 stand-in), which has no check of its
 * own against two writers.
 */

const TUS = { 'tus-resumable': '1.0.0' };
const BUCKET = 'voice-ideas-upload-locks';

let audio: Buffer;
let standIn: S3StandIn;
const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-upload-locks-'));

beforeAll(async () => {
  audio = await readFile(await makeSpeech(audioDir, 'Tweet work: one writer at a time.', 'webm'));
  standIn = await startS3StandIn({ buckets: [BUCKET] });
}, 60_000);

afterAll(async () => {
  await killAllServers();
  await standIn.close();
  rmSync(audioDir, { recursive: true, force: true });
});

/** Advisory locks held in the database now: how the test sees that a request has the upload. */
async function advisoryLocks(database: TestDatabase): Promise<number> {
  const { rows } = await sql<{ held: string }>`
    select count(*) as held from pg_locks
    where locktype = 'advisory' and granted
      and database = (select oid from pg_database where datname = current_database())
  `.execute(database.db);
  return Number(rows[0]?.held ?? 0);
}

/** A PATCH whose body is sent halfway and held there until `finish` is called. */
function heldPatch(url: string, path: string, headers: Record<string, string>, body: Buffer) {
  const target = new URL(`${url}${path}`);
  const request = httpRequest({
    host: target.hostname,
    port: target.port,
    path: target.pathname,
    method: 'PATCH',
    headers: { ...headers, 'content-length': String(body.length) },
  });
  const answered = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', resolve);
    request.on('error', reject);
  });
  const half = Math.floor(body.length / 2);
  request.write(body.subarray(0, half));
  return {
    answered,
    finish: () => request.end(body.subarray(half)),
  };
}

const stores = {
  'recordings in PostgreSQL': (): Record<string, string> => ({}),
  'recordings in a bucket': (): Record<string, string> => ({
    S3_ENDPOINT: standIn.endpoint,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: standIn.keys.accessKeyId,
    S3_SECRET_ACCESS_KEY: standIn.keys.secretAccessKey,
  }),
};

describe.skipIf(TEST_DATABASE_URL === undefined)('two instances writing one upload at once', () => {
  for (const [store, storeEnv] of Object.entries(stores)) {
    it(`lets one write and answers the other 423, ${store}`, { timeout: 150_000 }, async () => {
      const database = await openTestDatabase('postgres');
      try {
        const env = serverEnv({ DATABASE_URL: database.url, ...storeEnv() });
        // One after the other: both would run the same migrations at start.
        const a = await startServer(env);
        const b = await startServer(env);
        const owner = { 'x-guest-id': `guest_lock_${randomBytes(6).toString('hex')}` };
        const created = await fetch(`${a.url}/api/uploads`, {
          method: 'POST',
          headers: { ...TUS, origin: a.url, ...owner, 'upload-defer-length': '1' },
        });
        expect(created.status).toBe(201);
        const path = new URL(created.headers.get('location') ?? '', a.url).pathname;
        const id = path.split('/').pop() ?? '';
        const patch = (offset: number) => ({
          ...TUS,
          ...owner,
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
        });

        const first = heldPatch(a.url, path, { ...patch(0), origin: a.url }, audio);
        await eventually(
          'the first PATCH holds the upload',
          () => advisoryLocks(database),
          (held) => held === 1,
        );
        // As many bytes, others after the container's header.
        const other = Buffer.concat([audio.subarray(0, 64), randomBytes(audio.length - 64)]);
        const second = await fetch(`${b.url}${path}`, {
          method: 'PATCH',
          headers: { ...patch(0), origin: b.url },
          body: other,
        });
        expect(second.status).toBe(423);
        expect(second.headers.get('retry-after')).toBe('3');
        expect(await second.json()).toMatchObject({ error: 'upload_locked' });

        first.finish();
        const answered = await first.answered;
        expect(answered.statusCode).toBe(204);
        expect(answered.headers['upload-offset']).toBe(String(audio.length));
        // The end declared by an empty PATCH, as tus-js-client ends an upload of unknown length.
        const last = await fetch(`${b.url}${path}`, {
          method: 'PATCH',
          headers: { ...patch(audio.length), origin: b.url, 'upload-length': String(audio.length) },
        });
        expect(last.status).toBe(204);
        expect(last.headers.get('recording-id')).toBe(id);
        for (const server of [a, b]) {
          const stored = await fetch(`${server.url}/api/recordings/${id}/audio`, {
            headers: owner,
          });
          expect(stored.status).toBe(200);
          expect(Buffer.from(await stored.arrayBuffer()).equals(audio)).toBe(true);
        }
        expect(await advisoryLocks(database)).toBe(0);
      } finally {
        await killAllServers();
        await database.close();
      }
    });
  }
});
