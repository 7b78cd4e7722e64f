import { describe, expect, it } from 'vitest';
import { SUGGESTED_TITLE_MAX_CHARS, suggestedTitle } from './idea-title.js';

describe('suggestedTitle', () => {
  it('is the first line of the content', () => {
    expect(suggestedTitle('Morning routine\n- [ ] Stretch\n- [ ] Coffee')).toBe('Morning routine');
    expect(suggestedTitle('One line only')).toBe('One line only');
    expect(suggestedTitle('Windows line\r\nsecond')).toBe('Windows line');
  });

  it('keeps 50 characters of a longer first line', () => {
    const long = `${'a'.repeat(60)}\nnext`;
    expect(SUGGESTED_TITLE_MAX_CHARS).toBe(50);
    expect(suggestedTitle(long)).toBe('a'.repeat(50));
    expect(suggestedTitle('b'.repeat(50))).toBe('b'.repeat(50));
  });

  it('counts an emoji as one character and never splits it', () => {
    expect(suggestedTitle('🎤'.repeat(60))).toBe('🎤'.repeat(50));
  });

  it('skips leading blank lines and the spaces around the line', () => {
    expect(suggestedTitle('\n\n   Ship it on Friday   \nthen rest')).toBe('Ship it on Friday');
    expect(suggestedTitle(`${'word '.repeat(9)}wordy and more`)).toBe(`${'word '.repeat(9)}wordy`);
  });

  it('is empty for blank content', () => {
    expect(suggestedTitle('')).toBe('');
    expect(suggestedTitle(' \n\t\n ')).toBe('');
  });
});
