import { writeFileSync } from 'node:fs';
import type { Utterance } from '#text/learn/corpus.js';
import type { FormatCategoryModel } from '#text/learn/format-category.js';
import type { SoftmaxModel } from '#text/learn/softmax.js';
import { CATEGORY_LABELS, examples, FORMAT_LABELS } from './evaluate.js';
import { naiveBayesModel, trainSoftmax } from './train.js';

export const MODEL_FILE = new URL(
  '../../src/text/learn/format-category-model.json',
  import.meta.url,
);

/** Weights this small change no answer: left out, the file is a fraction of the size. */
const NEGLIGIBLE = 0.01;

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
 * The learner written for each head. docs/decisions/111 says why these, and the figures the
 * report prints are the evidence each time the model is rebuilt.
 */
export const KEPT_LEARNERS = { format: 'softmax', category: 'naive-bayes' } as const;

/**
 * Trains the kept learners on the whole corpus, the spent fresh sets included, and writes
 * them.
 */
export function writeModel(
  written: readonly Utterance[],
  composed: readonly Utterance[],
  heard: readonly Utterance[],
): string {
  const all = [...written, ...composed, ...heard];
  const model: FormatCategoryModel = {
    format: pruned(trainSoftmax(examples(all, 'format'), FORMAT_LABELS)),
    category:
      (KEPT_LEARNERS.category as string) === 'naive-bayes'
        ? naiveBayesModel(examples(all, 'category'), CATEGORY_LABELS)
        : pruned(trainSoftmax(examples(all, 'category'), CATEGORY_LABELS)),
    trainedOn: { written: written.length, composed: composed.length, heard: heard.length },
  };
  writeFileSync(MODEL_FILE, `${JSON.stringify(model)}\n`);
  return `wrote format-category-model.json: ${model.format.features.length} format and ${model.category.features.length} category features`;
}
