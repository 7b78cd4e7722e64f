/**
 * A second process for the quota race test: opens the same database, waits for the agreed start
 * instant, fires its share of creates at once and prints how many were created or refused.
 * Usage: node --import tsx quota-race-worker.ts <databaseUrl> <userId> <creates> <limit> <period> <startAtMs>
 */
import { openDatabase } from '../db/database.js';
import { createIdeasRepository } from '../modules/ideas/repository.js';

const [url, userId, creates, limit, periodKey, startAt] = process.argv.slice(2);
if (!url || !userId || !creates || !limit || !periodKey || !startAt) {
  throw new Error('usage: quota-race-worker <url> <userId> <creates> <limit> <period> <startAtMs>');
}
const database = await openDatabase(url, { migrate: false });
const ideas = createIdeasRepository(database);
await new Promise((resolve) => setTimeout(resolve, Math.max(0, Number(startAt) - Date.now())));
const results = await Promise.all(
  Array.from({ length: Number(creates) }, (_, i) =>
    ideas.createWithinQuota(
      { kind: 'user', userId },
      {
        content: `from pid ${process.pid} #${i}`,
        format: 'tweet',
        category: 'work',
        transcript: null,
      },
      { monthlyLimit: Number(limit), periodKey },
    ),
  ),
);
await database.close();
const created = results.filter((result) => result !== 'quota_exceeded').length;
process.stdout.write(JSON.stringify({ created, exceeded: results.length - created }));
