import { useEffect, useState } from 'react';

export interface Presence {
  /** In the page at all. */
  mounted: boolean;
  /** Shown: false while it fades out. */
  visible: boolean;
}

/**
 * A banner that appears `showAfterMs` after it is wanted and leaves with a `hideAfterMs` fade
 * (docs/product.md, Constants and timings: 300/200 ms for the update banner, 500/300 ms for the
 * install hint).
 */
export function useDelayedPresence(
  wanted: boolean,
  showAfterMs: number,
  hideAfterMs: number,
): Presence {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(wanted), wanted ? showAfterMs : hideAfterMs);
    return () => clearTimeout(timer);
  }, [wanted, showAfterMs, hideAfterMs]);
  return { mounted: shown, visible: shown && wanted };
}
