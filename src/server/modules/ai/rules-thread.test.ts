import { describe, expect, it, vi } from 'vitest';
import { TRANSCRIPT_MAX_CHARS } from '#contract/limits.js';
import { FORMATS } from '#contract/taxonomy.js';
import type * as RulesModule from '#text/formats/format-with-rules.js';
import type * as InferModule from '#text/infer.js';
import {
  formatWithRulesOnWorker,
  inferWithRulesOnWorker,
  LONG_TRANSCRIPT_CHARS,
  RulesLane,
} from './rules-thread.js';

type Rules = typeof RulesModule;
const { formatWithRules } = await vi.importActual<Rules>('#text/formats/format-with-rules.js');
const onThisThread = vi.fn(formatWithRules);
// This thread's copy of the rules is watched; the worker thread imports its own, unwatched.
vi.mock('#text/formats/format-with-rules.js', () => ({
  formatWithRules: (...args: Parameters<Rules['formatWithRules']>) => onThisThread(...args),
}));
type Infer = typeof InferModule;
const { inferFormatAndCategory } = await vi.importActual<Infer>('#text/infer.js');
const inferredHere = vi.fn(inferFormatAndCategory);
vi.mock('#text/infer.js', () => ({
  inferFormatAndCategory: (...args: Parameters<Infer['inferFormatAndCategory']>) =>
    inferredHere(...args),
}));

const TRANSCRIPT =
  'so for the launch we need to fix the login bug and uh update the pricing page then email the beta users';
// A long dictation: the engine takes milliseconds over it, a short transcript well under one.
const LONG_TRANSCRIPT = Array.from({ length: 160 }, () => TRANSCRIPT).join(' and ');

describe('formatWithRulesOnWorker', () => {
  it('formats on this thread, at once, until the worker has started, then on the worker', async () => {
    expect(formatWithRulesOnWorker(TRANSCRIPT, 'checklist', 'work')).toBe(
      formatWithRules(TRANSCRIPT, 'checklist', 'work'),
    );
    expect(onThisThread).toHaveBeenCalledTimes(1);
    await vi.waitFor(
      () => expect(formatWithRulesOnWorker(TRANSCRIPT, 'tweet', 'work')).toBeInstanceOf(Promise),
      { timeout: 30_000, interval: 50 },
    );
  }, 40_000);

  it.each(FORMATS)('gives the same %s from the worker', async (format) => {
    onThisThread.mockClear();
    const answer = formatWithRulesOnWorker(TRANSCRIPT, format, 'work');
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(formatWithRules(TRANSCRIPT, format, 'work'));
    expect(onThisThread).not.toHaveBeenCalled();
  });
});

describe('inferWithRulesOnWorker', () => {
  it.each([
    TRANSCRIPT,
    'got promoted today after three years of grinding and i still cannot believe it',
  ])(
    'gives the same inference from the worker for "%s"',
    async (transcript) => {
      await vi.waitFor(() => expect(inferWithRulesOnWorker(transcript)).toBeInstanceOf(Promise), {
        timeout: 30_000,
        interval: 50,
      });
      inferredHere.mockClear();
      expect(await inferWithRulesOnWorker(transcript)).toEqual(inferFormatAndCategory(transcript));
      expect(inferredHere).not.toHaveBeenCalled();
    },
    40_000,
  );
});

describe('a long dictation', () => {
  it('does not hold up a short transcript sent after it', async () => {
    expect(LONG_TRANSCRIPT.length).toBeGreaterThanOrEqual(LONG_TRANSCRIPT_CHARS);
    expect(LONG_TRANSCRIPT.length).toBeLessThanOrEqual(TRANSCRIPT_MAX_CHARS);
    // Until the long lane's worker has started, the long one takes the short lane and the short
    // one waits behind it; from then on the short one is answered first.
    await vi.waitFor(
      async () => {
        const answered: string[] = [];
        await Promise.all([
          Promise.resolve(formatWithRulesOnWorker(LONG_TRANSCRIPT, 'checklist', 'work')).then(() =>
            answered.push('long'),
          ),
          Promise.resolve(formatWithRulesOnWorker(TRANSCRIPT, 'checklist', 'work')).then(() =>
            answered.push('short'),
          ),
        ]);
        expect(answered).toEqual(['short', 'long']);
      },
      { timeout: 30_000, interval: 50 },
    );
  }, 40_000);

  it.each(FORMATS)('gives the same %s from its own worker', async (format) => {
    onThisThread.mockClear();
    const answer = formatWithRulesOnWorker(LONG_TRANSCRIPT, format, 'work');
    expect(answer).toBeInstanceOf(Promise);
    expect(await answer).toBe(formatWithRules(LONG_TRANSCRIPT, format, 'work'));
    expect(onThisThread).not.toHaveBeenCalled();
  });
});

describe('a lane with an idle limit', () => {
  it('stops its worker when idle that long, and starts it again when asked', async () => {
    const lane = new RulesLane(200);
    const request = {
      op: 'format',
      transcript: TRANSCRIPT,
      format: 'tweet',
      category: 'work',
    } as const;
    expect(lane.run(request)).toBeUndefined();
    await vi.waitFor(() => expect(lane.run(request)).toBeInstanceOf(Promise), {
      timeout: 30_000,
      interval: 50,
    });
    // Busy within the limit: still started.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await lane.run(request)).toBe(formatWithRules(TRANSCRIPT, 'tweet', 'work'));
    // Idle past it: stopped, and the next request starts it again.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(lane.run(request)).toBeUndefined();
    await vi.waitFor(() => expect(lane.run(request)).toBeInstanceOf(Promise), {
      timeout: 30_000,
      interval: 50,
    });
  }, 70_000);
});
