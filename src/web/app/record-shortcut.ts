/**
 * The installed app's "New recording" shortcut opens `/?record=1` and starts the microphone at
 * once. Any page can link to that address, though, so a navigation from another site would
 * switch the microphone on with nobody having tapped (docs/security.md). The shortcut is
 * honoured only where a launcher can have opened it: inside the installed app (a display mode
 * other than a browser tab) and with no other site as the referrer.
 */
export interface LaunchFacts {
  /** Running as the installed app: standalone, fullscreen, minimal-ui or a desktop window. */
  installed: boolean;
  /** `document.referrer`: empty for a launcher, the page's address for a link followed. */
  referrer: string;
  /** This app's own origin. */
  origin: string;
}

const INSTALLED_DISPLAY_MODES = [
  'standalone',
  'fullscreen',
  'minimal-ui',
  'window-controls-overlay',
];

export function recordShortcutHonoured({ installed, referrer, origin }: LaunchFacts): boolean {
  if (!installed) return false;
  if (referrer === '') return true;
  try {
    return new URL(referrer).origin === origin;
  } catch {
    return false;
  }
}

export function readLaunchFacts(): LaunchFacts {
  const safariHomeScreen = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  const installed =
    safariHomeScreen ||
    (typeof matchMedia === 'function' &&
      INSTALLED_DISPLAY_MODES.some((mode) => matchMedia(`(display-mode: ${mode})`).matches));
  return { installed, referrer: document.referrer, origin: window.location.origin };
}
