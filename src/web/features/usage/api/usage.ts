import { useQuery } from '@tanstack/react-query';
import type { Usage } from '../../../../core/api-schemas';
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/paths';
import { USAGE_STALE_TIME_MS, queryKeys } from '../../../lib/query-client';
import { STORAGE_KEYS, writeItem } from '../../../lib/storage';

export async function fetchUsage(): Promise<Usage> {
  const usage = await apiRequest('UsageSchema', 'GET', apiPaths.usage);
  // The browser's guestIdeasLeft only mirrors the server (API.md); it is never authoritative.
  if (usage.monthlyLimit !== null) {
    writeItem(
      STORAGE_KEYS.guestIdeasLeft,
      String(Math.max(0, usage.monthlyLimit - usage.usedThisMonth)),
    );
  }
  return usage;
}

/** Spec section 9: usage goes stale after 30 s and is refetched on mount and on focus. */
export function useUsage() {
  return useQuery({
    queryKey: queryKeys.usage,
    queryFn: fetchUsage,
    staleTime: USAGE_STALE_TIME_MS,
    refetchOnMount: true,
    refetchOnWindowFocus: true,
  });
}
