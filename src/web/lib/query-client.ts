import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api-client';

/** docs/product.md, Constants and timings: no interval, no focus refetch, never stale unless a query says so, no retries. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

export const USAGE_STALE_TIME_MS = 30_000;
export const IDEAS_STALE_TIME_MS = 5 * 60_000;

export const queryKeys = {
  me: ['/api/me'] as const,
  config: ['/api/config'] as const,
  usage: ['/api/usage'] as const,
  ideas: ['ideas'] as const,
  recentIdeas: (owner: string) => ['ideas', owner, 'recent'] as const,
  searchIdeas: (owner: string, q: string, category: string | null) =>
    ['ideas', owner, 'search', { q, category }] as const,
};
