// `npm run bench`: the core engines' throughput, then the real-use HTTP benchmark against a
// production build on SQLite and PostgreSQL (when reachable), and rewrites the matching sections
// of docs/benchmarks.md. `npm run bench -- --real-use` (or BENCH_REAL_USE_ONLY=1) runs only the
// real-use part. Settings (environment): BENCH_DIALECTS=sqlite,postgres, BENCH_DURATION_SECONDS
// (15), BENCH_KIND_SECONDS (5), BENCH_CEILING_SECONDS (5), BENCH_WARMUP_SECONDS (3), and the
// data sizes of seed.ts (BENCH_USERS, BENCH_IDEAS_PER_USER, BENCH_BIG_IDEAS), whose seeded
// databases are kept in BENCH_CACHE_DIR (.bench-cache) between runs.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { rootDir } from '../build-info.mjs';
import { writeDocSection } from './doc-section.mjs';
import { runMix, runScenario } from './load.mjs';
import { requestMaker } from './requests.mjs';
import { SIZES, seededPostgres, seededSqlite } from './seeded.mjs';
import {
  ensureCurrentBuild,
  freePort,
  startAppServer,
  startProcess,
  stopProcess,
  waitForOk,
} from './server-process.mjs';

const REAL_USE_ONLY =
  process.env.BENCH_REAL_USE_ONLY === '1' || process.argv.includes('--real-use');
