import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Keeps the "Spec coverage" section of docs/product.md true: every file it names exists, every
 * row names a test, every exact string is somewhere in src/, and nothing is left "in progress":
 * a requirement is built (or marked **differs**), or the table says plainly that it is not.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const product = readFileSync(join(root, 'docs/product.md'), 'utf8');

function coverageSection(): string {
  const start = product.indexOf('\n## Spec coverage\n');
  if (start === -1) throw new Error('docs/product.md has no "## Spec coverage" section');
  const next = product.indexOf('\n## ', start + 1);
  return product.slice(start, next === -1 ? undefined : next);
}

interface Row {
  id: string;
  requirement: string;
  where: string;
  test: string;
}

interface SpecString {
  text: string;
  row: string;
  status: 'built' | 'in progress';
}

const IN_PROGRESS = 'in progress';

/** A table row of the coverage tables: `| Id | Requirement | Where | Test |`. */
function parseRows(section: string): Row[] {
  const rows: Row[] = [];
  for (const line of section.split('\n')) {
    const cells = line.split(' | ');
    const id = /^\| ([A-Z]\d+)$/.exec(cells[0] ?? '')?.[1];
    if (!id) continue;
    if (cells.length !== 4 || !line.endsWith(' |')) {
      throw new Error(`Row ${id} must have exactly four cells: ${line}`);
    }
    rows.push({
      id,
      requirement: cells[1] ?? '',
      where: cells[2] ?? '',
      test: (cells[3] ?? '').replace(/ \|$/, ''),
    });
  }
  return rows;
}

/** The rows between the spec-strings markers: `` | `text` | Row | built | ``. */
function parseStrings(section: string): SpecString[] {
  const start = section.indexOf('<!-- spec-strings:start -->');
  const end = section.indexOf('<!-- spec-strings:end -->');
  if (start === -1 || end === -1) throw new Error('The exact strings list has no markers');
  const strings: SpecString[] = [];
  for (const line of section.slice(start, end).split('\n')) {
    if (!line.startsWith('| `')) continue;
    const match = /^\| `(.+)` \| ([A-Z]\d+) \| (built|in progress) \|$/.exec(line);
    if (!match) throw new Error(`Malformed exact string row: ${line}`);
    strings.push({
      text: match[1] ?? '',
      row: match[2] ?? '',
      status: match[3] === 'built' ? 'built' : 'in progress',
    });
  }
  return strings;
}

function backticked(cell: string): string[] {
  return [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
}

const REPO_PATH = /^(src|tests|docs|scripts)\//;

/** Source text as a person reads it: JSX entities decoded, wrapped lines joined. */
function readable(source: string): string {
  const entities: Record<string, string> = {
    apos: "'",
    quot: '"',
    amp: '&',
    lt: '<',
    gt: '>',
    nbsp: ' ',
    ldquo: '"',
    rdquo: '"',
    lsquo: "'",
    rsquo: "'",
    rarr: '→',
  };
  return source
    .replace(/&(#\d+|[a-z]+);/g, (whole, name: string) =>
      name.startsWith('#')
        ? String.fromCodePoint(Number(name.slice(1)))
        : (entities[name] ?? whole),
    )
    .replace(/\s+/g, ' ');
}

/** Everything under src/ that ships (tests are not the product). */
function productSources(dir = join(root, 'src')): { path: string; text: string }[] {
  const found: { path: string; text: string }[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'testing') found.push(...productSources(path));
    } else if (/\.(ts|tsx|css|html)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      found.push({ path: relative(root, path), text: readable(readFileSync(path, 'utf8')) });
    }
  }
  return found;
}

const section = coverageSection();
const rows = parseRows(section);
const strings = parseStrings(section);
const sources = productSources();

function whereInSource(text: string): string | undefined {
  const wanted = readable(text);
  return sources.find((source) => source.text.includes(wanted))?.path;
}

/**
 * Whether a string is in one of the files its row names as Where: "Later" in a server comment
 * or "Upgrade to Pro" in a server message is not the screen the spec means.
 */
function inItsRowSource(text: string, rowId: string): boolean {
  const row = rows.find((r) => r.id === rowId);
  if (!row) return false;
  const wanted = readable(text);
  const named = new Set(backticked(row.where).filter((p) => REPO_PATH.test(p)));
  return sources.some((source) => named.has(source.path) && source.text.includes(wanted));
}

describe('docs/product.md, Spec coverage', () => {
  it('has uniquely named rows in every table', () => {
    expect(rows.length).toBeGreaterThan(100);
    const ids = rows.map((row) => row.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  });

  it('names, for every row, files that exist and at least one test', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const paths = [...backticked(row.where), ...backticked(row.test)].filter((p) =>
        REPO_PATH.test(p),
      );
      for (const path of paths) {
        if (!existsSync(join(root, path))) problems.push(`${row.id}: ${path} does not exist`);
      }
      const tests = backticked(row.test).filter((p) => REPO_PATH.test(p));
      if (tests.length === 0) problems.push(`${row.id}: no test named`);
      for (const test of tests) {
        if (!/\.test\.tsx?$/.test(test)) problems.push(`${row.id}: ${test} is not a test file`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('has no row left in progress', () => {
    const inProgress = rows
      .filter((row) => row.where.startsWith(IN_PROGRESS) || row.test.startsWith(IN_PROGRESS))
      .map((row) => row.id);
    expect(inProgress).toEqual([]);
  });

  it('ties every exact string to a row of the tables', () => {
    const ids = new Set(rows.map((row) => row.id));
    expect(strings.length).toBeGreaterThan(50);
    expect(strings.filter((s) => !ids.has(s.row)).map((s) => s.text)).toEqual([]);
  });

  it('finds every exact string in a file its row names, and none is left in progress', () => {
    const missing = strings
      .filter((s) => !inItsRowSource(s.text, s.row))
      .map((s) => `${s.row}: ${s.text} (${whereInSource(s.text) ?? 'nowhere in src/'})`);
    expect(missing).toEqual([]);
    const inProgress = strings.filter((s) => s.status === IN_PROGRESS).map((s) => s.text);
    expect(inProgress).toEqual([]);
  });
});

describe('the coverage parser', () => {
  it('reads a row, refuses a row with a stray cell, and undoes JSX entities and wrapping', () => {
    expect(parseRows('| T1 | Does it | `src/a.ts` | `src/a.test.ts` |')).toEqual([
      { id: 'T1', requirement: 'Does it', where: '`src/a.ts`', test: '`src/a.test.ts`' },
    ]);
    expect(() => parseRows('| T1 | Does it | `src/a.ts` |')).toThrow(/four cells/);
    expect(
      parseStrings(
        '<!-- spec-strings:start -->\n| `Later` | O3 | in progress |\n<!-- spec-strings:end -->',
      ),
    ).toEqual([{ text: 'Later', row: 'O3', status: 'in progress' }]);
    expect(readable('I&apos;m Ready\n            to Start')).toBe("I'm Ready to Start");
  });
});
