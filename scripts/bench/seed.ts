/**
 * Fills a database for the real-use benchmark (scripts/bench/run.mjs): BENCH_USERS Pro users
 * (default 1,000) with BENCH_IDEAS_PER_USER ideas each (default 1,000), plus one Pro user with
 * BENCH_BIG_IDEAS (default 100,000), each with a session. Prints
 * `{ cookies, bigCookie, words }` as JSON on stdout: cookies[i] belongs to the i-th ordinary
 * user, words is the vocabulary the ideas are written in, for queries.
 *
 * The schema comes from the application's own migrations, and ideas go in with its triggers, so
 * the stored counts are kept by its triggers and the search index is built by the migration's
 * own backfill, so both come out exactly as in production. The load is one bulk pass with
 * durability off and secondary indexes built after it (what a restore does), because a million
 * single-row durable transactions would measure fsync, not anything we ship. run.mjs keeps the
 * seeded database on disk between runs (docs/benchmarks.md says how long seeding takes).
 *
 * Session tokens are derived from the user's number, so a cached database and its cookies stay
 * together; never a secret, only benchmark data.
 */
import { createHash } from 'node:crypto';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { openDatabase } from '#server/db/database.js';
import { SQLITE_SEARCH_BACKFILL } from '#server/db/migrations/005-owner-scoped-search.js';
import { SQLITE_WORD_PAIRS_BACKFILL } from '#server/db/migrations/009-search-word-pairs.js';
import { registerSearchWordFunctions } from '#server/db/search-words.js';
import { newId } from '#server/db/ids.js';
import { hashSessionToken, SESSION_COOKIE } from '#server/http/sessions.js';
import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is required');

const USERS = Number(process.env.BENCH_USERS ?? 1_000);
const IDEAS_PER_USER = Number(process.env.BENCH_IDEAS_PER_USER ?? 1_000);
const BIG_IDEAS = Number(process.env.BENCH_BIG_IDEAS ?? 100_000);
const BATCH = 5_000;

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
  // The file is thrown away if seeding fails (seeded.mjs), so the load's undo log can live in
  // memory; under WAL the whole load would be written twice (WAL, then checkpoint).
  db.pragma('journal_mode = MEMORY');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -524288');
  registerSearchWordFunctions(db);
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
  // The search index and the secondary indexes are built once after the load, from their own
  // definitions and the migration's backfill: a trigger per row made the load ~5x slower.
  const searchTrigger = db
    .prepare(`SELECT sql FROM sqlite_master WHERE type = 'trigger' AND name = ?`)
    .pluck()
    .get('ideas_search_after_insert') as string;
  const indexes = db
    .prepare(
      `SELECT name, sql FROM sqlite_master
       WHERE type = 'index' AND tbl_name = 'ideas' AND sql IS NOT NULL`,
    )
    .all() as { name: string; sql: string }[];
  db.transaction(() => {
    db.exec('DROP TRIGGER ideas_search_after_insert');
    for (const index of indexes) db.exec(`DROP INDEX ${index.name}`);
    for (const user of users) {
      insertUser.run(user.id, user.email, now, now);
      insertSession.run(newId(), hashSessionToken(user.token), user.id, expires, now);
    }
    for (const user of users) {
      for (const rows of ideasOf(user.id, user.ideas)) {
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
      }
    }
    for (const index of indexes) db.exec(index.sql);
    for (const statement of SQLITE_SEARCH_BACKFILL) db.exec(statement);
    for (const statement of SQLITE_WORD_PAIRS_BACKFILL) db.exec(statement);
    db.exec(searchTrigger);
  })();
  db.exec("INSERT INTO ideas_search (ideas_search) VALUES ('optimize')");
  db.exec('ANALYZE');
  db.pragma('journal_mode = WAL');
  db.close();
} else {
  // Secondary indexes (all but those behind constraints) are built once after the load, from
  // their own definitions, as a restore does; the count triggers still run per statement.
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  const indexes = await admin.query<{ name: string; definition: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS definition
     FROM pg_index
     WHERE indrelid = 'ideas'::regclass
       AND NOT EXISTS (SELECT 1 FROM pg_constraint WHERE conindid = pg_index.indexrelid)`,
  );
  for (const index of indexes.rows) await admin.query(`DROP INDEX ${index.name}`);
  await admin.query('BEGIN');
  for (const user of users) {
    await admin.query(
      `INSERT INTO users (id, email, password_hash, plan, created_at, updated_at)
       VALUES ($1, $2, NULL, 'pro', $3, $3)`,
      [user.id, user.email, now],
    );
    await admin.query(
      'INSERT INTO sessions (id, token_hash, user_id, expires_at, created_at) VALUES ($1, $2, $3, $4, $5)',
      [newId(), hashSessionToken(user.token), user.id, expires, now],
    );
  }
  await admin.query('COMMIT');
  // Two connections load batches in turn (PostgreSQL works on one while the next is generated
  // and sent on the other). Rows are generated in one fixed order, so the data does not depend
  // on which connection inserted it.
  const loaders = await Promise.all(
    [0, 1].map(async () => {
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      await client.query('SET synchronous_commit = off');
      return { client, busy: Promise.resolve() };
    }),
  );
  let turn = 0;
  for (const user of users) {
    for (const rows of ideasOf(user.id, user.ideas)) {
      const loader = loaders[turn % loaders.length];
      if (loader === undefined) throw new Error('no loader');
      turn += 1;
      await loader.busy;
      loader.busy = loader.client
        .query(
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
        )
        .then(() => undefined);
    }
  }
  for (const loader of loaders) {
    await loader.busy;
    await loader.client.end();
  }
  await admin.query("SET maintenance_work_mem = '1GB'");
  for (const index of indexes.rows) await admin.query(index.definition);
  // Autovacuum would do this a little later in real life; without statistics and a visibility
  // map right after a bulk load the planner guesses, and the figures would describe that guess.
  await admin.query('VACUUM ANALYZE');
  await admin.end();
}

process.stdout.write(
  `${JSON.stringify({
    cookies: users.slice(0, USERS).map((user) => `${SESSION_COOKIE}=${user.token}`),
    bigCookie: `${SESSION_COOKIE}=${users[USERS]?.token ?? ''}`,
    words: WORDS,
  })}\n`,
);
