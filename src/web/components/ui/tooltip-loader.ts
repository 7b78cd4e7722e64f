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

/*
 * The tooltip wraps each button, so React makes the buttons anew when it arrives. Arriving
 * between a press and its release (the hover before a click asked for it), the press would go
 * down on a button that is gone and its click would be lost: it waits until the click is done.
 */
let pressing = false;
let arrived: TooltipModule | null = null;

function publish() {
  if (!arrived || pressing) return;
  focusedWhenLoaded = document.activeElement;
  loaded = arrived;
  arrived = null;
  for (const listener of listeners) listener();
}

if (typeof document !== 'undefined') {
  document.addEventListener('pointerdown', () => (pressing = true), true);
  for (const end of ['pointerup', 'pointercancel']) {
    document.addEventListener(
      end,
      () => {
        pressing = false;
        // The click follows the release in the same task: publish once it has been handled.
        if (arrived) setTimeout(publish, 0);
      },
      true,
    );
  }
}

export function loadTooltips(): Promise<TooltipModule> {
  loading ??= import('./icon-tooltip').then(
    (module) => {
      arrived = module;
      publish();
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
