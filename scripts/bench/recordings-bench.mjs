// Recordings as people make them (docs/api.md, "Recordings"; ADR 120-122): uploaded over tus
// while they are being recorded, then transcribed by the durable queue.
//
// 1. 20 people at once, each recording 30 s of espeak-ng speech (webm/opus as Chrome records it)
//    and uploading it as it is recorded: a tus upload of deferred length, a PATCH of the last
//    3 s every 3 s (the page's pace), the length with the last one; then waiting for the
//    transcript, then the next recording. Each person from their own address (TRUST_PROXY and
//    X-Forwarded-For). The engine is the tests' fake OpenAI-compatible server in its own process
//    behind a stopwatch, answering at once. Measured: the server's own time from the last chunk
//    to the transcript (the row's done time minus when the last chunk was sent, minus the
//    engine's time for that recording), the queue's wait and each job's run (from the server's
//    'recording transcribed' log line), each recording's ffmpeg CPU (the server's reaped
//    children, /proc), and every refusal.
// 2. One recording of 60 minutes (espeak-ng speech with pauses, made once and kept in
//    BENCH_CACHE_DIR), uploaded in 5 MiB PATCHes to a fresh server and transcribed in pieces:
//    the server's peak RSS (VmHWM) and the time from the last byte to the transcript.
//
// 3. The upload path on its own, with recordings as files and in a bucket (ADR 128: the tests'
//    S3 stand-in, s3rver behind the proxy that adds the multipart calls, in its own process),
//    side by side in one run, rounds alternating: a 30 s clip as the page sends it (a PATCH of
//    3 s, back to back rather than paced), 10 minutes the same way, and 17 MiB in 5 MiB PATCHes
//    (the clip's bytes, then random ones: nothing is transcribed). Measured: each PATCH's time,
//    the whole upload's, and the server's and the stand-in's CPU.
//
//   node scripts/bench/recordings-bench.mjs            print the figures
//   node scripts/bench/recordings-bench.mjs --write    also rewrite its sections of docs/benchmarks.md
//   node scripts/bench/recordings-bench.mjs --stores   only part 3 (with --write, only its section)
//
// Settings (environment): BENCH_RECORDINGS_PEOPLE (20), BENCH_RECORDINGS_ROUNDS (4 recordings
// each), BENCH_RECORDINGS_HOUR (1; 0 skips the hour), BENCH_RECORDINGS_DATABASE (sqlite, a fresh
// file with the file store; postgres, a fresh database at BENCH_POSTGRES_URL with its store).
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import BetterSqlite3 from 'better-sqlite3';
import { rootDir } from '../build-info.mjs';
import { writeDocSection } from './doc-section.mjs';
import { percentile, processCpuMicros } from './load.mjs';
import { CACHE_DIR } from './seeded.mjs';
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
const PEOPLE = Number(process.env.BENCH_RECORDINGS_PEOPLE ?? 20);
const ROUNDS = Number(process.env.BENCH_RECORDINGS_ROUNDS ?? 4);
const HOUR = (process.env.BENCH_RECORDINGS_HOUR ?? '1') !== '0';
const STORES_ONLY = process.argv.includes('--stores');
const STORE_ROUNDS = Number(process.env.BENCH_RECORDINGS_STORE_ROUNDS ?? 3);
const BUCKET = 'voice-ideas-bench';
const ON_POSTGRES = (process.env.BENCH_RECORDINGS_DATABASE ?? 'sqlite') === 'postgres';
const POSTGRES_ADMIN_URL =
  process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const RECORDING_SECONDS = 30;
const CHUNK_SECONDS = 3;
const HOUR_PATCH_BYTES = 5 * 1024 * 1024;
const TARGETS = { p50: 250, p99: 1000 };
const TUS = { 'tus-resumable': '1.0.0' };

/** The process's own CPU (ms, utime + stime). */
const ownCpuMs = (pid) => (processCpuMicros(pid) ?? NaN) / 1000;

