import { QUESTION_AUX, QUESTION_SUBJECTS, WH_WORDS } from './words/function-words.js';
import { cleanTokens } from './speech.js';
import { splitRunOn, stripOpeners } from './boundaries.js';
import { tokenize, type Sentence, type Token } from './tokenizer.js';
import { CLOSERS } from './words/speech.js';

/**
 * Sentences from cleaned speech tokens: boundaries restored in unpunctuated speech
 * (boundaries.ts), openers ("so", "okay") dropped, and each sentence rendered with a capital
 * and an end mark.
 */

/** Splits cleaned tokens into sentences without leading openers or empty sentences. */
export function toSentences(tokens: readonly Token[]): Sentence[] {
  // Not a single comma or full stop: browser recognition, which never punctuates.
  const unpunctuated = !tokens.some((token) => token.kind === 'pause' || token.kind === 'end');
  const sentences: Sentence[] = [];
  let current: Token[] = [];
  const flush = (end: string, closed = false): void => {
    const afterSo = new Set<Token[]>();
    const parts = splitRunOn(current, unpunctuated, afterSo);
    parts.forEach((part, index) => {
      const stripped = trimPauses(stripOpeners(part));
      if (stripped.some((token) => token.kind === 'word' || token.kind === 'symbol')) {
        const last = index === parts.length - 1;
        const sentence: Sentence = { tokens: stripped, end: last ? end : '' };
        if (afterSo.has(part)) sentence.joinedBy = 'so';
        if (last && closed) sentence.endBeforeCloser = true;
        sentences.push(sentence);
      }
    });
    current = [];
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'end') {
      current.push(token);
      continue;
    }
    // 'also "more minimal." And ...': the quote or bracket closed after the full stop is the
    // sentence's own, not the next one's first mark.
    const closer = tokens[i + 1];
    const closed = closer !== undefined && !closer.space && closes(current, closer);
    if (closed) {
      current.push(closer);
      i++;
    }
    flush(token.text, closed);
  }
  if (current.length > 0) flush('');
  return sentences;
}

/**
 * A part of a sentence without the closing quote or bracket it ends with when the part does
 * not hold its opener ('We need this by Friday"' once "my boss goes," went).
 */
export function withoutStrayCloser<T extends Token>(tokens: readonly T[]): readonly T[] {
  const last = tokens[tokens.length - 1];
  if (last === undefined || last.kind !== 'symbol' || !CLOSERS.has(last.text)) return tokens;
  return closes(tokens.slice(0, -1), last) ? tokens : tokens.slice(0, -1);
}

/** Text and its end mark, the mark inside a closing quote or bracket ('"Are you sure?"'). */
export function withEndMark(text: string, mark: string): string {
  const last = text.charAt(text.length - 1);
  return CLOSERS.has(last) ? `${text.slice(0, -1)}${mark}${last}` : `${text}${mark}`;
}

/** Whether `closer` closes a quote or bracket opened in the sentence so far. */
function closes(sentence: readonly Token[], closer: Token): boolean {
  if (closer.kind !== 'symbol') return false;
  const count = (text: string): number => sentence.filter((token) => token.text === text).length;
  if (closer.text === '"') return count('"') % 2 === 1;
  if (closer.text === '”') return count('“') > count('”');
  if (closer.text === ')') return count('(') > count(')');
  return false;
}

export function trimPauses<T extends Token>(tokens: T[]): T[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && isSeparator(tokens[start] as T)) start++;
  while (end > start && isSeparator(tokens[end - 1] as T)) end--;
  return start === 0 && end === tokens.length ? tokens : tokens.slice(start, end);
}

