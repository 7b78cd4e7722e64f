import { Readable } from 'node:stream';
import type { Idea } from '#contract/api-schemas.js';
import { suggestedTitle } from '#contract/idea-title.js';
import { CATEGORY_LABELS, FORMAT_LABELS } from '#contract/taxonomy.js';

export type ExportFormat = 'json' | 'markdown' | 'csv';

const CSV_COLUMNS = ['id', 'createdAt', 'format', 'category', 'content', 'transcript'] as const;

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection): a
 * transcript saying "equals hyperlink..." could become a live link or worse when the export is
 * opened. Spreadsheets may skip what a cell opens with before they look (spaces of every kind,
 * line and paragraph breaks, other control characters and invisible format characters such as
 * the zero-width space), and read the full-width ＝＋－＠ as the ASCII signs, so a sign after
 * any of those counts as a start too. Tab and CR count even alone, first, as OWASP lists them.
 */
const FORMULA_START = /^(?:[\t\r]|[\s\p{Z}\p{Cc}\p{Cf}]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u;

/**
 * A field that must be quoted: RFC 4180's comma, quote, CR and LF, and the semicolon, which
 * spreadsheets in many locales split cells on, so `a;=1+2` would open a cell starting with =.
 */
const NEEDS_QUOTES = /[",;\r\n]/;

/**
 * OWASP's CSV injection guidance: a field a spreadsheet would evaluate gets a leading
 * apostrophe, which spreadsheets read as "this is text" and hide, and is quoted; a field holding
 * a separator is quoted; quotes inside are doubled. The JSON export keeps every character as
 * stored.
 */
export function csvField(value: string): string {
  if (FORMULA_START.test(value)) return `"'${value.replace(/"/g, '""')}"`;
  return NEEDS_QUOTES.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV record per idea, every line ending in CRLF (RFC 4180). */
function csvRecord(idea: Idea): string {
  return `${CSV_COLUMNS.map((column) => csvField(idea[column] ?? '')).join(',')}\r\n`;
}

/**
 * An idea's heading is its suggested title (docs/product.md). A run of # at the end of a heading
 * is read by Markdown as a closing sequence and dropped, so a title ending in one is escaped.
 */
function markdownHeading(idea: Idea): string {
  const title = suggestedTitle(idea.content) || FORMAT_LABELS[idea.format];
  return `## ${title.replace(/(^|\s)(#+)$/, (_, space: string, hashes: string) => `${space}\\${hashes}`)}`;
}

function markdownEntry(idea: Idea): string {
  const parts = [
    '',
    markdownHeading(idea),
    '',
    `*${FORMAT_LABELS[idea.format]} · ${CATEGORY_LABELS[idea.category]} · ${idea.createdAt}*`,
    '',
    idea.content,
  ];
  if (idea.transcript) {
    parts.push('', ...idea.transcript.split('\n').map((line) => `> ${line}`));
  }
  return `${parts.join('\n')}\n`;
}

/** Exactly what JSON.stringify(ideas, null, 2) would give for the whole array, one item at a time. */
function jsonItem(idea: Idea): string {
  return `  ${JSON.stringify(idea, null, 2).replace(/\n/g, '\n  ')}`;
}

async function* exportText(
  batches: AsyncIterable<readonly Idea[]>,
  format: ExportFormat,
  header: { exportedAt: Date; total: number },
): AsyncGenerator<string, void, undefined> {
  if (format === 'csv') yield `${CSV_COLUMNS.join(',')}\r\n`;
  if (format === 'markdown') {
    const { total, exportedAt } = header;
    yield `# Voice Ideas\n\nExported ${exportedAt.toISOString()}: ${total} idea${total === 1 ? '' : 's'}.\n`;
  }
  let first = true;
  for await (const batch of batches) {
    if (batch.length === 0) continue;
    if (format === 'csv') yield batch.map(csvRecord).join('');
    else if (format === 'markdown') yield batch.map(markdownEntry).join('');
    else {
      yield `${first ? '[\n' : ',\n'}${batch.map(jsonItem).join(',\n')}`;
    }
    first = false;
  }
  if (format === 'json') yield first ? '[]\n' : '\n]\n';
}

export interface ExportFile {
  /** The file's text, produced batch by batch as the reader consumes it. */
  body: Readable;
  contentType: string;
  filename: string;
}

/**
 * `total` is only shown in the Markdown heading (it comes from the stored count, read before the
 * first batch); the records are whatever the batches hold.
 */
export function exportFile(
  batches: AsyncIterable<readonly Idea[]>,
  format: ExportFormat,
  header: { exportedAt: Date; total: number },
): ExportFile {
  const day = header.exportedAt.toISOString().slice(0, 10);
  const body = Readable.from(exportText(batches, format, header), { objectMode: false });
  switch (format) {
    case 'csv':
      return {
        body,
        contentType: 'text/csv; charset=utf-8; header=present',
        filename: `voice-ideas-${day}.csv`,
      };
    case 'markdown':
      return {
        body,
        contentType: 'text/markdown; charset=utf-8',
        filename: `voice-ideas-${day}.md`,
      };
    case 'json':
      return {
        body,
        contentType: 'application/json; charset=utf-8',
        filename: `voice-ideas-${day}.json`,
      };
  }
}
