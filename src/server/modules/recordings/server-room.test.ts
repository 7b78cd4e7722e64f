import { describe, expect, it } from 'vitest';
import {
  createServerRoomEstimate,
  SERVER_TOTAL_FRESH_MS,
  serverRoomMargin,
} from './server-room.js';

/**
 * The server's room is summed only near its cap; far from it an estimate decides, which must
 * never be below what this instance knows it holds.
 */

const CAP = 1000;

function estimateOf(totals: number[]) {
  let clock = 0;
  let reads = 0;
  const estimate = createServerRoomEstimate(
    async () => {
      const total = totals[Math.min(reads, totals.length - 1)] ?? 0;
      reads += 1;
      return total;
    },
    () => clock,
  );
  return {
    estimate,
    reads: () => reads,
    advance(ms: number) {
      clock += ms;
    },
  };
}

describe('the server room estimate', () => {
  it('keeps a tenth of the cap for the exact sum', () => {
    expect(serverRoomMargin(CAP)).toBe(100);
    expect(serverRoomMargin(20 * 1024 ** 3)).toBe(Math.ceil((20 * 1024 ** 3) / 10));
  });

  it('reads the total once a while, and counts what this instance reserves meanwhile', async () => {
    const { estimate, reads } = estimateOf([500]);
    const first = await estimate.claimFarFromCap(300, CAP);
    expect(first).not.toBeNull();
    first?.settle(true);
    // 500 read, 300 reserved since: 100 more would reach the margin.
    expect(await estimate.claimFarFromCap(101, CAP)).toBeNull();
    expect(await estimate.claimFarFromCap(100, CAP)).not.toBeNull();
    expect(reads()).toBe(1);
  });

  it('lets parallel claims see each other before either ends', async () => {
    const { estimate } = estimateOf([0]);
    const claims = await Promise.all([1, 2, 3, 4].map(() => estimate.claimFarFromCap(300, CAP)));
    expect(claims.filter((claim) => claim !== null)).toHaveLength(3);
  });

  it('gives back a claim whose reservation was refused', async () => {
    const { estimate } = estimateOf([0]);
    const refused = await estimate.claimFarFromCap(900, CAP);
    refused?.settle(false);
    expect(await estimate.claimFarFromCap(900, CAP)).not.toBeNull();
  });

  it('reads again once the total is stale, dropping what it now holds', async () => {
    const { estimate, reads, advance } = estimateOf([0, 100]);
    (await estimate.claimFarFromCap(800, CAP))?.settle(true);
    expect(await estimate.claimFarFromCap(200, CAP)).toBeNull();
    advance(SERVER_TOTAL_FRESH_MS);
    // The new read (100) is what is held now: the 800 reserved before it are not added again.
    expect(await estimate.claimFarFromCap(200, CAP)).not.toBeNull();
    expect(reads()).toBe(2);
  });

  it('leaves the decision to the exact sum when the total cannot be read', async () => {
    const estimate = createServerRoomEstimate(() => Promise.reject(new Error('database away')));
    expect(await estimate.claimFarFromCap(1, CAP)).toBeNull();
    expect(await estimate.fitsFarFromCap(1, CAP)).toBe(false);
  });
  it('counts what the exact sum reserved near the cap', async () => {
    const { estimate } = estimateOf([0]);
    (await estimate.claimFarFromCap(800, CAP))?.settle(true);
    estimate.noteReserved(199);
    expect(await estimate.claimFarFromCap(1, CAP)).toBeNull();
  });

  it('goes on with a total read not long ago while the next sum runs', async () => {
    let release: (total: number) => void = () => undefined;
    let clock = 0;
    let reads = 0;
    const estimate = createServerRoomEstimate(
      () => {
        reads += 1;
        if (reads === 1) return Promise.resolve(0);
        return new Promise<number>((resolve) => {
          release = resolve;
        });
      },
      () => clock,
    );
    (await estimate.claimFarFromCap(100, CAP))?.settle(true);
    clock += SERVER_TOTAL_FRESH_MS;
    // The second sum has not answered: the first (younger than SERVER_TOTAL_STALE_MS), with the
    // 100 reserved since, decides.
    expect(await estimate.claimFarFromCap(700, CAP)).not.toBeNull();
    expect(await estimate.claimFarFromCap(101, CAP)).toBeNull();
    expect(reads).toBe(2);
    // Once it answers, the new total stands in for the 100 it holds.
    release(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(await estimate.fitsFarFromCap(200, CAP)).toBe(true);
  });
});
