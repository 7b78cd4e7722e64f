import { describe, expect, it } from 'vitest';
import { inferFormatAndCategory } from './infer.js';

describe('inferFormatAndCategory', () => {
  it('reads an idea announced by its kind or by a lead as a pitch', () => {
    expect(inferFormatAndCategory('podcast idea two chefs cook the same dish blindfolded')).toEqual(
      { format: 'pitch', category: 'creative', confidence: 0.9 },
    );
    expect(
      inferFormatAndCategory(
        'hear me out we could rent a van for the whole team trip so nobody has to drive',
      ).format,
    ).toBe('pitch');
    expect(
      inferFormatAndCategory("i'd love a website where neighbours can lend each other tools")
        .format,
    ).toBe('pitch');
    expect(
      inferFormatAndCategory(
        'I was thinking, instead of arguing about the bins, we could take turns by the week.',
      ).format,
    ).toBe('pitch');
  });

  it('reads "no idea for" and a past idea as no pitch', () => {
    expect(
      inferFormatAndCategory('I had no idea for the team lunch so I just ordered pizza again.')
        .format,
    ).toBe('tweet');
    expect(
      inferFormatAndCategory("Every business idea I've had this year flopped, lol.").format,
    ).toBe('tweet');
  });

  it('reads a public thank-you as a tweet whatever the people thanked did', () => {
    expect(
      inferFormatAndCategory(
        'shout out to the barista who remembered my order and drew a cat on it',
      ).format,
    ).toBe('tweet');
  });

  it('counts a possessive as the word itself: "our band\'s" votes for creative', () => {
    expect(inferFormatAndCategory("our band's recording a new song next month").category).toBe(
      'creative',
    );
  });
});
