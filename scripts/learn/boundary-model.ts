import { writeFileSync } from 'node:fs';
import { format as prettier, resolveConfig } from 'prettier';
import type { Format } from '#contract/taxonomy.js';
import {
  BOUNDARY_LABELS,
  withBoundaryModel,
  type BoundaryModel,
} from '#text/learn/boundary-tagger.js';
import type { Utterance } from '#text/learn/corpus.js';
import type { SoftmaxModel } from '#text/learn/softmax.js';
import {
  GROUPS,
  caseOf,
  examplesOf,
  figures,
  goldStarts,
  rulesItems,
  rulesSentences,
  tally,
  zero,
  type Case,
  type Count,
} from './boundaries.js';
import { FOLDS, foldOf } from './evaluate.js';
import { SOFTMAX_OPTIONS, trainSoftmax, type SoftmaxOptions } from './train.js';

/*
 * The boundary model (docs/decisions/109): trained on the "/" and "*" marks of the written and
 * composed corpus, every utterance made unpunctuated as browser recognition gives it, and
 * scored as the engine runs it. For each of the five folds by situation a model trained on the
 * other four is put in the engine (withBoundaryModel) and the engine's own sentence starts
 * (cleanSpeech) and checklist items (formatWithRules) are scored on the fold's written
 * utterances, at each bar, against the rules alone. The bar of each format is the highest
 * within half a point of the best F1 on the folds: where the folds cannot tell, fewer cuts.
 */

export const BOUNDARY_MODEL_FILE = new URL(
  '../../src/text/learn/boundary-model.json',
  import.meta.url,
);

/** The bars tried for a cut of the model's; "never" (2) is the rules alone. */
const BARS: readonly number[] = [0.5, 0.6, 0.7, 0.8, 0.9];
/** The bars tried under which a cut of the rules' is taken back; 0: never. */
const REMOVAL_BARS: readonly number[] = [0, 0.1, 0.2];
const NEVER = 2;
/** F1 points within which a more careful setting (a higher bar, fewer take-backs) is kept. */
const TIE = 2;

interface Setting {
  bar: number;
  removal: number;
}
const RULES: Setting = { bar: NEVER, removal: 0 };
const SETTINGS: readonly Setting[] = [
  RULES,
  ...BARS.flatMap((bar) => REMOVAL_BARS.map((removal) => ({ bar, removal }))),
];
/**
 * Formats the engine runs with the rules alone whatever the folds say. A checklist: its own
 * rules part a list's things and give each the verb (clauses/split-list.ts), and a cut before
 * them in the sentence breaks that, its title and its counted steps; the golden corpus had
 * 22 of 25 moved checklists worse and none better. The figures are still printed.
 */
const RULES_ALONE: readonly Format[] = ['checklist'];

const keyOf = (setting: Setting): string => `${setting.bar}/${setting.removal}`;
const nameOf = (setting: Setting): string =>
  setting.bar > 1
    ? 'rules alone'
    : `cut at ${setting.bar.toFixed(1)}, take back under ${setting.removal.toFixed(1)}`;
/** The format model's options, but a feature seen fewer than three times left out: a smaller file. */
const OPTIONS: SoftmaxOptions = { ...SOFTMAX_OPTIONS, minCount: 3 };
/** Weights this small change no answer. */
const NEGLIGIBLE = 0.01;

const byFormat = (value: number): Record<Format, number> => ({
  tweet: value,
  checklist: value,
  pitch: value,
});

function f1(count: Count): number {
  const p = count.tp / Math.max(1, count.tp + count.fp);
  const r = count.tp / Math.max(1, count.tp + count.fn);
  return p + r === 0 ? 0 : (200 * p * r) / (p + r);
}

export interface BoundaryReport {
  lines: string[];
  bars: Record<Format, number>;
  removalBars: Record<Format, number>;
}

