import { useSyncExternalStore } from 'react';
import { recentIdeasCount } from '../recent-count';

function subscribe(listener: () => void) {
  window.addEventListener('resize', listener);
  return () => window.removeEventListener('resize', listener);
}

export function useRecentCount(): number {
  return useSyncExternalStore(subscribe, () => recentIdeasCount(window.innerHeight));
}
