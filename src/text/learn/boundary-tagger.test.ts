import { describe, expect, it } from 'vitest';
import { tagTokens } from '../nlp.js';
import { tokenize } from '../tokenizer.js';
import {
  BOUNDARY_LABELS,
  bareWord,
  boundaryFeatures,
  startBar,
  startProbabilities,
  withBoundaryModel,
  type BoundaryModel,
  type BoundaryWord,
} from './boundary-tagger.js';
import trained from './boundary-model.json' with { type: 'json' };

const model = trained as BoundaryModel;

const wordsOf = (text: string): BoundaryWord[] =>
  tagTokens(tokenize(text))
    .filter((token) => token.kind === 'word')
    .map((token) => ({ bare: bareWord(token.lower), pos: token.pos }));

describe('the boundary model', () => {
  it('loads as a model of sentence, item and none starts, trained on the marked corpus', () => {
    expect(model.labels).toEqual([...BOUNDARY_LABELS]);
    expect(model.weights).toHaveLength(model.features.length * model.labels.length);
    expect((model.trainedOn.written ?? 0) + (model.trainedOn.composed ?? 0)).toBeGreaterThan(4000);
    for (const format of ['tweet', 'checklist', 'pitch']) {
      expect(startBar(format)).toBeGreaterThanOrEqual(0.5);
    }
  });

  it('gives each word a P(start) between 0 and 1', () => {
    const words = wordsOf('buy milk call the plumber and pick up the dry cleaning');
    const p = startProbabilities(words, 'checklist');
    expect(p).toHaveLength(words.length);
    for (const value of p) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(1);
    }
  });

  it('answers the same for the same words', () => {
    const words = wordsOf('the heater is broken again i have rung the landlord twice');
    expect(startProbabilities(words, 'tweet')).toEqual(startProbabilities(words, 'tweet'));
    expect(boundaryFeatures(words, 5, 'tweet')).toEqual(boundaryFeatures(words, 5, 'tweet'));
  });

  it('is surer of a task verb after a finished task than of the word after a determiner', () => {
    const words = wordsOf('buy milk call the plumber');
    const p = startProbabilities(words, 'checklist');
    expect(p[2] ?? 0).toBeGreaterThan(p[4] ?? 1);
  });

  it('can be swapped for a model that never saw a fold, and is put back after', () => {
    const words = wordsOf('buy milk call the plumber');
    const before = startProbabilities(words, 'checklist');
    const empty = { labels: [...BOUNDARY_LABELS], features: [], weights: [], bias: [0, 0, 0] };
    const inside = withBoundaryModel(empty, { checklist: 0.9 }, {}, () => ({
      p: startProbabilities(words, 'checklist'),
      bar: startBar('checklist'),
    }));
    expect(inside.bar).toBe(0.9);
    for (const value of inside.p) expect(value).toBeCloseTo(2 / 3);
    expect(startProbabilities(words, 'checklist')).toEqual(before);
  });
});
