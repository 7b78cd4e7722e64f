// The whole capture path as people use it, 20 at once: each person uploads 30 s of real speech
// (espeak-ng, encoded by ffmpeg as webm/opus like Chrome's recorder), the server checks and
// transcribes it with an OpenAI-compatible engine (the tests' fake, tests/support/fake-openai.ts,
// in its own process, answering at once), formats the transcript with the rules (no model
// configured) and saves the idea with an Idempotency-Key; then the next recording. Measures the
// server's own time per step from its log (Fastify's responseTime, from the request's first byte
// to the reply's last; for the upload this includes the fake engine's answer, whose CPU is
// given separately), the time the client saw, and whole captures per second.
//
//   node scripts/bench/capture-bench.mjs            print the figures
//   node scripts/bench/capture-bench.mjs --write    also rewrite its section of docs/benchmarks.md
//
// Settings (environment): BENCH_CAPTURE_PEOPLE (20), BENCH_CAPTURE_SECONDS (30),
// BENCH_WARMUP_SECONDS (3), BENCH_CAPTURE_DATABASE (postgres, a fresh database in the cluster
// at BENCH_POSTGRES_URL, when it answers; else sqlite, a fresh file).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { rootDir } from '../build-info.mjs';
import { writeDocSection } from './doc-section.mjs';
import { processCpuMicros } from './load.mjs';
import { ensureCurrentBuild, stopProcess } from './server-process.mjs';
import {
  adminQuery,
  childrenCpuMs,
  durationSeconds,
  ffmpeg,
  run,
  SPOKEN,
  startTranscribingServer,
  summary,
} from './transcribing-server.mjs';

const WRITE = process.argv.includes('--write');
const PEOPLE = Number(process.env.BENCH_CAPTURE_PEOPLE ?? 20);
const DURATION_SECONDS = Number(process.env.BENCH_CAPTURE_SECONDS ?? 30);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ON_POSTGRES =
  (process.env.BENCH_CAPTURE_DATABASE ?? 'postgres') === 'postgres' && (await postgresAnswers());

async function postgresAnswers() {
  const probe = new pg.Client({
    connectionString: POSTGRES_ADMIN_URL,
    connectionTimeoutMillis: 3000,
  });
  try {
    await probe.connect();
    await probe.end();
    return true;
  } catch {
    console.log(
      `PostgreSQL not reachable at ${POSTGRES_ADMIN_URL}: the capture path runs on SQLite.`,
    );
    return false;
  }
}
const RECORDING_SECONDS = 30;

const STEPS = ['transcribe', 'format', 'save'];

async function makeRecording(dir) {
  const raw = join(dir, 'speech.wav');
  const webm = join(dir, 'recording.webm');
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, SPOKEN]);
  await ffmpeg([
    ...['-i', raw, '-t', String(RECORDING_SECONDS), '-ac', '1', '-ar', '48000'],
    ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', webm],
  ]);
  const seconds = await durationSeconds(webm);
  if (!(seconds > RECORDING_SECONDS - 1)) {
    throw new Error(`the recording is ${seconds} s, not ${RECORDING_SECONDS}: lengthen SPOKEN`);
  }
  return readFileSync(webm);
}

