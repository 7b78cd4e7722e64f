import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS, readItem, writeItem } from './storage';

/** docs/product.md, Constants and timings: `darkMode` in local storage; until it is set the system preference decides. */
function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function isDarkMode(): boolean {
  const stored = readItem(STORAGE_KEYS.darkMode);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return systemPrefersDark();
}

const listeners = new Set<() => void>();

export function applyTheme() {
  const dark = isDarkMode();
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
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
