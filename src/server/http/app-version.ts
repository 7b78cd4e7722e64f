import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FALLBACK_VERSION = '1.0.0';

/**
 * The package version, found by walking up from this file: the sources (src/server/http) and
 * the build (dist/node/server/http) sit at different depths below package.json.
 */
export function readAppVersion(): string {
  let directory = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    try {
      const parsed: unknown = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
      if (
        typeof parsed === 'object' &&
        parsed !== null &&
        'name' in parsed &&
        parsed.name === 'voice-ideas' &&
        'version' in parsed &&
        typeof parsed.version === 'string'
      ) {
        return parsed.version;
      }
    } catch {
      // No package.json here (or not ours): keep walking up.
    }
    const parent = dirname(directory);
    if (parent === directory) return FALLBACK_VERSION;
    directory = parent;
  }
}
