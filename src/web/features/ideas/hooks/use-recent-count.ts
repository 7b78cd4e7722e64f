import { useSyncExternalStore } from 'react';
import { recentIdeasCount } from '../recent-count';

/** The build-time shell (prerender.tsx) is drawn for the phone the design starts from (390x844). */
const SHELL_WINDOW_HEIGHT = 844;

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useRecentCount(): number {
  return useSyncExternalStore(
    subscribe,
    () => recentIdeasCount(window.innerHeight),
    () => recentIdeasCount(SHELL_WINDOW_HEIGHT),
  );
}
