import { LRUCache } from 'lru-cache';
import type { Count, Counters } from './rate-limit-counters.js';

interface Window {
  count: number;
  endsAt: number;
}

/**
 * The most keys of one family (the part of a key before its first colon: "mail-to",
 * "recording-bytes", a route's limit) tracked in memory at once; the oldest are forgotten first.
 * Each family has its own room, so requests that are cheap to send in bulk (a refused save)
 * cannot push out the counts that hold against many addresses (the mails to one inbox).
 */
const MEMORY_MAX_KEYS = 100_000;

function familyOf(key: string): string {
  const colon = key.indexOf(':');
  return colon === -1 ? '' : key.slice(0, colon);
}

/** Counters in this process's memory, which also answer at once, without a promise. */
export interface MemoryCounters extends Counters {
  incrementNow(key: string, windowMs: number, amount?: number): Count;
}

export function memoryCounters(now: () => number = Date.now): MemoryCounters {
  const families = new Map<string, LRUCache<string, Window>>();
  const windowsOf = (key: string): LRUCache<string, Window> => {
    const family = familyOf(key);
    let found = families.get(family);
    if (found === undefined) {
      found = new LRUCache<string, Window>({ max: MEMORY_MAX_KEYS });
      families.set(family, found);
    }
    return found;
  };
  const windows = {
    get: (key: string) => windowsOf(key).get(key),
    set: (key: string, window: Window) => windowsOf(key).set(key, window),
    delete: (key: string) => windowsOf(key).delete(key),
  };
  const current = (key: string) => {
    const window = windows.get(key);
    return window === undefined || window.endsAt <= now() ? undefined : window;
  };
  const incrementNow = (key: string, windowMs: number, amount = 1): Count => {
    let window = current(key);
    if (window === undefined) {
      window = { count: 0, endsAt: now() + windowMs };
      windows.set(key, window);
    }
    window.count += amount;
    return { count: window.count, ttlMs: window.endsAt - now() };
  };
  const readNow = (key: string): Count | undefined => {
    const window = current(key);
    return window === undefined ? undefined : { count: window.count, ttlMs: window.endsAt - now() };
  };
  return {
    incrementNow,
    increment: (key, windowMs, amount) => Promise.resolve(incrementNow(key, windowMs, amount)),
    read: (key) => Promise.resolve(readNow(key)),
    decrement(key, amount = 1) {
      const window = current(key);
      if (window !== undefined) window.count = Math.max(0, window.count - amount);
      return Promise.resolve();
    },
    delete(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
}
