import { codePointLength } from './sentences.js';

/**
 * Cutting text to a length without breaking a word. A cut falls on whitespace, or between two
 * CJK characters (each is a word of its own there), or after punctuation; only a single word
 * longer than the whole limit is cut inside, and then never inside a surrogate pair, before
 * a combining mark or inside an emoji sequence. (Intl.Segmenter would do this too, but costs
 * a hundred times more, and this runs on every over-long tweet.)
 */

/** Words that read as unfinished when a cut text ends on them. */
const DANGLING = new Set([
  'a',
  'an',
  'the',
  'and',
  'or',
  'but',
  'so',
  'to',
  'of',
  'for',
  'with',
  'in',
  'on',
  'at',
  'my',
  'our',
  'your',
  'that',
  'which',
  'is',
  'are',
  'was',
  'i',
  'we',
]);
const MAX_DANGLING_DROPPED = 4;
const TRAILING_JUNK = /[\s,;:—–\-.]+$/u;
const LAST_WORD = /([\p{L}\p{N}']+)$/u;
const CJK_OR_PUNCTUATION = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{P}]/u;
const JOINS_PREVIOUS = /^(?:\p{M}|\u200d|\ufe0f|[\u{1f3fb}-\u{1f3ff}]|[\u{e0020}-\u{e007f}])/u;

/** String index just after the first `count` code points of `text`. */
function indexAfterCodePoints(text: string, count: number): number {
  let index = 0;
  for (let seen = 0; seen < count && index < text.length; seen++) {
    const code = text.charCodeAt(index);
    index += code >= 0xd800 && code <= 0xdbff && index + 1 < text.length ? 2 : 1;
  }
  return index;
}

function charBefore(text: string, index: number): string {
  const code = text.charCodeAt(index - 1);
  if (code >= 0xdc00 && code <= 0xdfff && index >= 2) return text.slice(index - 2, index);
  return text.charAt(index - 1);
}

function charAt(text: string, index: number): string {
  const code = text.codePointAt(index);
  return code === undefined ? '' : String.fromCodePoint(code);
}

function isBoundary(text: string, index: number): boolean {
  const before = charBefore(text, index);
  const after = charAt(text, index);
  if (/\s/u.test(before) || /\s/u.test(after)) return true;
  if (JOINS_PREVIOUS.test(after) || before === '\u200d') return false;
  return CJK_OR_PUNCTUATION.test(before) || CJK_OR_PUNCTUATION.test(after);
}

/**
 * The longest prefix of `text` that, with `suffix` appended, fits in `maxChars` code points,
 * ending at a word boundary, without trailing punctuation or a dangling "and"/"the".
 */
export function cutAtWordBoundary(text: string, maxChars: number, suffix = '…'): string {
  if (codePointLength(text) <= maxChars) return text;
  const budget = Math.max(0, maxChars - codePointLength(suffix));
  const limit = indexAfterCodePoints(text, budget);
  let cut = limit;
  while (cut > 0 && !isBoundary(text, cut)) cut -= charBefore(text, cut).length;
  if (cut === 0) {
    // One word longer than the limit: cut inside it, but keep characters whole.
    cut = limit;
    while (
      cut > 0 &&
      (JOINS_PREVIOUS.test(charAt(text, cut)) || charBefore(text, cut) === '\u200d')
    ) {
      cut -= charBefore(text, cut).length;
    }
    return text.slice(0, cut) + suffix;
  }
  let result = text.slice(0, cut).replace(TRAILING_JUNK, '');
  for (let dropped = 0; dropped < MAX_DANGLING_DROPPED; dropped++) {
    const lastWord = LAST_WORD.exec(result)?.[1];
    if (lastWord === undefined || !DANGLING.has(lastWord.toLowerCase())) break;
    const shorter = result.slice(0, result.length - lastWord.length).replace(TRAILING_JUNK, '');
    if (shorter === '') break;
    result = shorter;
  }
  if (result === '') return text.slice(0, cut) + suffix;
  return result + suffix;
}
