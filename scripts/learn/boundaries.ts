import type { Category } from '#contract/taxonomy.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import type { Utterance } from '#text/learn/corpus.js';
import { loadSoftmax, probabilities } from '#text/learn/softmax.js';
import { tagTokens } from '#text/nlp.js';
import { cleanSpeech } from '#text/sentences.js';
import { tokenize } from '#text/tokenizer.js';
import { SUBJECT_PRONOUNS } from '#text/words/function-words.js';
import { CHAINED_OPENERS, SENTENCE_OPENING_WORDS } from '#text/words/run-ons.js';
import { IMPERATIVE_VERBS, SEQUENCE_WORDS, TASK_VERBS } from '#text/words/tasks.js';
import { readComposedCorpus, readWrittenCorpus } from './corpus-files.js';
import { FOLDS, foldOf } from './evaluate.js';
import { trainSoftmax, type Example } from './train.js';

/*
 * An experiment (docs/lab-notes/2026-12-learned-boundaries.md): does a learned tagger find
 * where a sentence or a checklist item starts better than the rules? Each said word of a
 * corpus utterance (fillers, asides and retracted phrases gone, as labelled) is labelled
 * "sentence", "item" or "none" from the marks; a softmax model over the word and its
 * neighbours is trained on the written and composed utterances of the other folds and scored
 * on the fold's written ones, against the rules run on the same said text.
 *
 *   npx tsx scripts/learn/boundaries.ts            (browser style: every utterance unpunctuated)
 *   npx tsx scripts/learn/boundaries.ts --examples (also prints where the two disagree)
 */

type Label = 'sentence' | 'item' | 'none';
const LABELS: readonly Label[] = ['sentence', 'item', 'none'];
/** How the said words are given to both: all unpunctuated, or each in its own style. */
type Mode = 'browser' | 'as-said';

interface Word {
  text: string;
  /** Lower case with no punctuation: what features and alignment compare. */
  bare: string;
  label: Label;
  pos: string;
}

interface Case {
  utterance: Utterance;
  mode: Mode;
  words: Word[];
  /** The said words joined by spaces, as the rules read them. */
  text: string;
}

const END_MARK = /[.?!]["')\]]*$/u;

/** The said words of an utterance with their labels; marks on a dropped word pass on. */
function caseOf(utterance: Utterance, mode: Mode): Case {
  const browser = mode === 'browser' || utterance.style === 'browser';
  const words: Word[] = [];
  let sentence = false;
  let item = false;
  let endedBefore = false;
  for (const word of utterance.words) {
    sentence ||= word.sentenceStart;
    item ||= word.itemStart;
    if (word.role !== 'said') continue;
    const bare = word.text.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '');
    const text = browser ? bare : word.text;
    if (bare === '' || bare === '-') {
      endedBefore ||= END_MARK.test(word.text);
      continue;
    }
    // Whisper marks "/" only where two sentences ran together; an end mark shows the rest.
    if (utterance.style === 'whisper' && endedBefore && words.length > 0) sentence = true;
    const label: Label = item ? 'item' : sentence && words.length > 0 ? 'sentence' : 'none';
    words.push({ text, bare, label, pos: '' });
    sentence = false;
    item = false;
    endedBefore = END_MARK.test(word.text);
  }
  const text = words.map((word) => word.text).join(' ');
  const at = offsets(words);
  for (const token of tagTokens(tokenize(text))) {
    const i = at.get(token.at ?? -1);
    const word = i === undefined ? undefined : words[i];
    if (word !== undefined && word.pos === '') word.pos = token.pos;
  }
  return { utterance, mode, words, text };
}

/** Where each word starts in the joined text -> its index. */
function offsets(words: readonly Word[]): Map<number, number> {
  const at = new Map<number, number>();
  let offset = 0;
  words.forEach((word, i) => {
    at.set(offset, i);
    offset += word.text.length + 1;
  });
  return at;
}

/** Words a boundary may sit before or after alike: "and then | call mom" = "and then call mom". */
const GLUE: ReadonlySet<string> = new Set([
  'and',
  'then',
  'so',
  'also',
  'plus',
  'okay',
  'ok',
  'alright',
  'right',
  'oh',
  'but',
  'or',
  'next',
  'anyway',
  'now',
]);

