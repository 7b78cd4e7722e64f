import { describe, expect, it } from 'vitest';
import { cardPreview } from './preview';

describe('a card preview', () => {
  it('keeps content of 100 characters or less whole', () => {
    expect(cardPreview('short')).toBe('short');
    expect(cardPreview('b'.repeat(100))).toBe('b'.repeat(100));
  });

  it('cuts a long text at the last whole word, with an ellipsis', () => {
    const text =
      'A weekly neighborhood supper club where each host cooks a dish from their grandmother, people pay ten dollars.';
    expect(cardPreview(text)).toBe(
      'A weekly neighborhood supper club where each host cooks a dish from their grandmother, people pay...',
    );
  });

  it('drops the punctuation left at the cut', () => {
    const text = `${'word '.repeat(19)}ends, and then some more words after the cut`;
    expect(cardPreview(text)).toBe(`${'word '.repeat(19)}ends...`);
  });

  it('cuts inside a word only when one word would leave the card nearly empty', () => {
    expect(cardPreview('a'.repeat(150))).toBe(`${'a'.repeat(100)}...`);
  });

  it('never splits an emoji in half', () => {
    expect(cardPreview('🎤'.repeat(120))).toBe(`${'🎤'.repeat(100)}...`);
  });
});
