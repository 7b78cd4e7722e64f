import { STORAGE_KEYS, readItem, type KeyValueStore } from '../../lib/storage';

/**
 * docs/product.md: onboarding shows while hasSeenOnboarding is absent; completing sets the flag;
 * skipping hides it for the browser session: the tab's session storage, so a reload or a typed
 * URL in the same tab keeps it hidden, and a new tab or a new launch shows it again. Kept apart
 * from the store (and React) because the boot script (shell/boot.ts) decides it before the
 * first paint.
 */
export const SKIPPED_KEY = 'onboardingSkipped';

export function sessionStore(): KeyValueStore | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function skippedInSession(): boolean {
  return readItem(SKIPPED_KEY, sessionStore()) !== null;
}

/** Whether a page opening now starts with the onboarding. */
export function onboardingDueAtStart(): boolean {
  return !skippedInSession() && readItem(STORAGE_KEYS.hasSeenOnboarding) === null;
}
