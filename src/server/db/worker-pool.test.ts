import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorkerPool, WorkerPoolClosedError, type WorkerPool } from './worker-pool.js';
import { openTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { createIdeasRepository } from '../modules/ideas/repository.js';
import { guestOwner } from './owner.js';

type Request = { op: 'echo' | 'throw' | 'exit' | 'hang'; value?: string };

const script = new URL('../test-support/pool-test-worker.ts', import.meta.url);
let pool: WorkerPool<Request, string> | undefined;
let database: TestDatabase | undefined;

afterEach(async () => {
  await pool?.close();
  await database?.close();
  pool = undefined;
  database = undefined;
});

describe('worker pool', () => {
  it('answers from the workers and spreads tasks over them', async () => {
    pool = createWorkerPool<Request, string>({ script, size: 2, workerData: { label: 'w' } });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => pool?.run({ op: 'echo', value: String(i) })),
    );
    expect(answers).toEqual(['w:0', 'w:1', 'w:2', 'w:3', 'w:4', 'w:5']);
  });

  it("rejects with the worker's error and keeps serving", async () => {
    pool = createWorkerPool<Request, string>({ script, size: 1, workerData: { label: 'w' } });
    await expect(pool.run({ op: 'throw' })).rejects.toThrow('asked to fail');
    expect(await pool.run({ op: 'echo', value: 'after' })).toBe('w:after');
  });

  it('fails the tasks of a worker that dies and replaces the worker', async () => {
    pool = createWorkerPool<Request, string>({ script, size: 1, workerData: { label: 'w' } });
    const hanging = expect(pool.run({ op: 'hang' })).rejects.toThrow('A read worker exited (3)');
    const dying = expect(pool.run({ op: 'exit' })).rejects.toThrow('A read worker exited (3)');
    await Promise.all([hanging, dying]);
    expect(await pool.run({ op: 'echo', value: 'again' })).toBe('w:again');
  });

  it('fails the tasks in flight on close and takes no new ones', async () => {
    pool = createWorkerPool<Request, string>({ script, size: 2, workerData: { label: 'w' } });
    const hanging = expect(pool.run({ op: 'hang' })).rejects.toBeInstanceOf(WorkerPoolClosedError);
    await pool.close();
    await hanging;
    await expect(pool.run({ op: 'echo' })).rejects.toBeInstanceOf(WorkerPoolClosedError);
  });
});

describe('searches on the SQLite worker pool', () => {
  it('see a write committed just before, and stop with the database', async () => {
    database = await openTestDatabase('sqlite');
    const repo = createIdeasRepository(database);
    const owner = guestOwner(`guest_${randomBytes(8).toString('hex')}`);
    for (let i = 0; i < 5; i += 1) {
      const content = `Roadmap draft ${i}`;
      await repo.createWithinQuota(
        owner,
        { content, format: 'tweet', category: 'work', transcript: null },
        { monthlyLimit: null, periodKey: '2026-11' },
      );
      // Each search runs on a worker's own connection, right after the main connection's commit.
      const found = await repo.list(owner, { limit: 10, q: 'roadmap' });
      expect(found.total).toBe(i + 1);
      expect(found.items[0]?.content).toBe(content);
      const short = await repo.list(owner, { limit: 10, q: `t ${i}` });
      expect(short.items.map((item) => item.content)).toEqual([content]);
    }
    const closing = database;
    database = undefined;
    await closing.close();
    await expect(repo.list(owner, { limit: 10, q: 'roadmap' })).rejects.toThrow();
  });
});
