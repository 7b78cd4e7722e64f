import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { forEachDialect, useTestDatabase } from '../test-support/databases.js';
import { migrate } from './database.js';
import { migrationsFor } from './migrations/index.js';

/**
 * Migration 021 ties each kept save answer to its idea, so deleting the idea deletes the answer
 * without a pass over the table. Answers kept before it must be tied too, or their words would
 * outlive a delete for the rest of their day.
 */
forEachDialect((dialect) => {
  describe('migration 021, idempotency_keys.idea_id', () => {
    const database = useTestDatabase(dialect);

    it('ties the answers kept before it to their ideas, drops those of ideas already gone', async () => {
      const { db } = database();
      const migrator = new Migrator({
        db,
        provider: { getMigrations: () => Promise.resolve(migrationsFor(dialect)) },
      });
      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.[0]?.migrationName).toBe('021-idempotency-idea-ids');

      const live = `idea-${randomBytes(6).toString('hex')}`;
      const at = new Date().toISOString();
      await sql`INSERT INTO ideas (id, guest_id, content, format, category, created_at, updated_at)
        VALUES (${live}, 'guest_migration-021', 'kept words', 'tweet', 'work', ${at}, ${at})`.execute(
        db,
      );
      const answer = (id: string) => JSON.stringify({ id, content: `words of ${id}` });
      const later = Date.now() + 60 * 60 * 1000;
      await sql`INSERT INTO idempotency_keys (slot, idea, expires_at) VALUES
        ('g:a\nlive', ${answer(live)}, ${later}),
        ('g:a\ngone', ${answer('idea-gone')}, ${later}),
        ('g:a\nrunning', NULL, ${later})`.execute(db);

      await migrate(database());

      const rows = async () =>
        (
          await sql<{ slot: string; idea_id: string | null }>`
            SELECT slot, idea_id FROM idempotency_keys ORDER BY slot`.execute(db)
        ).rows;
      expect(await rows()).toEqual([
        { slot: 'g:a\nlive', idea_id: live },
        { slot: 'g:a\nrunning', idea_id: null },
      ]);
      await sql`DELETE FROM ideas WHERE id = ${live}`.execute(db);
      expect(await rows()).toEqual([{ slot: 'g:a\nrunning', idea_id: null }]);
    });
  });
});
