import { describe, expect, it } from 'vitest';
import type { Idea } from '../../core/api-schemas.js';
import { csvField, ideasToCsv } from './idea-export.js';

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

  it.each([
    [
      '=HYPERLINK("http://evil.example","click")',
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    ],
    ['+1 555 0100', "'+1 555 0100"],
    ['-2 degrees tomorrow', "'-2 degrees tomorrow"],
    ['@everyone standup moved', "'@everyone standup moved"],
    ['\tindented', "'\tindented"],
    ['\rcarriage', `"'\rcarriage"`],
  ])('defuses %j so a spreadsheet shows it as text', (value, expected) => {
    expect(csvField(value)).toBe(expected);
  });

  it('leaves formula characters alone when they are not first', () => {
    expect(csvField('2+2=4')).toBe('2+2=4');
    expect(csvField('mail me @ home')).toBe('mail me @ home');
  });
});

describe('ideasToCsv', () => {
  it('defuses content and transcript alike and keeps one record per idea', () => {
    const csv = ideasToCsv([idea('=1+1', '@sum please'), idea('Fine as it is')]);
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe('id,createdAt,format,category,content,transcript');
    expect(lines[1]).toBe(
      "01HZX0000000000000000000AB,2026-11-22T08:00:00.000Z,tweet,work,'=1+1,'@sum please",
    );
    expect(lines[2]).toBe(
      '01HZX0000000000000000000AB,2026-11-22T08:00:00.000Z,tweet,work,Fine as it is,',
    );
    expect(lines[3]).toBe('');
  });
});
