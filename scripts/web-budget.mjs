// The web app's budget for `/` (docs/benchmarks.md): the JavaScript a first visit must fetch before the
// app can start (the boot script, the worker it starts, the entry script and every chunk index.html
// preloads for it) at most 110 KB gzipped. Lazily loaded routes and sheets are not counted: they load
// when used.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// The product's target (docs/benchmarks.md, the first screen against a floor), and what the build allows.
export const INITIAL_JS_BUDGET_BYTES = 110 * 1024;
/** The target `npm run audit:web` reads the first screen against. */
export const INITIAL_JS_TARGET_BYTES = 110 * 1024;

/** The scripts index.html makes the browser fetch at once, as paths under dist/web. */
export function initialScripts(indexHtml) {
  const sources = [
    // Classic scripts too: the small boot script in <head> runs before the first paint.
    ...indexHtml.matchAll(/<script[^>]*\bsrc="([^"]+)"/g),
    ...indexHtml.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
    // The worker the boot script starts at once (src/web/shell/intl-warmup.ts).
    ...indexHtml.matchAll(/<script[^>]*\bdata-intl-warmup="([^"]+)"/g),
  ].map((match) => match[1]);
  return [...new Set(sources)].filter((source) => !/^[a-z]+:\/\//i.test(source));
}

export function measureInitialJs(webDir) {
  const files = initialScripts(readFileSync(join(webDir, 'index.html'), 'utf8')).map((source) => {
    const bytes = readFileSync(join(webDir, source.replace(/^\//, '')));
    return { source, gzip: gzipSync(bytes).length };
  });
  return { files, gzip: files.reduce((sum, file) => sum + file.gzip, 0) };
}
