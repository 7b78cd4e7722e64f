// Detector and rule formatter throughput on one core: ops/s for a 60-word transcript, and
// for the longest transcripts the API takes shaped to find the formatter's worst case.
// Targets: detector >= 50,000/s (it runs in the browser on every transcript); formatter
// >= 5,000/s per format, the rules engine's target since it tags words with wink-nlp
// (docs/decisions/021-english-nlp-library.md; the corpus-wide figure is corpus-bench.ts's);
// a pitch of 20,000 characters (TRANSCRIPT_MAX_CHARS) of one short clause said over and over,
// each joined back to the one before, and the other worst cases found (WORST_OTHERS), >= 10/s:
// under 100 ms each (when their time grew with the square of the length, they took 0.1 to
// 3 s).
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
import { TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import { detectFormatAndCategory } from '#text/detect/detection.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import type { Format } from '#contract/taxonomy.js';

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
  /** Operations run between looks at the clock (100 unless said): one for a slow case, so a
   * batch keeps to its time. */
  chunk?: number;
}

/** The longest transcript the API takes, one clause said over and over. */
function saidOver(clause: string): string {
  return clause
    .repeat(Math.ceil(TRANSCRIPT_MAX_CHARS / clause.length))
    .slice(0, TRANSCRIPT_MAX_CHARS);
}

// Short clauses that each join the one before into one ever longer clause.
const WORST_PITCHES = [
  'no, sorry, ',
  'no, fine, ',
  'at the fair, in may, ',
  'the team, the bees, ',
];

// Runs that once made a step read on from every word after it or before it: sequence words
// said over and over, a verb after its subject over and over (inference), take-backs after a
// run of symbols.
const WORST_OTHERS: { kind: Format | 'infer'; label: string; transcript: string }[] = [
  { kind: 'checklist', label: '"then next"', transcript: saidOver('then next ') },
  { kind: 'infer', label: '"oh then next"', transcript: saidOver('oh then next ') },
  { kind: 'infer', label: '"ox hit"', transcript: saidOver('ox hit ') },
  {
    kind: 'checklist',
    label: '"#" then "scratch that"',
    transcript: `${'#'.repeat(TRANSCRIPT_MAX_CHARS / 2)} ${saidOver('scratch that ')}`.slice(
      0,
      TRANSCRIPT_MAX_CHARS,
    ),
  },
  { kind: 'pitch', label: 'CJK with full-width commas', transcript: saidOver('你好，世界；') },
];

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
  ...WORST_PITCHES.map((clause): Case => {
    const transcript = saidOver(clause);
    return {
      name: `formatWithRules pitch, "${clause.trim()}" to ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} chars`,
      target: 10,
      run: () => formatWithRules(transcript, 'pitch', 'work'),
      chunk: 1,
    };
  }),
  ...WORST_OTHERS.map(({ kind, label, transcript }): Case => ({
    name: `${kind === 'infer' ? 'inferFormatAndCategory' : `formatWithRules ${kind}`}, ${label} to ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} chars`,
    target: 10,
    run: () =>
      kind === 'infer'
        ? JSON.stringify(inferFormatAndCategory(transcript))
        : formatWithRules(transcript, kind, 'work'),
    chunk: 1,
  })),
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

function batch({ run, chunk = 100 }: Case, durationMs: number): BatchRate {
  let ops = 0;
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let elapsed = 0;
  while (elapsed < durationMs) {
    for (let i = 0; i < chunk; i++) sink += run().length;
    ops += chunk;
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
  batch(benchCase, WARMUP_MS);
  const rates: BatchRate[] = [];
  for (let i = 0; i < BATCHES; i++) rates.push(batch(benchCase, BATCH_MS));
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
console.log(
  `core-bench: ${words}-word transcript and ${TRANSCRIPT_MAX_CHARS}-character worst cases, ${machine}, load average ${load.toFixed(2)}`,
);

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
    `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx scripts/bench/core-bench.ts\` on ${machine}, one thread, load average ${load.toFixed(2)} at the start. Input: a ${words}-word transcript with fillers; for the worst cases, ${TRANSCRIPT_MAX_CHARS.toLocaleString('en-US')} characters of the clause named said over and over. ${BATCHES} batches of ${BATCH_MS} ms after a ${WARMUP_MS} ms warm-up; median batch. The per-CPU-second figure (operations divided by the CPU time the process got, GC included) is the one held against the target; wall clock also counts time other processes on the machine took. On this shared virtual machine consecutive runs differ by up to a third; this is one run.`,
    '',
    ...rows,
  ]);
  console.log(`Wrote the "Detector and rule formatter" section of ${path}`);
}

if (process.argv.includes('--check') && missed.length > 0) {
  console.error(`Below target: ${missed.map((r) => r.name).join(', ')}`);
  process.exit(1);
}
