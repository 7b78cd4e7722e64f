/**
 * A multinomial logistic (softmax) model over sparse binary features, as stored in the repo:
 * the labels, the features it kept, and per feature one weight per label, flattened. Reading
 * one is a sum of a few hundred weights, so it costs microseconds (docs/decisions/111).
 */
export interface SoftmaxModel {
  labels: string[];
  features: string[];
  /** features.length × labels.length weights, feature by feature. */
  weights: number[];
  bias: number[];
  /**
   * How a label's score is read. Unset: softmax over the scores. `odds`: each score is the
   * label's log2 odds against the rest, as naive Bayes gives them (wink's, turned linear at
   * training: scripts/learn/train.ts); an input with no known feature has even odds.
   */
  reading?: 'odds';
}

/** The model made ready to read: each feature's row of weights by name. */
export interface LoadedSoftmax {
  labels: readonly string[];
  rows: ReadonlyMap<string, number>;
  weights: Float64Array;
  bias: readonly number[];
  reading: 'softmax' | 'odds';
}

export function loadSoftmax(model: SoftmaxModel): LoadedSoftmax {
  const width = model.labels.length;
  if (model.weights.length !== model.features.length * width || model.bias.length !== width) {
    throw new Error('a softmax model whose weights do not fit its features and labels');
  }
  return {
    labels: model.labels,
    rows: new Map(model.features.map((feature, i) => [feature, i * width])),
    weights: Float64Array.from(model.weights),
    bias: model.bias,
    reading: model.reading ?? 'softmax',
  };
}

/** Each label's probability for these features, in the model's label order. */
export function probabilities(model: LoadedSoftmax, features: readonly string[]): number[] {
  const scores = [...model.bias];
  let known = 0;
  for (const feature of features) {
    const row = model.rows.get(feature);
    if (row === undefined) continue;
    known += 1;
    for (let k = 0; k < scores.length; k++) {
      scores[k] = (scores[k] ?? 0) + (model.weights[row + k] ?? 0);
    }
  }
  if (model.reading === 'odds') {
    if (known === 0) return scores.map(() => 1 / scores.length);
    const p = scores.map((bits) => 1 / (1 + 2 ** -bits));
    const sum = p.reduce((a, b) => a + b, 0);
    return p.map((value) => value / sum);
  }
  const top = Math.max(...scores);
  const exp = scores.map((score) => Math.exp(score - top));
  const sum = exp.reduce((a, b) => a + b, 0);
  return exp.map((value) => value / sum);
}