const DIALECTS = (process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(',');
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 15);
const KIND_SECONDS = Number(process.env.BENCH_KIND_SECONDS ?? 5);
const CEILING_SECONDS = Number(process.env.BENCH_CEILING_SECONDS ?? 5);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tsx = join(rootDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const ms = (value) => value.toFixed(1);
const micros = (value) => (value === null ? 'n/a' : value.toFixed(0));

/**
 * What we hold ourselves to (10 clients unless said). The mixed load's throughput as a share of
 * the bare route's is no longer one: in one week the bare route read 6,035-6,275 req/s on one
 * machine and 24,918 on another while the mix moved from 1,078 to 800, so the share measured the
 * machine more than the product (docs/benchmarks.md, Reading the real-use figures). The bare
 * route is still measured beside each scenario, as the machine's control.
 */
const TARGETS = {
  sqlite: { search100kP95: 30, listP95: 10, searchP95: 40 },
  postgres: { search100kP95: 60, listP95: 10, searchP95: 80 },
  at50: { p99: 250 },
};

function runOrExit(args) {
  const result = spawnSync(process.execPath, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function benchDialect(dialect, databaseUrl, seeded, ceiling) {
  const requests = requestMaker(seeded);
  const port = await freePort();
  const server = startAppServer({ databaseUrl, port });
  const baseUrl = `http://127.0.0.1:${port}`;
  const results = [];
  try {
    await waitForOk(`${baseUrl}/api/health`);
    // Unmeasured load first, so V8 has compiled the hot code, as for every request but the
    // first few after a start.
    await runMix({ baseUrl, durationSeconds: WARMUP_SECONDS, next: requests.mixed });
    const measure = async (name, next, connections, durationSeconds) => {
      const bare = await ceiling();
      const result = await runMix({
        name,
        baseUrl,
        connections,
        durationSeconds,
        serverPid: server.pid,
        next,
      });
      result.ceiling = bare;
      results.push(result);
      const kinds = Object.entries(result.perKind)
        .map(([kind, k]) => `${kind} p50 ${ms(k.p50)} p95 ${ms(k.p95)} p99 ${ms(k.p99)} ms`)
        .join('; ');
      console.log(
        `${dialect} ${name}, ${connections} clients: ${result.requestsPerSecond.toFixed(0)} req/s, ${micros(result.serverCpuMicrosPerRequest)} µs server CPU/request (the bare route beside it: ${bare.requestsPerSecond.toFixed(0)} req/s, ${micros(bare.serverCpuMicrosPerRequest)} µs), ${result.failed} failed; ${kinds}`,
      );
    };
    await measure('new searches, 100,000-idea user', requests.search100k, 10, DURATION_SECONDS);
    await measure('mixed', requests.mixed, 10, DURATION_SECONDS);
    await measure('mixed', requests.mixed, 50, DURATION_SECONDS);
    await measure('listing only', requests.listing, 10, KIND_SECONDS);
    await measure('new searches only, 1,000-idea users', requests.search, 10, KIND_SECONDS);
    await measure('saves only', requests.create, 10, KIND_SECONDS);
  } finally {
    await stopProcess(server);
  }
  return results;
}

function verdicts(dialect, results) {
  const target = TARGETS[dialect];
  const find = (name, connections) =>
    results.find((r) => r.name === name && r.connections === connections);
  const search100k = find('new searches, 100,000-idea user', 10);
  const mixed = find('mixed', 10);
  const mixed50 = find('mixed', 50);
  const line = (label, value, goal, ok) =>
    `- ${label}: ${value} (target ${goal}) ${ok ? 'met' : 'NOT met'}`;
  const lines = [];
  if (search100k) {
    const p95 = search100k.perKind.search?.p95 ?? Infinity;
    lines.push(
      line(
        'new searches over 100,000 ideas, p95',
        `${ms(p95)} ms`,
        `<= ${target.search100kP95} ms`,
        p95 <= target.search100kP95,
      ),
    );
  }
  if (mixed) {
    const list = mixed.perKind.listing?.p95 ?? Infinity;
    const search = mixed.perKind.search?.p95 ?? Infinity;
    lines.push(
      line(
        'mixed, listing p95',
        `${ms(list)} ms`,
        `<= ${target.listP95} ms`,
        list <= target.listP95,
      ),
    );
    lines.push(
      line(
        'mixed, search p95',
        `${ms(search)} ms`,
        `<= ${target.searchP95} ms`,
        search <= target.searchP95,
      ),
    );
  }
  if (mixed50) {
    lines.push(
      line(
        'mixed at 50 clients, failed requests',
        String(mixed50.failed),
        '0',
        mixed50.failed === 0,
      ),
    );
    lines.push(
      line(
        'mixed at 50 clients, p99',
        `${ms(mixed50.p99)} ms`,
        `< ${TARGETS.at50.p99} ms`,
        mixed50.p99 < TARGETS.at50.p99,
      ),
    );
  }
  return lines;
}

function markdownTable(label, dialect, results) {
  const rows = [
    '| scenario | clients | req/s | server CPU µs/request | bare route beside it: req/s, server CPU µs/request | kind | requests | p50 ms | p95 ms | p99 ms | failed |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of results) {
    const kinds = Object.entries(r.perKind);
    kinds.forEach(([kind, k], index) => {
      const head =
        index === 0
          ? `| ${r.name} | ${r.connections} | ${r.requestsPerSecond.toFixed(0)} | ${micros(r.serverCpuMicrosPerRequest)} | ${r.ceiling.requestsPerSecond.toFixed(0)}, ${micros(r.ceiling.serverCpuMicrosPerRequest)} |`
          : '| | | | | |';
      rows.push(
        `${head} ${kind} | ${k.count} | ${ms(k.p50)} | ${ms(k.p95)} | ${ms(k.p99)} | ${k.failed} |`,
      );
    });
  }
  return [`### ${label}`, '', ...rows, '', ...verdicts(dialect, results), ''];
}

async function postgresReachable() {
  const client = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

ensureCurrentBuild();

if (!REAL_USE_ONLY) {
  console.log('--- core engines (one core) ---');
  runOrExit([tsx, 'scripts/bench/core-bench.ts', '--write']);
  console.log('--- rules engine on the labelled corpus (one core) ---');
  runOrExit([tsx, 'scripts/bench/corpus-bench.ts', '--write']);
  console.log('--- POST /api/format on the rules path, 20 clients ---');
  runOrExit([tsx, 'scripts/bench/format-http-bench.ts', '--write']);
  runOrExit([tsx, 'scripts/bench/writer-bench.ts', '--write']);
  console.log('--- link requests: known against unknown e-mails, one at a time ---');
  runOrExit([tsx, 'scripts/bench/auth-timing-bench.ts', '--write']);
  console.log(
    '--- one against two instances on PostgreSQL; the capture path and recordings at 20 people ---',
  );
  for (const script of ['instances-bench.mjs', 'capture-bench.mjs', 'recordings-bench.mjs']) {
    runOrExit([join('scripts', 'bench', script), '--write']);
  }
}

const load = loadavg()[0];
const ceilingPort = await freePort();
const ceilingServer = startProcess(['scripts/bench/ceiling-server.mjs'], {
  PORT: String(ceilingPort),
});
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-bench-'));
const sections = [];
try {
  const ceilingUrl = `http://127.0.0.1:${ceilingPort}/ping`;
  await waitForOk(ceilingUrl);
  // The bare route is measured right before each scenario: on a shared machine throughput
  // drifts within minutes, so only figures taken side by side can be divided.
  const ceiling = () =>
    runScenario({
      name: 'bare route',
      url: ceilingUrl,
      durationSeconds: CEILING_SECONDS,
      serverPid: ceilingServer.pid,
    });

  if (DIALECTS.includes('sqlite')) {
    const file = join(workDir, 'bench.db');
    const seeded = seededSqlite(file);
    const results = await benchDialect('sqlite', `sqlite:${file}`, seeded, ceiling);
    sections.push(...markdownTable('SQLite (embedded default)', 'sqlite', results));
  }
  if (DIALECTS.includes('postgres')) {
    if (await postgresReachable()) {
      const name = `voice_ideas_bench_${process.pid}`;
      const { url, seeded } = await seededPostgres(POSTGRES_ADMIN_URL, name);
      try {
        const results = await benchDialect('postgres', url, seeded, ceiling);
        sections.push(...markdownTable('PostgreSQL (local cluster)', 'postgres', results));
      } finally {
        const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
        await admin.connect();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    } else {
      console.log(`PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: skipping its run.`);
    }
  }
} finally {
  await stopProcess(ceilingServer);
  rmSync(workDir, { recursive: true, force: true });
}

const cpu = cpus()[0]?.model ?? 'unknown CPU';
writeDocSection('http-bench', [
  '## HTTP under real use',
  '',
  `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpu}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load.toFixed(1)} when the run began; production build. Data (scripts/bench/seed.ts): ${SIZES.BENCH_USERS} users with ${SIZES.BENCH_IDEAS_PER_USER} ideas each and one with ${SIZES.BENCH_BIG_IDEAS}. Every search is a query not asked before (two words, the second cut short, as typed); every save a new idea. Mixed: 70% first page of the listing, 20% new search, 10% new idea, one request in ten by the big user. ${DURATION_SECONDS} s per scenario (${KIND_SECONDS} s for the single-kind ones that give the server CPU per kind), each right after ${CEILING_SECONDS} s of the bare route (a bare Fastify GET /ping in its own process), the machine's control: its throughput and CPU a request are shown beside each scenario, and no target is a share of them (they moved fourfold between machines of the same kind). Server CPU is the server process's user + system time over the scenario, per request; the single-kind scenarios give it by kind.`,
  '',
  ...sections,
]);
console.log('\nWrote docs/benchmarks.md');