/** Peak resident memory (MiB) of the process so far. */
function peakRssMib(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /VmHWM:\s+(\d+) kB/.exec(status);
  return match ? Number(match[1]) / 1024 : NaN;
}

/** One 30 s clip per person, each with its own title, so the engine can tell whose it heard. */
async function makeClips(dir, people = PEOPLE) {
  const raw = join(dir, 'speech.wav');
  await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', raw, SPOKEN]);
  const clips = [];
  for (let i = 0; i < people; i += 1) {
    const webm = join(dir, `clip-${i}.webm`);
    await ffmpeg([
      ...['-i', raw, '-t', String(RECORDING_SECONDS), '-ac', '1', '-ar', '48000'],
      ...['-metadata', `title=person ${i}`, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', webm],
    ]);
    clips.push(readFileSync(webm));
  }
  const seconds = await durationSeconds(join(dir, 'clip-0.webm'));
  if (!(seconds > RECORDING_SECONDS - 1)) {
    throw new Error(`the clip is ${seconds} s, not ${RECORDING_SECONDS}: lengthen SPOKEN`);
  }
  return clips;
}

/**
 * An hour of speech with pauses: sentences of the text with 1.5 s of silence after each, the
 * whole repeated to 60 minutes, as webm/opus at 32 kb/s. Made once and kept.
 */
async function hourRecording() {
  const cached = join(CACHE_DIR, 'recordings', 'hour-speech-pauses.webm');
  if (existsSync(cached)) return cached;
  mkdirSync(join(CACHE_DIR, 'recordings'), { recursive: true });
  console.log(`Making 60 minutes of speech with pauses (kept in ${cached})...`);
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-hour-'));
  try {
    const sentences = SPOKEN.split(/(?<=\.)\s+/);
    const list = [];
    for (const [i, sentence] of sentences.entries()) {
      const said = join(dir, `s${i}.wav`);
      await run('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', said, sentence]);
      const paused = join(dir, `p${i}.wav`);
      await ffmpeg(['-i', said, '-af', 'apad=pad_dur=1.5', '-ar', '22050', '-ac', '1', paused]);
      list.push(`file '${paused}'`);
    }
    const listFile = join(dir, 'list.txt');
    spawnSync('sh', ['-c', `printf '%s\\n' "$@" > '${listFile}'`, 'sh', ...list]);
    const block = join(dir, 'block.wav');
    await ffmpeg(['-f', 'concat', '-safe', '0', '-i', listFile, '-c', 'copy', block]);
    const partial = `${cached}.partial`;
    await ffmpeg([
      ...['-stream_loop', '-1', '-i', block, '-t', '3600', '-ac', '1', '-ar', '48000'],
      ...['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', partial],
    ]);
    renameSync(partial, cached);
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The tests' fake engine in its own process, behind a stopwatch in the same process: each
 * transcription's time from its first byte to the end of the answer, by the audio's SHA-256.
 */
async function startEngine(transcript) {
  const code = `
    import { createServer, request as send } from 'node:http';
    import { createHash } from 'node:crypto';
    import { parseMultipart, startFakeOpenAI } from '#tests/support/fake-openai.js';
    const fake = await startFakeOpenAI({ transcript: ${JSON.stringify(transcript)} });
    setInterval(() => { fake.requests.length = 0; }, 1000);
    const target = new URL(fake.url);
    const watch = createServer((req, res) => {
      const started = performance.now();
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        let sha = '';
        try {
          const file = parseMultipart(body, String(req.headers['content-type'])).files[0];
          if (file) sha = file.sha256;
        } catch {}
        const out = send({ host: target.hostname, port: target.port, path: req.url,
          method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 500, answer.headers);
          answer.pipe(res);
          answer.on('end', () => {
            console.log(JSON.stringify({ engine: { sha, ms: performance.now() - started, at: Date.now() } }));
          });
        });
        out.end(body);
      });
    });
    watch.listen(0, '127.0.0.1', () => {
      console.log('engine at http://127.0.0.1:' + watch.address().port + target.pathname);
    });`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const calls = [];
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      const match = /engine at (\S+)/.exec(line);
      if (match?.[1]) resolve(match[1]);
      if (line.startsWith('{')) calls.push(JSON.parse(line).engine);
    });
    child.once('exit', (exitCode) => reject(new Error(`the fake engine exited (${exitCode})`)));
  });
  return { child, url, calls };
}

