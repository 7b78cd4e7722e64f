import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { MemoryLocker } from '@tus/server';
import { Upload } from '@tus/utils';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../../test-support/databases.js';
import {
  createPostgresUploadLocker,
  lockingWholeWrites,
  WholeWritesStore,
  type UploadLocker,
} from './upload-locks.js';

/**
 * The lock that keeps two requests from writing one upload at once, across instances on one
 * PostgreSQL database (ADR 128). Each locker here is one instance's; the wait before 423 is cut
 * short so that a refusal does not take the product's three seconds.
 */

const WAIT_MS = 300;

const noRelease = () => undefined;

describe.skipIf(TEST_DATABASE_URL === undefined)('upload locks in PostgreSQL', () => {
  let database: TestDatabase;
  const lockers: UploadLocker[] = [];

  function instance(): UploadLocker {
    if (database.openSession === null) throw new Error('not PostgreSQL');
    const locker = createPostgresUploadLocker(database.openSession, WAIT_MS);
    lockers.push(locker);
    return locker;
  }

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    for (const locker of lockers) await locker.close();
    await database.close();
  });

  it('refuses another instance 423 while one holds the upload, and lets it in after', async () => {
    const [a, b] = [instance(), instance()];
    const held = a.newLock('UPLOADA');
    await held.lock(new AbortController().signal, noRelease);
    const refused = await b
      .newLock('UPLOADA')
      .lock(new AbortController().signal, noRelease)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ status_code: 423 });
    expect(JSON.parse((refused as { body: string }).body)).toMatchObject({
      error: 'upload_locked',
    });
    // Another upload is not held up by it.
    const other = b.newLock('UPLOADB');
    await other.lock(new AbortController().signal, noRelease);
    await other.unlock();
    await held.unlock();
    const next = b.newLock('UPLOADA');
    await next.lock(new AbortController().signal, noRelease);
    await next.unlock();
  });

  it("keeps one instance's own two requests apart too", async () => {
    const a = instance();
    const first = a.newLock('UPLOADC');
    await first.lock(new AbortController().signal, noRelease);
    await expect(
      a.newLock('UPLOADC').lock(new AbortController().signal, noRelease),
    ).rejects.toMatchObject({ status_code: 423 });
    await first.unlock();
  });

  it('asks the holder to stop when its session ends, which let go of the lock', async () => {
    const [a, b] = [instance(), instance()];
    let askedToStop!: () => void;
    const stopped = new Promise<void>((resolve) => {
      askedToStop = resolve;
    });
    const held = a.newLock('UPLOADD');
    await held.lock(new AbortController().signal, () => askedToStop());
    await sql`
      select pg_terminate_backend(pid) from pg_locks
      where locktype = 'advisory' and granted
        and database = (select oid from pg_database where datname = current_database())
    `.execute(database.db);
    await stopped;
    const taken = b.newLock('UPLOADD');
    await taken.lock(new AbortController().signal, noRelease);
    // The old holder's unlock leaves the new holder's lock alone.
    await held.unlock();
    await expect(
      instance().newLock('UPLOADD').lock(new AbortController().signal, noRelease),
    ).rejects.toMatchObject({ status_code: 423 });
    await taken.unlock();
  });

  it('is a 503 database_unavailable when no session can be opened', async () => {
    const locker = createPostgresUploadLocker(
      () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:1')),
      WAIT_MS,
    );
    const failure = await locker
      .newLock('UPLOADE')
      .lock(new AbortController().signal, noRelease)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status_code: 503 });
    expect(JSON.parse((failure as { body: string }).body)).toMatchObject({
      error: 'database_unavailable',
    });
    await locker.close();
  });
});

describe("an upload's lock and the store's write", () => {
  it('holds the upload until the write under way has finished, though tus let go of it', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'voice-ideas-whole-writes-'));
    try {
      const store = new WholeWritesStore(new FileStore({ directory }));
      await store.create(new Upload({ id: 'UPLOADF', offset: 0 }));
      const locker = lockingWholeWrites(new MemoryLocker(), store);
      const first = locker.newLock('UPLOADF');
      await first.lock(new AbortController().signal, noRelease);
      // A body still being stored when tus lets go, as after a request that broke off.
      const body = new PassThrough();
      const written = store.write(body, 'UPLOADF', 0);
      body.write(Buffer.from('abc'));
      const unlocked = first.unlock();
      let taken = false;
      const next = locker
        .newLock('UPLOADF')
        .lock(new AbortController().signal, noRelease)
        .then(() => {
          taken = true;
        });
      for (let turn = 0; turn < 20; turn += 1) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(taken).toBe(false);
      body.end(Buffer.from('def'));
      expect(await written).toBe(6);
      await unlocked;
      await next;
      expect(taken).toBe(true);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
