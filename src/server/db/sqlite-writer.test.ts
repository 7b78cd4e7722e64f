import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openTestDatabase, type TestDatabase } from '../test-support/databases.js';
import { writeTransaction } from './transactions.js';
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
});