/** The tests' S3 stand-in in its own process, so that its CPU is not the server's. */
async function startS3StandIn() {
  const code = `
    import { startS3StandIn } from '#tests/support/s3-stand-in.js';
    const standIn = await startS3StandIn({ buckets: [${JSON.stringify(BUCKET)}] });
    console.log(JSON.stringify({ endpoint: standIn.endpoint, keys: standIn.keys }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: rootDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (line.startsWith('{')) resolve(JSON.parse(line));
    });
    child.once('exit', (exitCode) => reject(new Error(`the S3 stand-in exited (${exitCode})`)));
  });
  return { child, ...started };
}

async function startServer(databaseUrl, recordingsDir, engineUrl) {
  const jobs = new Map();
  const { child, url } = await startTranscribingServer({
    databaseUrl,
    engineUrl,
    env: { RECORDINGS_DIR: recordingsDir },
    onLogLine(line) {
      if (!line.includes('recording transcribed')) return;
      try {
        const entry = JSON.parse(line);
        jobs.set(entry.recordingId, entry);
      } catch {
        // Not a JSON log line.
      }
    },
  });
  return { child, url, jobs };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const metadata = (fields) =>
  Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

class Refused extends Error {}

async function tus(baseUrl, headers, refusals, what, init) {
  const response = await fetch(`${baseUrl}${init.path}`, {
    method: init.method,
    headers: { ...TUS, ...headers, ...init.headers },
    body: init.body,
    signal: AbortSignal.timeout(120_000),
  });
  if (!response.ok) {
    const key = `${what} ${response.status}`;
    refusals[key] = (refusals[key] ?? 0) + 1;
    throw new Refused(`${key}: ${await response.text()}`);
  }
  return response;
}

async function beginUpload(baseUrl, headers, refusals) {
  const created = await tus(baseUrl, headers, refusals, 'create', {
    path: '/api/uploads',
    method: 'POST',
    headers: {
      'upload-defer-length': '1',
      'upload-metadata': metadata({ filename: 'recording.webm', filetype: 'audio/webm' }),
    },
  });
  return String(created.headers.get('location')).split('/').pop();
}

/** Until the recording is done or failed: the page follows it over SSE, here a light poll. */
async function waitForTranscript(baseUrl, headers, id) {
  for (;;) {
    const response = await fetch(`${baseUrl}/api/recordings/${id}`, {
      headers,
      signal: AbortSignal.timeout(30_000),
    });
    const body = await response.json();
    if (body.status === 'done' || body.status === 'failed') return body.status;
    await sleep(250);
  }
}

/** One person: record and upload as it goes, wait for the transcript, again. */
async function person(baseUrl, clip, index, results) {
  const headers = {
    'x-guest-id': `guest_${randomBytes(9).toString('base64url')}`,
    'x-forwarded-for': `2001:db8::${(index + 1).toString(16)}`,
  };
  const perSecond = clip.length / RECORDING_SECONDS;
  // People do not all press record in the same second.
  await sleep((index / PEOPLE) * RECORDING_SECONDS * 1000);
  for (let round = 0; round < ROUNDS; round += 1) {
    try {
      const began = performance.now();
      const id = await beginUpload(baseUrl, headers, results.refusals);
      let offset = 0;
      let lastSentAt = 0;
      for (let second = CHUNK_SECONDS; offset < clip.length; second += CHUNK_SECONDS) {
        await sleep(began + second * 1000 - performance.now());
        const end = second >= RECORDING_SECONDS ? clip.length : Math.round(second * perSecond);
        const last = end === clip.length;
        if (last) lastSentAt = Date.now();
        await tus(baseUrl, headers, results.refusals, 'patch', {
          path: `/api/uploads/${id}`,
          method: 'PATCH',
          headers: {
            'content-type': 'application/offset+octet-stream',
            'upload-offset': String(offset),
            ...(last ? { 'upload-length': String(clip.length) } : {}),
          },
          body: clip.subarray(offset, end),
        });
        offset = end;
      }
      const status = await waitForTranscript(baseUrl, headers, id);
      if (status !== 'done') {
        results.refusals['transcription failed'] =
          (results.refusals['transcription failed'] ?? 0) + 1;
      }
      results.recordings.push({
        id,
        lastSentAt,
        sha: createHash('sha256').update(clip).digest('hex'),
      });
    } catch (error) {
      if (!(error instanceof Refused)) throw error;
      await sleep(1000);
    }
  }
}

/** When each recording was done, from its row (to the millisecond). */
async function doneTimes(databaseUrl, ids) {
  const times = new Map();
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new BetterSqlite3(databaseUrl.slice('sqlite:'.length), { readonly: true });
    try {
      const read = db.prepare("SELECT updated_at FROM recordings WHERE id = ? AND status = 'done'");
      for (const id of ids) {
        const row = read.get(id);
        if (row) times.set(id, Date.parse(row.updated_at));
      }
    } finally {
      db.close();
    }
    return times;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT id, updated_at FROM recordings WHERE id = ANY($1) AND status = 'done'",
      [ids],
    );
    for (const row of rows) times.set(row.id, new Date(row.updated_at).getTime());
  } finally {
    await client.end();
  }
  return times;
}

async function freshDatabase(workDir, name) {
  if (!ON_POSTGRES) return `sqlite:${join(workDir, `${name}.db`)}`;
  const database = `voice_ideas_${name}_${process.pid}`;
  await adminQuery(POSTGRES_ADMIN_URL, `CREATE DATABASE ${database}`);
  const url = new URL(POSTGRES_ADMIN_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function dropDatabase(databaseUrl) {
  if (!ON_POSTGRES) return;
  await adminQuery(
    POSTGRES_ADMIN_URL,
    `DROP DATABASE IF EXISTS ${new URL(databaseUrl).pathname.slice(1)} WITH (FORCE)`,
  );
}

async function twentyPeople(workDir, engine) {
  const clips = await makeClips(workDir);
  const databaseUrl = await freshDatabase(workDir, 'recordings_people');
  const server = await startServer(databaseUrl, join(workDir, 'people-recordings'), engine.url);
  try {
    // One unmeasured recording first, so the server has compiled its hot code.
    await person(server.url, clips[0], 0, { recordings: [], refusals: {} });
    const results = { recordings: [], refusals: {} };
    const pid = server.child.pid;
    const ffmpegBefore = childrenCpuMs(pid);
    const serverBefore = ownCpuMs(pid);
    const started = performance.now();
    await Promise.all(clips.map((clip, i) => person(server.url, clip, i, results)));
    const seconds = (performance.now() - started) / 1000;
    const ffmpegMs = childrenCpuMs(pid) - ffmpegBefore;
    const serverMs = ownCpuMs(pid) - serverBefore;
    await sleep(300);
    const done = await doneTimes(
      databaseUrl,
      results.recordings.map((r) => r.id),
    );
    const own = [];
    const untilDone = [];
    const engineMs = [];
    for (const recording of results.recordings) {
      const at = done.get(recording.id);
      if (at === undefined) continue;
      const calls = engine.calls.filter(
        (c) => c.sha === recording.sha && c.at >= recording.lastSentAt && c.at <= at + 5,
      );
      const engine_ = calls.reduce((sum, c) => sum + c.ms, 0);
      engineMs.push(engine_);
      untilDone.push(at - recording.lastSentAt);
      own.push(at - recording.lastSentAt - engine_);
    }
    const jobs = results.recordings.map((r) => server.jobs.get(r.id)).filter(Boolean);
    return {
      seconds,
      count: results.recordings.length,
      refusals: results.refusals,
      own,
      untilDone,
      engineMs,
      waited: jobs.map((j) => j.waitedMs),
      ran: jobs.map((j) => j.ranMs),
      ffmpegMsPerRecording: ffmpegMs / Math.max(1, results.recordings.length),
      serverCpuMsPerRecording: serverMs / Math.max(1, results.recordings.length),
      clipKib: Math.round(clips[0].length / 1024),
    };
  } finally {
    await stopProcess(server.child);
    await dropDatabase(databaseUrl);
  }
}

/**
 * One upload of `bytes` in PATCHes of `chunkBytes`, back to back, the length with the last;
 * then its bytes read back, so that a figure is never of an upload that lost bytes.
 */
async function timedUpload(baseUrl, bytes, chunkBytes) {
  const headers = {
    'x-guest-id': `guest_${randomBytes(9).toString('base64url')}`,
    'x-forwarded-for': `2001:db8::${randomBytes(2).toString('hex')}`,
  };
  const refusals = {};
  const started = performance.now();
  const id = await beginUpload(baseUrl, headers, refusals);
  const patchMs = [];
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    const end = Math.min(bytes.length, offset + chunkBytes);
    const sent = performance.now();
    await tus(baseUrl, headers, refusals, 'patch', {
      path: `/api/uploads/${id}`,
      method: 'PATCH',
      headers: {
        'content-type': 'application/offset+octet-stream',
        'upload-offset': String(offset),
        ...(end === bytes.length ? { 'upload-length': String(bytes.length) } : {}),
      },
      body: bytes.subarray(offset, end),
    });
    patchMs.push(performance.now() - sent);
  }
  const totalMs = performance.now() - started;
  const stored = await fetch(`${baseUrl}/api/recordings/${id}/audio`, { headers });
  if (!Buffer.from(await stored.arrayBuffer()).equals(bytes)) {
    throw new Error(`the upload ${id} did not read back as sent`);
  }
  return { patchMs, totalMs };
}

/** Part 3: the same uploads into files and into the S3 stand-in, rounds alternating. */
async function storesSideBySide(workDir) {
  const [clip] = await makeClips(workDir, 1);
  const perSecond = clip.length / RECORDING_SECONDS;
  const chunk = Math.round(CHUNK_SECONDS * perSecond);
  // Ten minutes as the page sends them: the clip's bytes over again, in 3 s PATCHes.
  const tenMinutes = Buffer.concat(Array.from({ length: 20 }, () => clip));
  const large = Buffer.concat([clip, randomBytes(17 * 2 ** 20 - clip.length)]);
  const shapes = [
    { name: 'clip', bytes: clip, chunkBytes: chunk },
    { name: 'tenMinutes', bytes: tenMinutes, chunkBytes: chunk },
    { name: 'large', bytes: large, chunkBytes: HOUR_PATCH_BYTES },
  ];
  const standIn = await startS3StandIn();
  const stores = {
    file: {},
    s3: {
      S3_ENDPOINT: standIn.endpoint,
      S3_BUCKET: BUCKET,
      S3_ACCESS_KEY_ID: standIn.keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: standIn.keys.secretAccessKey,
    },
  };
  const results = {};
  try {
    for (let round = 0; round < STORE_ROUNDS; round += 1) {
      for (const [store, env] of Object.entries(stores)) {
        const databaseUrl = await freshDatabase(workDir, `recordings_${store}_${round}`);
        const { child, url } = await startTranscribingServer({
          databaseUrl,
          engineUrl: 'http://127.0.0.1:9/none',
          env: {
            ...env,
            RECORDINGS_DIR: join(workDir, `${store}-${round}`),
            TRANSCRIBE_ENGINE: 'none',
            LOG_LEVEL: 'warn',
          },
          onLogLine: () => undefined,
        });
        try {
          // One unmeasured upload first, so the server has compiled its hot code.
          await timedUpload(url, clip, chunk);
          for (const shape of shapes) {
            const serverBefore = ownCpuMs(child.pid);
            const standInBefore = ownCpuMs(standIn.child.pid);
            const { patchMs, totalMs } = await timedUpload(url, shape.bytes, shape.chunkBytes);
            const figures = (results[`${store} ${shape.name}`] ??= {
              patchMs: [],
              totalMs: [],
              serverCpuMs: [],
              standInCpuMs: [],
              lastTenthMs: [],
              patches: patchMs.length,
              mib: shape.bytes.length / 2 ** 20,
            });
            figures.patchMs.push(...patchMs);
            figures.totalMs.push(totalMs);
            figures.serverCpuMs.push(ownCpuMs(child.pid) - serverBefore);
            figures.standInCpuMs.push(ownCpuMs(standIn.child.pid) - standInBefore);
            // The last tenth of the PATCHes, when a bucket's tail waiting as <id>.part is longest.
            figures.lastTenthMs.push(
              ...patchMs.slice(-Math.max(1, Math.round(patchMs.length / 10))),
            );
          }
        } finally {
          await stopProcess(child);
          await dropDatabase(databaseUrl);
        }
      }
    }
  } finally {
    await stopProcess(standIn.child);
  }
  return results;
}

function storeLines(results) {
  const median = (values) => summary(values).p50;
  const line = (name, label) => {
    const file = results[`file ${name}`];
    const s3 = results[`s3 ${name}`];
    const one = (store, figures) => {
      const patch = summary(figures.patchMs);
      return `${store}: the upload ${f(median(figures.totalMs))} ms, a PATCH p50 ${f1(patch.p50)} ms, p99 ${f1(patch.p99)} ms, the last tenth's p50 ${f1(median(figures.lastTenthMs))} ms, the server's CPU ${f(median(figures.serverCpuMs))} ms`;
    };
    return `- ${label} (${f1(file.mib)} MiB, ${file.patches} PATCHes), the median of ${STORE_ROUNDS} rounds: ${one('files', file)}; ${one('bucket', s3)}, the stand-in's CPU ${f(median(s3.standInCpuMs))} ms.`;
  };
  return [
    line('clip', 'A 30 s clip as the page sends it (a PATCH of 3 s, back to back)'),
    line('tenMinutes', '10 minutes the same way'),
    line('large', '17 MiB in 5 MiB PATCHes'),
  ];
}

