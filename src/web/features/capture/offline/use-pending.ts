import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '#web/components/ui/toast-store';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';
import { isRecordingsSaved } from '#web/lib/service-worker-messages';
import { loadPendingQueue } from './load-queue';
import type { PendingRecording } from './pending-store';
import type { PendingOutcome } from './process-pending';

export interface PendingQueue {
  items: PendingRecording[];
  retry: (id: string) => void;
  discard: (id: string) => void;
}

const SAVED_TOAST_MS = 3000;

/** docs/product.md, Pending: "Recording saved", and the lists asked again to show them. */
function announceSaved(queryClient: QueryClient, saved: number) {
  if (saved === 0) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
  void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
  toast({
    title: saved === 1 ? 'Recording saved' : `${saved} recordings saved`,
    description: 'Kept on this device, now in your ideas.',
    variant: 'success',
    durationMs: SAVED_TOAST_MS,
  });
}

/**
 * Kept recordings the service worker saved (Background Sync) while this page is open, whichever
 * page of the app it is: the same toast as after a save of this page's own, and the lists asked
 * again (app.tsx).
 */
export function useSavedByWorker() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const worker = typeof navigator === 'undefined' ? undefined : navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => {
      if (isRecordingsSaved(event.data)) announceSaved(queryClient, event.data.count);
    };
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [queryClient]);
}

/**
 * The recordings kept on this device, and their processing: at start and whenever the browser
 * comes back online (ADR 060; where Background Sync exists the service worker processes too,
 * under the same lock, and this list follows its changes through pending-store). Waits for
 * the session, since the save goes to the guest's or the account's ideas. The queue's code loads
 * after the first render, so the list may appear a moment after the rest of the screen.
 */
export function usePendingRecordings(session: Session): PendingQueue {
  const queryClient = useQueryClient();
  const [items, setItems] = useState<PendingRecording[]>([]);
  const ready = session.me !== undefined;
  const sessionRef = useRef(session);
  useEffect(() => {
    sessionRef.current = session;
  });

  useEffect(() => {
    let live = true;
    let unsubscribe = () => {};
    loadPendingQueue()
      .then((queue) => {
        if (!live) return;
        let shown = new Set<string>();
        const reload = () => {
          queue
            .listPending()
            .then((next) => {
              if (!live) return;
              // A kept recording that is gone was saved (or discarded), perhaps by another tab:
              // this tab's list of ideas must show what that tab saved.
              const ids = new Set(next.map((item) => item.id));
              if ([...shown].some((id) => !ids.has(id))) {
                void queryClient.invalidateQueries({ queryKey: queryKeys.ideas });
                void queryClient.invalidateQueries({ queryKey: queryKeys.usage });
              }
              shown = ids;
              // One a tab is recording now is that tab's, not waiting for anyone.
              setItems(next.filter((item) => item.status !== 'recording'));
            })
            .catch((error: unknown) => console.warn('Could not read the kept recordings', error));
        };
        reload();
        unsubscribe = queue.subscribePending(reload);
      })
      .catch((error: unknown) => console.warn('Could not read the kept recordings', error));
    return () => {
      live = false;
      unsubscribe();
    };
  }, [queryClient]);

  const afterSaving = useCallback(
    (saved: number) => announceSaved(queryClient, saved),
    [queryClient],
  );

  const processNow = useCallback(() => {
    loadPendingQueue()
      .then(async (queue) => {
        // docs/product.md, Pending: a recording cut off by a closed tab is finished, and said so.
        if ((await queue.adoptInterrupted()) > 0) {
          toast({
            title: 'Finishing your last recording',
            description: 'It was interrupted. What was recorded becomes an idea.',
          });
        }
        return queue.processWaiting(queue.pendingSteps(sessionRef.current));
      })
      .then(afterSaving)
      .catch((error: unknown) => console.warn('Kept recordings could not be processed', error));
  }, [afterSaving]);

  useEffect(() => {
    if (ready) processNow();
  }, [ready, processNow]);

  useEffect(() => {
    // Opened offline, the app never learnt whose ideas these are, and a query that failed is not
    // asked again by itself: ask now, and the save follows once the answer is in.
    const whenOnline = () => {
      if (sessionRef.current.me) processNow();
      else void queryClient.refetchQueries({ queryKey: queryKeys.me });
    };
    window.addEventListener('online', whenOnline);
    return () => window.removeEventListener('online', whenOnline);
  }, [processNow, queryClient]);

  const retry = useCallback(
    (id: string) => {
      loadPendingQueue()
        .then((queue) => queue.retryPending(id, queue.pendingSteps(sessionRef.current)))
        .then((outcome: PendingOutcome) => {
          if (outcome === 'saved') afterSaving(1);
          else if (outcome === 'offline') {
            toast({
              title: 'Still offline',
              description: 'It will be processed when you are back online.',
            });
          }
        })
        .catch((error: unknown) => console.warn('The recording could not be retried', error));
    },
    [afterSaving],
  );

  const discard = useCallback((id: string) => {
    loadPendingQueue()
      .then((queue) => queue.deletePending(id))
      .catch((error: unknown) => console.warn('The recording could not be discarded', error));
  }, []);

  return { items, retry, discard };
}
