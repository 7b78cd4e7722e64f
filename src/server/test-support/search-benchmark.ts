/**
 * Measures IdeasRepository.list with q over many ideas of one user (ADR 002's figures).
 *   npx tsx src/server/test-support/search-benchmark.ts                       SQLite, temp file
 *   npx tsx src/server/test-support/search-benchmark.ts postgres://…/scratch  a disposable database
 * Optional second argument: the number of ideas (default 100000). Prints p50/p95 wall time and
 * the process's CPU time per call for words of different frequency.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';
import { openDatabase } from '../db/database.js';
import { writeTransaction } from '../db/transactions.js';
import { createIdeasRepository } from '../modules/ideas/repository.js';
import { newId } from '../db/ids.js';
import { userOwner } from '../db/owner.js';
import { createUsersRepository } from '../modules/identity/users-repository.js';

const ROUNDS = 60;
const BATCH = 1_000;

const [urlArgument, countArgument] = process.argv.slice(2);
const ideaCount = Number(countArgument ?? 100_000);
const tempDir = urlArgument === undefined ? mkdtempSync(join(tmpdir(), 'search-bench-')) : null;
const url = urlArgument ?? `sqlite:${join(tempDir ?? '', 'bench.db')}`;

// Deterministic text: a few everyday words, a long tail of made-up ones, and marker words at
// known frequencies so the figures are comparable between runs and dialects.
// mulberry32: consecutive draws are independent enough for marker shares to come out right.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
};
const everyday =
  'the a to and of in for on with we our this that need plan team call write make list new week'.split(
    ' ',
  );
const letters = 'abcdefghijklmnopqrstuvwxyz';
const tail = Array.from({ length: 3_000 }, () =>
  Array.from(
    { length: 4 + Math.floor(random() * 6) },
    () => letters[Math.floor(random() * 26)],
  ).join(''),
);
const word = () =>
  random() < 0.5
    ? everyday[Math.floor(random() * everyday.length)]
    : tail[Math.floor(random() * tail.length)];
const words = (n: number) => Array.from({ length: n }, word).join(' ');
const MARKERS = [
  { word: 'quokka', share: 0.001 },
  { word: 'zephyr', share: 0.01 },
  { word: 'lantern', share: 0.07 },
  { word: 'meeting', share: 0.5 },
];

const database = await openDatabase(url);
try {
  const user = await createUsersRepository(database).create({
    email: `bench-${Date.now()}@example.com`,
    passwordHash: null,
  });
  if (user === 'email_taken') throw new Error('bench user exists');
  const started = performance.now();
  const firstAt = Date.parse('2024-01-01T00:00:00.000Z');
  for (let from = 0; from < ideaCount; from += BATCH) {
    await writeTransaction(database, async (trx) => {
      const rows = [];
      for (let i = from; i < Math.min(ideaCount, from + BATCH); i += 1) {
        const at = new Date(firstAt + i * 60_000).toISOString();
        const markers = MARKERS.filter((marker) => random() < marker.share).map((m) => m.word);
        rows.push({
          id: newId(Date.parse(at)),
          user_id: user.id,
          guest_id: null,
          content: `${words(10 + Math.floor(random() * 25))} ${markers.join(' ')}`.trim(),
          format: FORMATS[i % FORMATS.length] ?? 'tweet',
          category: CATEGORIES[Math.floor(i / 4) % CATEGORIES.length] ?? 'work',
          transcript: random() < 0.7 ? words(30) : null,
          created_at: at,
          updated_at: at,
        });
      }
      for (let k = 0; k < rows.length; k += 200) {
        await trx
          .insertInto('ideas')
          .values(rows.slice(k, k + 200))
          .execute();
      }
    });
  }
  if (database.dialect === 'postgres') await sql`ANALYZE ideas`.execute(database.db);
  console.log(
    `${database.dialect}: ${ideaCount} ideas in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const ideas = createIdeasRepository(database);
  const owner = userOwner(user.id);
  const queries: (string | undefined)[] = [
    ...MARKERS.map((m) => m.word),
    'tweet',
    'nothing-like-it',
    'zz',
    undefined,
  ];
  for (const q of queries) {
    const wall: number[] = [];
    const cpu: number[] = [];
    let total = 0;
    for (let round = 0; round < ROUNDS; round += 1) {
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      total = (await ideas.list(owner, { limit: 20, q })).total;
      wall.push(performance.now() - wallBefore);
      const used = process.cpuUsage(cpuBefore);
      cpu.push((used.user + used.system) / 1000);
    }
    const at = (values: number[], p: number) =>
      (values.sort((a, b) => a - b)[Math.ceil(p * values.length) - 1] ?? 0).toFixed(1);
    console.log(
      `q=${q === undefined ? '(none)' : JSON.stringify(q)} total=${total} ` +
        `wall p50=${at(wall, 0.5)} p95=${at(wall, 0.95)} ms, cpu p50=${at(cpu, 0.5)} p95=${at(cpu, 0.95)} ms`,
    );
  }
} finally {
  await database.close();
  if (tempDir !== null) rmSync(tempDir, { recursive: true, force: true });
}