async function oneHour(workDir, engine) {
  const file = await hourRecording();
  const audio = readFileSync(file);
  const audioSeconds = await durationSeconds(file);
  const databaseUrl = await freshDatabase(workDir, 'recordings_hour');
  const server = await startServer(databaseUrl, join(workDir, 'hour-recordings'), engine.url);
  try {
    const pid = server.child.pid;
    const baseRss = peakRssMib(pid);
    const headers = {
      'x-guest-id': `guest_${randomBytes(9).toString('base64url')}`,
      'x-forwarded-for': '2001:db8::60',
    };
    const refusals = {};
    const ffmpegBefore = childrenCpuMs(pid);
    const id = await beginUpload(server.url, headers, refusals);
    const uploadStarted = performance.now();
    let lastByteAt = 0;
    for (let offset = 0; offset < audio.length; offset += HOUR_PATCH_BYTES) {
      const end = Math.min(audio.length, offset + HOUR_PATCH_BYTES);
      const last = end === audio.length;
      await tus(server.url, headers, refusals, 'patch', {
        path: `/api/uploads/${id}`,
        method: 'PATCH',
        headers: {
          'content-type': 'application/offset+octet-stream',
          'upload-offset': String(offset),
          ...(last ? { 'upload-length': String(audio.length) } : {}),
        },
        body: audio.subarray(offset, end),
      });
      if (last) lastByteAt = Date.now();
    }
    const uploadSeconds = (performance.now() - uploadStarted) / 1000;
    const status = await waitForTranscript(server.url, headers, id);
    await sleep(300);
    const done = (await doneTimes(databaseUrl, [id])).get(id);
    const job = server.jobs.get(id);
    const engineCalls = engine.calls.filter(
      (c) => c.at >= lastByteAt && c.at <= (done ?? Infinity) + 5,
    );
    return {
      status,
      audioMinutes: audioSeconds / 60,
      mib: audio.length / 2 ** 20,
      uploadSeconds,
      lastByteToTranscriptS: done === undefined ? NaN : (done - lastByteAt) / 1000,
      waitedMs: job?.waitedMs ?? NaN,
      engineS: engineCalls.reduce((sum, c) => sum + c.ms, 0) / 1000,
      pieces: engineCalls.length,
      ffmpegS: (childrenCpuMs(pid) - ffmpegBefore) / 1000,
      baseRss,
      peakRss: peakRssMib(pid),
    };
  } finally {
    await stopProcess(server.child);
    await dropDatabase(databaseUrl);
  }
}

