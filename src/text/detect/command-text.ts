import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import {
  alternation,
  CATEGORY_BY_WORD,
  escapeRegExp,
  FORMAT_BY_WORD,
  WORD_END,
  WORD_START,
} from './spoken-words.js';

/** The text of a spoken command: a prefix parsed off the front, a phrase taken out. */

export interface PrefixParse {
  format: Format | null;
  category: Category | null;
  content: string;
  wasDetected: boolean;
}

// Only the format and category names themselves make a prefix ("Tweet work: ..."), not
// their other spoken words: "post" or "life" at the start of a thought is content.
const PREFIX_CATEGORY = String.raw`(${alternation(CATEGORIES)})${WORD_END}`;
const PREFIX_MARK = String.raw`[,.:;—–\-]`;
// Speech-to-text punctuates what was spoken as "tweet work: ...": "Tweet, work: ..." and
// "Tweet. Work. ..." mean the same, so punctuation may separate the two words too, but then
// the category word must be followed by punctuation as well ("Tweet. Work is busy" is a
// tweet whose content starts with "Work is busy").
const PREFIX_PATTERN = new RegExp(
  String.raw`^\s*(${alternation(FORMATS)})${WORD_END}(?:\s+${PREFIX_CATEGORY}|\s*${PREFIX_MARK}[\s,.:;—–\-]*${PREFIX_CATEGORY}(?=\s*${PREFIX_MARK}|\s*$))?`,
  'iu',
);
const PREFIX_SEPARATORS = /^[\s:—–\-,.;]+/u;

/**
 * "Tweet work: shipped the beta" -> tweet, work, "shipped the beta". Only the three format
 * names count as a prefix; the category is optional. Leading spaces,
 * colons, dashes (and the commas and full stops transcription adds) are stripped from the
 * content; when nothing is left, the full text is the content.
 */
export function parsePrefix(text: string): PrefixParse {
  const input = typeof text === 'string' ? text : '';
  const match = PREFIX_PATTERN.exec(input);
  if (match === null) return { format: null, category: null, content: input, wasDetected: false };
  const format = FORMAT_BY_WORD.get((match[1] ?? '').toLowerCase()) ?? null;
  const categoryWord = match[2] ?? match[3];
  const category =
    categoryWord === undefined ? null : (CATEGORY_BY_WORD.get(categoryWord.toLowerCase()) ?? null);
  const rest = input.slice(match[0].length).replace(PREFIX_SEPARATORS, '').trim();
  return { format, category, content: rest === '' ? input : rest, wasDetected: format !== null };
}

// Words that only glue the command to the content: "make a tweet about | our launch",
// "okay so | make this a checklist". One character or word per repetition, so a failed match
// cannot backtrack through nested quantifiers.
const LEADING_GLUE = new RegExp(
  String.raw`^(?:[\s,:;.!?—–\-]|(?:about|on|for|of|regarding|that\s+says|which\s+says|saying|says|that|please|so|and|then|okay|ok|alright)${WORD_END})+`,
  'iu',
);
const TRAILING_GLUE_WORD = new RegExp(
  String.raw`${WORD_START}(?:so|and|okay|ok|alright|please|hey|um|uh|well|now)$`,
  'iu',
);
const TRAILING_GLUE_CHARS = ' \t\n\r,:;—–-';
/** Longest glue word, plus room: the word test only looks at the end of the text. */
const TRAILING_GLUE_WINDOW = 12;

export function stripTrailingGlue(text: string): string {
  let end = text.length;
  for (;;) {
    while (end > 0 && TRAILING_GLUE_CHARS.includes(text.charAt(end - 1))) end--;
    const tail = text.slice(Math.max(0, end - TRAILING_GLUE_WINDOW), end);
    const word = TRAILING_GLUE_WORD.exec(tail);
    if (word === null) return text.slice(0, end);
    end -= word[0].length;
  }
}

/**
 * Removes the spoken command phrase (and the words gluing it to the content) from a
 * transcript. When nothing is left, or the phrase is not in the transcript, the full
 * transcript is returned.
 */
export function stripCommandPhrase(transcript: string, matchedText: string): string {
  const input = typeof transcript === 'string' ? transcript : '';
  const phrase = typeof matchedText === 'string' ? matchedText.trim() : '';
  if (phrase === '') return input.trim();
  const match = new RegExp(escapeRegExp(phrase), 'iu').exec(input);
  if (match === null) return input.trim();
  const before = stripTrailingGlue(input.slice(0, match.index)).trim();
  const after = input
    .slice(match.index + match[0].length)
    .replace(LEADING_GLUE, '')
    .trim();
  const joined = before === '' ? after : after === '' ? before : `${before} ${after}`;
  return joined === '' ? input.trim() : joined;
}
