/**
 * Fills a database for the real-use benchmark (scripts/bench/run.mjs): BENCH_USERS Pro users
 * (default 1,000) with BENCH_IDEAS_PER_USER ideas each (default 1,000), plus one Pro user with
 * BENCH_BIG_IDEAS (default 100,000), each with a session. Prints
 * `{ cookies, bigCookie, words }` as JSON on stdout: cookies[i] belongs to the i-th ordinary
 * user, words is the vocabulary the ideas are written in, for queries.
 *
 * The schema comes from the application's own migrations, and ideas go in with its triggers, so
 * the search index and the stored counts are built exactly as in production. Rows go in as bulk
 * multi-row statements with durability off for the load (SQLite synchronous=OFF; PostgreSQL
 * builds its GIN indexes once after the load rather than row by row), because a million
 * single-row durable transactions would measure fsync, not anything we ship. run.mjs keeps the
 * seeded database on disk between runs.
 *
 * Session tokens are derived from the user's number, so a cached database and its cookies stay
 * together; never a secret, only benchmark data.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '#server/db/database.js';
import { newId } from '#server/db/ids.js';
import { hashSessionToken, SESSION_COOKIE } from '#server/http/sessions.js';
import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const IDEAS_PER_USER = Number(process.env.BENCH_IDEAS_PER_USER ?? 1_000);
const BIG_IDEAS = Number(process.env.BENCH_BIG_IDEAS ?? 100_000);
const BATCH = 1_000;

/** What people say to a voice notes app, roughly; every query is built from these words. */
export const WORDS = (
  'call the client about invoice before friday then book dentist and buy groceries milk eggs ' +
  'bread sketch a poster for band write chorus of new song plan sprint review budget with ' +
  'finance draft launch email walk dog meditate ten minutes pitch subscription box plant lovers ' +
  'who forget to water fix login bug ship it tomorrow morning run five kilometres paint fence ' +
  'read two chapters record podcast episode about remote teams ask landlord heating repair ' +
  'renew passport check flight times pack charger order birthday cake for sister schedule ' +
  'meeting marketing agency update roadmap slides compare insurance quotes cancel gym ' +
  'membership learn spanish verbs clean garage donate clothes backup laptop photos reply ' +
  'recruiter message prepare interview questions summarise customer feedback hire designer ' +
  'brainstorm names coffee brand start newsletter weekly outline novel chapter mystery lisbon ' +
  'train marathon stretch knees call mum wish dad happy anniversary'
).split(' ');

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
function sentence(words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i += 1) parts.push(pick(WORDS));
  const text = parts.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1) + '.';
}

interface SeedIdea {
  id: string;
  userId: string;
  content: string;
  format: string;
  category: string;
  transcript: string;
  createdAt: string;
}

function* ideasOf(userId: string, count: number): Generator<SeedIdea[]> {
  const start = Date.now() - count * 60_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const rows: SeedIdea[] = [];
    for (let i = offset; i < Math.min(count, offset + BATCH); i += 1) {
      const time = start + i * 60_000;
      rows.push({
        id: newId(time),
        userId,
        content: sentence(12 + Math.floor(random() * 30)),
        format: pick(FORMATS),
        category: pick(CATEGORIES),
        transcript: sentence(20 + Math.floor(random() * 40)),
        createdAt: new Date(time).toISOString(),
      });
    }
    yield rows;
  }
}

interface SeedUser {
  id: string;
  email: string;
  token: string;
  ideas: number;
}

const users: SeedUser[] = [];
for (let i = 0; i <= USERS; i += 1) {
  const big = i === USERS;
  users.push({
    id: newId(Date.now() - 1_000_000 + i),
    email: big ? 'bench-big@example.com' : `bench-${i}@example.com`,
    token: createHash('sha256').update(`voice-ideas-bench-session-${i}`).digest('base64url'),
    ideas: big ? BIG_IDEAS : IDEAS_PER_USER,
  });
}
const now = new Date().toISOString();
const expires = new Date(Date.now() + 10 * 365 * 24 * 60 * 60 * 1000).toISOString();

