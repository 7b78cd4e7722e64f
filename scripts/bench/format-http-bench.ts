// POST /api/format on the rules path (no model configured) as people use it: 20 clients, each
// sending its next transcript as soon as the last answer came, every transcript a different one
// of the labelled corpus (browser-style and Whisper-style speech of every length), cycled with
// its format so no two requests in a row are the same. Target: p99 at most 10 ms per format.
// Nothing is cached on this path, so cycling the corpus costs the server what new speech would.
// Each row also gives the load generator's own CPU a request: it does the same work in every
// run, so when it rises the machine was slower, and the server's figures with it. The control,
// measured right before each format with the same clients and bodies, is a bare Fastify route
// (ceiling-server.mjs, POST /format) that parses the same JSON and answers the same shape with
// no engine: what the machine and the framework alone give at that moment.
//
//   npx tsx scripts/bench/format-http-bench.ts            print the figures
//   npx tsx scripts/bench/format-http-bench.ts --write    also rewrite its section of docs/benchmarks.md
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './doc-section.mjs';
import { runMix, type MixRequest } from './load.mjs';
import {
  ensureCurrentBuild,
  freePort,
  startAppServer,
  startProcess,
  stopProcess,
  waitForOk,
} from './server-process.mjs';
import { FORMATS, type Format } from '#contract/taxonomy.js';
import { TRANSCRIPTS } from '#tests/fixtures/transcripts/corpus.js';
import { HELD_OUT, LABELLED } from '#tests/fixtures/transcripts/labelled.js';

const CORPUS_TRANSCRIPTS = [...LABELLED, ...HELD_OUT, ...TRANSCRIPTS].map(
  (fixture) => fixture.transcript,
);

const CONNECTIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_FORMAT_SECONDS ?? 10);
const WARMUP_SECONDS = 3;
const STARTUP_TIMEOUT_MS = 300_000;
const TARGET_P99_MS = 10;
/** Requests a second one core of the server can answer: its CPU a request, inverted. */
const TARGET_PER_CPU_SECOND = 5_000;

function requestsFor(format: Format, path = '/api/format') {
  let next = 0;
  return () => {
    const transcript = CORPUS_TRANSCRIPTS[next % CORPUS_TRANSCRIPTS.length] as string;
    next += 1;
    return {
      kind: format,
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ transcript, format, category: 'work', mode: 'smart' }),
    };
  };
}

const write = process.argv.includes('--write');
ensureCurrentBuild();
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-format-bench-'));
const port = await freePort();
const server = startAppServer({ databaseUrl: `sqlite:${join(workDir, 'format.db')}`, port });
const controlPort = await freePort();
const control = startProcess(['scripts/bench/ceiling-server.mjs'], { PORT: String(controlPort) });
const load = loadavg()[0] ?? 0;
const rows: string[] = [];
const perCpuSecond = (micros: number | null): string =>
  micros === null || micros <= 0 ? 'n/a' : (1_000_000 / micros).toFixed(0);
try {
  const baseUrl = `http://127.0.0.1:${port}`;
  const controlUrl = `http://127.0.0.1:${controlPort}`;
  // A loaded shared machine may take minutes to start a server; that is not what is measured.
  await waitForOk(`${baseUrl}/api/health`, STARTUP_TIMEOUT_MS);
  await waitForOk(`${controlUrl}/ping`, STARTUP_TIMEOUT_MS);
  const measure = async (url: string, pid: number | undefined, next: () => MixRequest) => {
    await runMix({ baseUrl: url, connections: CONNECTIONS, durationSeconds: WARMUP_SECONDS, next });
    return runMix({
      baseUrl: url,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      serverPid: pid,
      next,
    });
  };
  for (const format of FORMATS) {
    // Side by side: on a shared machine the figures drift within minutes.
    const bare = await measure(controlUrl, control.pid, requestsFor(format, '/format'));
    const result = await measure(baseUrl, server.pid, requestsFor(format));
    const k = result.perKind[format];
    const b = bare.perKind[format];
    if (k === undefined || b === undefined) throw new Error(`no ${format} request was answered`);
    const met = k.p99 <= TARGET_P99_MS && result.failed === 0;
    const serverCpu = result.serverCpuMicrosPerRequest;
    const fast = serverCpu !== null && 1_000_000 / serverCpu >= TARGET_PER_CPU_SECOND;
    const cpu = (micros: number | null) => micros?.toFixed(0) ?? 'n/a';
    console.log(
      `${format}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${k.p50.toFixed(1)} p95 ${k.p95.toFixed(1)} p99 ${k.p99.toFixed(1)} ms, server CPU ${cpu(serverCpu)} µs a request (${perCpuSecond(serverCpu)} a CPU-second), load generator ${cpu(result.clientCpuMicrosPerRequest)} µs; ${result.failed} failed. Bare route beside it: ${bare.requestsPerSecond.toFixed(0)} req/s, p99 ${b.p99.toFixed(1)} ms, ${cpu(bare.serverCpuMicrosPerRequest)} µs`,
    );
    rows.push(
      `| ${format} | ${result.requestsPerSecond.toFixed(0)} | ${k.p50.toFixed(1)} | ${k.p95.toFixed(1)} | ${k.p99.toFixed(1)} | ${cpu(serverCpu)} | ${perCpuSecond(serverCpu)} | ${cpu(result.clientCpuMicrosPerRequest)} | ${result.failed} | ${bare.requestsPerSecond.toFixed(0)}, ${b.p99.toFixed(1)} ms, ${cpu(bare.serverCpuMicrosPerRequest)} µs | ${met ? 'yes' : 'no'} | ${fast ? 'yes' : 'no'} |`,
    );
  }
} finally {
  await stopProcess(server);
  await stopProcess(control);
  rmSync(workDir, { recursive: true, force: true });
}

if (write) {
  writeDocSection(
    'format-http',
    [
      '## POST /api/format on the rules path',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npx tsx scripts/bench/format-http-bench.ts --write\` (part of \`npm run bench\`) on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${load.toFixed(1)} when it began; production build, no model configured. ${CONNECTIONS} clients for ${DURATION_SECONDS} s per format after ${WARMUP_SECONDS} s unmeasured, each request the next of the ${CORPUS_TRANSCRIPTS.length} corpus transcripts (tests/fixtures/transcripts), the load generator on the same cores. The control, measured with the same clients and bodies right before each format, is a bare Fastify route that parses the same JSON and answers the same shape with no engine (\`scripts/bench/ceiling-server.mjs\`, \`POST /format\`): the engine's cost is the difference between the two. "A CPU-second" is 1,000,000 over the server's CPU a request (both its threads, HTTP included): how many formats one core gives. The load generator's own CPU a request is the same work in every run, so it shows how fast the machine was. Targets: p99 at most ${TARGET_P99_MS} ms; at least ${TARGET_PER_CPU_SECOND.toLocaleString('en')} formats a CPU-second.`,
      '',
      '| format | req/s | p50 ms | p95 ms | p99 ms | server CPU µs/request | formats a CPU-second | load generator CPU µs/request | failed | control: bare route req/s, p99, CPU | p99 <= 10 ms | >= 5,000 a CPU-second |',
      '|---|---|---|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ],
    'corpus-bench',
  );
  console.log('Wrote docs/benchmarks.md');
}
