/**
 * Every per-address count keys its client by `addressKeyOf` (docs/security.md, "every
 * per-address count keys IPv6 by its /64"): a count keyed by the raw `request.ip` lets one IPv6
 * client, which holds a whole /64, be 2^64 addresses. The source is read, so a new count that
 * reaches for `request.ip` itself is caught as it is written.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { addressKeyOf } from '#server/http/rate-limit-counters.js';

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

describe('addressKeyOf', () => {
  it('gives every spelling of one address the same key, so no spelling is a fresh budget', () => {
    const ipv4 = ['10.1.0.1', '010.001.000.001', '::ffff:10.1.0.1', '::ffff:a01:1'];
    const more = ['0:0:0:0:0:ffff:a01:1', '[::ffff:a01:1]:4000', '10.1.0.1:4000'];
    for (const spelling of [...ipv4, ...more]) expect(addressKeyOf(spelling)).toBe('10.1.0.1');
    const ipv6 = ['2001:db8:0:1::5', '2001:0db8:0000:0001:ffff::9', '[2001:db8:0:1::7]:40001'];
    for (const spelling of ipv6) expect(addressKeyOf(spelling)).toBe('2001:db8:0:1::/64');
    expect(addressKeyOf('10.1.0.2')).not.toBe(addressKeyOf('10.1.0.1'));
  });
});
