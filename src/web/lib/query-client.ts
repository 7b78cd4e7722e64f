import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/api-schemas';
import { getQueryFn } from './api-client';
import { ApiError } from './api-error';

/** docs/product.md, Constants and timings: no interval, no focus refetch, never stale unless a query says so, no retries. */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error) => onSessionRefused(client, error) }),
    mutationCache: new MutationCache({ onError: (error) => onSessionRefused(client, error) }),
    defaultOptions: {
      queries: {
        queryFn: getQueryFn('throw'),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

/**
 * A 401 while the app believes someone is signed in means the session ended on the server
 * (expired, signed out elsewhere, password reset). The session is asked again: it answers as a
 * guest, every owner-keyed list switches to the guest's and usage follows, so the person lands
 * in guest mode instead of on a wall of errors. A 401 with a live session (a wrong password when
 * deleting the account) changes nothing, because the session answers as before.
 */
function onSessionRefused(client: QueryClient, error: unknown) {
  if (!(error instanceof ApiError) || error.status !== 401) return;
  const me = client.getQueryData<Me>(queryKeys.me);
  if (!me || me.email === '') return;
  void client.invalidateQueries({ queryKey: queryKeys.me, refetchType: 'all' });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

export const USAGE_STALE_TIME_MS = 30_000;
export const IDEAS_STALE_TIME_MS = 5 * 60_000;

export const queryKeys = {
  me: ['/api/me'] as const,
  config: ['/api/config'] as const,
  usage: ['/api/usage'] as const,
  ideas: ['ideas'] as const,
  recentIdeas: (owner: string) => ['ideas', owner, 'recent'] as const,
  searchIdeas: (owner: string, q: string, category: string | null, format: string | null) =>
    ['ideas', owner, 'search', { q, category, format }] as const,
  dictionary: (owner: string) => ['dictionary', owner] as const,
};
