/**
 * Fills a database for the HTTP benchmarks: a Pro user with 10,000 ideas (paging), a Pro user
 * with 100,000 ideas (search), and a session for each. Prints `{ pagingCookie, searchCookie,
 * searchWord }` as JSON on stdout.
 *
 * Ideas go in through Kysely in large batches inside write transactions rather than through
 * createWithinQuota one by one: 110,000 single-row transactions with synchronous=FULL would
 * spend minutes in fsync and measure nothing we ship. The triggers and indexes are the
 * application's own, so the search index is built exactly as in production.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Insertable } from 'kysely';
import type { IdeasTable } from '../../src/server/db/schema.js';
import { openDatabase } from '../../src/server/db/database.js';
import { writeTransaction } from '../../src/server/db/transactions.js';
import { hashSessionToken, SESSION_COOKIE } from '../../src/server/http/sessions.js';
import { newId } from '../../src/server/db/ids.js';
import { createSessionsRepository } from '../../src/server/modules/identity/sessions-repository.js';
import { createUsersRepository } from '../../src/server/modules/identity/users-repository.js';
import { CATEGORIES, FORMATS } from '../../src/contract/taxonomy.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

export const SEARCH_WORD = 'roadmap';
const PAGING_IDEAS = Number(process.env.BENCH_PAGING_IDEAS ?? 10_000);
const SEARCH_IDEAS = Number(process.env.BENCH_SEARCH_IDEAS ?? 100_000);
const BATCH = 500;

const WORDS = (
  'call the client about the invoice before friday then book the dentist and buy groceries ' +
  'milk eggs bread sketch a poster for the band write the chorus of a new song plan the sprint ' +
  'review the budget with finance draft the launch email walk the dog meditate ten minutes ' +
  'pitch a subscription box for plant lovers who forget to water fix the login bug ship it ' +
  'tomorrow morning run five kilometres paint the fence read two chapters record a podcast'
).split(' ');

// A deterministic generator so every run searches the same data.
let state = 0x2545f491;
function random(): number {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 0x100000000;
}
function pick<T>(items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

function sentence(words: number, withSearchWord: boolean): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i += 1) parts.push(pick(WORDS));
  if (withSearchWord) parts.splice(Math.floor(random() * parts.length), 0, SEARCH_WORD);
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

const database = await openDatabase(databaseUrl);
const users = createUsersRepository(database);
const sessions = createSessionsRepository(database);

async function proUserWithSession(label: string): Promise<{ userId: string; cookie: string }> {
  const email = `bench-${label}-${randomBytes(4).toString('hex')}@example.com`;
  const user = await users.create({ email, passwordHash: null, plan: 'pro' });
  if (user === 'email_taken') throw new Error('seed user e-mail collided');
  const token = randomBytes(32).toString('base64url');
  await sessions.create({
    userId: user.id,
    tokenHash: hashSessionToken(token),
    expiresAt: new Date(Date.now() + 24 * 60 * 60 * 1000),
  });
  return { userId: user.id, cookie: `${SESSION_COOKIE}=${token}` };
}

async function seedIdeas(userId: string, count: number, searchShare: number): Promise<void> {
  const start = Date.now() - count * 60_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows: Insertable<IdeasTable>[] = [];
    for (let i = offset; i < Math.min(count, offset + BATCH); i += 1) {
      const createdAt = new Date(start + i * 60_000);
      const withWord = random() < searchShare;
      const content = sentence(12 + Math.floor(random() * 30), withWord);
      rows.push({
        id: newId(createdAt.getTime()),
        user_id: userId,
        guest_id: null,
        content,
        format: pick(FORMATS),
        category: pick(CATEGORIES),
        transcript: sentence(20 + Math.floor(random() * 40), false),
        created_at: createdAt.toISOString(),
        updated_at: createdAt.toISOString(),
      });
    }
    await writeTransaction(database, (trx) => trx.insertInto('ideas').values(rows).execute());
  }
}

const paging = await proUserWithSession('paging');
await seedIdeas(paging.userId, PAGING_IDEAS, 0.05);
const search = await proUserWithSession('search');
await seedIdeas(search.userId, SEARCH_IDEAS, 0.02);
if (database.dialect === 'postgres') {
  // Autovacuum would gather statistics a little later in real life; without them right after a
  // bulk load the planner guesses, and the figures would describe that guess.
  await sql`analyze`.execute(database.db);
}
await database.close();

process.stdout.write(
  `${JSON.stringify({ pagingCookie: paging.cookie, searchCookie: search.cookie, searchWord: SEARCH_WORD })}\n`,
);
