// Detector and rule formatter throughput on one core: ops/s for a 60-word transcript.
// Targets: detector >= 50,000/s (it runs in the browser on every transcript); formatter
// >= 5,000/s per format, the rules engine's target since it tags words with wink-nlp
// (docs/decisions/021-english-nlp-library.md; the corpus-wide figure is corpus-bench.ts's).
//
//   npx tsx scripts/bench/core-bench.ts            print the table
//   npx tsx scripts/bench/core-bench.ts --write    also rewrite its section of docs/benchmarks.md
//   npx tsx scripts/bench/core-bench.ts --check    exit 1 when a target is missed
//
// Each case runs in timed batches after a warm-up and reports the median batch twice: per
// second of CPU time the process actually got (what one core delivers; this is the figure
// held against the target) and per second of wall clock, which on a shared, loaded machine
// also counts time other processes took (the load average is printed for that reason).
import { cpus, loadavg } from 'node:os';
import { writeDocSection } from './doc-section.mjs';
import { detectFormatAndCategory } from '#text/detect/detection.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';

const TRANSCRIPT =
  'um so basically I was thinking we should fix the onboarding flow for new clients ' +
  'because right now it takes like three days and the sales team keeps complaining, ' +
  'so first talk to design, then map the current steps, and finally ship a simpler ' +
  'version before the end of the quarter, you know, and send the client a short update';

const WARMUP_MS = 500;
const BATCH_MS = 300;
const BATCHES = 7;

interface Case {
  name: string;
  target: number;
  run: () => string;
}

const CASES: Case[] = [
  {
    name: 'detectFormatAndCategory',
    target: 50_000,
    run: () => detectFormatAndCategory(TRANSCRIPT).matchedText,
  },
  {
    name: 'formatWithRules tweet',
    target: 5_000,
    run: () => formatWithRules(TRANSCRIPT, 'tweet', 'work'),
  },
  {
    name: 'formatWithRules checklist',
    target: 5_000,
    run: () => formatWithRules(TRANSCRIPT, 'checklist', 'work'),
  },
  {
    name: 'formatWithRules pitch',
    target: 5_000,
    run: () => formatWithRules(TRANSCRIPT, 'pitch', 'work'),
  },
];

interface Result {
  name: string;
  target: number;
  wall: number;
  cpu: number;
}

// Results feed this so the engine cannot drop the calls as dead code.
let sink = 0;

interface BatchRate {
  /** Operations per second of elapsed time. */
  wall: number;
  /** Operations per second of CPU time this process got: what one core delivers. */
  cpu: number;
}

function batch(run: () => string, durationMs: number): BatchRate {
  let ops = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (let i = 0; i < 100; i++) sink += run().length;
    ops += 100;
    elapsed = performance.now() - started;
  }
  const cpu = process.cpuUsage(cpuStarted);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  return { wall: (ops / elapsed) * 1000, cpu: (ops / Math.max(cpuMs, 0.001)) * 1000 };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

function measure(benchCase: Case): Result {
  batch(benchCase.run, WARMUP_MS);
  const rates: BatchRate[] = [];
  for (let i = 0; i < BATCHES; i++) rates.push(batch(benchCase.run, BATCH_MS));
  return {
    name: benchCase.name,
    target: benchCase.target,
    wall: median(rates.map((rate) => rate.wall)),
    cpu: median(rates.map((rate) => rate.cpu)),
  };
}

const format = (value: number): string => Math.round(value).toLocaleString('en-US');

const words = TRANSCRIPT.split(/\s+/u).length;
const load = loadavg()[0] ?? 0;
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`;
console.log(`core-bench: ${words}-word transcript, ${machine}, load average ${load.toFixed(2)}`);

const results = CASES.map(measure);
const rows = [
  '| Case | ops/s per CPU-second (median batch) | ops/s wall clock (median batch) | Target | Met |',
  '|---|---|---|---|---|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${format(r.cpu)} | ${format(r.wall)} | >= ${format(r.target)} | ${r.cpu >= r.target ? 'yes' : 'no'} |`,
  ),
];
console.log(rows.join('\n'));
if (sink === 0) console.log('(no output)');

const missed = results.filter((r) => r.cpu < r.target);

if (process.argv.includes('--write')) {
  const path = writeDocSection('core-bench', [
    '## Detector and rule formatter',
    '',
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx scripts/bench/core-bench.ts\` on ${machine}, one thread, load average ${load.toFixed(2)} at the start. Input: a ${words}-word transcript with fillers. ${BATCHES} batches of ${BATCH_MS} ms after a ${WARMUP_MS} ms warm-up; median batch. The per-CPU-second figure (operations divided by the CPU time the process got, GC included) is the one held against the target; wall clock also counts time other processes on the machine took. On this shared virtual machine consecutive runs differ by up to a third; this is one run.`,
    '',
    ...rows,
  ]);
  console.log(`Wrote the "Detector and rule formatter" section of ${path}`);
}

if (process.argv.includes('--check') && missed.length > 0) {
  console.error(`Below target: ${missed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
