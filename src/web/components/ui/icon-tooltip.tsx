import { useState, useSyncExternalStore, type ReactElement } from 'react';
import * as Tooltip from '@radix-ui/react-tooltip';

/** docs/product.md, Constants and timings: tooltips open after 700 ms; moving between them within 300 ms skips it. */
const DELAY_MS = 700;
const SKIP_DELAY_MS = 300;

/*
 * Radix keeps the skip window in a Tooltip.Provider that must wrap every tooltip from the first
 * render, which would put this whole module back into the JavaScript for `/`. Each button has
 * its own Provider instead, and the window they share is kept here, as Radix's Provider keeps
 * it: no delay while a tooltip is open and for 300 ms after it closes.
 */
let openDelayed = true;
let skipTimer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

function setOpenDelayed(next: boolean) {
  if (openDelayed === next) return;
  openDelayed = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function tooltipOpened() {
  clearTimeout(skipTimer);
  setOpenDelayed(false);
}

function tooltipClosed() {
  clearTimeout(skipTimer);
  skipTimer = setTimeout(() => setOpenDelayed(true), SKIP_DELAY_MS);
}

export interface IconTooltipProps {
  label: string;
  /** The button: it becomes the trigger. */
  children: ReactElement;
}

export function IconTooltip({ label, children }: IconTooltipProps) {
  const delayed = useSyncExternalStore(
    subscribe,
    () => openDelayed,
    () => openDelayed,
  );
  // Each Provider starts "delayed", so Radix would call every open "delayed-open"; the state
  // shown is the shared window's at the moment this one opened.
  const [instant, setInstant] = useState(false);
  return (
    <Tooltip.Provider delayDuration={delayed ? DELAY_MS : 0} skipDelayDuration={0}>
      <Tooltip.Root
        onOpenChange={(open) => {
          if (open) {
            setInstant(!openDelayed);
            tooltipOpened();
          } else {
            tooltipClosed();
          }
        }}
      >
        <Tooltip.Trigger asChild>{children}</Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            sideOffset={6}
            data-state={instant ? 'instant-open' : 'delayed-open'}
            className="z-[90] rounded-lg bg-zinc-900 px-2.5 py-1.5 text-sm text-white shadow dark:bg-zinc-100 dark:text-zinc-900"
          >
            {label}
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}
