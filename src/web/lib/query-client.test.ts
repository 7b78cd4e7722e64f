// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '#contract/api-schemas';
import { stubServer } from '../testing/screen';
import { fetchMe } from './session';
import {
  IDEAS_STALE_TIME_MS,
  USAGE_STALE_TIME_MS,
  createQueryClient,
  queryKeys,
} from './query-client';

afterEach(() => vi.unstubAllGlobals());

const signedIn: Me = { id: 'user-1', email: 'ada@example.com', plan: 'free' };

describe('A session the server no longer knows', () => {
  it('turns the app back into a guest instead of failing', async () => {
    stubServer((request) => {
      if (request.path === '/api/me')
        return { body: { id: 'guest_abcdefgh', email: '', plan: 'guest' } };
      return { status: 401, body: { error: 'unauthorized', message: 'Please sign in.' } };
    });
    const client = createQueryClient();
    client.setQueryData(queryKeys.me, signedIn);
    client.setQueryDefaults(queryKeys.me, { queryFn: fetchMe });
    await expect(client.fetchQuery({ queryKey: ['/api/ideas'] })).rejects.toThrow('401');
    await vi.waitFor(() => expect(client.getQueryData<Me>(queryKeys.me)?.email).toBe(''));
  });

  it('changes nothing for a guest whose call is refused', async () => {
    const { seen } = stubServer(() => ({
      status: 401,
      body: { error: 'invalid_credentials', message: 'No.' },
    }));
    const client = createQueryClient();
    client.setQueryData<Me>(queryKeys.me, { id: 'guest_abcdefgh', email: '', plan: 'guest' });
    await expect(client.fetchQuery({ queryKey: ['/api/ideas'] })).rejects.toThrow('401');
    expect(seen.map((request) => request.path)).toEqual(['/api/ideas']);
  });
});

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
