import { describe, expect, it, vi } from 'vitest';
import { FORMATS } from '#contract/taxonomy.js';
import type * as RulesModule from '#text/formats/format-with-rules.js';
import { formatWithRulesOnWorker } from './rules-thread.js';

type Rules = typeof RulesModule;
const { formatWithRules } = await vi.importActual<Rules>('#text/formats/format-with-rules.js');
const onThisThread = vi.fn(formatWithRules);
// This thread's copy of the rules is watched; the worker thread imports its own, unwatched.
vi.mock('#text/formats/format-with-rules.js', () => ({
  formatWithRules: (...args: Parameters<Rules['formatWithRules']>) => onThisThread(...args),
}));

const TRANSCRIPT =
  'so for the launch we need to fix the login bug and uh update the pricing page then email the beta users';

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
