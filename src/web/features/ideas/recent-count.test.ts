import { describe, expect, it } from 'vitest';
import { recentIdeasCount } from './recent-count';

describe('recent ideas shown for a window height', () => {
  it.each([
    [500, 2],
    [720, 2],
    [721, 3],
    [767, 3],
    [768, 4],
    [780, 4],
    // (781 - 300) / 90 is already above 4, so every taller window is clamped to 4.
    [781, 4],
    [844, 4],
    [1400, 4],
  ])('%i px shows %i', (height, count) => {
    expect(recentIdeasCount(height)).toBe(count);
  });
});
