import { useSyncExternalStore } from 'react';
import { recentIdeasCount } from '../recent-count';

/** The build-time shell (prerender.tsx) is drawn for the phone the design starts from (390x844). */
const SHELL_WINDOW_HEIGHT = 844;

/**
 * Read once and then on each resize: reading innerHeight makes the browser lay the page out
 * first, and React reads a snapshot on every render and after every commit.
 */
let windowHeight: number | undefined;

function currentWindowHeight(): number {
  if (windowHeight === undefined) {
    windowHeight = window.innerHeight;
    // Added before any component's listener, so the height is fresh when they read it.
    window.addEventListener('resize', () => {
      windowHeight = window.innerHeight;
    });
  }
  return windowHeight;
}

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useRecentCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => recentIdeasCount(currentWindowHeight()),
    () => recentIdeasCount(SHELL_WINDOW_HEIGHT),
  );
}
