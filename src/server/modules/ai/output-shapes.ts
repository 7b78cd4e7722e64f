import { CATEGORIES, FORMATS, TWEET_LONGEST_CHARS, type Format } from '#contract/taxonomy.js';
import type { OutputShape } from './chat-model.js';

/*
 * Each format's shape as a llama.cpp grammar (GBNF), so the embedded writer cannot break it,
 * however small its model: a tweet is one line within the longest a thread may be, a checklist a title and
 * "- [ ] " items, a pitch a hook and its three labelled parts, exactly what the prompts in
 * prompts.ts ask for and output-checks.ts reads. A bound on every repetition gives the most
 * characters a reply can have; the writer is given at least that many tokens (a token is at least
 * one character), so a generation always ends inside the shape instead of being cut off. What the
 * words say is still checked afterwards: a grammar holds the form, not the content.
 */

/** Any character of a line; \x2D is "-", written out because GBNF reads a bare one as a range. */
const LINE_CHAR = '[^\\n\\r]';
/**
 * A line's first character: no kind of space (every character JavaScript's \s matches: a random
 * model writes vertical tabs and no-break spaces too), nor one that would make it a list item or
 * a tag.
 */
const LINE_START =
  '[^\\n\\r \\t\\x0B\\x0C\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF\\x2D*\\[\\]<]';

const TITLE_CHARS = 60;
const ITEM_CHARS = 100;
const MAX_ITEMS = 12;
const HOOK_CHARS = 160;
const PART_CHARS = 300;
const PITCH_LABELS = ['Problem: ', 'Solution: ', 'Why it matters: '] as const;

function line(maxChars: number): string {
  return `${LINE_START} ${LINE_CHAR}{0,${maxChars - 1}}`;
}

const literal = (text: string): string => JSON.stringify(text);

const FORMAT_SHAPES: Record<Format, OutputShape> = {
  tweet: { grammar: `root ::= ${line(TWEET_LONGEST_CHARS)}\n`, maxChars: TWEET_LONGEST_CHARS },
  checklist: {
    grammar: [
      `root ::= title ("\\n- [ ] " item){1,${MAX_ITEMS}}`,
      `title ::= ${line(TITLE_CHARS)}`,
      `item ::= ${line(ITEM_CHARS)}`,
      '',
    ].join('\n'),
    maxChars: TITLE_CHARS + MAX_ITEMS * (ITEM_CHARS + '\n- [ ] '.length),
  },
  pitch: {
    grammar: [
      `root ::= hook ${PITCH_LABELS.map((label) => `${literal(`\n\n${label}`)} part`).join(' ')}`,
      `hook ::= ${line(HOOK_CHARS)}`,
      `part ::= ${line(PART_CHARS)}`,
      '',
    ].join('\n'),
    maxChars:
      HOOK_CHARS + PITCH_LABELS.reduce((sum, label) => sum + label.length + 2 + PART_CHARS, 0),
  },
};

export function formatShape(format: Format): OutputShape {
  return FORMAT_SHAPES[format];
}

/** The one line of JSON the inferrer reads (format-inferrer.ts, parseModelAnswer). */
export const INFER_SHAPE: OutputShape = {
  grammar: [
    'root ::= "{\\"format\\": " format ", \\"category\\": " category ", \\"confidence\\": " confidence "}"',
    `format ::= ${[...FORMATS.map((name) => literal(`"${name}"`)), '"null"'].join(' | ')}`,
    `category ::= ${[...CATEGORIES.map((name) => literal(`"${name}"`)), '"null"'].join(' | ')}`,
    'confidence ::= "0." [0-9] [0-9]? | "1.0"',
    '',
  ].join('\n'),
  maxChars: 90,
};
