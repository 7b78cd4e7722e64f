import { describe, expect, it } from 'vitest';
import { createReadCache, isCachedValue } from './read-cache.js';

interface Page {
  items: { text: string }[];
  total: number;
}

/** A data version the test moves by hand, and a loader that counts its calls. */
function harness(options: { maxBytes?: number; keep?: (value: Page | null) => boolean } = {}) {
  let version: number | null = 1;
  let loads = 0;
  const cache = createReadCache<Page | null>(() => version, {
    maxBytes: options.maxBytes ?? 1_000_000,
    sizeOf: (page) => 100 * (page?.items.length ?? 1),
    ...(options.keep ? { keep: options.keep } : {}),
  });
  return {
    cache,
    setVersion(next: number | null) {
      version = next;
    },
    loads: () => loads,
    load(text: string) {
      return async (): Promise<Page> => {
        loads += 1;
        await Promise.resolve();
        return { items: [{ text }], total: 1 };
      };
    },
  };
}

describe('createReadCache', () => {
  it('answers a repeated read from memory while the data version stays', async () => {
    const h = harness();
    const first = await h.cache.read('k', h.load('a'));
    const second = await h.cache.read('k', h.load('b'));
    expect(h.loads()).toBe(1);
    expect(second).toBe(first);
    expect(second).toEqual({ items: [{ text: 'a' }], total: 1 });
    expect(isCachedValue(second)).toBe(true);
  });

  it('keys are separate', async () => {
    const h = harness();
    expect(await h.cache.read('k1', h.load('a'))).toEqual({ items: [{ text: 'a' }], total: 1 });
    expect(await h.cache.read('k2', h.load('b'))).toEqual({ items: [{ text: 'b' }], total: 1 });
    expect(h.loads()).toBe(2);
  });

  it('drops every entry when the data version moves', async () => {
    const h = harness();
    await h.cache.read('k1', h.load('a'));
    await h.cache.read('k2', h.load('a'));
    h.setVersion(2);
    expect(await h.cache.read('k1', h.load('b'))).toEqual({ items: [{ text: 'b' }], total: 1 });
    expect(await h.cache.read('k2', h.load('b'))).toEqual({ items: [{ text: 'b' }], total: 1 });
    expect(h.loads()).toBe(4);
  });

  it('loads every time, and keeps nothing, while the version cannot be known', async () => {
    const h = harness();
    h.setVersion(null);
    const first = await h.cache.read('k', h.load('a'));
    await h.cache.read('k', h.load('a'));
    expect(h.loads()).toBe(2);
    expect(isCachedValue(first)).toBe(false);
    expect(Object.isFrozen(first)).toBe(false);
  });

  it('shares one load between concurrent reads of a key', async () => {
    const h = harness();
    const results = await Promise.all([
      h.cache.read('k', h.load('a')),
      h.cache.read('k', h.load('b')),
      h.cache.read('k', h.load('c')),
    ]);
    expect(h.loads()).toBe(1);
    expect(results[1]).toBe(results[0]);
    expect(results[2]).toBe(results[0]);
  });

  it('hands out but does not keep a value whose load outlived its data version', async () => {
    const h = harness();
    let release: () => void = () => undefined;
    const pending = h.cache.read('k', async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return { items: [{ text: 'old' }], total: 1 };
    });
    await Promise.resolve();
    h.setVersion(2);
    // A read under the new version does not join the load started under the old one.
    const fresh = h.cache.read('k', h.load('new'));
    release();
    expect(await pending).toEqual({ items: [{ text: 'old' }], total: 1 });
    expect(await fresh).toEqual({ items: [{ text: 'new' }], total: 1 });
    expect(await h.cache.read('k', h.load('later'))).toEqual({
      items: [{ text: 'new' }],
      total: 1,
    });
  });

  it('does not keep a failed load: the next read tries again', async () => {
    const h = harness();
    const failing = h.cache.read('k', () => Promise.reject(new Error('database is locked')));
    await expect(failing).rejects.toThrow('database is locked');
    expect(await h.cache.read('k', h.load('a'))).toEqual({ items: [{ text: 'a' }], total: 1 });
    expect(h.loads()).toBe(1);
  });

  it('loads again every time for values it is told not to keep', async () => {
    const h = harness({ keep: (value) => value !== null });
    let misses = 0;
    const notFound = () => {
      misses += 1;
      return Promise.resolve(null);
    };
    expect(await h.cache.read('k', notFound)).toBeNull();
    expect(await h.cache.read('k', notFound)).toBeNull();
    expect(misses).toBe(2);
  });

  it('deep-freezes what it keeps, so a caller cannot change a shared value', async () => {
    const h = harness();
    const page = await h.cache.read('k', h.load('a'));
    if (page === null) throw new Error('expected a page');
    expect(() => {
      (page.items[0] as { text: string }).text = 'changed';
    }).toThrow(TypeError);
    expect(() => page.items.push({ text: 'more' })).toThrow(TypeError);
    expect((await h.cache.read('k', h.load('b')))?.items).toEqual([{ text: 'a' }]);
  });

  it('holds at most maxBytes, dropping the least recently used entries', async () => {
    const h = harness({ maxBytes: 250 });
    await h.cache.read('k1', h.load('a'));
    await h.cache.read('k2', h.load('a'));
    await h.cache.read('k1', h.load('a'));
    await h.cache.read('k3', h.load('a'));
    expect(h.loads()).toBe(3);
    await h.cache.read('k1', h.load('a'));
    expect(h.loads()).toBe(3);
    await h.cache.read('k2', h.load('a'));
    expect(h.loads()).toBe(4);
  });

  it('is off with a budget of 0', async () => {
    const h = harness({ maxBytes: 0 });
    await h.cache.read('k', h.load('a'));
    const second = await h.cache.read('k', h.load('a'));
    expect(h.loads()).toBe(2);
    expect(isCachedValue(second)).toBe(false);
  });
});

describe('isCachedValue', () => {
  it('is false for anything the cache did not keep', () => {
    expect(isCachedValue(null)).toBe(false);
    expect(isCachedValue('text')).toBe(false);
    expect(isCachedValue(Object.freeze({ a: 1 }))).toBe(false);
  });
});
