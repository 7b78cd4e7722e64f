// The rules engine measured on the labelled transcript corpus: what a person would keep
// (invented words, fillers left, checklist items found), inference from meaning without a
// format word, and formats per second on one core. Definitions: tests/support/corpus-quality.ts.
//
//   npx tsx scripts/bench/corpus-bench.ts            print the figures
//   npx tsx scripts/bench/corpus-bench.ts --write    also rewrite its section of docs/benchmarks.md
//   npx tsx scripts/bench/corpus-bench.ts --check    exit 1 when a target is missed
import { cpus, loadavg } from 'node:os';
import { writeDocSection } from './doc-section.mjs';
import { FORMATS } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import {
  HELD_OUT,
  LABELLED,
  type LabelledTranscript,
} from '#tests/fixtures/transcripts/labelled.js';
import {
  checklistItems,
  fillerLeft,
  inventedWords,
  itemF1,
  matchItems,
} from '#tests/support/corpus-quality.js';

const TARGETS = { format: 0.85, category: 0.85, f1: 0.9, formatsPerSecond: 5_000 };
const WARMUP_MS = 1000;
const BATCH_MS = 1000;
const BATCHES = 5;

interface Quality {
  transcripts: number;
  format: number;
  category: number;
  applied: number;
  appliedRight: number;
  f1: number;
  invented: string[];
  fillers: string[];
}

function quality(corpus: readonly LabelledTranscript[]): Quality {
  let format = 0;
  let category = 0;
  let applied = 0;
  let appliedRight = 0;
  const invented: string[] = [];
  const fillers: string[] = [];
  const matches = [];
  for (const item of corpus) {
    const inferred = inferFormatAndCategory(item.transcript);
    const right = inferred.format === item.format && inferred.category === item.category;
    if (inferred.format === item.format) format++;
    if (inferred.category === item.category) category++;
    if (inferred.confidence >= SERVER_APPLY_THRESHOLD) {
      applied++;
      if (right) appliedRight++;
    }
    for (const name of FORMATS) {
      const output = formatWithRules(item.transcript, name, item.category);
      for (const word of inventedWords(item.transcript, name, output)) {
        invented.push(`${item.id} (${name}): ${word}`);
      }
      const filler = fillerLeft(output, item.drop);
      if (filler !== null) fillers.push(`${item.id} (${name}): ${filler}`);
      if (name === 'checklist' && item.items !== undefined) {
        matches.push(matchItems(checklistItems(output), item.items));
      }
    }
  }
  return {
    transcripts: corpus.length,
    format: format / corpus.length,
    category: category / corpus.length,
    applied,
    appliedRight,
    f1: itemF1(matches),
    invented,
    fillers,
  };
}

let sink = 0;