ensureCurrentBuild();

const loadAverage = loadavg();
const runStarted = Date.now();
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-recordings-bench-'));
let people;
let hour;
/** The machine's control, in the same run: one clip's two ffmpeg passes, alone, by the wall. */
let control;
let stores;
try {
  if (!STORES_ONLY) {
    const engine = await startEngine(SPOKEN);
    try {
      people = await twentyPeople(workDir, engine);
      control = await soloDecodeMs(join(workDir, 'clip-0.webm'));
      if (HOUR) hour = await oneHour(workDir, engine);
    } finally {
      await stopProcess(engine.child);
    }
  }
  stores = await storesSideBySide(workDir);
} finally {
  rmSync(workDir, { recursive: true, force: true });
}

/** A clip's scan (silencedetect) and its decode to 16 kHz PCM, one after the other, idle. */
async function soloDecodeMs(file) {
  const times = [];
  for (let i = 0; i < 5; i += 1) {
    const started = performance.now();
    await ffmpeg([
      '-i',
      file,
      '-ac',
      '1',
      '-af',
      'silencedetect=noise=-35dB:d=0.4',
      '-f',
      'null',
      '-',
    ]);
    await ffmpeg(['-i', file, '-ac', '1', '-ar', '16000', '-c:a', 'pcm_s16le', '-f', 'null', '-']);
    times.push(performance.now() - started);
  }
  return percentile(
    [...times].sort((a, b) => a - b),
    50,
  );
}

