import { describe, expect, it } from 'vitest';
import type { FormatResult } from '#contract/api-schemas.js';
import { IDEA_CONTENT_MAX_CHARS } from '#contract/limits.js';
import { withinIdeaLimit } from './idea-limits.js';

const answer = (formatted: string): FormatResult => ({
  formatted,
  path: 'rules',
  mode: 'reliable',
  notes: [],
});

describe('an idea cut to what it holds', () => {
  it('cuts text of two-unit characters once, whole characters only', () => {
    const cut = withinIdeaLimit(answer('𠀀'.repeat(10_000)), 'pitch').formatted;
    expect(cut.length).toBeLessThanOrEqual(IDEA_CONTENT_MAX_CHARS);
    expect(cut.length).toBeGreaterThan(IDEA_CONTENT_MAX_CHARS - 4);
    expect(cut).toMatch(/^(𠀀)+…$/u);
  });

  it('keeps whole checklist items, and cuts the first one when it alone is too long', () => {
    const items = Array.from({ length: 800 }, (_, i) => `- [ ] Ring supplier ${i + 1}`);
    const kept = withinIdeaLimit(answer(['Work checklist', ...items].join('\n')), 'checklist');
    expect(kept.formatted.split('\n').at(-1)).toMatch(/^- \[ \] Ring supplier \d+$/);
    const giant = `Things to do:\n- [ ] ${'word '.repeat(2_100)}`;
    const cut = withinIdeaLimit(answer(giant), 'checklist').formatted;
    expect(cut.length).toBeLessThanOrEqual(IDEA_CONTENT_MAX_CHARS);
    expect(cut).toMatch(/^Things to do:\n- \[ \] word word/);
    const blank = withinIdeaLimit(answer(`\n\n${'x'.repeat(10_001)}`), 'checklist').formatted;
    expect(blank.trim().length).toBeGreaterThan(1_000);
  });
});
