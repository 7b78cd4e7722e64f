import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

/**
 * The developer setting (on /debug, off by default): with it on, the result sheet shows the
 * formatter's path, mode and notes, the spec's optional developer badge. A person never sees
 * them, since they describe the server, not the idea.
 */
const listeners = new Set<() => void>();

export function developerDetailsOn(): boolean {
  return readItem(STORAGE_KEYS.developerDetails) === 'true';
}

export function setDeveloperDetails(on: boolean): void {
  writeItem(STORAGE_KEYS.developerDetails, on ? 'true' : 'false');
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab that turns it on or off.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.developerDetails) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useDeveloperDetails(): boolean {
  return useSyncExternalStore(subscribe, developerDetailsOn, () => false);
}
