import { apiFetch } from '#web/lib/api-client';
import { isNetworkFailure } from '#web/lib/network-failure';
import { apiPaths } from '#web/lib/paths';
import { readItem, writeItem } from '#web/lib/storage';

/**
 * Changes to a saved idea's text made without a connection (a tick in a checklist), kept on
 * this device and sent when it returns (ADR 130). Local storage, not the recordings' IndexedDB
 * queue (ADR 060): an edit is a few hundred bytes, only the newest text of each idea matters,
 * and it must be readable at once when the sheet opens.
 */
const STORAGE_KEY = 'pendingIdeaEdits';

export interface PendingEdit {
  /** The session's owner key when it was made. */
  owner: string;
  signedIn: boolean;
  id: string;
  content: string;
}

function isPendingEdit(value: unknown): value is PendingEdit {
  if (typeof value !== 'object' || value === null) return false;
  const edit = value as Record<string, unknown>;
  return (
    typeof edit.owner === 'string' &&
    typeof edit.signedIn === 'boolean' &&
    typeof edit.id === 'string' &&
    typeof edit.content === 'string'
  );
}

export function pendingEdits(): PendingEdit[] {
  const stored = readItem(STORAGE_KEY);
  if (stored === null) return [];
  try {
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed) ? parsed.filter(isPendingEdit) : [];
  } catch {
    return [];
  }
}

function keep(edits: PendingEdit[]) {
  writeItem(STORAGE_KEY, JSON.stringify(edits));
}

/** Keeps the newest text of one idea, replacing an older one still waiting. */
export function queueEdit(edit: PendingEdit) {
  keep([...pendingEdits().filter((e) => !(e.owner === edit.owner && e.id === edit.id)), edit]);
}

/** A newer text of the idea was saved: what waited for it is out of date. */
export function dropEdit(owner: string, id: string) {
  const edits = pendingEdits();
  const rest = edits.filter((e) => !(e.owner === owner && e.id === id));
  if (rest.length !== edits.length) keep(rest);
}

/** The text waiting to be sent for this idea, if any: what the sheet shows over the server's. */
export function pendingContent(owner: string, id: string): string | null {
  return pendingEdits().find((e) => e.owner === owner && e.id === id)?.content ?? null;
}

async function send(edit: PendingEdit): Promise<Response> {
  return apiFetch('PUT', edit.signedIn ? apiPaths.idea(edit.id) : apiPaths.guestIdea(edit.id), {
    body: { content: edit.content },
  });
}

/**
 * Sends what waits, oldest first, as whoever is signed in now; stops at the first connection
 * failure. An idea deleted meanwhile (404), another owner's after a sign-out, or a text the
 * server refuses is dropped: keeping it would retry it forever. Resolves with those saved.
 */
export async function flushEdits(): Promise<PendingEdit[]> {
  const saved: PendingEdit[] = [];
  for (const edit of pendingEdits()) {
    let response: Response;
    try {
      response = await send(edit);
    } catch (error) {
      if (isNetworkFailure(error)) break;
      throw error;
    }
    // Only the text sent is removed: a newer tick made meanwhile stays, to be sent next.
    keep(
      pendingEdits().filter(
        (e) => !(e.owner === edit.owner && e.id === edit.id && e.content === edit.content),
      ),
    );
    if (response.ok) saved.push(edit);
    else console.warn(`A kept edit of idea ${edit.id} was refused with ${response.status}`);
  }
  return saved;
}
