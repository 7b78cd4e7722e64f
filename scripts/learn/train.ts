import { createRequire } from 'node:module';
import type { SoftmaxModel } from '#text/learn/softmax.js';
import { seededRandom } from './compose.js';

/*
 * The two learners tried for format and category (docs/decisions/111): a softmax model
 * trained here, and wink-naive-bayes-text-classifier. Both read the same features
 * (src/text/learn/features.ts) and answer each label's probability.
 */

export interface Example {
  features: readonly string[];
  label: string;
}

/** A trained model's answer: each label's probability, in `labels` order. */
export type Scorer = (features: readonly string[]) => number[];

export interface SoftmaxOptions {
  epochs: number;
  rate: number;
  /** L2 pull towards zero on each weight an example touches. */
  l2: number;
  /** Features seen in fewer examples are left out: they would only learn their examples. */
  minCount: number;
  seed: number;
}

export const SOFTMAX_OPTIONS: SoftmaxOptions = {
  epochs: 12,
  rate: 0.2,
  l2: 0.0005,
  minCount: 2,
  seed: 11,
};

/**
 * Stochastic gradient descent on the cross-entropy, examples in a seeded order, so the same
 * corpus gives the same weights. Written here rather than taken from a library: the kept
 * JavaScript ones are dense and one-vs-rest, and this is 40 lines (docs/decisions/111).
 */
export function trainSoftmax(
  examples: readonly Example[],
  labels: readonly string[],
  options: SoftmaxOptions = SOFTMAX_OPTIONS,
): SoftmaxModel {
  const seen = new Map<string, number>();
  for (const example of examples) {
    for (const feature of example.features) seen.set(feature, (seen.get(feature) ?? 0) + 1);
  }
  const features = [...seen].filter(([, n]) => n >= options.minCount).map(([f]) => f);
  features.sort();
  const row = new Map(features.map((feature, i) => [feature, i * labels.length]));
  const weights = new Float64Array(features.length * labels.length);
  const bias = new Float64Array(labels.length);
  const random = seededRandom(options.seed);
  const order = examples.map((_, i) => i);
  const scores = new Float64Array(labels.length);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j] as number, order[i] as number];
    }
    const rate = options.rate / (1 + epoch * 0.5);
    for (const index of order) {
      const example = examples[index] as Example;
      const rows = example.features.flatMap((f) => (row.has(f) ? [row.get(f) as number] : []));
      for (let k = 0; k < labels.length; k++) {
        let score = bias[k] as number;
        for (const r of rows) score += weights[r + k] as number;
        scores[k] = score;
      }
      const top = Math.max(...scores);
      let sum = 0;
      for (let k = 0; k < labels.length; k++) {
        scores[k] = Math.exp((scores[k] as number) - top);
        sum += scores[k] as number;
      }
      for (let k = 0; k < labels.length; k++) {
        const gradient = (scores[k] as number) / sum - (labels[k] === example.label ? 1 : 0);
        bias[k] = (bias[k] as number) - rate * gradient;
        for (const r of rows) {
          const w = weights[r + k] as number;
          weights[r + k] = w - rate * (gradient + options.l2 * w);
        }
      }
    }
  }
  return {
    labels: [...labels],
    features,
    weights: [...weights].map((w) => Math.round(w * 1000) / 1000),
    bias: [...bias].map((b) => Math.round(b * 1000) / 1000),
  };
}

interface WinkNaiveBayes {
  definePrepTasks(tasks: ((input: unknown) => unknown)[]): number;
  defineConfig(config: { considerOnlyPresence: boolean; smoothingFactor: number }): boolean;
  learn(input: unknown, label: string): boolean;
  consolidate(): boolean;
  computeOdds(input: unknown): [string, number][];
  exportJSON(): string;
}

const require = createRequire(import.meta.url);

/** Additive smoothing of the naive Bayes counts: half a sighting for a word never seen. */
export const NAIVE_BAYES_SMOOTHING = 0.5;

function learnedNaiveBayes(examples: readonly Example[], smoothingFactor: number): WinkNaiveBayes {
  const model = naiveBayes();
  model.definePrepTasks([(input) => input]);
  model.defineConfig({ considerOnlyPresence: true, smoothingFactor });
  for (const example of examples) model.learn([...example.features], example.label);
  model.consolidate();
  return model;
}
const naiveBayes = require('wink-naive-bayes-text-classifier') as () => WinkNaiveBayes;

/**
 * wink-naive-bayes-text-classifier on the same features (given as its tokens). Its odds are
 * one label against the rest, in bits; each is turned into a probability and the set
 * normalised so the two learners' answers read the same way.
 */
export function trainNaiveBayes(
  examples: readonly Example[],
  labels: readonly string[],
  smoothingFactor = NAIVE_BAYES_SMOOTHING,
): Scorer {
  const model = learnedNaiveBayes(examples, smoothingFactor);
  return (features) => {
    const odds = new Map(model.computeOdds([...features]));
    const raw = labels.map((label) => 1 / (1 + 2 ** -(odds.get(label) ?? -Infinity)));
    const sum = raw.reduce((a, b) => a + b, 0);
    return raw.map((p) => (sum === 0 ? 1 / labels.length : p / sum));
  };
}

/**
 * The same naive Bayes as data the server reads without the library: wink's odds of a label
 * against the rest are a sum over the input's known features of that feature's log-likelihood
 * ratio, plus the labels' prior ratio, so each feature gets one weight per label (in bits) and
 * the model is stored and read as the softmax one is, with `reading: 'odds'`.
 */
export function naiveBayesModel(
  examples: readonly Example[],
  labels: readonly string[],
  smoothingFactor = NAIVE_BAYES_SMOOTHING,
): SoftmaxModel {
  const [, samples, count, words, vocabulary] = JSON.parse(
    learnedNaiveBayes(examples, smoothingFactor).exportJSON(),
  ) as [
    unknown,
    Record<string, number>,
    Record<string, Record<string, number>>,
    Record<string, number>,
    string[],
  ];
  const known = labels.filter((label) => (samples[label] ?? 0) > 0);
  if (known.length !== labels.length) throw new Error('naive Bayes needs examples of every label');
  const total = (values: (label: string) => number, but: string) =>
    labels.reduce((sum, label) => (label === but ? sum : sum + values(label)), 0);
  const spread = vocabulary.length * smoothingFactor;
  const n = (label: string) => samples[label] ?? 0;
  const bias = labels.map((label) => Math.log2(n(label)) - Math.log2(total(n, label)));
  const features = [...vocabulary].sort();
  const weights: number[] = [];
  for (const feature of features) {
    const seen = (label: string) => count[label]?.[feature] ?? 0;
    const size = (label: string) => words[label] ?? 0;
    for (const label of labels) {
      const likelihood = Math.log2(seen(label) + smoothingFactor) - Math.log2(size(label) + spread);
      const rest =
        Math.log2(total(seen, label) + smoothingFactor) - Math.log2(total(size, label) + spread);
      weights.push(Math.round((likelihood - rest) * 1000) / 1000);
    }
  }
  return {
    labels: [...labels],
    features,
    weights,
    bias: bias.map((b) => Math.round(b * 1000) / 1000),
    reading: 'odds',
  };
}
