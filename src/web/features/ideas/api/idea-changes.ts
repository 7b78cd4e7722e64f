import {
  useMutation,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Idea, IdeaList } from '#contract/api-schemas';
import type { Category, Format } from '#contract/taxonomy';
import { apiRequest, apiSend } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';

/*
 * What changes a saved idea (its sheets, a tick, a delete), apart from ideas.ts: the first screen
 * lists and saves ideas, and these load with the sheets that use them.
 */

function itemPath(session: Pick<Session, 'isSignedIn'>, id: string): string {
  return session.isSignedIn ? apiPaths.idea(id) : apiPaths.guestIdea(id);
}

/** Applies a change to every cached list of this owner: the home list and every search. */
function patchCachedLists(client: QueryClient, owner: string, patch: (list: IdeaList) => IdeaList) {
  client.setQueryData<IdeaList>(queryKeys.recentIdeas(owner), (old) => (old ? patch(old) : old));
  client.setQueriesData<InfiniteData<IdeaList>>({ queryKey: ['ideas', owner, 'search'] }, (old) =>
    old ? { ...old, pages: old.pages.map(patch) } : old,
  );
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
