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
      `Measured ${new Date().toISOString().slice(0, 10)} with \`npx tsx scripts/bench/corpus-bench.ts\` on ${machine}, one thread, load average ${load.toFixed(2)} at the start. Corpus: \`tests/fixtures/transcripts/labelled.ts\`, ${LABELLED.length} transcripts (${words} words; browser style and Whisper style) that name no format, labelled by hand, plus ${HELD_OUT.length} held-out ones written after the rules were tuned. Definitions (invented word, filler, item match) are in \`tests/support/corpus-quality.ts\`. The rules and word lists were written while looking at them, so their figures flatter: the first 105, and 17 added on 2026-11-27 from speech that showed faults when about a hundred new transcripts were tried by hand (a list of needs said without commas, a task turned down a sentence later, a named grocery list and a grocery run, a month's day and "the first", a number's unit, "and" inside a relative clause, a game idea after "idea for", titles written "Dr." and "Mr.", "no, sorry" correcting a date, an ask with its things, a task's reason, a filler framed by commas). The held-out transcripts came in four batches, each scored once before anything was changed for it. The first 18: format 16/18 (88.9%), category 9/18 (50.0%), checklist item F1 0.833; the generic fixes and the broader category vocabulary that followed were made after seeing those failures. The second 14, written after all tuning: format 13/14 (92.9%), category 13/14 (92.9%), item F1 0.880; one generic rule followed (a singular noun between a name, number or plural and a determiner starts a task), because a property check failed on it. The third 42 (2026-11-24, ids "h3-"), written by someone who had not read the rules or the other transcripts: format 33/42 (78.6%), category 36/42 (85.7%), item F1 0.750, with 14 property-check failures (fillers and corrected-away words left, names and holidays in lower case). What followed was made for kinds of speech, each with a unit test of new sentences: a first sentence, time or noun phrase naming the list becomes its title; spoken intent further into an intro marks the first task; correction markers framed by commas, "make that" across a full stop, "the one from ..." and a restated phrase's tail; "oh and" run on mid-sentence; a base-form verb after a singular noun starts a task; plural weekdays, holidays, names of several words and more first names; a pitch announced by its kind ("game idea", "idea for ...") or a lead ("here's an idea", "hear me out"), "instead of" as the problem, "I was thinking" left out; a public thank-you is a tweet; a possessive votes as its word. After them the third batch scores format 42/42, category 39/42, item F1 1.000, and the earlier corpus's figures did not move. A review of those rules against speech they were not written for then found them firing on words meant literally ("Sorry, I was sick", "we can actually make that work", "now and then", "she said oh yeah sure", "Good idea from Sarah", a first sentence that is itself a task); they were narrowed (a correction framed by commas or said as "make that" only replaces a number, weekday or month; "oh" asides mid-clause only as "oh and"; an intro sentence only before a sentence that starts a task), with a test of each such sentence kept as said. The fourth 40 (2026-11-26, ids "h4-"), again written by someone who had read neither the rules nor the corpus: format 36/40 (90.0%), category 33/40 (82.5%), item F1 0.768, fillers or corrected-away words left in 8 of them and two details lost from pitches ("Mars", "Mondays"). Three of its labels were then corrected because they named the speaker's own words as asides (a reason, a restated phrase, a sentence that kept a word the correction removed), and two keep words lost their capitals (a company and a pub named in lower-case speech, which no rule can know). What followed, each kind with tests of new sentences and of sentences meant literally: "you know", "oh yeah" and "I mean" run on inside a clause; tasks run together after a pronoun object, a singular noun or before a bare plural or possessive object; phrasal verbs; relative clauses without "that"; a weekday or a phrase naming the list before spoken intent as the title; a task taken back with its reason ("no wait I renewed that"), "scratch that" opening a sentence, and a month, weekday or phrase corrected after a full stop; common words counting half towards a category, invitations to the audience as tweets, proposals ("suggest ... that we") as pitches; pitch fragments put back with their neighbour and long hooks ended at a clause; "a.m." and "p.m." kept one word. After them the fourth batch scores format 40/40, category 40/40, item F1 0.933. Those first scores are the honest estimate for unseen speech (the third and fourth batches', written apart from the rules, most of all); the held-out column below is after those fixes, so it is optimistic. Left as they are: three business ideas (an app for dog walkers, a bike repair van, a service plan for cafés) read as personal, because an app or a service idea is labelled personal elsewhere in the corpus when it is for a household. The NLP library behind it was chosen by measurement: docs/decisions/021-english-nlp-library.md. The HTTP target of this path (p99 at most 10 ms at 20 connections on POST /api/format) is measured by scripts/bench/format-http-bench.ts (part of \`npm run bench\`), in its own section below. Speed: ${BATCHES} batches of ${BATCH_MS} ms after a ${WARMUP_MS} ms warm-up, median batch, operations per CPU-second the process got.`,
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
