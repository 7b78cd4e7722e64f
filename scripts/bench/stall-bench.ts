// One guest's smart formats against everyone else (docs/security.md, "One client never stalls
// the server"): a production build on SQLite with a writer configured (the fake
// OpenAI-compatible server of the tests, answering at once), measured in one run:
// - control: GET /api/health from another client, one request after the other, nothing else
//   running;
// - attack: the same health requests while one guest sends waves of 25 parallel
//   POST /api/format {transcript: "a ".repeat(10000), format: "tweet", mode: "smart"} (one wave
//   is within the AI limit of 30 a minute), each wave sent when the last is answered.
// The figures are the health requests' p50, p99 and slowest, and how long the waves took.
// BENCH_STALL_ROOT names another checkout whose build is measured instead (the "before" figures
// of docs/benchmarks.md come from the commit before the fix, built there).
//
//   npx tsx scripts/bench/stall-bench.ts            print the figures
//   npx tsx scripts/bench/stall-bench.ts --write    also rewrite its section of docs/benchmarks.md
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeDocSection } from './doc-section.mjs';
import { percentile } from './load.mjs';
import { ensureCurrentBuild, freePort, stopProcess, waitForOk } from './server-process.mjs';
import { startFakeOpenAI } from '#tests/support/fake-openai.js';

const PARALLEL = 25;
const WAVES = Number(process.env.BENCH_STALL_WAVES ?? 4);
const CONTROL_SECONDS = Number(process.env.BENCH_STALL_CONTROL_SECONDS ?? 5);
const HOSTILE = {
  transcript: 'a '.repeat(10_000),
  format: 'tweet',
  category: 'work',
  mode: 'smart',
};
const rootDir = fileURLToPath(new URL('../..', import.meta.url));
const appRoot = process.env.BENCH_STALL_ROOT ?? rootDir;
const write = process.argv.includes('--write');
const ms = (value: number): string => value.toFixed(1);

if (appRoot === rootDir) ensureCurrentBuild();
const fake = await startFakeOpenAI({ chatReply: 'A short tweet.' });
const dataDir = mkdtempSync(join(tmpdir(), 'voice-ideas-stall-bench-'));
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['dist/node/server/main.js'], {
  cwd: appRoot,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: `sqlite:${join(dataDir, 'bench.db')}`,
    LOG_LEVEL: 'warn',
    // Each wave alone is within the default AI limit of 30 a minute; raised so the waves can
    // follow each other without waiting a minute between them.
    RATE_LIMIT_AI_PER_MIN: '100000000',
    RATE_LIMIT_NEW_GUESTS_PER_HOUR: '100000000',
    TRANSCRIBE_ENGINE: 'none',
    LLM_ENGINE: 'openai',
    LLM_BASE_URL: fake.url,
    LLM_API_KEY: 'bench',
    OPENAI_BASE_URL: '',
    OPENAI_API_KEY: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

/** Health one request after the other until `until` says stop; each one's time in ms. */
async function healthWhile(until: () => boolean): Promise<number[]> {
  const times: number[] = [];
  while (!until()) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}/api/health`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`health answered ${response.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

async function wave(guest: string): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: PARALLEL }, () =>
      fetch(`${baseUrl}/api/format`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-guest-id': guest },
        body: JSON.stringify(HOSTILE),
      }).then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      }),
    ),
  );
  const failed = answers.filter((status) => status !== 200);
  if (failed.length > 0) throw new Error(`format answered ${failed.join(', ')}`);
}

function summary(times: number[]): { p50: number; p99: number; max: number; count: number } {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? 0,
    count: sorted.length,
  };
}

try {
  await waitForOk(`${baseUrl}/api/health`);
  // Unmeasured: the code paths compiled and the rules' worker started, as after any start.
  await wave('guest_benchwarm01');
  await healthWhile(
    (
      (end) => () =>
        performance.now() > end
    )(performance.now() + 1_000),
  );

  const controlEnd = performance.now() + CONTROL_SECONDS * 1_000;
  const control = summary(await healthWhile(() => performance.now() > controlEnd));

  let attacking = true;
  const attackStarted = performance.now();
  const waveTimes: number[] = [];
  const attack = (async () => {
    try {
      for (let index = 0; index < WAVES; index += 1) {
        // One guest, one address, a new wave each time: the AI limit is per address and minute.
        const started = performance.now();
        await wave(`guest_benchattack${index}`);
        waveTimes.push(performance.now() - started);
      }
    } finally {
      attacking = false;
    }
  })();
  const underAttack = summary(await healthWhile(() => !attacking));
  await attack;
  const attackSeconds = (performance.now() - attackStarted) / 1_000;

  const lines = [
    "## One guest's smart formats beside everyone else",
    '',
    `\`npx tsx scripts/bench/stall-bench.ts\`: a production build on SQLite with a writer configured (the tests' fake OpenAI-compatible server, answering at once), ${cpus().length} cores, load ${loadavg()[0]?.toFixed(1)} at the start. GET /api/health from another client, one after the other: first alone for ${CONTROL_SECONDS} s (control), then while one guest sends ${WAVES} waves of ${PARALLEL} parallel smart formats of \`"a ".repeat(10000)\` (the longest transcript the API takes), each wave after the last was answered.`,
    '',
    '| Phase | Health requests | p50 ms | p99 ms | Slowest ms | Waves of 25 formats, each ms |',
    '| --- | --- | --- | --- | --- | --- |',
    `| control | ${control.count} | ${ms(control.p50)} | ${ms(control.p99)} | ${ms(control.max)} | - |`,
    `| under attack (${attackSeconds.toFixed(1)} s) | ${underAttack.count} | ${ms(underAttack.p50)} | ${ms(underAttack.p99)} | ${ms(underAttack.max)} | ${waveTimes.map((time) => ms(time)).join(', ')} |`,
  ];
  console.log(lines.join('\n'));
  if (write) console.log(`\nwritten to ${writeDocSection('stall-bench', lines)}`);
} finally {
  await stopProcess(server);
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}
