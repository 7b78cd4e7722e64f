import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from './storage';
import { applyThemeClass, isDarkMode } from './theme-choice';

const listeners = new Set<() => void>();

export function applyTheme() {
  applyThemeClass();
  for (const listener of listeners) listener();
}

export function setDarkMode(dark: boolean) {
  writeItem(STORAGE_KEYS.darkMode, String(dark));
  applyTheme();
}

export function watchSystemTheme() {
  if (typeof matchMedia !== 'function') return;
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (readItem(STORAGE_KEYS.darkMode) === null) applyTheme();
  });
}

export function useDarkMode(): boolean {
  return useSyncExternalStore((listener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, isDarkMode);
}
