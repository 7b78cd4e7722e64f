import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { createDatabaseCounters } from './limit-counters.js';
import { openTestDatabase, TEST_DATABASE_URL } from '../test-support/databases.js';

describe.skipIf(TEST_DATABASE_URL === undefined)('rate-limit counters in PostgreSQL', () => {
  it('never lose or repeat a count when two connections count one key at once', async () => {
    const database = await openTestDatabase('postgres');
    // A second pool on the same database stands for a second instance.
    const other = await openDatabase(database.url, { migrate: false });
    try {
      const [first, second] = [createDatabaseCounters(database), createDatabaseCounters(other)];
      const counts = await Promise.all(
        Array.from({ length: 200 }, (_, i) =>
          (i % 2 === 0 ? first : second).increment('race', 60_000),
        ),
      );
      expect(counts.map((count) => count.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      for (const count of counts) {
        expect(count.ttlMs).toBeGreaterThan(0);
        expect(count.ttlMs).toBeLessThanOrEqual(60_000);
      }
      expect(await second.read('race')).toMatchObject({ count: 200 });
    } finally {
      await other.close();
      await database.close();
    }
  });

  it('start again after the window, decrement never below zero, delete forgets', async () => {
    const database = await openTestDatabase('postgres');
    try {
      const counters = createDatabaseCounters(database);
      expect(await counters.read('k')).toBeUndefined();
      await counters.increment('k', 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await counters.read('k')).toBeUndefined();
      expect((await counters.increment('k', 60_000)).count).toBe(1);
      await counters.decrement('k');
      await counters.decrement('k');
      expect(await counters.read('k')).toMatchObject({ count: 0 });
      await counters.increment('k', 60_000, 500);
      await counters.decrement('k', 200);
      expect(await counters.read('k')).toMatchObject({ count: 300 });
      await counters.decrement('k', 1_000);
      expect(await counters.read('k')).toMatchObject({ count: 0 });
      await counters.delete('k');
      expect(await counters.read('k')).toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('refuse SQLite, where one process counts in memory', async () => {
    const database = await openTestDatabase('sqlite');
    try {
      expect(() => createDatabaseCounters(database)).toThrow(/PostgreSQL/);
    } finally {
      await database.close();
    }
  });
});
