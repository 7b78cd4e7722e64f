import { useSyncExternalStore } from 'react';

/**
 * The update banner's state (docs/product.md, Update flow), apart from workbox-window so the
 * banner can render before the registration code has loaded.
 */
let updateAvailable = false;
let restartHandler: () => void = () => window.location.reload();
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function announceUpdate(): void {
  if (updateAvailable) return;
  updateAvailable = true;
  emit();
}

/** 'Later' and the close button: hidden until the next new worker arrives. */
export function dismissUpdate(): void {
  if (!updateAvailable) return;
  updateAvailable = false;
  emit();
}

/** register.ts supplies how to restart: activate the waiting worker, or reload. */
export function setRestartHandler(handler: () => void): void {
  restartHandler = handler;
}

export function restartApp(): void {
  restartHandler();
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => updateAvailable,
  );
}
