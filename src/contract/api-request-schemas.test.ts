import { describe, expect, it } from 'vitest';
import { FormatBodySchema } from './api-request-schemas.js';

const body = (transcript: string) => ({ transcript, format: 'tweet', category: 'work' });

describe('FormatBodySchema transcript', () => {
  it.each([
    ['spaces and controls', ' \t\n\u0001 '],
    ['zero-width and direction marks', '\u200b\u200c\u200d\u200e\ufeff'],
    ['variation selectors and tag characters', '\ufe0f\u{e0041}'],
    ['the braille blank and the Khitan filler', '\u2800 \u{16fe4}'],
  ])('refuses text that shows nothing: %s', (_name, transcript) => {
    const result = FormatBodySchema.safeParse(body(transcript));
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('transcript must not be empty');
  });

  it.each([
    ['a word', 'buy milk'],
    ['a mark after blanks', '\u200b\u2800 \u{16fe4}?'],
    ['an emoji', '\u{1f600}'],
  ])('accepts text that shows something: %s', (_name, transcript) => {
    expect(FormatBodySchema.safeParse(body(transcript)).success).toBe(true);
  });
});
