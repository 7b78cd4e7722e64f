import { describe, expect, it } from 'vitest';
import { textBytesOf } from './save-rate-limits.js';

describe('the text a write carries', () => {
  it('counts every string of the body, however deeply it is nested', () => {
    expect(textBytesOf({ content: 'héllo', tags: ['ab', { note: 'c' }], n: 4, ok: true })).toBe(9);
    const deep = JSON.parse(`${'['.repeat(30_000)}"end"${']'.repeat(30_000)}`) as unknown;
    expect(textBytesOf(deep)).toBe(3);
    expect(textBytesOf(null)).toBe(0);
  });
});
