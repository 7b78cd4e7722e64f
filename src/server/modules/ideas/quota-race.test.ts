import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createIdeasRepository } from './repository.js';
import { userOwner } from '../../db/owner.js';
import { createUsageRepository } from '../usage/repository.js';

const run = promisify(execFile);
const WORKER = fileURLToPath(new URL('../../test-support/quota-race-worker.ts', import.meta.url));
/** Enough for both children to load TypeScript and open the database before the start signal. */
const START_DELAY_MS = 4_000;

forEachDialect((dialect) => {
  const database = useTestDatabase(dialect);

  it(
    'with one unit left, 20 creates from two processes give exactly one idea',
    { timeout: 60_000 },
    async () => {
      const user = await createTestUser(database());
      const owner = userOwner(user.id);
      const usage = createUsageRepository(database());
      for (let i = 0; i < 9; i += 1) await usage.incrementWithinLimit(owner, '2026-11', 10);

      const startAt = String(Date.now() + START_DELAY_MS);
      const args = [
        '--import',
        'tsx',
        WORKER,
        database().url,
        user.id,
        '10',
        '10',
        '2026-11',
        startAt,
      ];
      const outcomes = await Promise.all(
        [1, 2].map(async () => {
          const { stdout } = await run(process.execPath, args, { timeout: 45_000 });
          return JSON.parse(stdout) as { created: number; exceeded: number };
        }),
      );

      expect(outcomes.reduce((sum, outcome) => sum + outcome.created, 0)).toBe(1);
      expect(outcomes.reduce((sum, outcome) => sum + outcome.exceeded, 0)).toBe(19);
      expect(await usage.getUsed(owner, '2026-11')).toBe(10);
      expect((await createIdeasRepository(database()).list(owner, { limit: 50 })).total).toBe(1);
    },
  );
});
