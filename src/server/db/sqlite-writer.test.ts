import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { writeStatements, writeTransaction } from './transactions.js';
import { isUniqueViolation } from './rows.js';

// ADR 017: on a SQLite file, reads run on the main connection and writes on the writer thread.
let database: TestDatabase;

beforeEach(async () => {
  database = await openTestDatabase('sqlite');
});

afterEach(async () => {
  await database.close();
});

const count = async () =>
  Number(
    (await sql<{ n: number }>`SELECT count(*) AS n FROM usage`.execute(database.db)).rows[0]?.n,
  );

const addUse = (executor: typeof database.db, key: string) =>
  sql`INSERT INTO usage (owner_key, period_key, count) VALUES (${key}, '2026-11', 1)`.execute(
    executor,
  );

describe('the SQLite writer thread', () => {
  it('lets reads run while a transaction is open, and shows its writes once it committed', async () => {
    let letCommit!: () => void;
    const held = new Promise<void>((resolve) => {
      letCommit = resolve;
    });
    let inserted!: () => void;
    const insertedOnce = new Promise<void>((resolve) => {
      inserted = resolve;
    });
    const writing = writeTransaction(database, async (trx) => {
      await addUse(trx, 'g:a');
      // Inside the transaction its own write is visible (the read goes to the writer too).
      const inside = await sql<{ n: number }>`SELECT count(*) AS n FROM usage`.execute(trx);
      inserted();
      await held;
      return Number(inside.rows[0]?.n);
    });
    await insertedOnce;
    // A read through the database does not wait for the open transaction, and does not see it.
    expect(await count()).toBe(0);
    letCommit();
    expect(await writing).toBe(1);
    expect(await count()).toBe(1);
  });

  it('keeps a standalone write out of an open transaction, so a rollback undoes only its own', async () => {
    let letFail!: () => void;
    const held = new Promise<void>((resolve) => {
      letFail = resolve;
    });
    const failing = writeTransaction(database, async (trx) => {
      await addUse(trx, 'g:in-transaction');
      await held;
      throw new Error('undo');
    });
    const standalone = addUse(database.db, 'g:standalone');
    letFail();
    await expect(failing).rejects.toThrow('undo');
    await standalone;
    const keys = await sql<{ owner_key: string }>`SELECT owner_key FROM usage`.execute(database.db);
    expect(keys.rows.map((row) => row.owner_key)).toEqual(['g:standalone']);
  });

  it("passes SQLite's error codes back from the writer", async () => {
    await addUse(database.db, 'g:twice');
    const error: unknown = await addUse(database.db, 'g:twice').catch((caught: unknown) => caught);
    expect(isUniqueViolation(error)).toBe(true);
    // The writer keeps serving after a failed statement.
    await addUse(database.db, 'g:after');
    expect(await count()).toBe(2);
  });

  describe('saves waiting together (group commit)', () => {
    const save = (key: string) =>
      writeStatements(database, [
        CompiledQuery.raw(
          "INSERT INTO usage (owner_key, period_key, count) VALUES (?, '2026-11', 1)",
          [key],
        ),
      ]);
    /** Frames in the WAL file, each a page written by a commit, since `restartWal()`. */
    const walFrames = async () =>
      Number(
        (await sql<{ log: number }>`PRAGMA wal_checkpoint(PASSIVE)`.execute(database.db)).rows[0]
          ?.log,
      );
    const restartWal = () => sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(database.db);

    it('commits them in one transaction: far fewer pages written than one commit each', async () => {
      await save('g:first');
      await restartWal();
      for (let i = 0; i < 20; i += 1) await save(`g:alone-${i}`);
      const alone = await walFrames();
      await restartWal();
      await Promise.all(Array.from({ length: 20 }, (_, i) => save(`g:together-${i}`)));
      const together = await walFrames();
      expect(await count()).toBe(41);
      expect(together).toBeLessThan(alone / 4);
    });

    it('rolls back only the save that failed, and tells it why', async () => {
      await save('g:taken');
      const outcomes = await Promise.allSettled(
        ['g:one', 'g:taken', 'g:two', 'g:three'].map((key) => save(key)),
      );
      expect(outcomes.map((outcome) => outcome.status)).toEqual([
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
      ]);
      const failed = outcomes[1] as PromiseRejectedResult;
      expect(isUniqueViolation(failed.reason)).toBe(true);
      const keys = await sql<{
        owner_key: string;
      }>`SELECT owner_key FROM usage ORDER BY owner_key`.execute(database.db);
      expect(keys.rows.map((row) => row.owner_key)).toEqual([
        'g:one',
        'g:taken',
        'g:three',
        'g:two',
      ]);
    });

    it('runs them in order, each seeing the ones before it (a quota of 3 lets 3 of 6 count)', async () => {
      const countOne = () =>
        writeStatements(database, [
          CompiledQuery.raw(
            `INSERT INTO usage (owner_key, period_key, count) VALUES ('g:quota', '2026-11', 1)
             ON CONFLICT (owner_key, period_key) DO UPDATE SET count = usage.count + 1
             WHERE usage.count < 3 RETURNING count`,
          ),
        ]);
      const results = await Promise.all(Array.from({ length: 6 }, countOne));
      expect(
        results.map(([result]) => result?.rows.map((row) => (row as { count: number }).count)),
      ).toEqual([[1], [2], [3], [], [], []]);
    });

    it('keeps an open transaction to itself while saves wait behind it', async () => {
      let letCommit!: () => void;
      const held = new Promise<void>((resolve) => {
        letCommit = resolve;
      });
      let begun!: () => void;
      const begunOnce = new Promise<void>((resolve) => {
        begun = resolve;
      });
      const writing = writeTransaction(database, async (trx) => {
        await addUse(trx, 'g:in-transaction');
        begun();
        await held;
        throw new Error('undo');
      });
      await begunOnce;
      const saves = Promise.all([save('g:waiting-1'), save('g:waiting-2')]);
      letCommit();
      await expect(writing).rejects.toThrow('undo');
      await saves;
      const keys = await sql<{
        owner_key: string;
      }>`SELECT owner_key FROM usage ORDER BY owner_key`.execute(database.db);
      expect(keys.rows.map((row) => row.owner_key)).toEqual(['g:waiting-1', 'g:waiting-2']);
    });
  });
});
