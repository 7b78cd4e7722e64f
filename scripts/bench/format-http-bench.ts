// POST /api/format on the rules path (no model configured) as people use it: 20 clients, each
// sending its next transcript as soon as the last answer came, every transcript a different one
// of the labelled corpus (browser-style and Whisper-style speech of every length), cycled with
// its format so no two requests in a row are the same. Target: p99 at most 10 ms per format.
// Nothing is cached on this path, so cycling the corpus costs the server what new speech would.
// Each row also gives the load generator's own CPU a request: it does the same work in every
// run, so when it rises the machine was slower, and the server's figures with it.
//
//   npx tsx scripts/bench/format-http-bench.ts            print the figures
//   npx tsx scripts/bench/format-http-bench.ts --write    also rewrite its section of docs/benchmarks.md
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './doc-section.mjs';
import { runMix } from './load.mjs';
import {
  ensureCurrentBuild,
  freePort,
  startAppServer,
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
const TARGET_P99_MS = 10;

function requestsFor(format: Format) {
  let next = 0;
  return () => {
    const transcript = CORPUS_TRANSCRIPTS[next % CORPUS_TRANSCRIPTS.length] as string;
    next += 1;
    return {
      kind: format,
      method: 'POST',
      path: '/api/format',
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
const load = loadavg()[0] ?? 0;
const rows: string[] = [];
try {
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForOk(`${baseUrl}/api/health`);
  for (const format of FORMATS) {
    await runMix({
      baseUrl,
      connections: CONNECTIONS,
      durationSeconds: WARMUP_SECONDS,
      next: requestsFor(format),
    });
    const result = await runMix({
      name: format,
      baseUrl,
      connections: CONNECTIONS,
      durationSeconds: DURATION_SECONDS,
      serverPid: server.pid,
      next: requestsFor(format),
    });
    const k = result.perKind[format];
    if (k === undefined) throw new Error(`no ${format} request was answered`);
    const met = k.p99 <= TARGET_P99_MS && result.failed === 0;
    const serverCpu = result.serverCpuMicrosPerRequest?.toFixed(0) ?? 'n/a';
    const clientCpu = result.clientCpuMicrosPerRequest?.toFixed(0) ?? 'n/a';
    const line = `${format}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${k.p50.toFixed(1)} p95 ${k.p95.toFixed(1)} p99 ${k.p99.toFixed(1)} ms, CPU a request: server ${serverCpu} µs, load generator ${clientCpu} µs; ${result.failed} failed`;
    console.log(line);
    rows.push(
      `| ${format} | ${result.requestsPerSecond.toFixed(0)} | ${k.p50.toFixed(1)} | ${k.p95.toFixed(1)} | ${k.p99.toFixed(1)} | ${serverCpu} | ${clientCpu} | ${result.failed} | ${met ? 'yes' : 'no'} |`,
    );
  }
} finally {
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}

if (write) {
  writeDocSection(
    'format-http',
    [
      '## POST /api/format on the rules path',
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npx tsx scripts/bench/format-http-bench.ts --write\` (part of \`npm run bench\`) on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, load average ${load.toFixed(1)} when it began; production build, no model configured. ${CONNECTIONS} clients for ${DURATION_SECONDS} s per format after ${WARMUP_SECONDS} s unmeasured, each request the next of the ${CORPUS_TRANSCRIPTS.length} corpus transcripts (tests/fixtures/transcripts), the load generator on the same 2 cores. Its own CPU a request is the same work in every run, so it shows how fast the machine was: the same build's figures move with it. Target: p99 at most ${TARGET_P99_MS} ms.`,
      '',
      '| format | req/s | p50 ms | p95 ms | p99 ms | server CPU µs/request | load generator CPU µs/request | failed | p99 <= 10 ms |',
      '|---|---|---|---|---|---|---|---|---|',
      ...rows,
      '',
    ],
    'corpus-bench',
  );
  console.log('Wrote docs/benchmarks.md');
}
