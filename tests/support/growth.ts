/**
 * How an input's cost grows, read from the time at n and at 4n measured side by side (fastest
 * of several runs each, interleaved), so a busy machine slows both alike: a linear cost gives
 * about 4, a quadratic one about 16. A test asserts the shape of the cost this way rather than
 * a wall-time budget, which a loaded machine breaks; speed itself is `npm run bench`'s job.
 */
export function growthFactor(run: (size: number) => void, size: number, rounds = 5): number {
  let small = Infinity;
  let large = Infinity;
  for (let round = 0; round < rounds; round += 1) {
    small = Math.min(
      small,
      timed(() => run(size)),
    );
    large = Math.min(
      large,
      timed(() => run(size * 4)),
    );
  }
  // A floor of 0.05 ms keeps a run too fast to time from dividing by almost nothing.
  return large / Math.max(small, 0.05);
}

function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}
