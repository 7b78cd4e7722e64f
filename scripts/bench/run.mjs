// `npm run bench`: the core engines' throughput, then HTTP load against a production build
// on SQLite and (when reachable) PostgreSQL, each scenario right after a run of a bare Fastify
// route (the ceiling). Prints a table and rewrites the HTTP section of docs/benchmarks.md.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './doc-section.mjs';
import { createServer } from 'node:net';
import pg from 'pg';
import { isBuildCurrent, rootDir } from '../build-info.mjs';
import { runScenario } from './load.mjs';

const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tsx = join(rootDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const ms = (value) => value.toFixed(2);
const micros = (value) => (value === null ? 'n/a' : value.toFixed(0));

function runOrExit(args, env = {}) {
  const result = spawnSync(process.execPath, args, {
    cwd: rootDir,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startProcess(args, env) {
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  return child;
}

async function waitForOk(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

async function stop(child) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function seed(databaseUrl) {
  const result = spawnSync(process.execPath, [tsx, 'scripts/bench/seed.ts'], {
    cwd: rootDir,
    env: { ...process.env, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error('seeding failed');
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const LISTING_ROUNDS = 3;

/**
 * The bare route measured right before each scenario: on this shared virtual machine the
 * throughput of the same server drifts by a quarter within minutes, so a ceiling measured once
 * at the start would compare figures taken under different conditions.
 */
function adjacentCeiling(url, serverPid) {
  return () => runScenario({ name: 'ceiling', url, durationSeconds: CEILING_SECONDS, serverPid });
}

function startAppServer(databaseUrl, port, extraEnv = {}) {
  return startProcess(['dist/node/server/main.js'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AI_PER_MIN: '100000000',
    TRANSCRIBE_ENGINE: 'none',
    OPENAI_BASE_URL: '',
    LLM_BASE_URL: '',
    ...extraEnv,
  });
}

let guestCounter = 0;
async function benchDialect(label, databaseUrl, measureCeiling, { withCacheOff }) {
  console.log(`\n--- ${label}: seeding 10,000 + 100,000 ideas ---`);
  const seeded = seed(databaseUrl);
  const results = [];
  let serverPid;
  const scenario = async (options) => {
    const ceiling = await measureCeiling();
    // Unmeasured load first, so the figures describe the server after its code has been
    // compiled (V8 optimizes a function only after it has run hot for a while), as it is for
    // every request but the first few after a start.
    await runScenario({ ...options, durationSeconds: WARMUP_SECONDS });
    const result = await runScenario({ durationSeconds: DURATION_SECONDS, serverPid, ...options });
    result.ceiling = ceiling;
    result.ratio = result.requestsPerSecond / ceiling.requestsPerSecond;
    results.push(result);
    console.log(
      `${result.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${ms(result.p50)} ms, p95 ${ms(result.p95)} ms, p99 ${ms(result.p99)} ms, server CPU ${micros(result.serverCpuMicrosPerRequest)} µs/request, ${(result.ratio * 100).toFixed(0)}% of the ceiling's ${ceiling.requestsPerSecond.toFixed(0)} req/s just before, 2xx ${(result.okShare * 100).toFixed(1)}%`,
    );
  };
  const listing = (base, name) => ({
    name,
    url: `${base}/api/ideas?limit=20`,
    headers: { cookie: seeded.pagingCookie },
  });
  const search = (base, name, connections = 10) => ({
    name,
    url: `${base}/api/ideas?q=${seeded.searchWord}&limit=20`,
    connections,
    headers: { cookie: seeded.searchCookie },
  });

  const port = await freePort();
  const server = startAppServer(databaseUrl, port);
  serverPid = server.pid;
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/api/health`);
    // The app's cheapest route (no session, no database, a 166-byte body): what every request
    // pays here for security headers, hooks and schema-checked replies before any real work,
    // so (a)'s share of the ceiling can be read against it.
    await scenario({
      name: '(r) GET /api/config (reference: no session, no database)',
      url: `${base}/api/config`,
    });
    for (let round = 1; round <= LISTING_ROUNDS; round += 1) {
      await scenario(listing(base, `(a) GET /api/ideas?limit=20 (10,000 ideas), round ${round}`));
    }
    await scenario({
      name: '(b) POST /api/guest-ideas (a new guest each)',
      url: `${base}/api/guest-ideas`,
      method: 'POST',
      requests: [
        {
          setupRequest: (request) => {
            guestCounter += 1;
            return {
              ...request,
              headers: {
                'content-type': 'application/json',
                'x-guest-id': `guest_bench${process.pid}x${guestCounter}`,
              },
              body: JSON.stringify({
                content: 'Buy milk, call mum and book the dentist.',
                format: 'checklist',
                category: 'personal',
                transcript: 'buy milk call mum and book the dentist',
                guestId: '',
              }),
            };
          },
        },
      ],
    });
    await scenario(
      search(base, `(c) GET /api/ideas?q=${seeded.searchWord}&limit=20 (100,000 ideas)`),
    );
    await scenario(
      search(
        base,
        `(c1) GET /api/ideas?q=${seeded.searchWord}&limit=20 (100,000 ideas), 1 connection`,
        1,
      ),
    );
    // The tweet path only cleans the words; checklists and pitches also tag them with wink-nlp.
    for (const [id, format] of [
      ['d', 'tweet'],
      ['d2', 'checklist'],
      ['d3', 'pitch'],
    ]) {
      await scenario({
        name: `(${id}) POST /api/format, rules path, ${format}, 20 connections`,
        url: `${base}/api/format`,
        method: 'POST',
        connections: 20,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          transcript:
            'so um I think we should like plan the product launch for next month and uh make sure the landing page is ready the emails are drafted and the team knows the timeline because last time we kind of rushed it and missed a few things',
          format,
          category: 'work',
          mode: 'smart',
        }),
      });
    }
  } finally {
    await stop(server);
  }

  if (withCacheOff) {
    // The same requests with the read caches off (READ_CACHE_MB=0): what a listing or a
    // search costs when it has to go to the database, as the first one after a save does.
    const coldPort = await freePort();
    const cold = startAppServer(databaseUrl, coldPort, { READ_CACHE_MB: '0' });
    serverPid = cold.pid;
    const coldBase = `http://127.0.0.1:${coldPort}`;
    try {
      await waitForOk(`${coldBase}/api/health`);
      await scenario(listing(coldBase, '(a0) GET /api/ideas?limit=20, read cache off'));
      await scenario(
        search(coldBase, `(c0) GET /api/ideas?q=${seeded.searchWord}, read cache off`),
      );
      await scenario(
        search(
          coldBase,
          `(c0-1) GET /api/ideas?q=${seeded.searchWord}, read cache off, 1 connection`,
          1,
        ),
      );
    } finally {
      await stop(cold);
    }
  }
  return results;
}

async function postgresAvailable() {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    return client;
  } catch {
    return null;
  }
}

function markdownTable(label, results) {
  const rows = [
    '| scenario | req/s | p50 ms | p95 ms | p99 ms | server CPU µs/request | ceiling req/s (just before) | ceiling CPU µs/request | share of ceiling | 2xx |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${micros(r.serverCpuMicrosPerRequest)} | ${r.ceiling.requestsPerSecond.toFixed(0)} | ${micros(r.ceiling.serverCpuMicrosPerRequest)} | ${(r.ratio * 100).toFixed(0)}% | ${(r.okShare * 100).toFixed(0)}% |`,
    ),
  ];
  const rounds = results.filter((r) => r.name.startsWith('(a) '));
  const shares = rounds.map((r) => r.ratio).sort((x, y) => x - y);
  const median = shares[Math.floor(shares.length / 2)];
  const summary =
    median === undefined
      ? ''
      : `\n(a) median share of the ceiling over ${shares.length} rounds: ${(median * 100).toFixed(0)}% (${rounds.map((r) => `${(r.ratio * 100).toFixed(0)}%`).join(', ')}).\n`;
  return `### ${label}\n\n${rows.join('\n')}\n${summary}`;
}

function writeReport(sections) {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  writeDocSection('http-bench', [
    '## HTTP under load (autocannon)',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} on ${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}; production build, 10 connections unless noted, ${DURATION_SECONDS} s per scenario, each right after ${CEILING_SECONDS} s of the ceiling (a bare Fastify GET /ping in its own process) and ${WARMUP_SECONDS} s of unmeasured warm-up, one run. Targets on SQLite: (a) at least 40% of the ceiling's req/s; (c) p95 under 25 ms; (d), (d2), (d3) p99 at most 10 ms.`,
    '',
    ...sections,
  ]);
}

if (!isBuildCurrent()) runOrExit([join(rootDir, 'scripts', 'build.mjs')]);

console.log('--- core engines (one core) ---');
runOrExit([tsx, 'scripts/bench/core-bench.ts', '--write']);
console.log('--- rules engine on the labelled corpus (one core) ---');
runOrExit([tsx, 'scripts/bench/corpus-bench.ts', '--write']);

const ceilingPort = await freePort();
const ceilingServer = startProcess(['scripts/bench/ceiling-server.mjs'], {
  PORT: String(ceilingPort),
});
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-bench-'));
const sections = [];
try {
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}/ping`;
  await waitForOk(ceilingUrl);
  const measureCeiling = adjacentCeiling(ceilingUrl, ceilingServer.pid);

  const sqliteResults = await benchDialect(
    'SQLite',
    `sqlite:${join(workDir, 'bench.db')}`,
    measureCeiling,
    { withCacheOff: true },
  );
  sections.push(markdownTable('SQLite (embedded default)', sqliteResults));

  const admin = await postgresAvailable();
  if (admin) {
    const name = `voice_ideas_bench_${process.pid}`;
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const url = new URL(POSTGRES_ADMIN_URL);
      url.pathname = `/${name}`;
      // PostgreSQL keeps no read cache (ADR 013), so there is no cache-off run to add.
      const pgResults = await benchDialect('PostgreSQL', url.toString(), measureCeiling, {
        withCacheOff: false,
      });
      sections.push(markdownTable('PostgreSQL (local cluster, never cached)', pgResults));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  } else {
    console.log(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: skipping its run.`);
  }
} finally {
  await stop(ceilingServer);
  rmSync(workDir, { recursive: true, force: true });
}
writeReport(sections);
console.log('\nWrote docs/benchmarks.md');
