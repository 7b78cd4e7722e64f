import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import { featuresOf } from './features.js';
import { loadSoftmax, probabilities, type SoftmaxModel } from './softmax.js';
import trained from './format-category-model.json' with { type: 'json' };

/**
 * Format and category as the learned models read them (docs/text-engine.md, "The learned
 * parts"): the format by a softmax model, the category by naive Bayes stored as its log-odds
 * (ADR 115), both trained on the corpus by `npm run learn -- --train` and kept in
 * format-category-model.json. The category is given at the app's own bar (0.7, where it
 * applies an answer) and none below it, so there the person's own setting stands.
 */

export interface FormatCategoryModel {
  format: SoftmaxModel;
  category: SoftmaxModel;
  /** What it was trained on, for the record. */
  trainedOn: Record<string, number>;
}

export interface LearnedAnswer {
  format: Format;
  formatConfidence: number;
  /** null: the likeliest is none, or below SERVER_APPLY_THRESHOLD. */
  category: Category | null;
  categoryConfidence: number;
}

const model = trained as FormatCategoryModel;
// A model trained on other labels would answer a format or category the app does not have.
if (
  [...model.format.labels].sort().join() !== [...FORMATS].sort().join() ||
  !model.category.labels.every(
    (label) => label === 'none' || (CATEGORIES as readonly string[]).includes(label),
  )
) {
  throw new Error('format-category-model.json was trained on labels the app does not have');
}
const formatModel = loadSoftmax(model.format);
const categoryModel = loadSoftmax(model.category);

function best<T extends string>(
  labels: readonly string[],
  p: readonly number[],
  known: readonly T[],
): [T | null, number] {
  let at = 0;
  p.forEach((value, i) => {
    if (value > (p[at] ?? 0)) at = i;
  });
  const label = labels[at] ?? '';
  return [(known as readonly string[]).includes(label) ? (label as T) : null, p[at] ?? 0];
}

export function learnedFormatAndCategory(transcript: string): LearnedAnswer {
  const features = featuresOf(transcript);
  const [format, formatConfidence] = best(
    formatModel.labels,
    probabilities(formatModel, features),
    FORMATS,
  );
  const [category, categoryConfidence] = best(
    categoryModel.labels,
    probabilities(categoryModel, features),
    CATEGORIES,
  );
  const given = category !== null && categoryConfidence >= SERVER_APPLY_THRESHOLD;
  return {
    format: format as Format,
    formatConfidence,
    category: given ? category : null,
    categoryConfidence: given ? categoryConfidence : 0,
  };
}
