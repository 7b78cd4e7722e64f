import { describe, expect, it } from 'vitest';
import { HttpError } from './errors.js';
import { memoryCounters } from './memory-counters.js';
import { PasswordGuessThrottle } from './rate-limits.js';

async function rejectsWith429(work: Promise<unknown>): Promise<void> {
  const error = await work.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(HttpError);
  expect((error as HttpError).statusCode).toBe(429);
}

describe('the password-guess throttle on shared counts', () => {
  it('sees the failures another instance counted', async () => {
    const shared = memoryCounters();
    const instanceA = new PasswordGuessThrottle(3, shared);
    const instanceB = new PasswordGuessThrottle(3, shared);
    await instanceA.begin('Owner@Example.com', '198.51.100.1');
    await instanceB.begin('owner@example.com', '198.51.100.1');
    await instanceA.begin('owner@example.com', '198.51.100.1');
    await rejectsWith429(instanceB.begin('owner@example.com', '198.51.100.1'));
    // The owner, from an address that has not failed, still gets in, on either instance.
    await instanceB.begin('owner@example.com', '203.0.113.7');
    await instanceB.succeeded('owner@example.com', '203.0.113.7');
  });
});
