import { describe, expect, it } from 'vitest';
import { resultsCountText, searchPreview } from './preview';

describe('search cards', () => {
  it('cut content to 100 characters plus an ellipsis', () => {
    const long = 'a'.repeat(150);
    expect(searchPreview(long)).toBe(`${'a'.repeat(100)}...`);
    expect(searchPreview('short')).toBe('short');
    expect(searchPreview('b'.repeat(100))).toBe('b'.repeat(100));
  });

  it('never split an emoji in half', () => {
    expect(searchPreview('🎤'.repeat(120))).toBe(`${'🎤'.repeat(100)}...`);
  });

  it('say found only when filtered', () => {
    expect(resultsCountText(3, false)).toBe('3 ideas');
    expect(resultsCountText(1, true)).toBe('1 idea found');
    expect(resultsCountText(1000, true, true)).toBe('1,000+ ideas found');
    expect(resultsCountText(1000, false, true)).toBe('1,000+ ideas');
    expect(resultsCountText(1000, true)).toBe('1000 ideas found');
  });
});
