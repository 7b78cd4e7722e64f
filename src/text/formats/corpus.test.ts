import { describe, expect, it } from 'vitest';
import { TRANSCRIPTS } from '#tests/fixtures/transcripts/corpus.js';
import { detectFormatAndCategory } from '../detect/detection.js';
import { formatWithRules } from './format-with-rules.js';
import { CATEGORIES, TWEET_LONGEST_CHARS } from '#contract/taxonomy.js';
import { codePointLength } from '../sentences.js';
import { pitchProblems } from '#tests/support/format-shapes.js';

const FILLER = /(?<![\p{L}\p{N}'])(?:um|uh|erm|uhm|hmm|basically)(?![\p{L}\p{N}'])/iu;
const ITEM_LINE = /^- \[ \] (?=\S)/u;
const LEADING_CONJUNCTION = /^(?:and|then|also|so|but|or|plus)\s/iu;

function expectCleanText(text: string): void {
  expect(text).not.toMatch(FILLER);
  expect(text).not.toMatch(/ {2}/u);
  expect(text).not.toMatch(/ [,.!?;:](?!\.)/u);
  expect(text).not.toMatch(/,[,.]/u);
}

function expectTweetShape(tweet: string, transcript: string): void {
  expect(tweet).not.toBe('');
  expect(codePointLength(tweet)).toBeLessThanOrEqual(TWEET_LONGEST_CHARS);
  expect(tweet).not.toContain('\n');
  expectCleanText(tweet);
  // Sentence case: a Latin first letter is a capital.
  const first = tweet.charAt(0);
  if (/\p{Script=Latin}/u.test(first)) expect(first).toBe(first.toUpperCase());
  const hashtags = tweet.match(/#[\p{L}\p{N}_]+/gu) ?? [];
  const spoken = transcript.match(/hashtag|#/giu) ?? [];
  // A hashtag only where the person said one.
  expect(hashtags.length).toBeLessThanOrEqual(spoken.length);
  // A cut ends on a whole word of the transcript, never inside one.
  if (tweet.endsWith('…')) {
    const lastWord = /([\p{L}\p{N}]+)…$/u.exec(tweet)?.[1];
    if (lastWord !== undefined && lastWord.length < 40) {
      expect(transcript).toMatch(
        new RegExp(`${lastWord.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu'),
      );
    }
  }
}

function expectChecklistShape(checklist: string): string[] {
  const [title, ...items] = checklist.split('\n');
  expect(title).toBeDefined();
  expect((title ?? '').trim()).not.toBe('');
  expect(title).not.toMatch(/^- \[/u);
  expect(codePointLength(title ?? '')).toBeLessThanOrEqual(51);
  expect(items.length).toBeGreaterThan(0);
  const seen = new Set<string>();
  for (const line of items) {
    expect(line).toMatch(ITEM_LINE);
    const item = line.slice('- [ ] '.length);
    expect(item.trim()).not.toBe('');
    expect(item).not.toMatch(LEADING_CONJUNCTION);
    const first = item.charAt(0);
    expect(first).not.toBe(
      first.toLowerCase() === first && first.toUpperCase() !== first ? first : '',
    );
    const key = item.toLowerCase();
    expect(seen.has(key)).toBe(false);
    seen.add(key);
    expectCleanText(item);
  }
  return items.map((line) => line.slice('- [ ] '.length));
}

function expectPitchShape(pitch: string): void {
  expect(pitchProblems(pitch)).toEqual([]);
}

function section(pitch: string, label: string): string {
  return pitch.split('\n').find((line) => line.startsWith(`${label}: `)) ?? '';
}

describe('fixture corpus', () => {
  it('has at least 60 transcripts with unique ids', () => {
    expect(TRANSCRIPTS.length).toBeGreaterThanOrEqual(60);
    expect(new Set(TRANSCRIPTS.map((fixture) => fixture.id)).size).toBe(TRANSCRIPTS.length);
    const longest = Math.max(...TRANSCRIPTS.map((f) => f.transcript.split(/\s+/u).length));
    expect(longest).toBeGreaterThanOrEqual(2000);
  });

  describe.each(TRANSCRIPTS.map((fixture) => [fixture.id, fixture] as const))(
    '%s',
    (_id, fixture) => {
      const category = CATEGORIES[fixture.id.length % CATEGORIES.length] ?? 'work';

      it('tweet', () => {
        const tweet = formatWithRules(fixture.transcript, 'tweet', category);
        expectTweetShape(tweet, fixture.transcript);
        for (const text of fixture.tweetIncludes ?? []) expect(tweet).toContain(text);
        for (const text of fixture.excludes ?? []) expect(tweet).not.toContain(text);
      });

      it('checklist', () => {
        const checklist = formatWithRules(fixture.transcript, 'checklist', category);
        const items = expectChecklistShape(checklist);
        for (const item of fixture.checklistItems ?? []) expect(items).toContain(item);
        for (const text of fixture.excludes ?? []) expect(checklist).not.toContain(text);
      });

      it('pitch', () => {
        const pitch = formatWithRules(fixture.transcript, 'pitch', category);
        expectPitchShape(pitch);
        // A part the speaker said sits in its section; a creative pitch has none, and keeps
        // the words in its premise instead.
        for (const [label, text] of [
          ['Problem', fixture.pitch?.problem],
          ['Solution', fixture.pitch?.solution],
          ['Why it matters', fixture.pitch?.why],
        ] as const) {
          if (text === undefined) continue;
          const part = section(pitch, label);
          expect(part === '' ? pitch : part).toContain(text);
        }
        for (const text of fixture.excludes ?? []) expect(pitch).not.toContain(text);
      });

      // Only fixtures that pin a detection get the test: a skipped test would check nothing.
      const expected = fixture.detect;
      if (expected !== undefined) {
        it('detection', () => {
          const result = detectFormatAndCategory(fixture.transcript);
          expect({ format: result.detectedFormat, category: result.detectedCategory }).toEqual(
            expected,
          );
        });
      }
    },
  );
});
