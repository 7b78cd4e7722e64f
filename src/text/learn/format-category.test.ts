import { describe, expect, it } from 'vitest';
import { CATEGORIES, FORMATS } from '#contract/taxonomy.js';
import { inferFormatAndCategory, inferWithRules } from '../infer.js';
import { learnedFormatAndCategory, type FormatCategoryModel } from './format-category.js';
import trained from './format-category-model.json' with { type: 'json' };

const model = trained as FormatCategoryModel;

describe('the learned format and category', () => {
  it('is a model of the app own formats and categories, trained on speech heard blind too', () => {
    expect([...model.format.labels].sort()).toEqual([...FORMATS].sort());
    expect([...model.category.labels].sort()).toEqual([...CATEGORIES, 'none'].sort());
    expect((model.trainedOn.written ?? 0) + (model.trainedOn.composed ?? 0)).toBeGreaterThanOrEqual(
      5000,
    );
    expect(model.trainedOn.heard ?? 0).toBeGreaterThanOrEqual(300);
  });

  it('reads a list of tasks, a what-if and a moment as a checklist, a pitch and a tweet', () => {
    expect(
      inferFormatAndCategory(
        'fix the leaking tap in the bathroom replace the smoke alarm battery and paint the back fence',
      ).format,
    ).toBe('checklist');
    expect(
      inferFormatAndCategory(
        'what if we put an honesty fridge at the farm gate so nobody drives out for nothing',
      ).format,
    ).toBe('pitch');
    expect(
      inferFormatAndCategory('the best code review comment i ever got was just the word why')
        .format,
    ).toBe('tweet');
  });

  it('gives no category to a day that mixes work and home, though the rules guess one', () => {
    const day =
      'tomorrow send the invoice to the council pick up the kids at three and renew the car tax';
    const learned = learnedFormatAndCategory(day);
    expect(learned.category).toBeNull();
    expect(inferWithRules(day).category).not.toBeNull();
    expect(inferFormatAndCategory(day)).toEqual({
      format: 'checklist',
      category: null,
      confidence: Math.floor(learned.formatConfidence * 100) / 100,
    });
  });

  it('answers with the lower of the two confidences, floored, when it gives a category', () => {
    const salon =
      'before we close tonight restock the toner ring mrs patel about her colour and wipe down the dryers';
    const learned = learnedFormatAndCategory(salon);
    expect(learned.category).toBe('work');
    expect(inferFormatAndCategory(salon)).toEqual({
      format: 'checklist',
      category: 'work',
      confidence:
        Math.floor(Math.min(learned.formatConfidence, learned.categoryConfidence) * 100) / 100,
    });
  });

  it('gives a category only where the app would apply it, so below that the setting stands', () => {
    // All of 12 words or more, so the models answer rather than the rules alone.
    const said = [
      'before we close tonight restock the toner ring mrs patel about her colour and wipe down the dryers',
      'finally ran my first 10k this morning without stopping once and my legs are jelly',
      'our band is playing the crown on saturday night so come down and say hi to us',
      'buy batteries tape and a new extension cord and pick up the parcel on friday',
      'tomorrow send the invoice to the council pick up the kids at three and renew the car tax',
    ];
    const given = said.map((text) => inferFormatAndCategory(text));
    for (const [i, answer] of given.entries()) {
      const learned = learnedFormatAndCategory(said[i] as string);
      if (answer.category === null) {
        expect(learned.category, said[i]).toBeNull();
        expect(answer.confidence).toBe(Math.floor(learned.formatConfidence * 100) / 100);
      } else {
        expect(answer.category).toBe(learned.category);
        expect(answer.confidence).toBeGreaterThanOrEqual(0.7);
      }
    }
    expect(given.some((answer) => answer.category === null)).toBe(true);
    expect(given.some((answer) => answer.category !== null)).toBe(true);
  });

  it('keeps what was said outright, and answers nothing for no words', () => {
    expect(
      inferFormatAndCategory(
        'Make this a checklist about work: send the invoice and book the room.',
      ),
    ).toMatchObject({ format: 'checklist', category: 'work' });
    for (const nothing of ['', '   ', '... !!', 42 as unknown as string]) {
      expect(inferFormatAndCategory(nothing)).toEqual({
        format: null,
        category: null,
        confidence: 0,
      });
    }
  });

  it('traces which model decided and why no category was given', () => {
    const { trace } = inferFormatAndCategory(
      'tomorrow send the invoice to the council pick up the kids at three and renew the car tax',
      { trace: true },
    );
    expect(trace.some((id) => id.startsWith('infer.format.learned: checklist'))).toBe(true);
    expect(trace).toContain('infer.category.learned: - (below the bar: the setting stands)');
  });
});
