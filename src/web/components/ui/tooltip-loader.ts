import { useSyncExternalStore } from 'react';
import type * as IconTooltipModule from './icon-tooltip';

type TooltipModule = typeof IconTooltipModule;

/**
 * Radix Tooltip with its positioning (@floating-ui) is about a sixth of the JavaScript `/` would
 * otherwise fetch, and no tooltip can show before a pointer rests on a button for 700 ms, so it
 * loads after the first render: when the browser is idle where a pointer can hover (app.tsx),
 * or at the first hover or keyboard focus of an icon button, whichever comes first.
 */
let loaded: TooltipModule | null = null;
let loading: Promise<TooltipModule> | null = null;
/** The element that had focus when the tooltips arrived, so a swapped button keeps it. */
let focusedWhenLoaded: Element | null = null;
const listeners = new Set<() => void>();

export function loadTooltips(): Promise<TooltipModule> {
  loading ??= import('./icon-tooltip').then(
    (module) => {
      focusedWhenLoaded = document.activeElement;
      loaded = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      // Offline before the service worker had cached it: the next hover or keyboard focus tries again.
      loading = null;
      throw error;
    },
  );
  return loading;
}

export function hadFocusWhenLoaded(element: Element): boolean {
  return element === focusedWhenLoaded;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The tooltip module once it has loaded; null before. */
export function useTooltips(): TooltipModule | null {
  return useSyncExternalStore(
    subscribe,
    () => loaded,
    () => loaded,
  );
}
