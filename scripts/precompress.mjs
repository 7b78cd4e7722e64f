// Brotli and gzip copies of the built web app's text files, made once at build time at the
// highest levels, so the server sends them without compressing anything per request
// (@fastify/static `preCompressed` picks the copy the browser accepts).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt']);
/** Below this, a compressed copy saves less than its own headers cost. */
export const PRECOMPRESS_MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

/** Writes `file.br` and `file.gz` beside each compressible file worth it; returns how many. */
export function precompress(dir) {
  let written = 0;
  for (const path of files(dir)) {
    if (!COMPRESSIBLE.has(extname(path))) continue;
    const size = statSync(path).size;
    if (size < PRECOMPRESS_MIN_BYTES) continue;
    const bytes = readFileSync(path);
    const brotli = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: size,
      },
    });
    const gzip = gzipSync(bytes, { level: 9 });
    if (brotli.length < size) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < size) writeFileSync(`${path}.gz`, gzip);
    written += 1;
  }
  return written;
}
