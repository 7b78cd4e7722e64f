import { describe, expect, it } from 'vitest';
import { resultsCountText } from './preview';

describe('search cards', () => {
  it('say found only when filtered', () => {
    expect(resultsCountText(3, false)).toBe('3 ideas');
    expect(resultsCountText(1, true)).toBe('1 idea found');
    expect(resultsCountText(1000, true, true)).toBe('1,000+ ideas found');
    expect(resultsCountText(1000, false, true)).toBe('1,000+ ideas');
    expect(resultsCountText(1000, true)).toBe('1000 ideas found');
  });
});