/** A pause, a dash or an end mark: what a sentence or a task never starts or ends on. */
export function isSeparator(token: Token): boolean {
  return token.kind === 'pause' || token.kind === 'dash' || token.kind === 'end';
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_PUNCTUATION = /^[。！？，；：、]/u;

export function endsWithCjk(text: string): boolean {
  const last = text.slice(-2);
  return CJK.test(last.slice(-1)) || (last.length === 2 && CJK.test(last));
}

/** Joins tokens with normalised spacing: none before punctuation, one after it. */
export function renderTokens(tokens: readonly Token[]): string {
  let out = '';
  let prev: Token | undefined;
  for (const token of tokens) {
    if (prev !== undefined) {
      let space: boolean;
      if (token.kind === 'pause' || token.kind === 'end') space = false;
      else if (token.kind === 'dash') space = token.space || prev.kind !== 'word';
      else if (token.kind === 'symbol' || prev.kind === 'symbol') space = token.space;
      else if (prev.kind === 'word') space = true;
      else if (prev.kind === 'dash') space = prev.space || token.space;
      else space = !CJK_PUNCTUATION.test(prev.text);
      if (space) out += ' ';
    }
    out += token.text;
    prev = token;
  }
  return out;
}

/** Upper-cases the first letter when the word is all lower case ("iPhone" stays as it is). */
export function capitalizeFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  const upper = char.toUpperCase();
  if (upper === char || upper.length !== char.length) return text;
  const space = text.indexOf(' ');
  const firstWord = space === -1 ? text : text.slice(0, space);
  if (firstWord !== firstWord.toLowerCase()) return text;
  return upper + text.slice(char.length);
}

export function looksLikeQuestion(tokens: readonly Token[]): boolean {
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word') break;
    words.push(token.lower);
    if (words.length === 3) break;
  }
  const [first, second, third] = words;
  if (first === undefined || second === undefined) return false;
  // "what if every office had a nap room": a what-if asks, whatever follows.
  if ((first === 'what' || first === 'how') && (second === 'if' || second === 'about')) {
    return third !== undefined;
  }
  if (QUESTION_AUX.has(first)) return QUESTION_SUBJECTS.has(second);
  if (WH_WORDS.has(first)) {
    return QUESTION_AUX.has(second) && third !== undefined && QUESTION_SUBJECTS.has(third);
  }
  return false;
}

/** A sentence as text: capitalised, with its end mark or a restored '.', '?' or '。'. */
export function renderSentence(sentence: Sentence): string {
  const body = capitalizeFirst(renderTokens(sentence.tokens));
  const last = sentence.tokens[sentence.tokens.length - 1];
  // "at 10 p.m.", "paper, etc." end with the full stop the abbreviation shares with the sentence.
  const stopped = last?.kind === 'word' && last.text.endsWith('.');
  // 'she said "Are you sure?"': the end mark goes back inside the quote it was said in.
  if (sentence.endBeforeCloser === true && sentence.end !== '') {
    return withEndMark(body, sentence.end);
  }
  if (sentence.end !== '') return stopped && sentence.end === '.' ? body : body + sentence.end;
  if (last === undefined || last.kind !== 'word' || stopped) return body;
  if (endsWithCjk(body)) return `${body}。`;
  return body + (looksLikeQuestion(sentence.tokens) ? '?' : '.');
}

/** Sentences joined as prose; no space after a CJK full stop. */
export function joinSentences(rendered: readonly string[]): string {
  let out = '';
  let previous = '';
  for (const sentence of rendered) {
    if (previous !== '' && !endsWithFullWidthStop(previous)) out += ' ';
    out += sentence;
    previous = sentence;
  }
  return out;
}

/** Whether a rendered sentence ends with "。", "！" or "？", after which no space follows. */
export function endsWithFullWidthStop(sentence: string): boolean {
  const last = sentence.charCodeAt(sentence.length - 1);
  return last === 0x3002 || last === 0xff01 || last === 0xff1f;
}

/** Tokens, corrected and cleaned, split into sentences: the shared first step of every format. */
export function cleanSpeech(text: string): Sentence[] {
  return toSentences(cleanTokens(tokenize(text)));
}

/** Length as a person counts characters (code points, so an emoji is one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}