/** Scores the engine with and without the model on held-out folds and picks each format's bar. */
export function evaluateBoundaries(
  written: readonly Utterance[],
  composed: readonly Utterance[],
): BoundaryReport {
  const cases = [...written, ...composed].map((u) => caseOf(u, 'browser'));
  const held = new Set(written);
  const counts = new Map<string, Count>();
  const count = (key: string): Count => {
    const found = counts.get(key) ?? zero();
    counts.set(key, found);
    return found;
  };
  for (let k = 0; k < FOLDS; k++) {
    const model = trainSoftmax(
      examplesOf(cases.filter((c) => foldOf(c.utterance) !== k)),
      BOUNDARY_LABELS,
      OPTIONS,
    );
    const test = cases.filter((c) => held.has(c.utterance) && foldOf(c.utterance) === k);
    for (const setting of SETTINGS) {
      withBoundaryModel(model, byFormat(setting.bar), byFormat(setting.removal), () => {
        for (const c of test) scoreCase(c, keyOf(setting), count);
      });
    }
  }
  const lines = [
    '',
    'boundaries as the engine runs them, browser style, written held out by situation',
    `  ${'what'.padEnd(72)}${'P'.padStart(6)}${'R'.padStart(6)}${'F1'.padStart(6)}`,
  ];
  const bars = byFormat(NEVER);
  const removalBars = byFormat(0);
  for (const group of GROUPS) {
    const format = formatOf(group.label, group.name);
    const score = (setting: Setting): number => f1(count(`${group.name}|all|${keyOf(setting)}`));
    const best = Math.max(...SETTINGS.map(score));
    // The most careful setting within TIE of the best: the highest bar, then the fewest
    // take-backs; where the folds cannot tell, fewer cuts.
    // Take-backs are scored but not kept: the golden corpus showed them losing the rules'
    // right cuts after a time ("this morning | kids were thrilled") and at a marker in a long
    // run ("| so now the reports load"), which the folds' few such starts do not weigh.
    const careful = [...SETTINGS]
      .filter((setting) => setting !== RULES && setting.removal === 0)
      .sort((a, b) => b.bar - a.bar || a.removal - b.removal);
    const kept = careful.find((setting) => score(setting) >= best - TIE) ?? RULES;
    bars[format] = RULES_ALONE.includes(format) ? NEVER : kept.bar;
    removalBars[format] = RULES_ALONE.includes(format) ? 0 : kept.removal;
    for (const style of ['all', 'browser', 'whisper']) {
      for (const setting of SETTINGS) {
        const chosen =
          setting === kept ? (RULES_ALONE.includes(format) ? ' <- best, not run' : ' <- kept') : '';
        const name = `${group.name}, ${style === 'all' ? 'all' : `from ${style}`}, ${nameOf(setting)}`;
        lines.push(
          `  ${name.padEnd(72)}${figures(count(`${group.name}|${style}|${keyOf(setting)}`))}${chosen}`,
        );
      }
    }
  }
  lines.push(
    `  kept: ${(Object.keys(bars) as Format[])
      .map((format) =>
        bars[format] > 1
          ? `${format} rules alone`
          : `${format} cut at ${bars[format]}, take back under ${removalBars[format]}`,
      )
      .join('; ')}`,
  );
  return { lines, bars, removalBars };
}

function formatOf(label: string, name: string): Format {
  if (label === 'item') return 'checklist';
  return name.includes('tweet') ? 'tweet' : 'pitch';
}

function scoreCase(c: Case, key: string, count: (key: string) => Count): void {
  for (const group of GROUPS) {
    if (!group.keep(c)) continue;
    const gold = goldStarts(c, group.label);
    const got = group.label === 'item' ? rulesItems(c) : rulesSentences(c, c.utterance.format);
    for (const style of ['all', c.utterance.style]) {
      tally(count(`${group.name}|${style}|${key}`), gold, got);
    }
  }
}

function pruned(model: SoftmaxModel): SoftmaxModel {
  const width = model.labels.length;
  const features: string[] = [];
  const weights: number[] = [];
  model.features.forEach((feature, i) => {
    const row = model.weights.slice(i * width, (i + 1) * width);
    if (row.every((w) => Math.abs(w) < NEGLIGIBLE)) return;
    features.push(feature);
    weights.push(...row);
  });
  return { ...model, features, weights };
}

/**
 * Trains the boundary model on the whole marked corpus and writes it with its bars, laid out
 * as the repository's formatter lays out JSON (a feature a line), so a retrain diffs by line.
 */
export async function writeBoundaryModel(
  written: readonly Utterance[],
  composed: readonly Utterance[],
  bars: Record<Format, number>,
  removalBars: Record<Format, number>,
): Promise<string> {
  const cases = [...written, ...composed].map((u) => caseOf(u, 'browser'));
  const softmax = pruned(trainSoftmax(examplesOf(cases), BOUNDARY_LABELS, OPTIONS));
  const model: BoundaryModel = {
    ...softmax,
    bars,
    removalBars,
    trainedOn: { written: written.length, composed: composed.length },
  };
  const options = (await resolveConfig(BOUNDARY_MODEL_FILE)) ?? {};
  const json = await prettier(JSON.stringify(model), { ...options, parser: 'json' });
  writeFileSync(BOUNDARY_MODEL_FILE, json);
  return `wrote boundary-model.json: ${model.features.length} features, ${(json.length / 1024).toFixed(0)} KB`;
}
