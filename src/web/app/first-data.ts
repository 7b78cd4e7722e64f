import type { QueryClient } from '@tanstack/react-query';
import { recentIdeasQuery } from '../features/ideas/api/ideas';
import { usageQuery } from '../features/usage/api/usage';
import { routePaths } from '../lib/paths';
import { serverConfigQuery } from '../lib/server-config';
import { meQuery, sessionOf } from '../lib/session';

/**
 * Longest the first render waits for home's answers. Past it the app renders without them and
 * they arrive as an update, as on every other page.
 */
export const FIRST_DATA_WAIT_MS = 800;

/**
 * Home's answers (session, server config, usage, the recent list), asked before React's first
 * render so that render already shows them. Asked by the hooks after it, each answer was a second
 * render of the whole page, and a store update (useSyncExternalStore) renders in one blocking
 * task, which a phone's CPU turns into a long one; the first render itself is a transition that
 * React splits into short tasks. Failures are left in the cache: the hooks ask again on mount.
 */
export async function loadFirstScreenData(client: QueryClient, path: string): Promise<void> {
  if (path !== routePaths.home) return;
  const answers = Promise.allSettled([
    client.prefetchQuery(serverConfigQuery),
    client.prefetchQuery(usageQuery(client)),
    client.fetchQuery(meQuery).then((me) => client.prefetchQuery(recentIdeasQuery(sessionOf(me)))),
  ]);
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    answers,
    new Promise((resolve) => {
      timer = setTimeout(resolve, FIRST_DATA_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}
