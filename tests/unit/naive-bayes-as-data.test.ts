import { describe, expect, it } from 'vitest';
import { seededRandom } from '#scripts/learn/compose.js';
import { naiveBayesModel, trainNaiveBayes, type Example } from '#scripts/learn/train.js';
import { loadSoftmax, probabilities } from '#text/learn/softmax.js';

const LABELS = ['work', 'personal', 'creative', 'none'];

/** Examples whose words lean towards their label, as a corpus's do, with noise. */
function examples(count: number, seed: number): Example[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const label = LABELS[Math.floor(random() * LABELS.length)] ?? 'none';
    const features = new Set<string>();
    const size = 3 + Math.floor(random() * 8);
    while (features.size < size) {
      const own = random() < 0.6;
      features.add(own ? `${label}-${Math.floor(random() * 12)}` : `w${Math.floor(random() * 40)}`);
    }
    return { features: [...features], label };
  });
}

describe('naive Bayes stored as data', () => {
  it('answers what the library answers, for inputs it knows in part, in whole or not at all', () => {
    const training = examples(400, 7);
    const library = trainNaiveBayes(training, LABELS);
    const stored = loadSoftmax(naiveBayesModel(training, LABELS));
    const inputs = [
      ...examples(60, 8).map((example) => example.features),
      ['never-seen', 'nor-this'],
      ['work-3', 'never-seen'],
      [],
    ];
    for (const features of inputs) {
      const want = library(features);
      const got = probabilities(stored, features);
      got.forEach((p, k) => expect(p).toBeCloseTo(want[k] ?? NaN, 2));
    }
    expect(probabilities(stored, ['never-seen'])).toEqual([0.25, 0.25, 0.25, 0.25]);
  });

  it('leans to the label whose words an input has', () => {
    const stored = loadSoftmax(naiveBayesModel(examples(400, 7), LABELS));
    const p = probabilities(stored, ['creative-1', 'creative-4', 'creative-9']);
    expect(LABELS[p.indexOf(Math.max(...p))]).toBe('creative');
  });
});
