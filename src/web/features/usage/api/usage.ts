import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Usage } from '#contract/api-schemas';
import { apiRequest } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { USAGE_STALE_TIME_MS, queryKeys } from '#web/lib/query-client';
import { meQuery } from '#web/lib/session';
import { mirrorGuestIdeasLeft } from '../guest-ideas-left';

/**
 * The usage answer does not say whose it is, so the session is read beside it (from the cache,
 * or the one request already on its way) to know whether it is a guest's to mirror. A session
 * that cannot be read leaves the mirror alone rather than failing the usage bar.
 */
export async function fetchUsage(client: QueryClient): Promise<Usage> {
  const [usage, me] = await Promise.all([
    apiRequest('UsageSchema', 'GET', apiPaths.usage),
    client.ensureQueryData(meQuery).catch(() => undefined),
  ]);
  mirrorGuestIdeasLeft(usage, me);
  return usage;
}

/** Usage goes stale after 30 s and is refetched on mount and on focus. */
export function usageQuery(client: QueryClient) {
  return queryOptions({
    queryKey: queryKeys.usage,
    queryFn: () => fetchUsage(client),
    staleTime: USAGE_STALE_TIME_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
}

export function useUsage() {
  return useQuery(usageQuery(useQueryClient()));
}