/** The tests' fake engine in its own process, so its CPU is not the server's or ours. */
async function startEngine(transcript) {
  const code = `
    import { startFakeOpenAI } from '#tests/support/fake-openai.js';
    const fake = await startFakeOpenAI({ transcript: ${JSON.stringify(transcript)} });
    // It keeps every request for tests to read; a benchmark would only fill memory with them.
    setInterval(() => { fake.requests.length = 0; }, 1000);
    console.log('engine at ' + fake.url);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk.toString();
      const match = /engine at (\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
    child.once('exit', (code) => reject(new Error(`the fake engine exited (${code}): ${output}`)));
  });
  return { child, url };
}

function stepOf(method, url) {
  if (method !== 'POST') return undefined;
  if (url.startsWith('/api/transcribe')) return 'transcribe';
  if (url.startsWith('/api/format')) return 'format';
  if (url.startsWith('/api/guest-ideas')) return 'save';
  return undefined;
}

async function startServer(databaseUrl, engineUrl) {
  /** Fastify's responseTime (ms) of every completed request, by step, while measuring. */
  const log = { times: { transcribe: [], format: [], save: [] }, measuring: false };
  const urls = new Map();
  const onLogLine = (line) => {
    let entry;
    try {
      entry = JSON.parse(line);
    } catch {
      return;
    }
    if (entry.reqId === undefined) return;
    if (entry.req?.method !== undefined && entry.req.url !== undefined) {
      const step = stepOf(entry.req.method, entry.req.url);
      if (step !== undefined) urls.set(entry.reqId, step);
      return;
    }
    if (entry.responseTime === undefined) return;
    const step = urls.get(entry.reqId);
    urls.delete(entry.reqId);
    if (step !== undefined && log.measuring) log.times[step].push(entry.responseTime);
  };
  const { child, url } = await startTranscribingServer({ databaseUrl, engineUrl, onLogLine });
  return { child, url, log };
}

/** One person: record, transcribe, format, save; again until the deadline. */
async function person(baseUrl, audio, deadline, figures) {
  // Each person from their own address, as behind a proxy (TRUST_PROXY): the server gives one
  // address at most two recordings being sent or decoded at once, and counts an IPv6 /64 as
  // one address, so each person has a /64 of their own.
  const guest = {
    'x-guest-id': `guest_${randomBytes(9).toString('base64url')}`,
    'x-forwarded-for': `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`,
  };
  const timed = async (step, send) => {
    const started = performance.now();
    const response = await send();
    const body = await response.json();
    figures.times[step].push(performance.now() - started);
    if (!response.ok) {
      const key = `${step} ${response.status}`;
      figures.failed[key] = (figures.failed[key] ?? 0) + 1;
      // As the app does with a busy server: wait as told, then send the recording again.
      const retryAfter = Number(response.headers.get('retry-after') ?? 1);
      await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000));
      return undefined;
    }
    return { response, body };
  };
  while (performance.now() < deadline) {
    const form = new FormData();
    form.append('audio', new Blob([audio], { type: 'audio/webm' }), 'recording.webm');
    const heard = await timed('transcribe', () =>
      fetch(`${baseUrl}/api/transcribe`, { method: 'POST', headers: guest, body: form }),
    );
    if (heard === undefined) continue;
    const transcript = String(heard.body.transcript);
    const formatted = await timed('format', () =>
      fetch(`${baseUrl}/api/format`, {
        method: 'POST',
        headers: {
          ...guest,
          'content-type': 'application/json',
          'recording-token': heard.response.headers.get('recording-token') ?? '',
        },
        body: JSON.stringify({ transcript, format: 'checklist', category: 'work' }),
      }),
    );
    if (formatted === undefined) continue;
    if (formatted.body.path === 'rules') figures.rulesPath += 1;
    const saved = await timed('save', () =>
      fetch(`${baseUrl}/api/guest-ideas`, {
        method: 'POST',
        headers: {
          ...guest,
          'content-type': 'application/json',
          'idempotency-key': randomBytes(16).toString('base64url'),
        },
        body: JSON.stringify({
          content: formatted.body.formatted,
          format: 'checklist',
          category: 'work',
          transcript,
        }),
      }),
    );
    if (saved !== undefined) figures.captures += 1;
  }
}

async function load(baseUrl, audio, seconds) {
  const figures = {
    times: { transcribe: [], format: [], save: [] },
    captures: 0,
    failed: {},
    rulesPath: 0,
  };
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: PEOPLE }, () => person(baseUrl, audio, deadline, figures)),
  );
  return figures;
}

ensureCurrentBuild();

const loadAverage = loadavg();
const runStarted = Date.now();
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-capture-bench-'));
const postgresName = `voice_ideas_capture_${process.pid}`;
let databaseUrl = `sqlite:${join(workDir, 'capture.db')}`;
if (ON_POSTGRES) {
  await adminQuery(POSTGRES_ADMIN_URL, `CREATE DATABASE ${postgresName}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${postgresName}`;
  databaseUrl = url.toString();
}
const audio = await makeRecording(workDir);
const engine = await startEngine(SPOKEN);
let figures;
let serverTimes;
let cpu;
let elapsedSeconds;
try {
  const server = await startServer(databaseUrl, engine.url);
  try {
    await load(server.url, audio, WARMUP_SECONDS);
    server.log.measuring = true;
    const pids = [server.child.pid, engine.child.pid].map(Number);
    const before = pids.map((pid) => processCpuMicros(pid) ?? 0);
    const decodesBefore = childrenCpuMs(server.child.pid);
    const own = process.cpuUsage();
    const started = performance.now();
    figures = await load(server.url, audio, DURATION_SECONDS);
    elapsedSeconds = (performance.now() - started) / 1000;
    const after = pids.map((pid) => processCpuMicros(pid) ?? 0);
    const decodes = (childrenCpuMs(server.child.pid) - decodesBefore) * 1000;
    const ownUsed = process.cpuUsage(own);
    const share = (micros) => micros / (elapsedSeconds * 10_000);
    cpu = {
      server: share((after[0] ?? 0) - (before[0] ?? 0)),
      decoders: share(decodes),
      engine: share((after[1] ?? 0) - (before[1] ?? 0)),
      loadGenerator: share(ownUsed.user + ownUsed.system),
    };
    // The last lines of the log may still be on their way.
    await new Promise((resolve) => setTimeout(resolve, 500));
    server.log.measuring = false;
    serverTimes = server.log.times;
  } finally {
    await stopProcess(server.child);
  }
} finally {
  await stopProcess(engine.child);
  rmSync(workDir, { recursive: true, force: true });
  if (ON_POSTGRES)
    await adminQuery(POSTGRES_ADMIN_URL, `DROP DATABASE IF EXISTS ${postgresName} WITH (FORCE)`);
}

const f = (value) => value.toFixed(1);
const capturesPerSecond = figures.captures / elapsedSeconds;
const uploads = serverTimes.transcribe.length;
const perUpload =
  uploads === 0 ? 'n/a' : ((cpu.decoders * elapsedSeconds * 10) / uploads).toFixed(0);
/** A CPU share (% of one core over the run) as milliseconds per whole capture. */
const perCapture = (percent) =>
  figures.captures === 0 ? 'n/a' : ((percent * elapsedSeconds * 10) / figures.captures).toFixed(0);
const failed = Object.entries(figures.failed)
  .map(([what, count]) => `${count} × ${what}`)
  .join(', ');
const rows = STEPS.map((step) => {
  const own = summary(serverTimes[step]);
  const seen = summary(figures.times[step]);
  return `| ${step} | ${own.count} | ${f(own.p50)} | ${f(own.p99)} | ${f(seen.p50)} | ${f(seen.p99)} |`;
});
const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
console.log(
  `${figures.captures} captures in ${f(elapsedSeconds)} s: ${capturesPerSecond.toFixed(2)} a second; ${figures.rulesPath} formatted by the rules; failed: ${failed || 'none'}; CPU % of one core: server ${f(cpu.server)}, its ffmpeg decoders ${f(cpu.decoders)}, fake engine ${f(cpu.engine)}, load generator ${f(cpu.loadGenerator)}; run took ${minutes} min`,
);
console.log(
  [
    '| step | requests | server p50 ms | server p99 ms | client p50 ms | client p99 ms |',
    ...rows,
  ].join('\n'),
);

if (WRITE) {
  writeDocSection('capture-bench', [
    '## The capture path, 20 people at once',
    '',
    `\`node scripts/bench/capture-bench.mjs --write\`. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadAverage.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) when it began; production build on ${ON_POSTGRES ? 'PostgreSQL (local cluster)' : 'SQLite'}, an empty database; the run took ${minutes} min. ${PEOPLE} people, each in turn: upload a ${RECORDING_SECONDS} s recording (espeak-ng speech, webm/opus 32 kb/s, ${Math.round(audio.length / 1024)} KiB) to \`POST /api/transcribe\` (engine: the tests' fake OpenAI-compatible server in its own process, which answers at once), \`POST /api/format\` on the rules path (no model configured) with the Recording-Token, \`POST /api/guest-ideas\` with an Idempotency-Key; ${DURATION_SECONDS} s after ${WARMUP_SECONDS} s of warm-up. Server time is Fastify's own responseTime from its log (first byte of the request to the last of the reply; for transcribe it includes the fake engine's answer); client time is what the load generator saw.`,
    '',
    '| step | requests | server p50 ms | server p99 ms | client p50 ms | client p99 ms |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
    `- Throughput: ${figures.captures} whole captures, ${capturesPerSecond.toFixed(2)} a second (${(capturesPerSecond * 3).toFixed(1)} requests a second); ${figures.rulesPath} formatted by the rules; failed: ${failed || 'none'}.`,
    `- CPU as % of one core (user + system over the run, /proc): server ${f(cpu.server)}, the ffmpeg processes it ran to decode the uploads ${f(cpu.decoders)}, fake engine ${f(cpu.engine)}, load generator ${f(cpu.loadGenerator)}. Per whole capture: ${perCapture(cpu.server)} ms of server CPU and ${perCapture(cpu.decoders)} ms of ffmpeg.`,
    `- Where the time goes: one upload's decode costs ${perUpload} ms of ffmpeg CPU, against a server p50 of ${f(summary(serverTimes.transcribe).p50)} ms for the upload. The server decodes at most as many uploads at once as it has cores (${cpus().length} here) and queues up to 16 more (503 \`server_busy\` beyond that), and each person sends the next recording as soon as the last is saved, so the rest of that time is the wait for a decoder and for the cores.`,
    '',
  ]);
  console.log('Wrote docs/benchmarks.md');
}
