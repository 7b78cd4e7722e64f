import { describe, expect, it } from 'vitest';
import { planPieces } from './audio-pieces.js';

describe('cutting long audio into pieces', () => {
  it('cuts in the middle of the last pause before the longest piece ends', () => {
    const pieces = planPieces(
      {
        durationMs: 500_000,
        silences: [
          { startMs: 90_000, endMs: 92_000 },
          { startMs: 200_000, endMs: 204_000 },
          { startMs: 300_000, endMs: 301_000 },
        ],
      },
      240_000,
      60_000,
    );
    expect(pieces).toEqual([
      { startMs: 0, endMs: 202_000 },
      { startMs: 202_000, endMs: 300_500 },
      { startMs: 300_500, endMs: 500_000 },
    ]);
  });

  it('cuts at the longest piece when the speaker never paused, and leaves short audio whole', () => {
    expect(planPieces({ durationMs: 500_000, silences: [] }, 240_000, 60_000)).toEqual([
      { startMs: 0, endMs: 240_000 },
      { startMs: 240_000, endMs: 480_000 },
      { startMs: 480_000, endMs: 500_000 },
    ]);
    expect(
      planPieces({ durationMs: 30_000, silences: [{ startMs: 10_000, endMs: 12_000 }] }),
    ).toEqual([{ startMs: 0, endMs: 30_000 }]);
  });
});