/** A start moved past the glue words it follows, so both sides are compared alike. */
function normalised(words: readonly Word[], starts: Iterable<number>): Set<number> {
  const out = new Set<number>();
  for (let i of starts) {
    while (i < words.length - 1 && GLUE.has(words[i]?.bare ?? '')) i++;
    out.add(i);
  }
  return out;
}

function goldStarts(c: Case, label: Label): Set<number> {
  const at: number[] = [];
  c.words.forEach((word, i) => {
    if (word.label === label) at.push(i);
  });
  return normalised(c.words, at);
}

// ---------------------------------------------------------------------------------------
// The tagger

const SETS: readonly [string, ReadonlySet<string>][] = [
  ['subject', SUBJECT_PRONOUNS],
  ['opener', SENTENCE_OPENING_WORDS],
  ['chained', CHAINED_OPENERS],
  ['task-verb', TASK_VERBS],
  ['imperative', IMPERATIVE_VERBS],
  ['sequence', SEQUENCE_WORDS],
  ['glue', GLUE],
];

function featuresAt(c: Case, i: number): string[] {
  const w = (k: number): string => c.words[i + k]?.bare ?? (i + k < 0 ? '<s>' : '</s>');
  const p = (k: number): string => c.words[i + k]?.pos ?? (i + k < 0 ? '<s>' : '</s>');
  const format = c.utterance.format;
  const out = [
    `w=${w(0)}`,
    `w-1=${w(-1)}`,
    `w+1=${w(1)}`,
    `w-2=${w(-2)}`,
    `w-1|w=${w(-1)}|${w(0)}`,
    `w|w+1=${w(0)}|${w(1)}`,
    `p=${p(0)}`,
    `p-1|p=${p(-1)}|${p(0)}`,
    `p|p+1=${p(0)}|${p(1)}`,
    `p-2|p-1|p=${p(-2)}|${p(-1)}|${p(0)}`,
    `f=${format}`,
    `f|w=${format}|${w(0)}`,
    `f|w-1=${format}|${w(-1)}`,
    `f|p-1|p=${format}|${p(-1)}|${p(0)}`,
  ];
  for (const [name, set] of SETS) {
    if (set.has(w(0))) out.push(`set=${name}`, `f|set=${format}|${name}`);
    if (set.has(w(-1))) out.push(`set-1=${name}`);
    if (set.has(w(1))) out.push(`set+1=${name}`);
  }
  if (i === 0) out.push('first', `f|first=${format}`);
  else if (i === 1) out.push('second');
  if (i === c.words.length - 1) out.push('last');
  const before = c.words[i - 1]?.text ?? '';
  if (END_MARK.test(before)) out.push('after-end-mark');
  else if (/[,;:]$/u.test(before)) out.push('after-pause');
  if (c.mode === 'as-said' && /^\p{Lu}/u.test(c.words[i]?.text ?? '')) out.push('capital');
  return out;
}

function examplesOf(cases: readonly Case[]): Example[] {
  return cases.flatMap((c) =>
    c.words.map((word, i) => ({ features: featuresAt(c, i), label: word.label })),
  );
}

type Tagger = (c: Case, label: Label) => Set<number>;

function trainTagger(cases: readonly Case[]): Tagger {
  const model = loadSoftmax(trainSoftmax(examplesOf(cases), LABELS));
  const s = LABELS.indexOf('sentence');
  const n = LABELS.indexOf('none');
  const t = LABELS.indexOf('item');
  return (c, label) => {
    const at: number[] = [];
    c.words.forEach((_, i) => {
      const pr = probabilities(model, featuresAt(c, i));
      const yes = pr[label === 'item' ? t : s] ?? 0;
      if (yes > (pr[n] ?? 0) && (label === 'item' || i > 0)) at.push(i);
    });
    return normalised(c.words, at);
  };
}

// ---------------------------------------------------------------------------------------
// The rules

/** Where the rules' sentences start: the first word of each cleaned sentence but the first. */
function rulesSentences(c: Case): Set<number> {
  const at = offsets(c.words);
  const covered = new Set<number>();
  const firsts: number[] = [];
  for (const sentence of cleanSpeech(c.text)) {
    let first: number | undefined;
    for (const token of sentence.tokens) {
      const i = at.get(token.at ?? -1);
      if (i === undefined) continue;
      covered.add(i);
      first ??= i;
    }
    if (first !== undefined) firsts.push(first);
  }
  const starts: number[] = [];
  firsts.sort((a, b) => a - b);
  for (const first of firsts.slice(1)) {
    // Words the rules dropped just before a sentence ("so", a filler they heard) belong to it.
    let i = first;
    while (i > 0 && !covered.has(i - 1)) i--;
    starts.push(i);
  }
  return normalised(c.words, starts);
}

