import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/api-schemas';
import { isProPlan } from '#contract/plans';
import { apiPaths } from './paths';
import { apiRequest } from './api-client';
import { ensureGuestId } from './guest-id';
import { queryKeys } from './query-client';

export function fetchMe(): Promise<Me> {
  return apiRequest('MeSchema', 'GET', apiPaths.me);
}

export interface Session {
  me: Me | undefined;
  /** An empty email means a guest (docs/product.md, Constants and timings). */
  isSignedIn: boolean;
  isPro: boolean;
  /** Which owner's ideas the caches hold, so a sign-in never shows a guest's list. */
  owner: string;
}

export const meQuery = queryOptions({ queryKey: queryKeys.me, queryFn: fetchMe });

export function sessionOf(me: Me | undefined): Session {
  const isSignedIn = Boolean(me && me.email !== '');
  return {
    me,
    isSignedIn,
    isPro: isProPlan(me?.plan),
    owner: isSignedIn && me ? `user:${me.id}` : 'guest',
  };
}

export function useSession(): Session {
  return sessionOf(useQuery(meQuery).data);
}

/**
 * After a sign-in, sign-up, claim or reset: the answer is the new session, so it goes straight
 * into the cache. Every cached list is dropped, the guest's too (the server has just moved those
 * ideas into the account), and usage is asked again: it belongs to someone else now.
 */
export function applySignedIn(client: QueryClient, me: Me): void {
  // Only the account itself: a sign-in's answer carries more (guestIdeasKept) than /api/me does.
  client.setQueryData<Me>(queryKeys.me, { id: me.id, email: me.email, plan: me.plan });
  client.removeQueries({ queryKey: queryKeys.ideas });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}

/**
 * After a sign-out, a deleted account or a session the server no longer knows: the person is a
 * guest again, under the guest id this browser keeps. Lists and usage are asked again.
 */
export function applySignedOut(client: QueryClient): void {
  client.setQueryData<Me>(queryKeys.me, { id: ensureGuestId(), email: '', plan: 'guest' });
  client.removeQueries({ queryKey: queryKeys.ideas });
  void client.invalidateQueries({ queryKey: queryKeys.usage });
}
