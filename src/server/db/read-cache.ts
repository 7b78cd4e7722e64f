import { LRUCache } from 'lru-cache';

/**
 * A cache of database reads that is never stale (ADR 013). Entries belong to one data version
 * (Database.dataVersion): when it moves, because anything at all was written here or another
 * connection committed, every entry is dropped at once. There is no per-key invalidation to get
 * wrong, and a write path added later is covered without knowing about the cache.
 *
 * Loads are read after the version is, so a value is never older than the version it is filed
 * under; one that finishes after the version moved is handed to its callers but not kept.
 * Concurrent reads of the same key share one load. Values are deep-frozen when kept, so a
 * caller that tried to change a shared value would throw rather than corrupt it.
 */
export interface ReadCache<V> {
  read(key: string, load: () => Promise<V>): Promise<V>;
}

export interface ReadCacheOptions<V> {
  /** Estimated bytes held at most; 0 turns the cache off (every read loads). */
  maxBytes: number;
  /** The estimated bytes of one value (at least 1). */
  sizeOf: (value: V) => number;
  /** Which values to keep; others are loaded every time (e.g. a lookup that found nothing). */
  keep?: (value: V) => boolean;
}

/** Values this module froze, so a serializer can know a value will never change. */
const frozenValues = new WeakSet<object>();

export function isCachedValue(value: unknown): boolean {
  return typeof value === 'object' && value !== null && frozenValues.has(value);
}

function deepFreeze<V>(value: V): V {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const child of Object.values(value)) deepFreeze(child);
  return Object.freeze(value);
}

export function createReadCache<V>(
  dataVersion: () => number | null,
  options: ReadCacheOptions<V>,
): ReadCache<V> {
  if (options.maxBytes <= 0) return { read: (_key, load) => load() };
  const keep = options.keep ?? (() => true);
  const entries = new LRUCache<string, V & object>({
    maxSize: options.maxBytes,
    sizeCalculation: (value) => Math.max(1, Math.ceil(options.sizeOf(value))),
  });
  const loading = new Map<string, Promise<V>>();
  let filedUnder: number | null = null;

  return {
    read(key, load) {
      const version = dataVersion();
      if (version === null) return load();
      if (version !== filedUnder) {
        entries.clear();
        loading.clear();
        filedUnder = version;
      }
      const hit = entries.get(key);
      if (hit !== undefined) return Promise.resolve(hit);
      const pending = loading.get(key);
      if (pending !== undefined) return pending;
      const loaded: Promise<V> = load().then(
        (value) => {
          if (loading.get(key) === loaded) loading.delete(key);
          if (
            filedUnder === version &&
            typeof value === 'object' &&
            value !== null &&
            keep(value)
          ) {
            entries.set(key, deepFreeze(value));
            frozenValues.add(value);
          }
          return value;
        },
        (error: unknown) => {
          if (loading.get(key) === loaded) loading.delete(key);
          throw error;
        },
      );
      loading.set(key, loaded);
      return loaded;
    },
  };
}
