// The embedded writer with the tiny random model (tests/support/tiny-llm-model.ts): what the
// llama.cpp binding adds to a format request, and whether listings keep their latency while it
// generates. A production build on SQLite with LLM_ENGINE=local, measured in one run:
// - load: the writer's process started and the model loaded (createLocalChatModel), five times;
// - per request: the same transcripts formatted one at a time through the writer (smart) and by
//   the rules (reliable) on the same server, the difference being the binding's cost plus the
//   tiny model's writing (a real model writes far slower: not measured here);
// - memory: RSS of the server and of the writer's process after the requests;
// - listings: 4 clients listing the ideas of 200 guests in turn (never the same one twice in a
//   row), one request in 10 a save, first alone, then beside a client that keeps the writer
//   generating; GET /api/health beside them is the machine's control.
// The quality and the speed of a real model are not measured: nothing here downloads one.
//
//   npx tsx scripts/bench/writer-bench.ts            print the figures
//   npx tsx scripts/bench/writer-bench.ts --write    also rewrite its section of docs/benchmarks.md
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeDocSection } from './doc-section.mjs';
import { percentile } from './load.mjs';
import {
  ensureCurrentBuild,
  freePort,
  startAppServer,
  stopProcess,
  waitForOk,
} from './server-process.mjs';
import { createLocalChatModel } from '#server/modules/ai/local-writer.js';
import { writeTinyLlmModel } from '#tests/support/tiny-llm-model.js';
import { LABELLED } from '#tests/fixtures/transcripts/labelled.js';

const LOADS = 5;
const FORMAT_REQUESTS = 20;
const GUESTS = 200;
const IDEAS_PER_GUEST = 5;
const LIST_CLIENTS = 4;
const PHASE_SECONDS = Number(process.env.BENCH_WRITER_SECONDS ?? 10);

const write = process.argv.includes('--write');
const median = (values: number[]): number =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );
const ms = (value: number): string => value.toFixed(1);
const mib = (kib: number): string => (kib / 1024).toFixed(0);

function rssKib(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
}

function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

async function timed(run: () => Promise<Response>): Promise<number> {
  const started = performance.now();
  const response = await run();
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`status ${response.status}`);
  return performance.now() - started;
}

ensureCurrentBuild();
const workDir = mkdtempSync(join(tmpdir(), 'voice-ideas-writer-bench-'));
const modelPath = join(workDir, 'tiny-writer.gguf');
await writeTinyLlmModel(modelPath);

const loads: number[] = [];
for (let i = 0; i < LOADS; i += 1) {
  const started = await createLocalChatModel({ modelPath, timeoutMs: 60_000 });
  if (!started.ok) throw new Error(started.problem);
  loads.push(started.loadMs);
  await started.model.close();
}

