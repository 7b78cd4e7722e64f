import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

/**
 * Keep recordings (docs/product.md, Voice Settings): on by default, the audio stays with its
 * idea; off, each upload asks the server to remove its audio once the transcript is stored. The
 * choice travels with the upload itself (ADR 123), so it holds even if this tab is gone by then.
 */
const listeners = new Set<() => void>();

export function readKeepRecordings(): boolean {
  return readItem(STORAGE_KEYS.keepRecordings) !== 'false';
}

export function updateKeepRecordings(keep: boolean): void {
  writeItem(STORAGE_KEYS.keepRecordings, String(keep));
  for (const listener of listeners) listener();
}

export function useKeepRecordings(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readKeepRecordings,
    () => true,
  );
}
