import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Idea } from '#contract/api-schemas.js';
import { csvField, exportFile, type ExportFormat } from './export.js';

function idea(content: string, transcript: string | null = null): Idea {
  return {
    id: '01HZX0000000000000000000AB',
    content,
    format: 'tweet',
    category: 'work',
    transcript,
    userId: null,
    createdAt: '2026-11-22T08:00:00.000Z',
  };
}

describe('csvField', () => {
  it.each([
    ['plain text', 'plain text'],
    ['a, b', '"a, b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['', ''],
  ])('quotes %j per RFC 4180', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  /** Fields a spreadsheet would run as a formula, as OWASP's CSV injection page lists them. */
  const HOSTILE = [
    '=HYPERLINK("http://evil.example","click")',
    '+1 555 0100',
    '-2 degrees tomorrow',
    '@everyone standup moved',
    '\tindented',
    '\rcarriage',
    ' =1+2',
    '   @SUM(1)',
    '\u00a0=1+2',
    '\u00a0 \u00a0-3',
    '\u3000=1',
    '\ufeff=1',
    '＝1+2',
    '＋1',
    '－1',
    '＠SUM(A1)',
    ' ＝1',
    '\n=1+2',
    '\u000b=1',
    '\f=1',
    '\u0085=1',
    '\u2028=1',
    '\u2029=1',
    '\u200b=1+1',
    '\u2060@SUM(1)',
    ' \n-2+3',
  ];

  it.each(HOSTILE)('defuses %j: quoted, with a leading apostrophe', (value) => {
    expect(csvField(value)).toBe(`"'${value.replace(/"/g, '""')}"`);
  });

  it.each([
    ['a;=1+2;@SUM(1)', '"a;=1+2;@SUM(1)"'],
    ['one;two', '"one;two"'],
    ['a,=1+2', '"a,=1+2"'],
  ])('quotes %j, whose separator would open a cell in a semicolon locale', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves formula characters alone when they are not first', () => {
    expect(csvField('2+2=4')).toBe('2+2=4');
    expect(csvField('mail me @ home')).toBe('mail me @ home');
    expect(csvField('x -1')).toBe('x -1');
  });

  it('round-trips in a CSV parser: every field comes back, the defused ones behind one apostrophe', () => {
    const fields = [...HOSTILE, 'a;=1+2;@SUM(1)', 'say "hi"', 'line one\r\nline two', '', 'plain'];
    const record = `${fields.map(csvField).join(',')}\r\n`;
    const [parsed] = parse(record, { relax_quotes: false }) as string[][];
    expect(parsed).toEqual(fields.map((field) => (HOSTILE.includes(field) ? `'${field}` : field)));
    // Nothing a spreadsheet reads comes out starting with a formula sign.
    for (const cell of parsed ?? []) {
      expect(cell).not.toMatch(/^[\s\p{Z}\p{Cc}\p{Cf}]*[=+\-@＝＋－＠]/u);
    }
  });
});

async function* inBatches(ideas: readonly Idea[], size: number) {
  for (let i = 0; i < ideas.length; i += size) yield ideas.slice(i, i + size);
}

async function text(ideas: readonly Idea[], format: ExportFormat, batchSize = 2): Promise<string> {
  const file = exportFile(inBatches(ideas, batchSize), format, {
    exportedAt: new Date('2026-11-22T09:00:00.000Z'),
    total: ideas.length,
  });
  let out = '';
  for await (const chunk of file.body) out += String(chunk);
  return out;
}

const MANY = Array.from({ length: 5 }, (_, i) =>
  idea(i % 2 === 0 ? `Idea ${i}\nsecond line` : `Idea "${i}"`, i === 3 ? null : `said ${i}`),
);

describe('exportFile', () => {
  it('streams JSON identical to stringifying the whole array, whatever the batches', async () => {
    for (const ideas of [[], MANY.slice(0, 1), MANY]) {
      const expected = `${JSON.stringify(ideas, null, 2)}\n`;
      expect(await text(ideas, 'json', 1)).toBe(expected);
      expect(await text(ideas, 'json', 2)).toBe(expected);
      expect(await text(ideas, 'json', 10)).toBe(expected);
    }
  });

  it('streams CSV with one header and one record per idea, defusing formulas', async () => {
    const csv = await text([idea('=1+1', '@sum please'), idea('Fine as it is')], 'csv', 1);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,createdAt,format,category,content,transcript');
    expect(lines[1]).toBe(
      `01HZX0000000000000000000AB,2026-11-22T08:00:00.000Z,tweet,work,"'=1+1","'@sum please"`,
    );
    expect(lines[2]).toBe(
      '01HZX0000000000000000000AB,2026-11-22T08:00:00.000Z,tweet,work,Fine as it is,',
    );
    expect(lines[3]).toBe('');
    expect(await text([], 'csv')).toBe('id,createdAt,format,category,content,transcript\r\n');
  });

  it('streams Markdown with the count, a heading per idea and the transcript quoted', async () => {
    const markdown = await text(MANY, 'markdown');
    expect(
      markdown.startsWith('# Voice Ideas\n\nExported 2026-11-22T09:00:00.000Z: 5 ideas.\n'),
    ).toBe(true);
    expect(markdown.match(/^## /gm)).toHaveLength(5);
    expect(markdown.match(/^\*Tweet · Work · 2026-11-22T08:00:00\.000Z\*$/gm)).toHaveLength(5);
    expect(markdown).toContain(
      '## Idea 0\n\n*Tweet · Work · 2026-11-22T08:00:00.000Z*\n\nIdea 0\nsecond line\n\n> said 0\n',
    );
    expect(markdown).toContain('## Idea "1"\n');
    expect(markdown).not.toContain('> said 3');
    expect(await text([], 'markdown')).toBe(
      '# Voice Ideas\n\nExported 2026-11-22T09:00:00.000Z: 0 ideas.\n',
    );
  });

  it("heads each idea with its suggested title: 50 characters of the content's first line", async () => {
    const long = `${'x'.repeat(70)}\nbody`;
    const markdown = await text(
      [idea(long), idea('Ship it #\nnow'), idea('#1 priority')],
      'markdown',
    );
    expect(markdown).toContain(`\n## ${'x'.repeat(50)}\n`);
    expect(markdown).toContain('\n## Ship it \\#\n');
    expect(markdown).toContain('\n## #1 priority\n');
  });

  it('names the file by day and format', () => {
    const at = { exportedAt: new Date('2026-11-22T23:59:00.000Z'), total: 0 };
    expect(exportFile(inBatches([], 1), 'csv', at)).toMatchObject({
      filename: 'voice-ideas-2026-11-22.csv',
      contentType: 'text/csv; charset=utf-8; header=present',
    });
    expect(exportFile(inBatches([], 1), 'markdown', at).filename).toBe('voice-ideas-2026-11-22.md');
    expect(exportFile(inBatches([], 1), 'json', at).filename).toBe('voice-ideas-2026-11-22.json');
  });
});
