// One instance against two on one PostgreSQL database (ADR 070): the real-use mixed workload
// through a round-robin balancer (round-robin.mjs) to one server process, then to two, with the
// same clients. Reports throughput, latency and where the CPU went (each server, the balancer,
// PostgreSQL, this load generator), since on a small machine the cores, not the app, may be the
// limit. `node scripts/bench/instances-bench.mjs [--write]`; --write rewrites its section of
// docs/benchmarks.md. Settings (environment): BENCH_POSTGRES_URL, BENCH_CLIENTS (20),
// BENCH_DURATION_SECONDS (20), BENCH_WARMUP_SECONDS (3), and seed.ts's sizes, smaller here by
// default so a run with its seeding takes a few minutes: BENCH_USERS (200),
// BENCH_IDEAS_PER_USER (200), BENCH_BIG_IDEAS (10000).
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import pg from 'pg';
import { rootDir } from '../build-info.mjs';
import { writeDocSection } from './doc-section.mjs';
import { requestMaker } from './requests.mjs';
import { ensureCurrentBuild, freePort, stopProcess } from './server-process.mjs';
import { processCpuMicros, runMix } from './load.mjs';

process.env.BENCH_USERS ??= '200';
process.env.BENCH_IDEAS_PER_USER ??= '200';
process.env.BENCH_BIG_IDEAS ??= '10000';
// seeded.mjs reads the sizes when it loads, so it is loaded after they are set.
const { SIZES, seededPostgres } = await import('./seeded.mjs');

const WRITE = process.argv.includes('--write');
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 20);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_RATIO = 1.6;

function startChild(args, env) {
  return spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
}

/** Resolves once the child printed a line matching `pattern`. */
function printed(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      if (pattern.test(output)) {
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}):\n${output}`)));
  });
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const child = startChild(['dist/node/server/main.js'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    TRANSCRIBE_ENGINE: 'none',
    OPENAI_BASE_URL: '',
    LLM_BASE_URL: '',
    REDIS_URL: '',
  });
  await printed(child, /running at http/, 'the server');
  return { child, port };
}

async function startBalancer(backendPorts) {
  const port = await freePort();
  const child = startChild(['scripts/bench/round-robin.mjs', String(port), ...backendPorts]);
  await printed(child, /listening/, 'the balancer');
  return { child, port };
}

/** Every PostgreSQL process on this machine (the cluster serves other work too: said below). */
function postgresPids() {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === 'postgres') pids.push(entry);
    } catch {
      // ended while we looked
    }
  }
  return pids;
}

/** Busy and total CPU time of the whole machine so far (/proc/stat), in clock ticks. */
function machineTicks() {
  const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1);
  const ticks = fields.map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  const total = ticks.slice(0, 8).reduce((a, b) => a + b, 0);
  return { busy: total - idle, total };
}

function cpuOf(pids) {
  return new Map(pids.map((pid) => [pid, processCpuMicros(pid) ?? 0]));
}

async function measure(label, servers, balancer, next) {
  const baseUrl = `http://127.0.0.1:${balancer.port}`;
  await runMix({ baseUrl, connections: CLIENTS, durationSeconds: WARMUP_SECONDS, next });
  const watched = [...servers.map((s) => String(s.child.pid)), String(balancer.child.pid)];
  const before = cpuOf([...watched, ...postgresPids()]);
  const ownBefore = process.cpuUsage();
  const machineBefore = machineTicks();
  const started = performance.now();
  const result = await runMix({
    baseUrl,
    connections: CLIENTS,
    durationSeconds: DURATION_SECONDS,
    next,
  });
  const elapsedMicros = (performance.now() - started) * 1000;
  const after = cpuOf([...watched, ...postgresPids()]);
  const own = process.cpuUsage(ownBefore);
  const machineAfter = machineTicks();
  const used = (pid) => (after.get(pid) ?? 0) - (before.get(pid) ?? 0);
  const share = (micros) => (micros / elapsedMicros) * 100;
  const postgres = [...after.keys()].filter((pid) => !watched.includes(pid));
  const cpu = {
    servers: servers.map((s) => share(used(String(s.child.pid)))),
    balancer: share(used(String(balancer.child.pid))),
    postgres: share(postgres.reduce((sum, pid) => sum + used(pid), 0)),
    loadGenerator: share(own.user + own.system),
  };
  cpu.machine =
    ((machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total)) *
    cpus().length *
    100;
  cpu.serverMicrosPerRequest =
    servers.reduce((sum, s) => sum + used(String(s.child.pid)), 0) / result.total || 0;
  cpu.total =
    cpu.servers.reduce((a, b) => a + b, 0) + cpu.balancer + cpu.postgres + cpu.loadGenerator;
  cpu.allMicrosPerRequest = ((cpu.total / 100) * elapsedMicros) / result.total || 0;
  const kinds = Object.entries(result.perKind)
    .map(([kind, k]) => `${kind} p50 ${k.p50.toFixed(1)} p99 ${k.p99.toFixed(1)} ms`)
    .join('; ');
  console.log(
    `${label}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(1)} p99 ${result.p99.toFixed(1)} ms, ${result.failed} failed; ${kinds}; server CPU ${cpu.serverMicrosPerRequest.toFixed(0)} µs/request; CPU % of one core: servers ${cpu.servers.map((c) => c.toFixed(0)).join(' + ')}, PostgreSQL ${cpu.postgres.toFixed(0)}, balancer ${cpu.balancer.toFixed(0)}, load generator ${cpu.loadGenerator.toFixed(0)}, total ${cpu.total.toFixed(0)}, whole machine ${cpu.machine.toFixed(0)} of ${cpus().length * 100}`,
  );
  return { label, result, cpu };
}

