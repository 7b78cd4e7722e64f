import type { Utterance } from '#text/learn/corpus.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';

/*
 * How a format and category answer is scored against the corpus's labels, the way the app
 * uses it: at SERVER_APPLY_THRESHOLD or more it is applied, below it the person's own setting
 * stands. A category label "none" is right when no category is applied.
 */

export interface Answer {
  format: string | null;
  formatConfidence: number;
  /** null: no category (the person's setting stands). */
  category: string | null;
  categoryConfidence: number;
}

export interface Score {
  n: number;
  /** Share whose best format is the label's, whatever its confidence. */
  format: number;
  /** Share whose format is applied, and of those the share right. */
  formatApplied: number;
  formatAppliedRight: number;
  /** Share whose best category (none included) is the label's. */
  category: number;
  /** Share with a category applied; right and wrong as shares of all. */
  categoryApplied: number;
  categoryAppliedRight: number;
  categoryAppliedWrong: number;
  /** Right at the app's threshold: applied and right, or none applied where the label is none. */
  categoryRightAtApp: number;
}

export function score(
  utterances: readonly Utterance[],
  answer: (utterance: Utterance) => Answer,
): Score {
  const n = utterances.length;
  const totals = {
    format: 0,
    fApplied: 0,
    fRight: 0,
    category: 0,
    cApplied: 0,
    cRight: 0,
    cWrong: 0,
    atApp: 0,
  };
  for (const utterance of utterances) {
    const a = answer(utterance);
    if (a.format === utterance.format) totals.format++;
    if (a.formatConfidence >= SERVER_APPLY_THRESHOLD && a.format !== null) {
      totals.fApplied++;
      if (a.format === utterance.format) totals.fRight++;
    }
    if (a.category === utterance.category) totals.category++;
    const applied = a.category !== null && a.categoryConfidence >= SERVER_APPLY_THRESHOLD;
    if (applied) {
      totals.cApplied++;
      if (a.category === utterance.category) totals.cRight++;
      else totals.cWrong++;
    }
    if (
      (applied && a.category === utterance.category) ||
      (!applied && utterance.category === null)
    ) {
      totals.atApp++;
    }
  }
  const share = (count: number, of = n): number => (of === 0 ? 0 : count / of);
  return {
    n,
    format: share(totals.format),
    formatApplied: share(totals.fApplied),
    formatAppliedRight: share(totals.fRight, totals.fApplied),
    category: share(totals.category),
    categoryApplied: share(totals.cApplied),
    categoryAppliedRight: share(totals.cRight),
    categoryAppliedWrong: share(totals.cWrong),
    categoryRightAtApp: share(totals.atApp),
  };
}

const percent = (value: number): string => `${(value * 100).toFixed(1)}%`.padStart(6);

export const SCORE_HEADER =
  'n      format  applied  right | category  applied  right  wrong  at-0.7';

export function scoreLine(s: Score): string {
  return [
    String(s.n).padEnd(5),
    percent(s.format),
    ` ${percent(s.formatApplied)}`,
    percent(s.formatAppliedRight),
    ' |',
    `  ${percent(s.category)}`,
    ` ${percent(s.categoryApplied)}`,
    percent(s.categoryAppliedRight),
    percent(s.categoryAppliedWrong),
    ` ${percent(s.categoryRightAtApp)}`,
  ].join(' ');
}