const f = (value) => (Number.isFinite(value) ? value.toFixed(0) : 'n/a');
const f1 = (value) => (Number.isFinite(value) ? value.toFixed(1) : 'n/a');
if (people) {
  const own = summary(people.own);
  const untilDone = summary(people.untilDone);
  const waited = summary(people.waited);
  const ran = summary(people.ran);
  const engineTime = summary(people.engineMs);
  const refused = Object.values(people.refusals).reduce((sum, n) => sum + n, 0);
  const refusals = Object.entries(people.refusals)
    .map(([what, n]) => `${n} × ${what}`)
    .join(', ');
  const verdict = (ok) => (ok ? 'met' : 'NOT met');
  const minutes = ((Date.now() - runStarted) / 60_000).toFixed(1);
  const lines = [
    `- Server's own time from the last chunk to the transcript (engine excluded), ${own.count} recordings: p50 ${f(own.p50)} ms (target <= ${TARGETS.p50} ms) ${verdict(own.p50 <= TARGETS.p50)}, p99 ${f(own.p99)} ms (target <= ${TARGETS.p99} ms) ${verdict(own.p99 <= TARGETS.p99)}; refused: ${refused}${refusals ? ` (${refusals})` : ''} (target none) ${verdict(refused === 0)}.`,
    `- The same with the engine: p50 ${f(untilDone.p50)} ms, p99 ${f(untilDone.p99)} ms; the engine's own time p50 ${f1(engineTime.p50)} ms, p99 ${f1(engineTime.p99)} ms.`,
    `- The queue's wait (due to taken, the server's log): p50 ${f(waited.p50)} ms, p99 ${f(waited.p99)} ms. Each job's run (taken to done: ffmpeg, the engine, the row's writes): p50 ${f(ran.p50)} ms, p99 ${f(ran.p99)} ms.`,
    `- Each recording's decode CPU (its ffmpeg runs, the server's reaped children over the run): ${f(people.ffmpegMsPerRecording)} ms; the server's own CPU per recording (the upload's ${RECORDING_SECONDS / CHUNK_SECONDS + 1} requests, the polls, the job): ${f(people.serverCpuMsPerRecording)} ms. Control, measured in the same run on the idle machine: the same two passes on one clip take ${f(control)} ms by the wall.`,
  ];
  if (hour) {
    lines.push(
      `- ${f1(hour.audioMinutes)} minutes of speech with pauses (${f1(hour.mib)} MiB webm/opus, kept in BENCH_CACHE_DIR), uploaded in 5 MiB PATCHes (${f1(hour.uploadSeconds)} s) and transcribed in ${hour.pieces} pieces: ${hour.status}; last byte to transcript ${f1(hour.lastByteToTranscriptS)} s (queue wait ${f(hour.waitedMs)} ms, engine ${f1(hour.engineS)} s, ffmpeg CPU ${f1(hour.ffmpegS)} s); the server's peak RSS ${f(hour.peakRss)} MiB (${f(hour.baseRss)} MiB when it had started).`,
    );
  }
  console.log(lines.join('\n'));

  if (WRITE) {
    writeDocSection(
      'recordings-bench',
      [
        '## Recordings: 20 people uploading while they record, and one hour',
        '',
        `\`node scripts/bench/recordings-bench.mjs --write\`. Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadAverage.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) when it began; production build on ${ON_POSTGRES ? 'PostgreSQL (local cluster, recordings in the database)' : 'SQLite (recordings as files)'}, an empty database; the run took ${minutes} min. ${PEOPLE} people from ${PEOPLE} addresses (TRUST_PROXY, X-Forwarded-For), starting ${f1(RECORDING_SECONDS / PEOPLE)} s apart, each ${ROUNDS} times: a ${RECORDING_SECONDS} s recording (espeak-ng speech, webm/opus 32 kb/s, ${people.clipKib} KiB) uploaded over tus while it is recorded (deferred length, a PATCH every ${CHUNK_SECONDS} s of what was recorded since, the length with the last), then the transcript awaited before the next. Engine: the tests' fake OpenAI-compatible server in its own process behind a stopwatch, answering at once. The server's own time is the recording row's done time minus when the last chunk was sent, minus the engine's time for that recording.`,
        '',
        ...lines,
        '',
      ],
      'capture-bench',
    );
    console.log('Wrote docs/benchmarks.md');
  }
}

const storeFigures = storeLines(stores);
console.log(storeFigures.join('\n'));
if (WRITE) {
  writeDocSection(
    'recordings-stores',
    [
      '## Recordings: the upload path into files and into a bucket',
      '',
      `\`node scripts/bench/recordings-bench.mjs --stores --write\` (part 3; the whole bench runs it too). Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${loadAverage.map((l) => l.toFixed(1)).join(' / ')} (1/5/15 min) when it began; production build on ${ON_POSTGRES ? 'PostgreSQL' : 'SQLite'}, a fresh database and server for each store and round, the rounds alternating between the stores. Files: RECORDINGS_DIR. Bucket: the tests' S3 stand-in (s3rver behind the proxy that adds ListParts and AbortMultipartUpload, tests/support/s3-stand-in.ts) in its own process on this machine, so the figures are of the S3 path's requests and the bytes they move, not of a real S3's network. The same uploads into each, one at a time, sent back to back; each upload read back and compared before its figures count.`,
      '',
      ...storeFigures,
      '',
    ],
    'recordings-bench',
  );
  console.log('Wrote docs/benchmarks.md');
}
