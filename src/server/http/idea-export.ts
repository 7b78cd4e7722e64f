import type { Idea } from '../../core/api-schemas.js';
import { CATEGORY_LABELS, FORMAT_LABELS } from '../../core/taxonomy.js';

export type ExportFormat = 'json' | 'markdown' | 'csv';

const CSV_COLUMNS = ['id', 'createdAt', 'format', 'category', 'content', 'transcript'] as const;

/** RFC 4180: a field with a comma, quote, CR or LF is quoted, and its quotes are doubled. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
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
