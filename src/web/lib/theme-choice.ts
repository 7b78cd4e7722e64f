import { STORAGE_KEYS, readItem } from './storage';

/**
 * docs/product.md, Constants and timings: `darkMode` in local storage; until it is set the system
 * preference decides. Kept apart from the React hooks (theme.ts) because the boot script
 * (shell/boot.ts) applies it before the first paint.
 */
function systemPrefersDark(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches;
}

export function isDarkMode(): boolean {
  const stored = readItem(STORAGE_KEYS.darkMode);
  if (stored === 'true') return true;
  if (stored === 'false') return false;
  return systemPrefersDark();
}

export function applyThemeClass() {
  const dark = isDarkMode();
  document.documentElement.classList.toggle('dark', dark);
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
}
