import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Idea } from '#contract/api-schemas';
import { toast } from '#web/components/ui/toast-store';
import { apiRequest } from '#web/lib/api-client';
import { describeError } from '#web/lib/api-error';
import { setTaskDone } from '#contract/checklist';
import { isNetworkFailure } from '#web/lib/network-failure';
import { apiPaths } from '#web/lib/paths';
import type { Session } from '#web/lib/session';
import { dropEdit, queueEdit } from '../api/edit-queue';
import { replaceInCachedLists } from '../api/idea-changes';

/** How long the "kept on this device" note shows. */
const KEPT_TOAST_MS = 4000;

/**
 * A tick in a checklist: shown at once everywhere the idea is (the sheet, home, search), saved
 * through the idea's update in the order made, taken back with a toast if the server refuses
 * it, and kept on the device to send later when there is no connection (ADR 130).
 */
export function useTickTask(session: Session, idea: Idea, setIdea: (idea: Idea) => void) {
  const client = useQueryClient();
  const current = useRef(idea);
  // One save after another: a later tick's text is never overwritten by an earlier one's.
  const chain = useRef<Promise<void>>(Promise.resolve());
  const toldKept = useRef(false);
  useEffect(() => {
    current.current = idea;
  }, [idea]);

  const show = useCallback(
    (next: Idea) => {
      current.current = next;
      setIdea(next);
      replaceInCachedLists(client, session.owner, next);
    },
    [client, session.owner, setIdea],
  );

  return useCallback(
    (line: number, done: boolean) => {
      show({ ...current.current, content: setTaskDone(current.current.content, line, done) });
      chain.current = chain.current.then(async () => {
        const content = current.current.content;
        const path = session.isSignedIn
          ? apiPaths.idea(current.current.id)
          : apiPaths.guestIdea(current.current.id);
        try {
          await apiRequest('IdeaSchema', 'PUT', path, { body: { content } });
          dropEdit(session.owner, current.current.id);
        } catch (error) {
          if (isNetworkFailure(error)) {
            queueEdit({
              owner: session.owner,
              signedIn: session.isSignedIn,
              id: current.current.id,
              content: current.current.content,
            });
            if (!toldKept.current) {
              toldKept.current = true;
              toast({
                title: 'Kept on this device',
                description: 'Your ticks are saved when you are back online.',
                durationMs: KEPT_TOAST_MS,
              });
            }
            return;
          }
          show({
            ...current.current,
            content: setTaskDone(current.current.content, line, !done),
          });
          toast({
            title: 'Could not save the tick',
            description: describeError(error),
            variant: 'destructive',
          });
        }
      });
    },
    [session.isSignedIn, session.owner, show],
  );
}
