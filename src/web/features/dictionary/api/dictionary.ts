import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DictionaryEntry } from '#contract/dictionary';
import { toast } from '#web/components/ui/toast-store';
import { apiRequest } from '#web/lib/api-client';
import { describeError } from '#web/lib/api-error';
import { apiPaths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';

const SAVE_KEY = ['dictionary', 'save'] as const;

/**
 * docs/api.md, `GET /api/dictionary`: the person's names and jargon, in their order, keyed by
 * whose they are. Asked again each time the screen opens: a sign-in moves the guest's words
 * into the account on the server, so a list kept from before may no longer be anyone's.
 */
export function dictionaryQuery(session: Pick<Session, 'owner'>) {
  return queryOptions({
    queryKey: queryKeys.dictionary(session.owner),
    queryFn: async ({ signal }): Promise<DictionaryEntry[]> =>
      (await apiRequest('DictionarySchema', 'GET', apiPaths.dictionary, { signal })).entries,
    staleTime: 0,
  });
}

export function useDictionary(session: Pick<Session, 'owner'>) {
  return useQuery(dictionaryQuery(session));
}

/**
 * docs/api.md, `PUT /api/dictionary`: the whole list replaced. Optimistic: the list changes at
 * once, and a refused save puts back the list as it was and says why in a toast. Saves run one
 * after another (one scope), so the server keeps them in the order they were made.
 */
export function useSaveDictionary(session: Pick<Session, 'owner'>) {
  const client = useQueryClient();
  const key = queryKeys.dictionary(session.owner);
  return useMutation({
    mutationKey: SAVE_KEY,
    scope: { id: 'dictionary' },
    mutationFn: async (entries: DictionaryEntry[]) =>
      (await apiRequest('DictionarySchema', 'PUT', apiPaths.dictionary, { body: { entries } }))
        .entries,
    onMutate: async (entries) => {
      await client.cancelQueries({ queryKey: key });
      const previous = client.getQueryData<DictionaryEntry[]>(key);
      client.setQueryData<DictionaryEntry[]>(key, entries);
      return { previous };
    },
    onError: (error, _entries, context) => {
      if (context?.previous) client.setQueryData(key, context.previous);
      toast({
        title: 'Dictionary not saved',
        description: describeError(error),
        variant: 'destructive',
      });
      // This save was the last one waiting: the server's list is the one to show.
      if (client.isMutating({ mutationKey: SAVE_KEY }) <= 1) {
        void client.invalidateQueries({ queryKey: key });
      }
    },
    onSuccess: (kept) => {
      if (client.isMutating({ mutationKey: SAVE_KEY }) <= 1) client.setQueryData(key, kept);
    },
  });
}
