import { describe, expect, it } from 'vitest';
import { IDEAS_STALE_TIME_MS, USAGE_STALE_TIME_MS, createQueryClient } from './query-client';

describe('query defaults (docs/product.md, Constants and timings)', () => {
  it('never refetch on an interval or on focus, are never stale and never retry', () => {
    const defaults = createQueryClient().getDefaultOptions();
    expect(defaults.queries).toMatchObject({
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      retry: false,
    });
    expect(defaults.mutations).toMatchObject({ retry: false });
  });

  it('keep usage fresh for 30 s and ideas for 5 minutes', () => {
    expect(USAGE_STALE_TIME_MS).toBe(30_000);
    expect(IDEAS_STALE_TIME_MS).toBe(300_000);
  });
});
