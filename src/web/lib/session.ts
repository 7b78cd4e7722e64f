import { useQuery } from '@tanstack/react-query';
import type { Me } from '../../contract/api-schemas';
import { isProPlan } from '../../contract/plans';
import { apiPaths } from './paths';
import { apiRequest } from './api-client';
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

export function useSession(): Session {
  const { data } = useQuery({ queryKey: queryKeys.me, queryFn: fetchMe });
  const isSignedIn = Boolean(data && data.email !== '');
  return {
    me: data,
    isSignedIn,
    isPro: isProPlan(data?.plan),
    owner: isSignedIn && data ? `user:${data.id}` : 'guest',
  };
}
