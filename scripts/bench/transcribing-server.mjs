// What the capture and recordings benchmarks share: the speech they record, the built server
// with an OpenAI-compatible transcription engine and its info log read line by line, the CPU of
// the ffmpeg runs it reaps, and p50/p99 summaries.
import { execFile, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import pg from 'pg';
import { rootDir } from '../build-info.mjs';
import { percentile } from './load.mjs';
import { freePort } from './server-process.mjs';

export const run = promisify(execFile);

/** About 40 s as espeak-ng says it at 150 words a minute; cut to the first 30 s. */
export const SPOKEN =
  'Checklist for the product launch next week. First, call the printer about the flyers and ' +
  'make sure they arrive by Wednesday. Second, write the launch email and send it to the ' +
  'whole list on Thursday morning. Third, update the pricing page with the new yearly plan. ' +
  'Fourth, ask Sam to record a short demo video for the home page. Fifth, book the meeting ' +
  'room for the team review on Friday afternoon. Then check the support inbox twice a day, ' +
  'answer every question within an hour, and write down what people ask most, so the next ' +
  'release fixes it. Finally, thank everybody who helped, and plan a small dinner.';

export const ffmpeg = (args) =>
  run('ffmpeg', ['-nostdin', '-hide_banner', '-loglevel', 'error', '-y', ...args]);

export async function durationSeconds(file) {
  const probe = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ]);
  return Number(probe.stdout.trim());
}

const clockTicksPerSecond =
  Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/**
 * CPU (ms) of the process's reaped children, from /proc (cutime + cstime): the ffmpeg runs that
 * decode each upload are processes of their own, so the server's own CPU misses them.
 */
export function childrenCpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[13]) + Number(fields[14])) * 1000) / clockTicksPerSecond;
}

/** The count, p50 and p99 of a list of figures, in any order. */
export function summary(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
}

export async function adminQuery(adminUrl, statement) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * dist/node/server/main.js in production mode on a free port, transcribing with the engine at
 * `engineUrl`, every limit out of reach, each person's address from X-Forwarded-For
 * (TRUST_PROXY); `env` adds to that. It logs at info, so that the lines a benchmark reads are
 * written (a small cost the figures include); each line of its output goes to `onLogLine`.
 * Resolves with its address once it says it is running.
 */
export async function startTranscribingServer({ databaseUrl, engineUrl, env = {}, onLogLine }) {
  const port = await freePort();
  const child = spawn(process.execPath, ['dist/node/server/main.js'], {
    cwd: rootDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'info',
      RATE_LIMIT_AI_PER_MIN: '100000000',
      RATE_LIMIT_SAVES_PER_MIN: '100000000',
      RATE_LIMIT_NEW_GUESTS_PER_HOUR: '100000000',
      FREE_MONTHLY_LIMIT: '100000000',
      TRANSCRIBE_ENGINE: 'openai',
      TRANSCRIBE_BASE_URL: engineUrl,
      TRANSCRIBE_API_KEY: 'bench',
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
      LLM_BASE_URL: '',
      LLM_API_KEY: '',
      REDIS_URL: '',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let listening = () => undefined;
  const started = new Promise((resolve) => {
    listening = resolve;
  });
  createInterface({ input: child.stdout }).on('line', (line) => {
    const running = /running at (http:\/\/\S+)/.exec(line);
    if (running?.[1]) listening(running[1]);
    onLogLine(line);
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const url = await Promise.race([
    started,
    exited.then(() => {
      throw new Error('the server exited before listening');
    }),
  ]);
  return { child, url };
}