const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const server = startAppServer({
  databaseUrl: `sqlite:${join(workDir, 'bench.db')}`,
  port,
  env: {
    LLM_ENGINE: 'local',
    LLM_MODEL_PATH: modelPath,
    LLM_TIMEOUT_MS: '60000',
    // The saves mixed in would reach a guest's monthly ideas.
    FREE_MONTHLY_LIMIT: '1000000',
  },
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

try {
  await waitForOk(`${baseUrl}/api/health`, 120_000);
  const guests = Array.from(
    { length: GUESTS },
    (_, i) => `guest_writerbench${String(i).padStart(4, '0')}`,
  );
  for (const guestId of guests) {
    for (let i = 0; i < IDEAS_PER_GUEST; i += 1) {
      const content = LABELLED[(i * 7) % LABELLED.length]?.transcript ?? 'an idea';
      const response = await post(
        '/api/guest-ideas',
        { content, format: 'tweet', category: 'work', transcript: content },
        { 'x-guest-id': guestId },
      );
      await response.arrayBuffer();
    }
  }

  // The same inputs through the writer and through the rules, one at a time, alternating.
  const inputs = LABELLED.slice(0, FORMAT_REQUESTS).map((fixture) => fixture.transcript);
  const viaWriter: number[] = [];
  const viaRules: number[] = [];
  const paths = new Map<string, number>();
  for (const transcript of inputs) {
    const body = { transcript, format: 'tweet', category: 'work' };
    viaRules.push(await timed(() => post('/api/format', { ...body, mode: 'reliable' })));
    const started = performance.now();
    const response = await post('/api/format', { ...body, mode: 'smart' });
    const answer = (await response.json()) as { path: string };
    viaWriter.push(performance.now() - started);
    paths.set(answer.path, (paths.get(answer.path) ?? 0) + 1);
  }
  const writerPid = childrenOf(server.pid ?? 0)[0];
  const memory = { server: rssKib(server.pid ?? 0), writer: writerPid ? rssKib(writerPid) : 0 };

  async function listingPhase(withGeneration: boolean) {
    const listing: number[] = [];
    const health: number[] = [];
    let generations = 0;
    let next = 0;
    const until = performance.now() + PHASE_SECONDS * 1000;
    const client = async () => {
      while (performance.now() < until) {
        const n = next++;
        const guestId = guests[(n * 37) % GUESTS] as string;
        if (n % 10 === 9) {
          await timed(() =>
            post(
              '/api/guest-ideas',
              { content: 'one more', format: 'tweet', category: 'work', transcript: 'one more' },
              { 'x-guest-id': guestId },
            ),
          );
        } else {
          listing.push(
            await timed(() =>
              fetch(`${baseUrl}/api/guest-ideas?limit=20`, { headers: { 'x-guest-id': guestId } }),
            ),
          );
        }
      }
    };
    const control = async () => {
      while (performance.now() < until) {
        health.push(await timed(() => fetch(`${baseUrl}/api/health`)));
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    const generate = async () => {
      let i = 0;
      while (withGeneration && performance.now() < until) {
        const transcript = inputs[i++ % inputs.length] as string;
        await timed(() =>
          post('/api/format', { transcript, format: 'pitch', category: 'work', mode: 'smart' }),
        );
        generations += 1;
      }
    };
    await Promise.all([...Array.from({ length: LIST_CLIENTS }, client), control(), generate()]);
    const sorted = listing.sort((a, b) => a - b);
    const sortedHealth = health.sort((a, b) => a - b);
    return {
      p50: percentile(sorted, 50),
      p99: percentile(sorted, 99),
      count: sorted.length,
      healthP50: percentile(sortedHealth, 50),
      generations,
    };
  }

  const alone = await listingPhase(false);
  const beside = await listingPhase(true);
  const load = loadavg()[0]?.toFixed(1) ?? '?';
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'unknown CPU'}`;
  const date = new Date().toISOString().slice(0, 10);
  const lines = [
    '## The embedded writer with the tiny model',
    '',
    `${date}, ${machine}, load average ${load} at the end (shared with other engineers' runs),`,
    '`npx tsx scripts/bench/writer-bench.ts`: a production build on SQLite, `LLM_ENGINE=local`',
    'with the tiny random GGUF of `scripts/make-test-llm-model.ts`. **The quality and the speed of',
    'a real model are not measured here**: the tiny model writes nonsense fast, which the output',
    "checks refuse (every smart answer below is `llm+fallback`), so these figures are the binding's",
    "and the process boundary's, not a model's.",
    '',
    '| What | Figure |',
    '|---|---|',
    `| model load (process start + llama.cpp load), median of ${LOADS} | ${ms(median(loads))} ms (min ${ms(Math.min(...loads))}, max ${ms(Math.max(...loads))}) |`,
    `| format, rules path (reliable), median of ${FORMAT_REQUESTS} | ${ms(median(viaRules))} ms |`,
    `| format through the writer (smart, tweet), median of the same ${FORMAT_REQUESTS} | ${ms(median(viaWriter))} ms (${[...paths].map(([path, count]) => `${count} ${path}`).join(', ')}) |`,
    `| added by the writer per request (difference of medians) | ${ms(median(viaWriter) - median(viaRules))} ms |`,
    `| RSS, server / writer's process | ${mib(memory.server)} MiB / ${mib(memory.writer)} MiB |`,
    `| listing p50 / p99, alone (${alone.count} requests, ${LIST_CLIENTS} clients, ${GUESTS} guests, 1 in 10 a save) | ${ms(alone.p50)} / ${ms(alone.p99)} ms |`,
    `| listing p50 / p99, beside the writer generating (${beside.count} requests, ${beside.generations} pitches written meanwhile) | ${ms(beside.p50)} / ${ms(beside.p99)} ms |`,
    `| control: GET /api/health p50, alone / beside | ${ms(alone.healthP50)} / ${ms(beside.healthP50)} ms |`,
    '',
    `Listings answered: ${(alone.count / PHASE_SECONDS).toFixed(0)}/s alone, ${(beside.count / PHASE_SECONDS).toFixed(0)}/s beside`,
    'the writer, whose llama.cpp threads take half the cores (ADR 150); on a machine other runs',
    'share, read both beside the control row of the same phase.',
    '',
    "Listings are the guests' twin of `GET /api/ideas` (`GET /api/guest-ideas`, the same query),",
    'one guest after another so no answer is the previous one again.',
  ];
  console.log(lines.join('\n'));
  if (write) console.log(`\nwrote ${writeDocSection('writer-bench', lines, 'format-http')}`);
} finally {
  await stopProcess(server);
  rmSync(workDir, { recursive: true, force: true });
}
