import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Idea, IdeaList, NewIdea, Usage } from '#contract/api-schemas';
import type { Category, Format } from '#contract/taxonomy';
import { apiRequest, apiSend } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { IDEAS_STALE_TIME_MS, queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';

/** The home list fetches the most the window-height rule can show (docs/product.md, Constants and timings). */
export const RECENT_IDEAS_FETCH_LIMIT = 4;

function collectionPath(session: Pick<Session, 'isSignedIn'>): string {
  return session.isSignedIn ? apiPaths.ideas : apiPaths.guestIdeas;
}

function itemPath(session: Pick<Session, 'isSignedIn'>, id: string): string {
  return session.isSignedIn ? apiPaths.idea(id) : apiPaths.guestIdea(id);
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

/** Applies a change to every cached list of this owner: the home list and every search. */
function patchCachedLists(client: QueryClient, owner: string, patch: (list: IdeaList) => IdeaList) {
  client.setQueryData<IdeaList>(queryKeys.recentIdeas(owner), (old) => (old ? patch(old) : old));
  client.setQueriesData<InfiniteData<IdeaList>>({ queryKey: ['ideas', owner, 'search'] }, (old) =>
    old ? { ...old, pages: old.pages.map(patch) } : old,
  );
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

export function useUpdateIdea(session: Session) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      content,
      transcript,
    }: {
      id: string;
      content: string;
      transcript?: string;
    }) =>
      apiRequest('IdeaSchema', 'PUT', itemPath(session, id), {
        body: transcript === undefined ? { content } : { content, transcript },
      }),
    onSuccess: (updated) => {
      patchCachedLists(client, session.owner, (list) => ({
        ...list,
        items: list.items.map((idea) => (idea.id === updated.id ? updated : idea)),
      }));
    },
  });
}

export interface ReformatChoice {
  format: Format;
  category: Category;
}

/**
 * Rewrites an idea from its original transcript in another format and category (docs/api.md,
 * reformat). The answer replaces the idea in every cached list; searches filtered by category
 * are fetched again, since the idea may have moved in or out of them.
 */
export function useReformatIdea(session: Session) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, format, category }: ReformatChoice & { id: string }) =>
      apiRequest('IdeaSchema', 'POST', `${itemPath(session, id)}/reformat`, {
        body: { format, category, mode: 'smart' },
      }),
    onSuccess: (reformatted) => {
      patchCachedLists(client, session.owner, (list) => ({
        ...list,
        items: list.items.map((idea) => (idea.id === reformatted.id ? reformatted : idea)),
      }));
      void client.invalidateQueries({ queryKey: ['ideas', session.owner, 'search'] });
    },
  });
}

/** Puts the idea as it now is into every cached list of its owner that holds it. */
export function replaceInCachedLists(client: QueryClient, owner: string, changed: Idea) {
  patchCachedLists(client, owner, (list) => ({
    ...list,
    items: list.items.map((idea) => (idea.id === changed.id ? changed : idea)),
  }));
}

/** Takes an idea out of every cached list of its owner, the count of each list with it. */
export function removeFromCachedLists(client: QueryClient, owner: string, id: string) {
  patchCachedLists(client, owner, (list) =>
    list.items.some((idea) => idea.id === id)
      ? {
          ...list,
          items: list.items.filter((idea) => idea.id !== id),
          total: Math.max(0, list.total - 1),
        }
      : list,
  );
}

export type { Idea };

/** docs/api.md, "Sharing and the person's own words": the idea's public link, the same while it lives. */
export async function createShareLink(
  session: Pick<Session, 'isSignedIn'>,
  id: string,
): Promise<string> {
  const { url } = await apiRequest('ShareLinkSchema', 'POST', `${itemPath(session, id)}/share`);
  return url;
}

/** Stops the idea's public link at once. */
export function revokeShareLink(session: Pick<Session, 'isSignedIn'>, id: string): Promise<void> {
  return apiSend('DELETE', `${itemPath(session, id)}/share`);
}
