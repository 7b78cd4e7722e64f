import { TWEET_LONGEST_CHARS } from '#contract/taxonomy.js';
import { PITCH_SECTION_LABELS } from '#text/formats/pitch.js';
import { PITCH_HOOK_LONGEST_CHARS } from '#text/formats/pitch/hook.js';
import { codePointLength } from '#text/sentences.js';

/**
 * The shapes of the three formats (docs/architecture.md, "How a recording flows", step 5),
 * as lists of what is wrong with an output ([] when nothing is). Sentence case means a Latin
 * letter opening a sentence is a capital; every sentence ends with . ? ! or …
 */

const LATIN_LOWER_START = /^(?=\p{Script=Latin})\p{Ll}/u;
const ENDS_SENTENCE = /[.?!…。！？]$/u;
const TRAILING_HASHTAGS = /(?:\s+#[\p{L}\p{N}_]+)+$/u;

function sentencesOf(text: string): string[] {
  return text.split(/(?<=[.?!…])\s+/u).filter((sentence) => sentence !== '');
}

function proseProblems(where: string, text: string): string[] {
  const problems: string[] = [];
  for (const sentence of sentencesOf(text)) {
    if (LATIN_LOWER_START.test(sentence)) problems.push(`${where}: lower-case start "${sentence}"`);
  }
  if (!ENDS_SENTENCE.test(text)) problems.push(`${where}: no end punctuation "${text}"`);
  if (/ {2}| [,.!?;:](?!\.)|,[,.]/u.test(text)) problems.push(`${where}: stray spacing "${text}"`);
  return problems;
}

export function tweetProblems(tweet: string): string[] {
  const problems: string[] = [];
  if (tweet.trim() === '') return ['tweet: empty'];
  if (codePointLength(tweet) > TWEET_LONGEST_CHARS) problems.push('tweet: over 1,400 characters');
  if (tweet.includes('\n')) problems.push('tweet: more than one line');
  const body = tweet.replace(TRAILING_HASHTAGS, '');
  if (body !== '') problems.push(...proseProblems('tweet', body));
  return problems;
}

export function checklistProblems(checklist: string): string[] {
  const [title, ...lines] = checklist.split('\n');
  const problems: string[] = [];
  if (title === undefined || title.trim() === '') problems.push('checklist: no title');
  if (title?.startsWith('- [ ]')) problems.push('checklist: title is an item');
  if (lines.length === 0) problems.push('checklist: no items');
  const seen = new Set<string>();
  for (const line of lines) {
    if (!line.startsWith('- [ ] ')) {
      problems.push(`checklist: not an item line "${line}"`);
      continue;
    }
    const item = line.slice('- [ ] '.length);
    if (item.trim() === '') problems.push('checklist: empty item');
    if (LATIN_LOWER_START.test(item)) problems.push(`checklist: lower-case item "${item}"`);
    if (/^(?:and|then|also|so|but|or|plus)\s/iu.test(item)) {
      problems.push(`checklist: item opens with a connective "${item}"`);
    }
    // "at 9 a.m." ends with the abbreviation's own full stop, not a sentence's.
    if (/[,;:.]$/u.test(item) && !/\b[ap]\.m\.$/iu.test(item)) {
      problems.push(`checklist: item ends with punctuation "${item}"`);
    }
    const key = item.toLowerCase();
    if (seen.has(key)) problems.push(`checklist: duplicate item "${item}"`);
    seen.add(key);
  }
  return problems;
}

/**
 * A hook line; then, after a blank line, any of "Problem:", "Solution:", "Why it matters:"
 * in that order, each at most once, and before them the plain premise lines of a creative
 * pitch. A pitch of only a hook is whole: nothing is made up to fill it.
 */
export function pitchProblems(pitch: string): string[] {
  const [hook, blank, ...rest] = pitch.split('\n');
  const problems: string[] = [];
  if (hook === undefined || hook.trim() === '') return ['pitch: no hook'];
  // A hook with no clause to end at stays whole up to the longest line: only a single word
  // longer than that (a paragraph of CJK) is ever cut.
  if (codePointLength(hook) > PITCH_HOOK_LONGEST_CHARS) problems.push('pitch: hook over 280');
  if (hook.endsWith('…') && /\s/u.test(hook)) problems.push('pitch: hook cut off');
  problems.push(...proseProblems('pitch hook', hook));
  if (blank === undefined) return problems;
  if (blank !== '') problems.push('pitch: no blank line after the hook');
  if (rest.length === 0) problems.push('pitch: a blank line with nothing after it');
  let lastLabel = -1;
  for (const line of rest) {
    const label = PITCH_SECTION_LABELS.findIndex((name) => line.startsWith(`${name}: `));
    if (label === -1) {
      if (lastLabel !== -1) problems.push(`pitch: plain line after a section "${line}"`);
      problems.push(...proseProblems('pitch premise', line));
      continue;
    }
    if (label <= lastLabel) problems.push(`pitch: section out of order "${line}"`);
    lastLabel = label;
    const body = line.slice(`${PITCH_SECTION_LABELS[label] ?? ''}: `.length);
    problems.push(...proseProblems(`pitch ${PITCH_SECTION_LABELS[label] ?? ''}`, body));
  }
  return problems;
}
