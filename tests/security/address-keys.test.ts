/**
 * Every per-address count keys its client by `addressKeyOf` (docs/security.md, "every
 * per-address count keys IPv6 by its /64"): a count keyed by the raw `request.ip` lets one IPv6
 * client, which holds a whole /64, be 2^64 addresses. The source is read, so a new count that
 * reaches for `request.ip` itself is caught as it is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVER = join(import.meta.dirname, '../../src/server');
/** Where the raw address is meant: the key's own definition, and the log line of a request. */
const RAW_ADDRESS_ALLOWED = new Set(['http/rate-limit-counters.ts', 'http/log-redaction.ts']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('per-address counts', () => {
  it('key the client by addressKeyOf, never by the raw request.ip', () => {
    const raw = sourceFiles(SERVER)
      .map((path) => relative(SERVER, path))
      .filter((file) => !RAW_ADDRESS_ALLOWED.has(file))
      .flatMap((file) =>
        readFileSync(join(SERVER, file), 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line }))
          .filter(({ text }) =>
            /\brequest\.ip\b/.test(text.replace(/addressKeyOf\(request\.ip\)/g, '')),
          ),
      )
      .map(({ file, line }) => `${file}:${line}`);
    expect(raw).toEqual([]);
  });
});
