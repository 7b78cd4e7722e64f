import type { Idea } from '../../core/api-schemas.js';
import { CATEGORY_LABELS, FORMAT_LABELS } from '../../core/taxonomy.js';

export type ExportFormat = 'json' | 'markdown' | 'csv';

const CSV_COLUMNS = ['id', 'createdAt', 'format', 'category', 'content', 'transcript'] as const;

/**
 * Spreadsheets run a cell that starts with one of these as a formula (CSV injection): a
 * transcript saying "equals hyperlink..." could become a live link or worse when the export is
 * opened. Such a field gets a leading apostrophe, which spreadsheets read as "this is text" and
 * hide (OWASP's advice); the JSON export keeps every character as stored.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes are doubled; a
 * field a spreadsheet would evaluate is defused first.
 */
export function csvField(value: string): string {
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text: a header row, then one record per idea, every line ending in CRLF. */
export function ideasToCsv(ideas: readonly Idea[]): string {
  const rows = [CSV_COLUMNS.join(',')];
  for (const idea of ideas) {
    rows.push(CSV_COLUMNS.map((column) => csvField(idea[column] ?? '')).join(','));
  }
  return rows.map((row) => `${row}\r\n`).join('');
}

export function ideasToMarkdown(ideas: readonly Idea[], exportedAt: Date): string {
  const parts = [
    '# Voice Ideas',
    '',
    `Exported ${exportedAt.toISOString()}: ${ideas.length} idea${ideas.length === 1 ? '' : 's'}.`,
  ];
  for (const idea of ideas) {
    parts.push(
      '',
      `## ${FORMAT_LABELS[idea.format]} · ${CATEGORY_LABELS[idea.category]} · ${idea.createdAt}`,
      '',
      idea.content,
    );
    if (idea.transcript) {
      parts.push('', ...idea.transcript.split('\n').map((line) => `> ${line}`));
    }
  }
  return `${parts.join('\n')}\n`;
}

export function exportFile(
  ideas: readonly Idea[],
  format: ExportFormat,
  exportedAt: Date,
): { body: string; contentType: string; filename: string } {
  const day = exportedAt.toISOString().slice(0, 10);
  switch (format) {
    case 'csv':
      return {
        body: ideasToCsv(ideas),
        contentType: 'text/csv; charset=utf-8; header=present',
        filename: `voice-ideas-${day}.csv`,
      };
    case 'markdown':
      return {
        body: ideasToMarkdown(ideas, exportedAt),
        contentType: 'text/markdown; charset=utf-8',
        filename: `voice-ideas-${day}.md`,
      };
    case 'json':
      return {
        body: `${JSON.stringify(ideas, null, 2)}\n`,
        contentType: 'application/json; charset=utf-8',
        filename: `voice-ideas-${day}.json`,
      };
  }
}
