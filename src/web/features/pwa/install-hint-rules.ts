import { STORAGE_KEYS, readItem } from '../../lib/storage';

/** docs/product.md, Constants and timings: checked every 2 s, shown after 500 ms, gone in 300 ms. */
export const INSTALL_HINT_POLL_MS = 2000;
export const INSTALL_HINT_SHOW_MS = 500;
export const INSTALL_HINT_HIDE_MS = 300;

export interface BrowserFacts {
  userAgent: string;
  /** iPadOS reports itself as a Mac; only its touch points give it away. */
  maxTouchPoints: number;
  /** Launched from the home screen: display-mode standalone, or Safari's navigator.standalone. */
  standalone: boolean;
}

/**
 * Safari on an iPhone, iPod or iPad. Other iOS browsers (Chrome, Firefox, Edge and in-app
 * views) use the same engine but have no Add to Home Screen in their Share menu.
 */
export function isIosSafari({ userAgent, maxTouchPoints }: BrowserFacts): boolean {
  const appleMobile =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
  const otherBrowser = /CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram|Line\//.test(userAgent);
  return appleMobile && !otherBrowser && /Safari\//.test(userAgent);
}

export function readBrowserFacts(): BrowserFacts {
  const standaloneSafari = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints,
    standalone:
      standaloneSafari ||
      (typeof matchMedia === 'function' && matchMedia('(display-mode: standalone)').matches),
  };
}

/** docs/product.md, Install hint: every condition but "not already shown", which the caller keeps. */
export function installHintWanted(facts: BrowserFacts): boolean {
  return (
    isIosSafari(facts) &&
    !facts.standalone &&
    readItem(STORAGE_KEYS.hideInstallHint) === null &&
    readItem(STORAGE_KEYS.hasSeenOnboarding) !== null
  );
}
