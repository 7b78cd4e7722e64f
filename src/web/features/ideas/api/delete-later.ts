import type { QueryClient } from '@tanstack/react-query';
import type { Idea } from '#contract/api-schemas';
import { toast } from '#web/components/ui/toast-store';
import { apiSend } from '#web/lib/api-client';
import { describeError } from '#web/lib/api-error';
import { apiPaths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-client';
import type { Session } from '#web/lib/session';
import { removeFromCachedLists } from './idea-changes';

/** How long "Idea deleted" offers Undo before the server is asked to delete it. */
export const UNDO_DELETE_MS = 5000;

interface Waiting {
  timer: ReturnType<typeof setTimeout>;
  send: (keepalive: boolean) => void;
}
const waiting = new Map<string, Waiting>();

// A tab closed inside the undo window still deletes what the person deleted.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => {
    for (const [id, entry] of waiting) {
      clearTimeout(entry.timer);
      waiting.delete(id);
      entry.send(true);
    }
  });
}

function bringBack(client: QueryClient, owner: string) {
  void client.invalidateQueries({ queryKey: ['ideas', owner] });
}

/**
 * Deletes an idea the way a notes app does: it leaves every list at once and "Idea deleted"
 * offers Undo for five seconds; only then is the server asked. The server has no undelete, so
 * waiting is what makes Undo exact: the idea keeps its id, its date and its place. A delete the
 * server refuses brings the idea back and says so.
 */
export function deleteWithUndo(client: QueryClient, session: Session, idea: Idea): void {
  const owner = session.owner;
  const path = session.isSignedIn ? apiPaths.idea(idea.id) : apiPaths.guestIdea(idea.id);
  removeFromCachedLists(client, owner, idea.id);

  const send = (keepalive: boolean) => {
    apiSend('DELETE', path, { keepalive })
      .then(() => {
        void client.invalidateQueries({ queryKey: queryKeys.recentIdeas(owner) });
      })
      .catch((error: unknown) => {
        bringBack(client, owner);
        toast({
          title: 'Delete failed',
          description: describeError(error),
          variant: 'destructive',
        });
      });
  };
  const undoOffer = toast({
    title: 'Idea deleted',
    durationMs: UNDO_DELETE_MS,
    action: {
      label: 'Undo',
      altText: 'Undo deleting the idea',
      onClick: () => {
        const entry = waiting.get(idea.id);
        if (!entry) return;
        clearTimeout(entry.timer);
        waiting.delete(idea.id);
        bringBack(client, owner);
        toast({ title: 'Idea restored', variant: 'success', durationMs: 2000 });
      },
    },
  });
  // The toast's own timer pauses while it is hovered or focused; once the window has ended its
  // Undo could take nothing back, so it goes with the window.
  const timer = setTimeout(() => {
    waiting.delete(idea.id);
    undoOffer.dismiss();
    send(false);
  }, UNDO_DELETE_MS);
  waiting.set(idea.id, { timer, send });
}