const sameWord = (a: string, b: string): boolean => {
  if (a === b) return true;
  let common = 0;
  while (common < a.length && a[common] === b[common]) common++;
  return common >= Math.max(3, Math.min(a.length, b.length) - 2);
};

/** Where the rules' checklist items start: each "- [ ]" line's words found in the said words. */
function rulesItems(c: Case): Set<number> {
  const category: Category = c.utterance.category ?? 'personal';
  const lines = formatWithRules(c.text, 'checklist', category).split('\n');
  const items = lines.filter((line) => line.startsWith('- [ ] ')).map((line) => line.slice(6));
  const starts: number[] = [];
  let from = 0;
  for (const item of items) {
    const itemWords = item
      .toLowerCase()
      .split(/\s+/u)
      .map((word) => word.replace(/[^\p{L}\p{N}'’-]/gu, ''))
      .filter((word) => word !== '');
    // The start is where most of the item's words follow on from one of them (a stop word
    // matched alone elsewhere must not win); a verb the rules copied to each thing is skipped.
    let start = -1;
    let best = 0;
    let last = -1;
    for (let q = from; q < Math.min(c.words.length, from + 40); q++) {
      itemWords.forEach((word, j) => {
        if (!sameWord(word, c.words[q]?.bare ?? '')) return;
        let run = 1;
        let at = q + 1;
        let end = q;
        for (const next of itemWords.slice(j + 1)) {
          for (let r = at; r < Math.min(c.words.length, at + 3); r++) {
            if (sameWord(next, c.words[r]?.bare ?? '')) {
              run++;
              end = r;
              at = r + 1;
              break;
            }
          }
        }
        if (run > best) {
          best = run;
          start = q;
          last = end;
        }
      });
    }
    if (start < 0) continue;
    starts.push(start);
    from = last + 1;
  }
  return normalised(c.words, starts);
}

// ---------------------------------------------------------------------------------------
// Scoring

interface Count {
  tp: number;
  fp: number;
  fn: number;
}

const zero = (): Count => ({ tp: 0, fp: 0, fn: 0 });

function tally(count: Count, gold: Set<number>, got: Set<number>): void {
  for (const i of got) {
    if (gold.has(i)) count.tp++;
    else count.fp++;
  }
  for (const i of gold) if (!got.has(i)) count.fn++;
}

function figures(count: Count): string {
  const p = count.tp / Math.max(1, count.tp + count.fp);
  const r = count.tp / Math.max(1, count.tp + count.fn);
  const f = p + r === 0 ? 0 : (2 * p * r) / (p + r);
  const pct = (x: number): string => `${(x * 100).toFixed(1)}`.padStart(6);
  return `${pct(p)}${pct(r)}${pct(f)}   (${count.tp + count.fn} starts)`;
}

function context(c: Case, i: number): string {
  const left = c.words.slice(Math.max(0, i - 5), i).map((word) => word.text);
  const right = c.words.slice(i, i + 5).map((word) => word.text);
  return `${left.join(' ')} | ${right.join(' ')}`;
}

interface Disagreement {
  taggerRight: string[];
  rulesRight: string[];
}

function disagree(
  c: Case,
  gold: Set<number>,
  tagger: Set<number>,
  rules: Set<number>,
  out: Disagreement,
): void {
  for (let i = 0; i < c.words.length; i++) {
    const g = gold.has(i);
    if (tagger.has(i) === rules.has(i)) continue;
    const line = `${g ? 'starts' : 'no start'}: ${context(c, i)}  [${c.utterance.source}:${c.utterance.line}]`;
    if (tagger.has(i) === g) out.taggerRight.push(line);
    else out.rulesRight.push(line);
  }
}

interface Group {
  name: string;
  keep: (c: Case) => boolean;
  label: Label;
}

const GROUPS: readonly Group[] = [
  {
    name: 'sentence starts, tweets',
    keep: (c) => c.utterance.format === 'tweet',
    label: 'sentence',
  },
  {
    name: 'sentence starts, pitches',
    keep: (c) => c.utterance.format === 'pitch',
    label: 'sentence',
  },
  {
    name: 'item starts, checklists',
    keep: (c) => c.utterance.format === 'checklist',
    label: 'item',
  },
];

/** One utterance with its starts: "G" gold, "R" the rules, "T" the tagger. */
function marked(c: Case, gold: Set<number>, rules: Set<number>, tagger: Set<number>): string {
  const words = c.words.map((word, i) => {
    const marks = `${gold.has(i) ? 'G' : ''}${rules.has(i) ? 'R' : ''}${tagger.has(i) ? 'T' : ''}`;
    return marks === '' ? word.text : `|${marks} ${word.text}`;
  });
  return `${c.utterance.format} ${c.utterance.source}:${c.utterance.line}\n  ${words.join(' ')}`;
}

function run(
  mode: Mode,
  keepTest: (u: Utterance) => boolean,
  showExamples: boolean,
  showCases: number,
): void {
  const written = readWrittenCorpus();
  const composed = readComposedCorpus();
  const trainCases = [...written, ...composed].map((u) => caseOf(u, mode));
  const testCases = trainCases.filter(
    (c) => written.includes(c.utterance) && keepTest(c.utterance),
  );
  const counts = new Map<string, Count>();
  const count = (key: string): Count => {
    const found = counts.get(key) ?? zero();
    counts.set(key, found);
    return found;
  };
  const shown: Disagreement = { taggerRight: [], rulesRight: [] };
  let shownCases = 0;
  for (let k = 0; k < FOLDS; k++) {
    if (onlyFold !== undefined && k !== onlyFold) continue;
    const tagger = trainTagger(trainCases.filter((c) => foldOf(c.utterance) !== k));
    for (const c of testCases.filter((one) => foldOf(one.utterance) === k)) {
      for (const group of GROUPS) {
        if (!group.keep(c)) continue;
        const gold = goldStarts(c, group.label);
        const learned = tagger(c, group.label);
        const rules = group.label === 'item' ? rulesItems(c) : rulesSentences(c);
        for (const style of ['all', c.utterance.style]) {
          tally(count(`${group.name}|${style}|rules`), gold, rules);
          tally(count(`${group.name}|${style}|tagger`), gold, learned);
        }
        disagree(c, gold, learned, rules, shown);
        if (shownCases < showCases) {
          shownCases++;
          console.log(marked(c, gold, rules, learned));
        }
      }
    }
  }
  const styles = mode === 'browser' ? ['all', 'browser', 'whisper'] : ['whisper'];
  console.log(`\n${mode === 'browser' ? 'browser style (all unpunctuated)' : 'whisper as said'}`);
  console.log(
    `  ${'what, written held out'.padEnd(44)}${'P'.padStart(6)}${'R'.padStart(6)}${'F1'.padStart(6)}`,
  );
  for (const group of GROUPS) {
    for (const style of styles) {
      for (const who of ['rules', 'tagger']) {
        const name = `${group.name}, ${style === 'all' ? 'all' : `from ${style}`}, ${who}`;
        console.log(`  ${name.padEnd(44)}${figures(count(`${group.name}|${style}|${who}`))}`);
      }
    }
  }
  if (showExamples) {
    console.log(`\ntagger right, rules wrong (${shown.taggerRight.length}):`);
    for (const line of shown.taggerRight.filter((_, i) => i % 7 === 0).slice(0, 40)) {
      console.log(`  ${line}`);
    }
    console.log(`\nrules right, tagger wrong (${shown.rulesRight.length}):`);
    for (const line of shown.rulesRight.filter((_, i) => i % 7 === 0).slice(0, 40)) {
      console.log(`  ${line}`);
    }
  }
}

const foldAt = process.argv.indexOf('--fold');
/** `--fold N`: one fold only, for a quick look. */
const onlyFold = foldAt < 0 ? undefined : Number(process.argv[foldAt + 1] ?? '0');
const showExamples = process.argv.includes('--examples');
const casesAt = process.argv.indexOf('--cases');
const showCases = casesAt < 0 ? 0 : Number(process.argv[casesAt + 1] ?? '10');
run('browser', () => true, showExamples, showCases);
if (process.argv.includes('--whisper')) {
  run('as-said', (u) => u.style === 'whisper', showExamples, showCases);
}
