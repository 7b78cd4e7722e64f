import { readdirSync, readFileSync } from 'node:fs';
import { CATEGORIES, FORMATS, type Category } from '#contract/taxonomy.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import { cleanSpeech, renderSentence } from '#text/sentences.js';

/**
 * The golden corpus: every transcript the repo has, with the engine's full output for it, kept
 * in `tests/golden/*.golden` and compared by `npm test` (tests/unit/golden-corpus.test.ts).
 * `npm run golden` prints what moved; `npm run golden -- --update` records it. A file is a run
 * of entries, each opened by `== id` and closed by a blank line:
 *
 *     == id
 *     input: "the transcript, as a JSON string"
 *     category: personal           the category the formats are asked for
 *     label: checklist personal    what a careful person would choose (labelled entries only)
 *     infer: checklist personal 0.9
 *     sentences:
 *       | One cleaned sentence.
 *     tweet:
 *       | The tweet, one line of output per "  | " line.
 *
 * A new entry needs only its `== id`, `input:` and `category:`; `--update` writes the rest.
 * Lines starting with `#` outside an entry are comments.
 */

export const GOLDEN_DIR = new URL('../golden/', import.meta.url);

/** What the engine writes for one transcript, in the order an entry shows it. */
export const OUTPUT_FIELDS = ['infer', 'sentences', 'tweet', 'checklist', 'pitch'] as const;
export type OutputField = (typeof OUTPUT_FIELDS)[number];

export interface GoldenEntry {
  id: string;
  input: string;
  category: Category;
  /** Other one-line facts about the input (label, style), kept as written. */
  meta: [string, string][];
  /** Absent when the entry has not been recorded yet. */
  outputs: Partial<Record<OutputField, string>>;
}

export interface GoldenFile {
  name: string;
  /** The comment lines that open the file. */
  header: string[];
  entries: GoldenEntry[];
}

const OUTPUT_LINE = '  | ';
const MULTILINE: ReadonlySet<OutputField> = new Set(['sentences', 'tweet', 'checklist', 'pitch']);

function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

function isOutputField(value: string): value is OutputField {
  return (OUTPUT_FIELDS as readonly string[]).includes(value);
}

export function parseGolden(name: string, text: string): GoldenFile {
  const header: string[] = [];
  const entries: GoldenEntry[] = [];
  let entry: GoldenEntry | undefined;
  let field: OutputField | undefined;
  let body: string[] = [];
  const fail = (line: number, why: string): never => {
    throw new Error(`${name}:${line + 1}: ${why}`);
  };
  const closeField = (): void => {
    if (entry !== undefined && field !== undefined) entry.outputs[field] = body.join('\n');
    field = undefined;
    body = [];
  };
  const lines = text.split('\n');
  lines.forEach((line, n) => {
    if (entry === undefined) {
      if (line.startsWith('== ')) {
        entry = {
          id: line.slice(3).trim(),
          input: '',
          category: 'personal',
          meta: [],
          outputs: {},
        };
        entries.push(entry);
      } else if (line.startsWith('#')) {
        if (entries.length === 0) header.push(line);
      } else if (line.trim() !== '') fail(n, 'text outside an entry');
      return;
    }
    if (line === '') {
      closeField();
      entry = undefined;
      return;
    }
    if (line.startsWith('  |')) {
      if (field === undefined) fail(n, 'an output line outside an output');
      body.push(line.slice(OUTPUT_LINE.length));
      return;
    }
    closeField();
    const colon = line.indexOf(':');
    if (colon < 0) fail(n, `expected "key: value", got ${JSON.stringify(line)}`);
    const key = line.slice(0, colon);
    const value = line.slice(colon + 1).trim();
    if (key === 'input') {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed !== 'string') fail(n, 'input is not a JSON string');
      entry.input = parsed as string;
    } else if (key === 'category') {
      if (!isCategory(value)) fail(n, `unknown category ${value}`);
      entry.category = value as Category;
    } else if (isOutputField(key)) {
      if (MULTILINE.has(key)) {
        field = key;
        if (value !== '') fail(n, `${key} takes its lines below it`);
      } else entry.outputs[key] = value;
    } else entry.meta.push([key, value]);
  });
  closeField();
  const seen = new Set<string>();
  for (const { id } of entries) {
    if (seen.has(id)) throw new Error(`${name}: the id ${id} is used twice`);
    seen.add(id);
  }
  return { name, header, entries };
}

export function renderGolden(file: GoldenFile): string {
  const out: string[] = [...file.header];
  if (file.header.length > 0) out.push('');
  for (const entry of file.entries) {
    out.push(`== ${entry.id}`, `input: ${JSON.stringify(entry.input)}`);
    out.push(`category: ${entry.category}`);
    for (const [key, value] of entry.meta) out.push(`${key}: ${value}`);
    for (const field of OUTPUT_FIELDS) {
      const value = entry.outputs[field];
      if (value === undefined) continue;
      if (!MULTILINE.has(field)) {
        out.push(`${field}: ${value}`);
        continue;
      }
      out.push(`${field}:`);
      for (const line of value.split('\n')) out.push(line === '' ? '  |' : OUTPUT_LINE + line);
    }
    out.push('');
  }
  return out.join('\n');
}

/** The engine's outputs for one transcript, as an entry records them. */
export function runEngine(input: string, category: Category): Record<OutputField, string> {
  const inferred = inferFormatAndCategory(input);
  const formats = Object.fromEntries(
    FORMATS.map((format) => [format, formatWithRules(input, format, category)]),
  ) as Record<(typeof FORMATS)[number], string>;
  return {
    infer: `${inferred.format ?? '-'} ${inferred.category ?? '-'} ${inferred.confidence}`,
    sentences: cleanSpeech(input).map(renderSentence).join('\n'),
    ...formats,
  };
}

export function readGoldenFiles(): GoldenFile[] {
  return readdirSync(GOLDEN_DIR)
    .filter((name) => name.endsWith('.golden'))
    .sort()
    .map((name) => parseGolden(name, readFileSync(new URL(name, GOLDEN_DIR), 'utf8')));
}

/**
 * A line diff of two outputs, longest common subsequence: outputs are a few lines, so the
 * quadratic table is small, and it saves a dependency for one function.
 */
export function lineDiff(before: string, after: string): string[] {
  const a = before.split('\n');
  const b = after.split('\n');
  const width = b.length + 1;
  // common[i * width + j]: the longest common run of a[i..] and b[j..].
  const common = new Int32Array((a.length + 1) * width);
  const at = (i: number, j: number): number => common[i * width + j] ?? 0;
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      common[i * width + j] =
        a[i] === b[j] ? at(i + 1, j + 1) + 1 : Math.max(at(i + 1, j), at(i, j + 1));
    }
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`    ${a[i]}`);
      i += 1;
      j += 1;
    } else if (i < a.length && (j === b.length || at(i + 1, j) >= at(i, j + 1))) {
      out.push(`  - ${a[i]}`);
      i += 1;
    } else {
      out.push(`  + ${b[j]}`);
      j += 1;
    }
  }
  return out;
}
