import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';
import { SKIPPED_KEY, sessionStore, skippedInSession } from './onboarding-due';

// Also kept in memory: where session storage is refused, skipping still lasts for this page.
let skippedThisSession = skippedInSession();
let reopened = false;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

export function shouldShowOnboarding(): boolean {
  if (reopened) return true;
  return !skippedThisSession && readItem(STORAGE_KEYS.hasSeenOnboarding) === null;
}

export function completeOnboarding() {
  writeItem(STORAGE_KEYS.hasSeenOnboarding, 'true');
  reopened = false;
  emit();
}

export function skipOnboarding() {
  skippedThisSession = true;
  writeItem(SKIPPED_KEY, 'true', sessionStore());
  reopened = false;
  emit();
}

export function reopenOnboarding() {
  reopened = true;
  emit();
}

export function useOnboardingVisible(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    shouldShowOnboarding,
    // The build-time shell (prerender.tsx) draws the onboarding outside the app's root.
    () => false,
  );
}
