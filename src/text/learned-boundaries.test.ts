import { describe, expect, it } from 'vitest';
import { formatWithRules } from './formats/format-with-rules.js';
import { BOUNDARY_LABELS, withBoundaryModel } from './learn/boundary-tagger.js';
import type { SoftmaxModel } from './learn/softmax.js';
import { cleanSpeech, renderSentence } from './sentences.js';

// The boundary model cuts unpunctuated speech where it is sure a sentence or an item starts;
// the rules that must never cut stay as vetoes over it, and the rules' own cuts at a task verb
// or a subject contraction stay whatever it says. Each test puts a model in place that is sure
// at the words it names (or nowhere), so what holds is the engine's, not the shipped weights.

/** A model sure a sentence starts at each of `words`, and sure none starts anywhere else. */
function sureAt(...words: string[]): SoftmaxModel {
  return {
    labels: [...BOUNDARY_LABELS],
    features: words.map((word) => `w=${word}`),
    weights: words.flatMap(() => [20, 0, 0]),
    bias: [0, 0, 10],
  };
}

const atHalf = { tweet: 0.5, checklist: 0.5, pitch: 0.5 };
const never = { tweet: 0, checklist: 0, pitch: 0 };
const always = { tweet: 0.99, checklist: 0.99, pitch: 0.99 };

const sentences = (text: string, format: string): string =>
  cleanSpeech(text, format).map(renderSentence).join(' | ');

describe('where the boundary model is sure', () => {
  it('cuts unpunctuated speech there when a format is given', () => {
    const text = 'the market was packed this morning the new stall sold out by ten';
    expect(withBoundaryModel(sureAt('the'), atHalf, never, () => sentences(text, 'tweet'))).toBe(
      'The market was packed this morning. | The new stall sold out by ten.',
    );
  });

  it('leaves inference to the rules alone: no format, no learned cut', () => {
    const text = 'the market was packed this morning the new stall sold out by ten';
    expect(
      withBoundaryModel(sureAt('the'), atHalf, never, () => cleanSpeech(text).map(renderSentence)),
    ).toHaveLength(1);
  });

  it('never cuts a purpose after "so" from its task', () => {
    const text = 'move the bins off the drive so the van can get past on friday';
    const out = withBoundaryModel(sureAt('so', 'van', 'can'), atHalf, never, () =>
      sentences(text, 'checklist'),
    );
    expect(out).toBe('Move the bins off the drive so the van can get past on Friday.');
  });

  it('never cuts a number joined to a number from it', () => {
    const text = 'restock the gloves on ward six and seven before the night shift comes in';
    const out = withBoundaryModel(sureAt('and', 'seven', 'before'), atHalf, never, () =>
      sentences(text, 'checklist'),
    );
    expect(out).toContain('ward six and seven');
  });

  it("keeps the rules' cut at a subject contraction however sure the model is of none", () => {
    const text = "booked the flights for our anniversary trip they're cheaper than i expected";
    expect(withBoundaryModel(sureAt(), atHalf, always, () => sentences(text, 'tweet'))).toBe(
      "Booked the flights for our anniversary trip. | They're cheaper than I expected.",
    );
  });

  it("keeps a checklist's task cut at a known task verb however sure the model is of none", () => {
    const text = 'buy milk call the plumber and book the car in for its service';
    const out = withBoundaryModel(sureAt(), atHalf, always, () =>
      formatWithRules(text, 'checklist', 'personal'),
    );
    expect(out.split('\n').filter((line) => line.startsWith('- [ ] '))).toEqual([
      '- [ ] Buy milk',
      '- [ ] Call the plumber',
      '- [ ] Book the car in for its service',
    ]);
  });
});
