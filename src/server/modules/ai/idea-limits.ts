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

/**
 * A formatted idea cut to its limit, at a whole line (a checklist) or a whole sentence, with a
 * note saying so; the transcript, saved with the idea, keeps every word.
 */
export function withinIdeaLimit(result: FormatResult, format: Format): FormatResult {
  const limit = ideaLimitOf(format);
  if (result.formatted.length <= limit) return result;
  let formatted = format === 'checklist' ? wholeLinesWithin(result.formatted, limit) : '';
  if (formatted.length === 0) formatted = shortenToLimit(result.formatted, limit);
  // shortenToLimit counts code points: astral ones are two units each.
  while (formatted.length > limit) formatted = Array.from(formatted).slice(0, -1).join('');
  return {
    ...result,
    formatted,
    notes: [
      ...result.notes,
      `Longer than ${format === 'tweet' ? 'a tweet' : 'an idea'} holds (${limit.toLocaleString('en')} characters): cut at the last whole ${format === 'checklist' ? 'item' : 'sentence'} that fits; the transcript keeps every word.`,
    ],
  };
}
