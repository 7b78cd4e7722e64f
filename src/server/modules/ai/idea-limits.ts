import type { FormatResult } from '#contract/api-schemas.js';
import { IDEA_CONTENT_MAX_CHARS } from '#contract/limits.js';
import { TWEET_LONGEST_CHARS, type Format } from '#contract/taxonomy.js';
import { shortenToLimit } from './output-checks.js';

/**
 * What a formatted idea may hold: a tweet TWEET_LONGEST_CHARS, anything else what an idea's
 * content holds (docs/api.md), so whatever the server writes can be saved as it is. Counted in
 * UTF-16 units, as the save's own check counts.
 */
export function ideaLimitOf(format: Format): number {
  return format === 'tweet' ? TWEET_LONGEST_CHARS : IDEA_CONTENT_MAX_CHARS;
}

/** The lines that fit, whole: a checklist loses whole items, never half of one. */
function wholeLinesWithin(text: string, limit: number): string {
  const kept: string[] = [];
  let length = 0;
  for (const line of text.split('\n')) {
    const added = (kept.length > 0 ? 1 : 0) + line.length;
    if (length + added > limit) break;
    kept.push(line);
    length += added;
  }
  return kept.join('\n');
}

/** The first `units` UTF-16 units of `text`, one fewer when that would split a pair. */
function withinUnits(text: string, units: number): string {
  const cut = text.slice(0, units);
  const last = cut.charCodeAt(cut.length - 1);
  return last >= 0xd800 && last <= 0xdbff ? cut.slice(0, -1) : cut;
}

/**
 * A formatted idea cut to its limit, at a whole line (a checklist) or a whole sentence, with a
 * note saying so; the transcript, saved with the idea, keeps every word.
 */
export function withinIdeaLimit(result: FormatResult, format: Format): FormatResult {
  const limit = ideaLimitOf(format);
  if (result.formatted.length <= limit) return result;
  let formatted = format === 'checklist' ? wholeLinesWithin(result.formatted, limit) : '';
  // A heading alone, or nothing: the first item was longer than the whole limit.
  if (!/^- \[ \] \S/mu.test(formatted)) {
    const text = result.formatted.trim();
    formatted = shortenToLimit(text, limit);
    // A run with no space to cut at would shrink to almost nothing: cut it where the limit is.
    if (formatted.length < limit / 2) formatted = `${withinUnits(text, limit - 1)}…`;
  }
  // shortenToLimit counts code points, and astral ones are two units each: cut once more, in
  // units, never inside a pair (one pass: a loop of one code point at a time was quadratic).
  if (formatted.length > limit) formatted = `${withinUnits(formatted, limit - 1)}…`;
  return {
    ...result,
    formatted,
    notes: [
      ...result.notes,
      `Longer than ${format === 'tweet' ? 'a tweet' : 'an idea'} holds (${limit.toLocaleString('en')} characters): cut at the last whole ${format === 'checklist' ? 'item' : 'sentence'} that fits; the transcript keeps every word.`,
    ],
  };
}