// Migrations first, through the application's own code.
await (await openDatabase(databaseUrl)).close();

if (databaseUrl.startsWith('sqlite:')) {
  const db = new BetterSqlite3(databaseUrl.slice('sqlite:'.length));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -262144');
  const insertUser = db.prepare(
    `INSERT INTO users (id, email, password_hash, plan, created_at, updated_at)
     VALUES (?, ?, NULL, 'pro', ?, ?)`,
  );
  const insertSession = db.prepare(
    'INSERT INTO sessions (id, token_hash, user_id, expires_at, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const insertIdea = db.prepare(
    `INSERT INTO ideas (id, user_id, guest_id, content, format, category, transcript, created_at, updated_at)
     VALUES (?, ?, NULL, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const user of users) {
      insertUser.run(user.id, user.email, now, now);
      insertSession.run(newId(), hashSessionToken(user.token), user.id, expires, now);
    }
  })();
  const insertBatch = db.transaction((rows: SeedIdea[]) => {
    for (const r of rows) {
      insertIdea.run(
        r.id,
        r.userId,
        r.content,
        r.format,
        r.category,
        r.transcript,
        r.createdAt,
        r.createdAt,
      );
    }
  });
  for (const user of users) {
    for (const rows of ideasOf(user.id, user.ideas)) insertBatch(rows);
  }
  db.pragma('optimize');
  db.exec("INSERT INTO ideas_search (ideas_search) VALUES ('optimize')");
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
} else {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  // GIN indexes are built once after the load (what a restore does), from their own definitions.
  const gin = await client.query<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index JOIN pg_class ON pg_class.oid = pg_index.indexrelid
     JOIN pg_am ON pg_am.oid = pg_class.relam
     WHERE indrelid = 'ideas'::regclass AND amname = 'gin'`,
  );
  for (const index of gin.rows) await client.query(`DROP INDEX ${index.name}`);
  await client.query('SET synchronous_commit = off');
  await client.query('BEGIN');
  for (const user of users) {
    await client.query(
      `INSERT INTO users (id, email, password_hash, plan, created_at, updated_at)
       VALUES ($1, $2, NULL, 'pro', $3, $3)`,
      [user.id, user.email, now],
    );
    await client.query(
      'INSERT INTO sessions (id, token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [newId(), hashSessionToken(user.token), user.id, expires, now],
    );
  }
  await client.query('COMMIT');
  for (const user of users) {
    for (const rows of ideasOf(user.id, user.ideas)) {
      await client.query(
        `INSERT INTO ideas (id, user_id, guest_id, content, format, category, transcript, created_at, updated_at)
         SELECT id, $2, NULL, content, format, category, transcript, created_at, created_at
         FROM unnest($1::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
           AS t (id, content, format, category, transcript, created_at)`,
        [
          rows.map((r) => r.id),
          user.id,
          rows.map((r) => r.content),
          rows.map((r) => r.format),
          rows.map((r) => r.category),
          rows.map((r) => r.transcript),
          rows.map((r) => r.createdAt),
        ],
      );
    }
  }
  await client.query("SET maintenance_work_mem = '512MB'");
  for (const index of gin.rows) await client.query(index.definition);
  // Autovacuum would do this a little later in real life; without statistics and a visibility
  // map right after a bulk load the planner guesses, and the figures would describe that guess.
  await client.query('VACUUM ANALYZE');
  await client.end();
}

process.stdout.write(
  `${JSON.stringify({
    cookies: users.slice(0, USERS).map((user) => `${SESSION_COOKIE}=${user.token}`),
    bigCookie: `${SESSION_COOKIE}=${users[USERS]?.token ?? ''}`,
    words: WORDS,
  })}\n`,
);
