import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem, type KeyValueStore } from '../../lib/storage';

/**
 * docs/product.md: onboarding shows while hasSeenOnboarding is absent; completing sets the flag;
 * skipping hides it for the browser session: the tab's session storage, so a reload or a typed
 * URL in the same tab keeps it hidden, and a new tab or a new launch shows it again.
 */
const SKIPPED_KEY = 'onboardingSkipped';

function sessionStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

// Also kept in memory: where session storage is refused, skipping still lasts for this page.
let skippedThisSession = readItem(SKIPPED_KEY, sessionStore()) !== null;
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
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, shouldShowOnboarding);
}
