import { FALLBACK_VERSION } from './service-worker-messages';

declare const __APP_VERSION__: string | undefined;

/**
 * The version this page was built from (package.json, set by vite.config.ts); the fallback of
 * docs/product.md where no build set it (unit tests).
 */
export const BUILD_VERSION =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : FALLBACK_VERSION;

/** How a version is shown, in the menu and on About alike: "v1.0.0" (docs/product.md, Menu). */
export function versionLabel(version: string): string {
  return `v${version}`;
}
