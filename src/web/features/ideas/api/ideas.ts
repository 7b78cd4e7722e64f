import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Idea, IdeaList, NewIdea, Usage } from '#contract/api-schemas';
import type { Category, Format } from '#contract/taxonomy';
import { apiRequest } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { IDEAS_STALE_TIME_MS, queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';

/** The home list fetches the most the window-height rule can show (docs/product.md, Constants and timings). */
export const RECENT_IDEAS_FETCH_LIMIT = 4;

export function collectionPath(session: Pick<Session, 'isSignedIn'>): string {
  return session.isSignedIn ? apiPaths.ideas : apiPaths.guestIdeas;
}

export interface IdeasPageQuery {
  limit: number;
  cursor?: string | null;
  q?: string;
  category?: Category | null;
  format?: Format | null;
}

export function fetchIdeasPage(
  session: Pick<Session, 'isSignedIn'>,
  query: IdeasPageQuery,
  signal?: AbortSignal,
): Promise<IdeaList> {
  const params = new URLSearchParams({ limit: String(query.limit) });
  if (query.cursor) params.set('cursor', query.cursor);
  if (query.q) params.set('q', query.q);
  if (query.category) params.set('category', query.category);
  if (query.format) params.set('format', query.format);
  return apiRequest('IdeaListSchema', 'GET', `${collectionPath(session)}?${params}`, { signal });
}

export function recentIdeasQuery(session: Pick<Session, 'isSignedIn' | 'owner'>) {
  return queryOptions({
    queryKey: queryKeys.recentIdeas(session.owner),
    queryFn: ({ signal }) => fetchIdeasPage(session, { limit: RECENT_IDEAS_FETCH_LIMIT }, signal),
    staleTime: IDEAS_STALE_TIME_MS,
  });
}

export function useRecentIdeas(session: Session, enabled = true) {
  return useQuery({ ...recentIdeasQuery(session), enabled });
}

export function useSaveIdea(session: Session) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idea: NewIdea) =>
      apiRequest('IdeaSchema', 'POST', collectionPath(session), {
        // docs/product.md, Constants and timings: guests send guestId as an empty string, users their id; the server
        // decides the owner from the header or the session either way.
        body: session.isSignedIn
          ? { ...idea, userId: session.me?.id ?? '' }
          : { ...idea, guestId: '' },
      }),
    // docs/product.md: the usage increment shows at once and is rolled back on error.
    onMutate: async () => {
      await client.cancelQueries({ queryKey: queryKeys.usage });
      const previousUsage = client.getQueryData<Usage>(queryKeys.usage);
      if (previousUsage) {
        client.setQueryData<Usage>(queryKeys.usage, {
          ...previousUsage,
          usedThisMonth: previousUsage.usedThisMonth + 1,
        });
      }
      return { previousUsage };
    },
    onError: (_error, _idea, context) => {
      if (context?.previousUsage) client.setQueryData(queryKeys.usage, context.previousUsage);
    },
    onSuccess: (saved) => {
      client.setQueryData<IdeaList>(queryKeys.recentIdeas(session.owner), (old) =>
        old
          ? {
              ...old,
              items: [saved, ...old.items].slice(0, RECENT_IDEAS_FETCH_LIMIT),
              total: old.total + 1,
            }
          : { items: [saved], total: 1, nextCursor: null },
      );
      void client.invalidateQueries({ queryKey: ['ideas', session.owner, 'search'] });
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.usage }),
  });
}

export type { Idea };
