// Each benchmark script owns one section of docs/benchmarks.md, between its own markers, and
// rewrites only that section, so running one never disturbs the figures of another.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const BENCHMARKS_DOC = join(
  fileURLToPath(new URL('../..', import.meta.url)),
  'docs',
  'benchmarks.md',
);

/**
 * Replaces the lines between `<!-- name:begin -->` and `<!-- name:end -->` with `lines`. A new
 * section goes right after section `after` when that one exists, else at the end.
 */
export function writeDocSection(name, lines, after) {
  const begin = `<!-- ${name}:begin -->`;
  const end = `<!-- ${name}:end -->`;
  const section = [begin, ...lines, end].join('\n');
  let doc = existsSync(BENCHMARKS_DOC) ? readFileSync(BENCHMARKS_DOC, 'utf8') : '# Benchmarks\n';
  const afterEnd = after === undefined ? undefined : `<!-- ${after}:end -->`;
  if (doc.includes(begin) && doc.includes(end)) {
    doc = doc.slice(0, doc.indexOf(begin)) + section + doc.slice(doc.indexOf(end) + end.length);
  } else if (afterEnd !== undefined && doc.includes(afterEnd)) {
    doc = doc.replace(afterEnd, `${afterEnd}\n\n${section}`);
  } else {
    doc = `${doc.trimEnd()}\n\n${section}\n`;
  }
  writeFileSync(BENCHMARKS_DOC, doc);
  return BENCHMARKS_DOC;
}
