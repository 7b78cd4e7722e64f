import type { Category, Format } from '#contract/taxonomy.js';
import { spokenContent } from '../detect/commands.js';
import { withTrace, type Trace } from '../match/trace.js';
import { tagSentences } from '../nlp.js';
import { cleanSpeech, toSentences } from '../sentences.js';
import { tokenize, type Sentence } from '../tokenizer.js';
import { formatChecklist } from './checklist.js';
import { formatPitch } from './pitch.js';
import { formatTweet } from './tweet.js';

/**
 * The rule formatter (`path: "rules"`): the answer when no model is configured and the
 * fallback when one fails. Deterministic and pure; any length and any script is safe.
 * Blank input gives ''.
 *
 * - tweet: fillers removed, sentence case and punctuation restored, at most 1,400 characters
 *   (over 280 offered as a thread) cut at a sentence or word boundary, no hashtag added;
 * - checklist: a short title line, then one "- [ ] Task" line per task;
 * - pitch: a one-line hook (the idea), then, after a blank line, whichever of "Problem:",
 *   "Solution:" and "Why it matters:" the speaker's words fill (a creative idea: its premise).
 *
 * Nothing is invented: apart from the title and the labels, every word of the
 * result is a word of the transcript (or its dictionary form, "printed" -> "print").
 */
const NON_ASCII = /[\u0080-\uffff]/;

function verbatimSentence(text: string): Sentence {
  const raw = text.trim().replace(/\s+/gu, ' ');
  return {
    tokens: [{ text: raw, lower: raw.toLowerCase(), kind: 'symbol', space: false }],
    end: '',
  };
}

/** All-caps speech text (some engines, some keyboards) would stay all caps: treat as lower. */
function isShouted(text: string): boolean {
  if (/\p{Ll}/u.test(text)) return false;
  const capitals = text.match(/\p{Lu}/gu);
  return capitals !== null && capitals.length >= 2;
}

export interface TracedFormat {
  text: string;
  trace: Trace;
}

/**
 * With `{ trace: true }`, also which rule rows and model decisions made each line (match/
 * trace.ts): `npm run trace -- "<transcript>"` prints it, and POST /api/format gives it to a
 * server started with the debug option.
 */
export function formatWithRules(transcript: string, format: Format, category: Category): string;
export function formatWithRules(
  transcript: string,
  format: Format,
  category: Category,
  options: { trace: true },
): TracedFormat;
export function formatWithRules(
  transcript: string,
  format: Format,
  category: Category,
  options?: { trace: true },
): string | TracedFormat {
  if (options?.trace !== true) return formatUntraced(transcript, format, category);
  const { result, trace } = withTrace(
    () => formatUntraced(transcript, format, category),
    (text) => text.split('\n').filter((line) => line !== ''),
  );
  return { text: result, trace };
}

function formatUntraced(transcript: string, format: Format, category: Category): string {
  // A spoken command ("make this a checklist for work") was said to the app, not as the idea.
  const raw = spokenContent(typeof transcript === 'string' ? transcript : '', {
    keepTopic: format === 'checklist',
  });
  // Composed accents ("é" as one character) so keyword and filler matching see one form;
  // plain ASCII, the common case, is already normalised.
  const text = NON_ASCII.test(raw) ? raw.normalize('NFC') : raw;
  if (text.trim() === '') return '';
  const speech = isShouted(text) ? text.toLowerCase() : text;
  let sentences = cleanSpeech(speech);
  // Nothing but fillers ("um, uh"): what was said beats an empty idea.
  if (sentences.length === 0) sentences = toSentences(tokenize(speech));
  // No words at all ("?!", "..."): keep the characters as they are.
  if (sentences.length === 0) sentences = [verbatimSentence(text)];
  switch (format) {
    case 'tweet':
      return formatTweet(sentences);
    case 'checklist':
      return formatChecklist(tagSentences(sentences), category);
    case 'pitch':
      return formatPitch(
        tagSentences(sentences),
        category,
        sentences.map((sentence) => sentence.end),
        sentences.map((sentence) => sentence.joinedBy ?? ''),
      );
  }
}
