import { ABBREVIATIONS } from './words/abbreviations.js';

/**
 * The text engine's one tokenizer: words, end marks, pauses, dashes and other symbols, with
 * the spacing that preceded each. Works on tokens rather than repeated regex replacements so
 * every step after it stays linear and fast on any input (CJK without spaces, emoji, 20,000
 * characters). The browser's detector uses `lowerWords`, the same notion of a word.
 */
export type TokenKind = 'word' | 'end' | 'pause' | 'dash' | 'symbol';

export interface Token {
  text: string;
  /** Lower case with typographic apostrophes folded, for comparisons. */
  lower: string;
  kind: TokenKind;
  /** Whether whitespace preceded the token in the source. */
  space: boolean;
  /** A hesitation ("um", "uh") was said just before this word and dropped as a filler. */
  hesitated?: true;
  /** Where the token starts in the input; the trace (match/trace.ts) reads it. */
  at?: number;
}

export interface Sentence {
  tokens: Token[];
  /** The sentence's end mark as spoken/transcribed ('.', '?', '!', '。' ...), or '' if none. */
  end: string;
  /** Run on after the sentence before with "so", which was dropped as a join. */
  joinedBy?: 'so';
  /** The end mark was said before the closing quote or bracket that ends the tokens. */
  endBeforeCloser?: true;
}

