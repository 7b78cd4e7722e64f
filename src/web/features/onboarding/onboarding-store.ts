import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from '../../lib/storage';

/**
 * docs/product.md: onboarding shows while hasSeenOnboarding is absent; completing sets the flag;
 * skipping hides it for this session only (kept in memory, so a reload shows it again).
 */
let skippedThisSession = false;
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
