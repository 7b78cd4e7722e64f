import { formatChecklist } from './rule-formatter-checklist.js';
import { formatPitch } from './rule-formatter-pitch.js';
import { formatTweet } from './rule-formatter-tweet.js';
import type { Category, Format } from './taxonomy.js';
import { cleanSpeech } from './text-clean.js';

/**
 * The rule formatter (`path: "rules"`): the answer when no model is configured and the
 * fallback when one fails. Deterministic and pure; any length and any script is safe.
 * Blank input gives ''.
 *
 * - tweet: fillers removed, sentence case and punctuation restored, at most 280 characters
 *   cut at a sentence or word boundary, one or two fitting hashtags when they fit;
 * - checklist: a short title line, then one "- [ ] Task" line per task;
 * - pitch: a one-line hook, a blank line, then "Problem:", "Solution:", "Why it matters:".
 */
export function formatWithRules(transcript: string, format: Format, category: Category): string {
  const text = typeof transcript === 'string' ? transcript.normalize('NFC') : '';
  if (text.trim() === '') return '';
  const sentences = cleanSpeech(text);
  switch (format) {
    case 'tweet':
      return formatTweet(sentences, category);
    case 'checklist':
      return formatChecklist(sentences, category, text);
    case 'pitch':
      return formatPitch(sentences, category);
  }
}