/** One non-space chunk: a word, an end mark, a pause mark, a dash, or any other symbol. */
const CHUNK_TOKEN_PATTERN =
  /([\p{L}\p{M}\p{N}]+(?:(?:['’-]|(?<=\p{N})[.,:](?=\p{N}))[\p{L}\p{M}\p{N}]+)*%?)|([.!?…。！？]+)|([,;:，；：、])|(—|–|--?)|(\S)/gu;
const WHITESPACE = /\s/;
const LINE_BREAK = /\r\n|[\n\r\u2028\u2029]/;
const WEB_ADDRESS =
  /^(?:https?:\/\/\S+|[\p{L}\p{N}._%+-]+@[\p{L}\p{N}.-]+\.\p{L}{2,}|(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?:\/\S*)?)$/u;
const ELLIPSIS = /^(?:\.{2,}|…+)$/;

function isAsciiWordCode(code: number): boolean {
  return (
    (code >= 97 && code <= 122) ||
    (code >= 65 && code <= 90) ||
    (code >= 48 && code <= 57) ||
    code === 39
  );
}

function isAsciiTrailingMark(code: number): boolean {
  // . , ! ? ; :
  return code === 46 || code === 44 || code === 33 || code === 63 || code === 59 || code === 58;
}

function pushMark(tokens: Token[], value: string, space: boolean, at: number): void {
  let kind: TokenKind;
  let text = value;
  if (value === ',' || value === ';' || value === ':') kind = 'pause';
  // A trailing-off "..." is a pause in speech, not the end of a thought.
  else if (ELLIPSIS.test(value)) {
    kind = 'pause';
    text = ',';
  } else {
    kind = 'end';
    text = normalizeEnd(value);
  }
  tokens.push({ text, lower: text, kind, space, at });
}

function tokenizeChunk(tokens: Token[], chunk: string, space: boolean, base: number): void {
  let first = true;
  CHUNK_TOKEN_PATTERN.lastIndex = 0;
  for (
    let match = CHUNK_TOKEN_PATTERN.exec(chunk);
    match !== null;
    match = CHUNK_TOKEN_PATTERN.exec(chunk)
  ) {
    const value = match[0];
    const at = base + match.index;
    const tokenSpace = first && space;
    first = false;
    if (match[1] !== undefined) {
      tokens.push({
        text: value,
        lower: value.toLowerCase().replace(/’/g, "'"),
        kind: 'word',
        space: tokenSpace,
        at,
      });
    } else if (match[2] !== undefined) {
      pushMark(tokens, value, tokenSpace, at);
    } else if (match[3] !== undefined) {
      tokens.push({ text: value, lower: value, kind: 'pause', space: tokenSpace, at });
    } else {
      tokens.push({
        text: value,
        lower: value,
        kind: match[4] !== undefined ? 'dash' : 'symbol',
        space: tokenSpace,
        at,
      });
    }
  }
}

/**
 * Splits text into tokens. Most spoken chunks are a plain ASCII word with maybe a trailing
 * comma or full stop: those take a character-code fast path; anything else (accents, CJK,
 * emoji, numbers like 3.5 or 50%) goes through the Unicode-aware pattern.
 */
export function tokenize(text: string): Token[] {
  if (!LINE_BREAK.test(text)) return tokenizeLine(text, [], 0);
  // A line break ends a thought, as a full stop would; the stop itself is restored later.
  const tokens: Token[] = [];
  const breaks = new RegExp(LINE_BREAK.source, 'gu');
  let base = 0;
  for (const line of text.split(LINE_BREAK)) {
    tokenizeLine(line, tokens, base);
    base += line.length;
    breaks.lastIndex = base;
    base += breaks.exec(text)?.[0].length ?? 0;
    const last = tokens[tokens.length - 1];
    if (last !== undefined && last.kind !== 'end') {
      tokens.push({ text: '', lower: '', kind: 'end', space: false, at: base });
    }
  }
  return tokens;
}

function isWhitespaceAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 0x80) return code === 32 || (code >= 9 && code <= 13);
  return WHITESPACE.test(text.charAt(index));
}

/** Whitespace-separated chunks, scanned by hand: split(/\s+/) costs more than the rest. */
function tokenizeLine(text: string, tokens: Token[], base: number): Token[] {
  let position = 0;
  while (position < text.length) {
    const start = position;
    while (position < text.length && isWhitespaceAt(text, position)) position++;
    const space = position > start || start > 0;
    const chunkStart = position;
    while (position < text.length && !isWhitespaceAt(text, position)) position++;
    if (position === chunkStart) break;
    const chunk = text.slice(chunkStart, position);
    const at = base + chunkStart;
    if (pushAbbreviation(tokens, chunk, space, text, position, at)) continue;
    let end = chunk.length;
    while (end > 0 && isAsciiTrailingMark(chunk.charCodeAt(end - 1))) end--;
    let plain = end > 0 && chunk.charCodeAt(0) !== 39 && chunk.charCodeAt(end - 1) !== 39;
    for (let i = 0; plain && i < end; i++) {
      const code = chunk.charCodeAt(i);
      // Inner hyphens ("well-known") are part of the word; edge ones are not.
      if (!isAsciiWordCode(code) && !(code === 45 && i > 0 && i < end - 1)) plain = false;
    }
    if (!plain) {
      const core = chunk.slice(0, end);
      if (end > 0 && WEB_ADDRESS.test(core)) {
        // Addresses stay one token so "example.com" is not split into two sentences.
        tokens.push({ text: core, lower: core.toLowerCase(), kind: 'word', space, at });
        if (end < chunk.length) tokenizeChunk(tokens, chunk.slice(end), false, at + end);
      } else {
        tokenizeChunk(tokens, chunk, space, at);
      }
      continue;
    }
    const word = end === chunk.length ? chunk : chunk.slice(0, end);
    tokens.push({ text: word, lower: word.toLowerCase(), kind: 'word', space, at });
    let i = end;
    while (i < chunk.length) {
      const code = chunk.charCodeAt(i);
      if (code === 44 || code === 59 || code === 58) {
        pushMark(tokens, chunk.charAt(i), false, at + i);
        i++;
      } else {
        let j = i;
        while (
          j < chunk.length &&
          !(chunk.charCodeAt(j) === 44 || chunk.charCodeAt(j) === 59 || chunk.charCodeAt(j) === 58)
        )
          j++;
        pushMark(tokens, chunk.slice(i, j), false, at + i);
        i = j;
      }
    }
  }
  return tokens;
}

/** An abbreviation as Whisper writes it ("Dr.", "etc.", "e.g.", "a.m."), with marks after it. */
const ABBREVIATION = /^([a-z]+(?:\.[a-z])*)(\.?)([,;:!?]*)$/iu;
const UPPER_FIRST = /^\p{Lu}/u;
const PRONOUN_I = /^I(?:$|[^\p{L}])/u;

/**
 * "call Dr. Lee", "at 11 p.m., which is ..." keep the abbreviation one word: its full stops
 * would otherwise end a sentence in the middle ("Call Dr" | "Lee", "11 p. M."). A title's
 * stop never ends the sentence; the last stop of "etc." or "p.m." also did before a capitalised
 * word ("at 11 p.m. We'd ..."), a time's not before "I", so an end mark follows it there.
 */
function pushAbbreviation(
  tokens: Token[],
  chunk: string,
  space: boolean,
  text: string,
  position: number,
  at: number,
): boolean {
  // Most chunks have no full stop, and those that do mostly end a sentence on a longer word:
  // the pattern runs once a sentence at most, and a set lookup rules the word out.
  if (chunk.indexOf('.') < 1) return false;
  const match = ABBREVIATION.exec(chunk);
  if (match === null) return false;
  const name = match[1] as string;
  const kind = ABBREVIATIONS.get(name.toLowerCase());
  if (kind === undefined) return false;
  // "has MS. It ...": in capitals it is an acronym ending its sentence, not "Ms.".
  const second = name.charCodeAt(1);
  if (second >= 65 && second <= 90) return false;
  const dot = match[2] as string;
  const marks = match[3] as string;
  const word = name + dot;
  tokens.push({ text: word, lower: word.toLowerCase(), kind: 'word', space, at });
  if (marks !== '') {
    tokenizeChunk(tokens, marks, false, at + word.length);
    return true;
  }
  if (kind === 'leading' || dot === '') return true;
  let next = position;
  while (next < text.length && isWhitespaceAt(text, next)) next++;
  const following = text.slice(next, next + 2);
  if (UPPER_FIRST.test(following) && !(kind === 'time' && PRONOUN_I.test(following))) {
    pushMark(tokens, '.', false, at + word.length - 1);
  }
  return true;
}

function normalizeEnd(value: string): string {
  const hasQuestion = value.includes('?') || value.includes('？');
  const hasBang = value.includes('!') || value.includes('！');
  if (hasQuestion && hasBang) return '?!';
  if (hasQuestion) return value.includes('？') ? '？' : '?';
  if (hasBang) return value.includes('！') ? '！' : '!';
  return value.includes('。') ? '。' : '.';
}

/** A word as the detector sees it: letters, digits and inner apostrophes. */
const DETECT_WORD_PATTERN = /[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

/** The lower-case words of a text, typographic apostrophes folded, for keyword matching. */
export function lowerWords(lowerText: string): string[] {
  const text = lowerText.includes('’') ? lowerText.replace(/’/g, "'") : lowerText;
  return text.match(DETECT_WORD_PATTERN) ?? [];
}
