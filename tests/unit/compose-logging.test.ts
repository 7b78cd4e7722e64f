/**
 * compose.yaml bounds every container's log (docs/deploy.md): Docker keeps every line a
 * container writes unless told otherwise, so a busy server, or one under attack, would fill the
 * host's disk. Read as text: the file's own shape (an anchor per kind of setting, services two
 * spaces in) is what is held here, and no YAML parser is among the project's packages.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const compose = readFileSync(new URL('../../compose.yaml', import.meta.url), 'utf8');

/** Each top-level block (`x-app: &app`, `services:` …) or service, by name, with its lines. */
function blocks(text: string, indent: string): Map<string, string> {
  const found = new Map<string, string>();
  let name: string | null = null;
  for (const line of text.split('\n')) {
    const start = new RegExp(`^${indent}([a-z][a-z0-9-]*):`).exec(line);
    if (start?.[1] !== undefined) {
      name = start[1];
      found.set(name, '');
    } else if (line.startsWith(`${indent} `) || line.trim() === '') {
      if (name !== null) found.set(name, `${found.get(name) ?? ''}${line}\n`);
    } else {
      // A line at the blocks' own depth or above (a comment, the next section) ends the block.
      name = null;
    }
  }
  return found;
}

describe('compose.yaml', () => {
  it('caps the log of every service it runs', () => {
    const top = blocks(compose, '');
    expect(top.get('x-logging')).toMatch(/max-size: '\d+m'/);
    expect(top.get('x-logging')).toMatch(/max-file: '\d+'/);
    expect(top.get('x-app')).toContain('logging: *logging');
    const services = blocks(top.get('services') ?? '', '  ');
    expect([...services.keys()]).toEqual(['app', 'app-replica', 'postgres', 'redis']);
    for (const [name, lines] of services) {
      const logged = lines.includes('logging: *logging') || lines.includes('<<: *app');
      expect(logged, name).toBe(true);
    }
  });
});