ensureCurrentBuild();

try {
  const probe = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  await probe.connect();
  await probe.end();
} catch {
  console.log(
    `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: skipping one against two instances.`,
  );
  process.exit(0);
}

const load = loadavg();
const runStarted = Date.now();
const name = `voice_ideas_instances_${process.pid}`;
const { url, seeded } = await seededPostgres(POSTGRES_ADMIN_URL, name);
const dataSeconds = ((Date.now() - runStarted) / 1000).toFixed(0);
const runs = [];
try {
  const next = requestMaker(seeded).mixed;
  const first = await startServer(url);
  const second = await startServer(url);
  try {
    const alone = await startBalancer([first.port]);
    try {
      runs.push(await measure('one instance', [first], alone, next));
    } finally {
      await stopProcess(alone.child);
    }
    const pair = await startBalancer([first.port, second.port]);
    try {
      runs.push(await measure('two instances', [first, second], pair, next));
    } finally {
      await stopProcess(pair.child);
    }
  } finally {
    await stopProcess(first.child);
    await stopProcess(second.child);
  }
} finally {
  const admin = new pg.Client({ connectionString: POSTGRES_ADMIN_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}

const [one, two] = runs;
const ratio = two.result.requestsPerSecond / one.result.requestsPerSecond;
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
const machineCeiling = (cpus().length * 1_000_000) / one.cpu.allMicrosPerRequest;
const processCeiling = 1_000_000 / one.cpu.serverMicrosPerRequest;
console.log(
  `two / one: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x); run took ${minutes} min`,
);

if (WRITE) {
  const f = (value) => value.toFixed(1);
  const rows = runs.map(
    ({ label, result, cpu }) =>
      `| ${label} | ${result.requestsPerSecond.toFixed(0)} | ${f(result.p50)} | ${f(result.p95)} | ${f(result.p99)} | ${result.failed} | ${cpu.servers.map((c) => c.toFixed(0)).join(' + ')} | ${cpu.postgres.toFixed(0)} | ${cpu.balancer.toFixed(0)} | ${cpu.loadGenerator.toFixed(0)} | ${cpu.total.toFixed(0)} | ${cpu.machine.toFixed(0)} of ${cpus().length * 100} |`,
  );
  const capacity = cpus().length * 100;
  let limit;
  if (two.cpu.total >= capacity * 0.9) {
    limit = ` With two instances these processes used ${two.cpu.total.toFixed(0)}% of the ${capacity}% the ${cpus().length} cores have: the cores, not the app or the database, are the limit, and a second instance can only take CPU from the first, PostgreSQL and the load generator.`;
  } else if (two.cpu.machine >= capacity * 0.9) {
    limit = ` The machine was busy (${two.cpu.machine.toFixed(0)}% of ${capacity}%) but these processes used only ${two.cpu.total.toFixed(0)}%: other work on it took the rest, so these figures say little about the app; rerun on a quiet machine.`;
  } else {
    limit = ` Neither the cores (${two.cpu.machine.toFixed(0)}% of ${capacity}% busy) nor PostgreSQL (${two.cpu.postgres.toFixed(0)}% of one core) were full.`;
  }
  writeDocSection('instances-bench', [
    '## One and two instances on PostgreSQL',
    '',
    `\`node scripts/bench/instances-bench.mjs --write\`. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${load.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) when it began; production build; the run took ${minutes} min, of which ${dataSeconds} s preparing the data (seeding it, or copying the seed an earlier run kept). Data (seed.ts): ${SIZES.BENCH_USERS} users with ${SIZES.BENCH_IDEAS_PER_USER} ideas each and one with ${SIZES.BENCH_BIG_IDEAS}. The real-use mixed workload (as run.mjs: 70% first page of the listing, 20% new search, 10% new idea, one request in ten by the big user), ${CLIENTS} keep-alive clients for ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s of warm-up, through a round-robin TCP balancer (round-robin.mjs, one connection to the next instance) to one server process, then to two on the same database. CPU is each process's user + system time over the run as % of one core (from /proc); PostgreSQL counts every postgres process on the machine, including work of others.`,
    '',
    '| instances | req/s | p50 ms | p95 ms | p99 ms | failed | server CPU % | PostgreSQL CPU % | balancer CPU % | load generator CPU % | these together | whole machine |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `- Server CPU a request (all servers together): ${one.cpu.serverMicrosPerRequest.toFixed(0)} µs with one instance, ${two.cpu.serverMicrosPerRequest.toFixed(0)} µs with two.`,
    `- Every request costs ${one.cpu.allMicrosPerRequest.toFixed(0)} µs of CPU in these processes together (one instance; ${two.cpu.allMicrosPerRequest.toFixed(0)} µs with two; PostgreSQL's part as counted above, so an upper bound while others use the cluster), so these ${cpus().length} cores serve at most about ${machineCeiling.toFixed(0)} requests a second however many instances run; one server process fills its own core only at about ${processCeiling.toFixed(0)}.${processCeiling > machineCeiling ? ' One instance is not its own limit here: a second can add no throughput on this machine, and 1.6x needs PostgreSQL and the clients on other machines.' : ''}`,
    `- two / one: ${ratio.toFixed(2)}x (target >= ${TARGET_RATIO}x where the database is not the limit) ${ratio >= TARGET_RATIO ? 'met' : 'NOT met'}.${limit}`,
    '',
  ]);
  console.log('Wrote docs/benchmarks.md');
}
