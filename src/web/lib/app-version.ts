import { FALLBACK_VERSION } from './service-worker-messages';

declare const __APP_VERSION__: string | undefined;

/**
 * The version this page was built from (package.json, set by vite.config.ts); the fallback of
 * docs/product.md where no build set it (unit tests).
 */
export const BUILD_VERSION =
  typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : FALLBACK_VERSION;
