import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';
import { inferWithRules } from '#text/infer.js';
import type { Utterance } from '#text/learn/corpus.js';
import { featuresOf } from '#text/learn/features.js';
import { loadSoftmax, probabilities } from '#text/learn/softmax.js';
import { SCORE_HEADER, score, scoreLine, type Answer, type Score } from './score.js';
import { trainNaiveBayes, trainSoftmax, type Example, type Scorer } from './train.js';

/*
 * Learned against rules on held-out parts of the training corpus. The corpus is split into
 * FOLDS by situation (the trade or moment), so a model is always scored on trades it never
 * saw; it trains on the written and composed utterances of the other folds and is scored on
 * the fold's written ones (written whole, to sound like people) and, apart, its composed ones.
 * A third split trains on the composed part alone and scores all of the written part.
 */

export const FOLDS = 5;
export const FORMAT_LABELS: readonly string[] = FORMATS;
export const CATEGORY_LABELS: readonly string[] = [...CATEGORIES, 'none'];

export type Learner = 'softmax' | 'naive-bayes';
export const LEARNERS: readonly Learner[] = ['softmax', 'naive-bayes'];

/** FNV-1a of the situation: a fold that does not move when utterances are added elsewhere. */
export function foldOf(utterance: Utterance): number {
  let hash = 0x811c9dc5;
  for (const char of utterance.situation.toLowerCase()) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % FOLDS;
}

const categoryLabel = (u: Utterance): string => u.category ?? 'none';

export function examples(utterances: readonly Utterance[], head: 'format' | 'category'): Example[] {
  return utterances.map((u) => ({
    features: featuresOf(u.transcript),
    label: head === 'format' ? u.format : categoryLabel(u),
  }));
}

export function train(
  learner: Learner,
  data: readonly Example[],
  labels: readonly string[],
): Scorer {
  if (learner === 'naive-bayes') return trainNaiveBayes(data, labels);
  const model = loadSoftmax(trainSoftmax(data, labels));
  return (features) => probabilities(model, features);
}

function best(labels: readonly string[], p: readonly number[]): [string, number] {
  let at = 0;
  p.forEach((value, i) => {
    if (value > (p[at] ?? 0)) at = i;
  });
  return [labels[at] ?? '', p[at] ?? 0];
}

/** The learned answer: the best format, and the best category unless that is "none". */
export function learnedAnswer(format: Scorer, category: Scorer, transcript: string): Answer {
  const features = featuresOf(transcript);
  const [f, fp] = best(FORMAT_LABELS, format(features));
  const [c, cp] = best(CATEGORY_LABELS, category(features));
  return {
    format: f,
    formatConfidence: fp,
    category: c === 'none' ? null : c,
    categoryConfidence: c === 'none' ? 0 : cp,
  };
}

export function rulesAnswer(transcript: string): Answer {
  const r = inferWithRules(transcript);
  return {
    format: r.format,
    formatConfidence: r.confidence,
    category: r.category,
    categoryConfidence: r.confidence,
  };
}

interface Split {
  name: string;
  train: (fold: number) => Utterance[];
  test: (fold: number) => Utterance[];
  folds: number;
}

export interface Report {
  lines: string[];
  /** The held-out written score of the rules and each learner. */
  heldOut: Record<string, Score>;
}

export function evaluate(
  written: readonly Utterance[],
  composed: readonly Utterance[],
  fresh: readonly Utterance[],
  notes: readonly Utterance[],
  learners: readonly Learner[] = LEARNERS,
): Report {
  const all = [...written, ...composed, ...fresh, ...notes];
  const freshSets = [...new Set(fresh.map((u) => u.situation))];
  const splits: Split[] = [
    {
      name: 'held-out written (unseen situations)',
      train: (k) => all.filter((u) => foldOf(u) !== k),
      test: (k) => written.filter((u) => foldOf(u) === k),
      folds: FOLDS,
    },
    {
      name: 'held-out composed (unseen situations)',
      train: (k) => all.filter((u) => foldOf(u) !== k),
      test: (k) => composed.filter((u) => foldOf(u) === k),
      folds: FOLDS,
    },
    {
      name: 'composed only -> all written',
      train: () => [...composed],
      test: () => [...written],
      folds: 1,
    },
    {
      // Speech of other authors, never tuned to: the nearest to what a new person says.
      name: 'held-out fresh sets (one set at a time)',
      train: (k) => all.filter((u) => u.situation !== freshSets[k]),
      test: (k) => fresh.filter((u) => u.situation === freshSets[k]),
      folds: freshSets.length,
    },
  ];
  const lines: string[] = [];
  const heldOut: Record<string, Score> = {};
  for (const split of splits) {
    lines.push('', `${split.name}`, `  ${'answer'.padEnd(24)}${SCORE_HEADER}`);
    const tested: Utterance[] = [];
    const answers = new Map<Learner, Map<Utterance, Answer>>(learners.map((l) => [l, new Map()]));
    for (let k = 0; k < split.folds; k++) {
      const trainSet = split.train(k);
      const testSet = split.test(k);
      tested.push(...testSet);
      for (const learner of learners) {
        const format = train(learner, examples(trainSet, 'format'), FORMAT_LABELS);
        const category = train(learner, examples(trainSet, 'category'), CATEGORY_LABELS);
        for (const u of testSet) {
          answers.get(learner)?.set(u, learnedAnswer(format, category, u.transcript));
        }
      }
    }
    const rows: [string, (u: Utterance) => Answer][] = [
      ['rules', (u) => rulesAnswer(u.transcript)],
    ];
    for (const learner of learners) {
      const held = answers.get(learner) as Map<Utterance, Answer>;
      rows.push([learner, (u) => held.get(u) as Answer]);
    }
    for (const [name, answer] of rows) {
      const whole = score(tested, answer);
      if (split === splits[0]) heldOut[name] = whole;
      lines.push(`  ${name.padEnd(24)}${scoreLine(whole)}`);
      for (const style of ['browser', 'whisper'] as const) {
        const part = score(
          tested.filter((u) => u.style === style),
          answer,
        );
        lines.push(`    ${style.padEnd(22)}${scoreLine(part)}`);
      }
    }
  }
  return { lines, heldOut };
}