/** Every corpus transcript in every format, per second of CPU the process got (median batch). */
function formatsPerCpuSecond(): number {
  const corpus = [...LABELLED, ...HELD_OUT];
  const round = (): number => {
    for (const item of corpus) {
      for (const name of FORMATS)
        sink += formatWithRules(item.transcript, name, item.category).length;
    }
    return corpus.length * FORMATS.length;
  };
  const started = performance.now();
  while (performance.now() - started < WARMUP_MS) round();
  const rates: number[] = [];
  for (let batch = 0; batch < BATCHES; batch++) {
    let formats = 0;
    const cpuStarted = process.cpuUsage();
    const batchStarted = performance.now();
    while (performance.now() - batchStarted < BATCH_MS) formats += round();
    const cpu = process.cpuUsage(cpuStarted);
    rates.push(formats / ((cpu.user + cpu.system) / 1e6));
  }
  rates.sort((a, b) => a - b);
  return rates[Math.floor(rates.length / 2)] ?? 0;
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`;
const met = (ok: boolean): string => (ok ? 'yes' : 'no');
const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}`;
const load = loadavg()[0] ?? 0;

const main = quality(LABELLED);
const held = quality(HELD_OUT);
const speed = formatsPerCpuSecond();
const words = LABELLED.reduce((sum, item) => sum + item.transcript.split(/\s+/u).length, 0);

const rows = [
  `| Figure | Corpus (${LABELLED.length}, tuned on) | Held out (${HELD_OUT.length}, written after tuning) | Target | Met (corpus) |`,
  '|---|---|---|---|---|',
  `| Inference without a format word: format right | ${percent(main.format)} | ${percent(held.format)} | >= 85% | ${met(main.format >= TARGETS.format)} |`,
  `| Inference without a format word: category right | ${percent(main.category)} | ${percent(held.category)} | >= 85% | ${met(main.category >= TARGETS.category)} |`,
  `| Answers the app applies (confidence >= 0.7), both right | ${main.appliedRight} of ${main.applied} | ${held.appliedRight} of ${held.applied} | - | - |`,
  `| Checklist items F1 vs labels | ${main.f1.toFixed(3)} | ${held.f1.toFixed(3)} | >= 0.9 | ${met(main.f1 >= TARGETS.f1)} |`,
  `| Invented words (all formats) | ${main.invented.length} | ${held.invented.length} | 0 | ${met(main.invented.length === 0)} |`,
  `| Fillers or asides left (all formats) | ${main.fillers.length} | ${held.fillers.length} | 0 | ${met(main.fillers.length === 0)} |`,
  `| Formats per CPU-second, one core (every transcript x 3 formats) | ${Math.round(speed).toLocaleString('en-US')} | (same run) | >= 5,000 | ${met(speed >= TARGETS.formatsPerSecond)} |`,
];

console.log(`corpus-bench: ${machine}, load average ${load.toFixed(2)}`);
console.log(rows.join('\n'));
for (const line of [...main.invented, ...held.invented]) console.log(`invented: ${line}`);
for (const line of [...main.fillers, ...held.fillers]) console.log(`filler left: ${line}`);
if (sink === 0) console.log('(no output)');

const missed =
  main.format < TARGETS.format ||
  main.category < TARGETS.category ||
  main.f1 < TARGETS.f1 ||
  main.invented.length > 0 ||
  main.fillers.length > 0 ||
  speed < TARGETS.formatsPerSecond;

if (process.argv.includes('--write')) {
  const path = writeDocSection(
    'corpus-bench',
    [
      '## Corpus quality (rules engine)',
      '',
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx scripts/bench/corpus-bench.ts\` on ${machine}, one thread, load average ${load.toFixed(2)} at the start. Corpus: \`tests/fixtures/transcripts/labelled.ts\`, ${LABELLED.length} transcripts (${words} words; browser style and Whisper style) that name no format, labelled by hand, plus ${HELD_OUT.length} held-out ones written after the rules were tuned. Definitions (invented word, filler, item match) are in \`tests/support/corpus-quality.ts\`. The rules and word lists were written while looking at them, so the corpus column flatters; the held-out transcripts came in four batches, and each batch's first score, before anything was changed for it, is the honest estimate for unseen speech: format 16/18, category 9/18, item F1 0.833 (the first); 13/14, 13/14, 0.880 (the second); 33/42, 36/42, 0.750 (the third, ids "h3-"); 36/40, 33/40, 0.768 (the fourth, ids "h4-"). The held-out column below is after the fixes that followed, so it is optimistic; docs/lab-notes/2026-11-text-engine-fresh-speech.md tells what each batch found and what changed. Left as they are: three business ideas (an app for dog walkers, a bike repair van, a service plan for cafés) read as personal, because an app or a service idea is labelled personal elsewhere in the corpus when it is for a household. The NLP library behind it was chosen by measurement: docs/decisions/021-english-nlp-library.md. The HTTP target of this path (p99 at most 10 ms at 20 connections on POST /api/format) is measured by scripts/bench/format-http-bench.ts (part of \`npm run bench\`), in its own section below. Speed: ${BATCHES} batches of ${BATCH_MS} ms after a ${WARMUP_MS} ms warm-up, median batch, operations per CPU-second the process got.`,
      '',
      ...rows,
    ],
    'core-bench',
  );
  console.log(`Wrote the "Corpus quality (rules engine)" section of ${path}`);
}

if (process.argv.includes('--check') && missed) {
  console.error('Below target: see the table above');
  process.exit(1);
}
