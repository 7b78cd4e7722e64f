/**
 * Local-storage access that never throws: private modes and full quotas must not break the
 * app (docs/product.md: storage failures are logged as warnings and ignored).
 */
export const STORAGE_KEYS = {
  guestId: 'guestId',
  guestIdBackup: 'guestId_backup',
  hasSeenOnboarding: 'hasSeenOnboarding',
  hideInstallHint: 'hideInstallHint',
  hasSeenSignupPrompt: 'hasSeenSignupPrompt',
  darkMode: 'darkMode',
  guestIdeasLeft: 'guestIdeasLeft',
  selectedFormat: 'selectedFormat',
  selectedCategory: 'selectedCategory',
  speechEngine: 'speechEngine',
  livePreview: 'livePreview',
  keepRecordings: 'keepRecordings',
  spokenLanguage: 'spokenLanguage',
  developerDetails: 'developerDetails',
} as const;

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function browserStore(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readItem(key: string, store: KeyValueStore | null = browserStore()): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch (error) {
    console.warn(`Could not read "${key}" from local storage`, error);
    return null;
  }
}

export function writeItem(
  key: string,
  value: string,
  store: KeyValueStore | null = browserStore(),
): void {
  try {
    store?.setItem(key, value);
  } catch (error) {
    console.warn(`Could not write "${key}" to local storage`, error);
  }
}

export function removeItem(key: string, store: KeyValueStore | null = browserStore()): void {
  try {
    store?.removeItem(key);
  } catch (error) {
    console.warn(`Could not remove "${key}" from local storage`, error);
  }
}
