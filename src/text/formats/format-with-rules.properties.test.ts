import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CATEGORIES, FORMATS, TWEET_LONGEST_CHARS } from '#contract/taxonomy.js';
import { codePointLength } from '../sentences.js';
import { formatWithRules } from './format-with-rules.js';

describe('properties', () => {
  const speech = fc.oneof(
    fc.string({ maxLength: 600 }),
    fc.string({ unit: 'grapheme', maxLength: 400 }),
    fc
      .array(
        fc.constantFrom(
          'um',
          'uh',
          'like',
          'you',
          'know',
          'and',
          'then',
          'first',
          'buy',
          'milk',
          'call',
          'mom',
          'I',
          'need',
          'to',
          ',',
          '.',
          '?',
          ':',
          '—',
          'supercalifragilisticexpialidocious',
          '東京',
          '🎉',
          '👨‍👩‍👧',
          'café',
          'example.com',
          'constructor',
          '__proto__',
          'toString',
          'so',
          'but',
          'or',
          'the',
          'checklist',
          'second',
          'finally',
          'we',
          'thing',
          'they',
          'hashtag',
          '\n',
          '...',
          'percent',
          '50',
        ),
        { maxLength: 60 },
      )
      .map((words) => words.join(' ')),
  );
  const format = fc.constantFrom(...FORMATS);
  const category = fc.constantFrom(...CATEGORIES);

  it('never throws and is deterministic', () => {
    fc.assert(
      fc.property(speech, format, category, (text, f, c) => {
        expect(formatWithRules(text, f, c)).toBe(formatWithRules(text, f, c));
      }),
      { numRuns: 400 },
    );
  });

  it('tweets are at most the longest a thread may be and non-empty for non-blank speech', () => {
    fc.assert(
      fc.property(speech, category, (text, c) => {
        const tweet = formatWithRules(text, 'tweet', c);
        expect(codePointLength(tweet)).toBeLessThanOrEqual(TWEET_LONGEST_CHARS);
        expect(tweet.trim() === '').toBe(text.trim() === '');
        if (!text.includes('\uFFFD')) expect(tweet).not.toContain('\uFFFD');
        // No lone surrogate: the cut never splits a character.
        expect(tweet).not.toMatch(
          /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/u,
        );
      }),
      { numRuns: 400 },
    );
  });

  it('checklists are a title line and well-formed task lines', () => {
    fc.assert(
      fc.property(speech, category, (text, c) => {
        const checklist = formatWithRules(text, 'checklist', c);
        if (text.trim() === '') {
          expect(checklist).toBe('');
          return;
        }
        const [title, ...items] = checklist.split('\n');
        expect((title ?? '').trim()).not.toBe('');
        expect(title).not.toMatch(/^- \[ \]/u);
        expect(items.length).toBeGreaterThan(0);
        const keys = new Set<string>();
        for (const item of items) {
          expect(item).toMatch(/^- \[ \] \S/u);
          expect(item).not.toMatch(/^- \[ \] (?:and|then|also|so|but|or)\s/iu);
          keys.add(item.toLowerCase());
        }
        expect(keys.size).toBe(items.length);
      }),
      { numRuns: 400 },
    );
  });

  it('pitches are a hook and only the sections that were said, in order', () => {
    fc.assert(
      fc.property(speech, category, (text, c) => {
        const pitch = formatWithRules(text, 'pitch', c);
        if (text.trim() === '' || pitch === '') return;
        const [hook, blank, ...rest] = pitch.split('\n');
        expect((hook ?? '').trim()).not.toBe('');
        if (blank === undefined) return;
        expect(blank).toBe('');
        expect(rest.length).toBeGreaterThan(0);
        const labels = rest
          .map((line) => /^(Problem|Solution|Why it matters): \S/u.exec(line)?.[1])
          .filter((label) => label !== undefined);
        const order = ['Problem', 'Solution', 'Why it matters'];
        expect([...labels].sort((a, b) => order.indexOf(a) - order.indexOf(b))).toEqual(labels);
        expect(new Set(labels).size).toBe(labels.length);
      }),
      { numRuns: 300 },
    );
  });
});
