import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { memoryCounters } from './memory-counters.js';
import { redisCounters, withFallback, type Counters } from './rate-limit-counters.js';

const TEST_REDIS_URL = process.env.TEST_REDIS_URL?.trim() || 'redis://127.0.0.1:6379';
describe('memory counters', () => {
  it('count in a fixed window that starts again when it ends', async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    expect(await counters.increment('k', 100)).toEqual({ count: 1, ttlMs: 100 });
    now += 40;
    expect(await counters.increment('k', 100)).toEqual({ count: 2, ttlMs: 60 });
    now += 60;
    expect(await counters.read('k')).toBeUndefined();
    expect(await counters.increment('k', 100)).toEqual({ count: 1, ttlMs: 100 });
  });

  it('give back an amount without moving the window, never below zero', async () => {
    let now = 1_000;
    const counters = memoryCounters(() => now);
    await counters.increment('k', 100, 500);
    now += 30;
    await counters.decrement('k', 200);
    expect(await counters.read('k')).toEqual({ count: 300, ttlMs: 70 });
    await counters.decrement('k', 1_000);
    expect(await counters.read('k')).toEqual({ count: 0, ttlMs: 70 });
  });

  it('keep one family of counts however many keys another family is sent', async () => {
    const counters = memoryCounters();
    await counters.increment('mail-to:victim@example.com', 60_000, 20);
    // Cheap requests in bulk, each from an address of its own: more keys than one family keeps.
    for (let i = 0; i <= 100_000; i++)
      counters.incrementNow(`save-address:2001:db8:${i}::`, 60_000);
    expect(await counters.read('mail-to:victim@example.com')).toMatchObject({ count: 20 });
    // Within the family, the oldest is forgotten first.
    expect(await counters.read('save-address:2001:db8:0::')).toBeUndefined();
  });
});
describe('the fallback to memory', () => {
  it('counts in memory while the shared store fails, and warns', async () => {
    const failing: Counters = {
      increment: () => Promise.reject(new Error('connection refused')),
      read: () => Promise.reject(new Error('connection refused')),
      decrement: () => Promise.reject(new Error('connection refused')),
      delete: () => Promise.reject(new Error('connection refused')),
    };
    const warn = vi.fn();
    const counters = withFallback(failing, memoryCounters(), warn);
    expect((await counters.increment('k', 60_000)).count).toBe(1);
    expect((await counters.increment('k', 60_000)).count).toBe(2);
    expect(warn).toHaveBeenCalled();
  });

  it('does not wait for a shared store that hangs', async () => {
    const hanging: Counters = {
      increment: () => new Promise(() => undefined),
      read: () => new Promise(() => undefined),
      decrement: () => new Promise(() => undefined),
      delete: () => new Promise(() => undefined),
    };
    const warn = vi.fn();
    const counters = withFallback(hanging, memoryCounters(), warn);
    expect((await counters.increment('k', 60_000)).count).toBe(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/took longer than/);
  });
});

const probe = new Redis(TEST_REDIS_URL, {
  lazyConnect: true,
  connectTimeout: 2_000,
  maxRetriesPerRequest: 0,
  retryStrategy: () => null,
});
probe.on('error', () => undefined);
const redisUp = await probe.connect().then(
  () => true,
  () => {
    console.warn(`Redis tests skipped: nothing answers at ${TEST_REDIS_URL} (set TEST_REDIS_URL).`);
    return false;
  },
);

describe.skipIf(!redisUp)('Redis counters', () => {
  afterAll(() => {
    probe.disconnect();
  });

  it('never lose or repeat a count when two clients count one key at once', async () => {
    const second = new Redis(TEST_REDIS_URL);
    try {
      const [one, two] = [redisCounters(probe), redisCounters(second)];
      const key = `test:${randomBytes(6).toString('hex')}`;
      const counts = await Promise.all(
        Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? one : two).increment(key, 60_000)),
      );
      expect(counts.map((count) => count.count).sort((x, y) => x - y)).toEqual(
        Array.from({ length: 200 }, (_, i) => i + 1),
      );
      expect(await probe.pttl(`voice-ideas:${key}`)).toBeGreaterThan(0);
      await one.decrement(key);
      expect(await two.read(key)).toMatchObject({ count: 199 });
      await two.decrement(key, 150);
      expect(await one.read(key)).toMatchObject({ count: 49 });
      await one.decrement(key, 1_000);
      expect(await two.read(key)).toMatchObject({ count: 0 });
      await two.delete(key);
      expect(await one.read(key)).toBeUndefined();
      await one.decrement(key);
      expect(await one.read(key)).toBeUndefined();
    } finally {
      second.disconnect();
    }
  });
});
