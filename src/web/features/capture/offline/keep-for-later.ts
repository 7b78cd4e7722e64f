import { ensureGuestId } from '#web/lib/guest-id';
import { PENDING_SYNC_TAG } from '#web/lib/service-worker-messages';
import { addPending, type NewPending, type PendingRecording } from './pending-store';

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/**
 * Asks the browser not to evict this site's storage under pressure: a kept recording is the
 * only copy of what someone said. Browsers may decline; the recording is kept either way.
 */
async function askForPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persisted && (await navigator.storage.persisted())) return;
    await navigator.storage?.persist?.();
  } catch (error) {
    console.warn('Persistent storage was not granted', error);
  }
}

/**
 * Background Sync, where the browser has it, wakes the service worker when the connection is
 * back, and the worker saves the recording even with no page of the app open.
 */
async function askForSync(): Promise<void> {
  try {
    if (!('serviceWorker' in navigator)) return;
    const registration = (await navigator.serviceWorker.getRegistration()) as
      (ServiceWorkerRegistration & SyncRegistration) | undefined;
    await registration?.sync?.register(PENDING_SYNC_TAG);
  } catch (error) {
    // Without it the app still processes on `online` and at its next start.
    console.warn('Background Sync is not available', error);
  }
}

/**
 * Keeps a recording on this device until it becomes an idea (ADR 060), with the guest id of
 * this browser: the service worker, which has no local storage, saves a guest's to it.
 */
export async function keepForLater(input: Omit<NewPending, 'guestId'>): Promise<PendingRecording> {
  const record = await addPending({ ...input, guestId: ensureGuestId() });
  void askForPersistentStorage();
  void askForSync();
  return record;
}
