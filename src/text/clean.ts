/**
 * Speech-text cleaning shared by the three rule formats: one tokenizer pass, one filler pass,
 * then sentences with restored capitals and end punctuation. Works on tokens rather than
 * repeated regex replacements so it stays linear and fast on any input (CJK without spaces,
 * emoji, 20,000 characters).
 */

export type TokenKind = 'word' | 'end' | 'pause' | 'dash' | 'symbol';

export interface Token {
  text: string;
  /** Lower case with typographic apostrophes folded, for comparisons. */
  lower: string;
  kind: TokenKind;
  /** Whether whitespace preceded the token in the source. */
  space: boolean;
}

export interface Sentence {
  tokens: Token[];
  /** The sentence's end mark as spoken/transcribed ('.', '?', '!', '。' ...), or '' if none. */
  end: string;
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

function pushMark(tokens: Token[], value: string, space: boolean): void {
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
  tokens.push({ text, lower: text, kind, space });
}

function tokenizeChunk(tokens: Token[], chunk: string, space: boolean): void {
  let first = true;
  CHUNK_TOKEN_PATTERN.lastIndex = 0;
  for (
    let match = CHUNK_TOKEN_PATTERN.exec(chunk);
    match !== null;
    match = CHUNK_TOKEN_PATTERN.exec(chunk)
  ) {
    const value = match[0];
    const tokenSpace = first && space;
    first = false;
    if (match[1] !== undefined) {
      tokens.push({
        text: value,
        lower: value.toLowerCase().replace(/’/g, "'"),
        kind: 'word',
        space: tokenSpace,
      });
    } else if (match[2] !== undefined) {
      pushMark(tokens, value, tokenSpace);
    } else if (match[3] !== undefined) {
      tokens.push({ text: value, lower: value, kind: 'pause', space: tokenSpace });
    } else {
      tokens.push({
        text: value,
        lower: value,
        kind: match[4] !== undefined ? 'dash' : 'symbol',
        space: tokenSpace,
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
  if (!LINE_BREAK.test(text)) return tokenizeLine(text, []);
  // A line break ends a thought, as a full stop would; the stop itself is restored later.
  const tokens: Token[] = [];
  for (const line of text.split(LINE_BREAK)) {
    tokenizeLine(line, tokens);
    const last = tokens[tokens.length - 1];
    if (last !== undefined && last.kind !== 'end') {
      tokens.push({ text: '', lower: '', kind: 'end', space: false });
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
function tokenizeLine(text: string, tokens: Token[]): Token[] {
  let position = 0;
  while (position < text.length) {
    const start = position;
    while (position < text.length && isWhitespaceAt(text, position)) position++;
    const space = position > start || start > 0;
    const chunkStart = position;
    while (position < text.length && !isWhitespaceAt(text, position)) position++;
    if (position === chunkStart) break;
    const chunk = text.slice(chunkStart, position);
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
        tokens.push({ text: core, lower: core.toLowerCase(), kind: 'word', space });
        if (end < chunk.length) tokenizeChunk(tokens, chunk.slice(end), false);
      } else {
        tokenizeChunk(tokens, chunk, space);
      }
      continue;
    }
    const word = end === chunk.length ? chunk : chunk.slice(0, end);
    tokens.push({ text: word, lower: word.toLowerCase(), kind: 'word', space });
    let i = end;
    while (i < chunk.length) {
      const code = chunk.charCodeAt(i);
      if (code === 44 || code === 59 || code === 58) {
        pushMark(tokens, chunk.charAt(i), false);
        i++;
      } else {
        let j = i;
        while (
          j < chunk.length &&
          !(chunk.charCodeAt(j) === 44 || chunk.charCodeAt(j) === 59 || chunk.charCodeAt(j) === 58)
        )
          j++;
        pushMark(tokens, chunk.slice(i, j), false);
        i = j;
      }
    }
  }
  return tokens;
}

function normalizeEnd(value: string): string {
  const hasQuestion = value.includes('?') || value.includes('？');
  const hasBang = value.includes('!') || value.includes('！');
  if (hasQuestion && hasBang) return '?!';
  if (hasQuestion) return value.includes('？') ? '？' : '?';
  if (hasBang) return value.includes('！') ? '！' : '!';
  return value.includes('。') ? '。' : '.';
}

const SIMPLE_FILLERS = new Set([
  'um',
  'umm',
  'ummm',
  'uh',
  'uhh',
  'uhm',
  'uhmm',
  'erm',
  'er',
  'err',
  'ah',
  'ahh',
  'eh',
  'hmm',
  'hmmm',
  'hm',
  'mm',
  'mmm',
  'mhm',
  'basically',
]);

/** After these, "like" is a verb or a comparison ("I like coffee", "looks like rain"). */
const LIKE_KEEP_BEFORE = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'would',
  "i'd",
  "you'd",
  "we'd",
  "they'd",
  'do',
  'does',
  'did',
  "don't",
  "doesn't",
  "didn't",
  'really',
  'also',
  'genuinely',
  'actually',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'sound',
  'sounds',
  'seem',
  'seems',
  'just',
  'more',
  'much',
  'something',
  'nothing',
  'anything',
  'things',
  'stuff',
  'people',
  'would',
  'to',
  'not',
]);

/** Before these, a "like" after a pause or a linking word is a filler ("it was like really good"). */
const LIKE_FILLER_BEFORE_WORDS = new Set([
  'really',
  'so',
  'very',
  'totally',
  'super',
  'literally',
  'just',
  'maybe',
  'about',
  'around',
  'almost',
  'kinda',
  'pretty',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  "it's",
  "i'm",
  "we're",
  "they're",
  'there',
  'a',
  'an',
  'half',
  'all',
]);

const NUMBER_WORDS = new Set([
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'twelve',
  'fifteen',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'hundred',
  'thousand',
  'few',
  'couple',
]);

const LIKE_LINKING_BEFORE = new Set([
  'was',
  'were',
  'is',
  'are',
  "it's",
  "that's",
  "there's",
  "he's",
  "she's",
  "they're",
  "we're",
  "i'm",
  "you're",
  'had',
  'got',
  'have',
  'has',
  'be',
  'been',
  'with',
  'of',
]);

const CONJUNCTIONS = new Set(['so', 'and', 'but', 'or', 'because', 'cause', "'cause"]);

/** After a conjunction, "like" followed by these is still a verb ("and like to travel"). */
const LIKE_VERB_AFTER = new Set([
  'to',
  'it',
  'this',
  'that',
  'them',
  'him',
  'her',
  'me',
  'us',
  'these',
  'those',
  'what',
  'how',
  'when',
  'minded',
]);

function isNumberWord(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'word' && /^\p{N}/u.test(token.text);
}

/**
 * Modals and "gonna"-style auxiliaries: a "like" between one and a bare verb is a filler
 * ("we should like launch it"); before an object it is the verb ("you will like this").
 */
const LIKE_MODALS = new Set([
  'should',
  'could',
  'can',
  'will',
  'must',
  'might',
  'may',
  'gonna',
  'wanna',
  "we'll",
  "i'll",
  "you'll",
  "they'll",
  "shouldn't",
  "couldn't",
  "won't",
  "can't",
]);
/** After a modal, "like" before these is the verb: "you'll like the new design". */
const LIKE_OBJECT_AFTER = new Set([
  ...LIKE_VERB_AFTER,
  'the',
  'a',
  'an',
  'my',
  'your',
  'our',
  'their',
  'his',
  'its',
  'you',
  'everyone',
  'everything',
  'some',
  'any',
  'all',
]);

function isLikeFiller(prev: Token | undefined, next: Token | undefined): boolean {
  const prevWord = prev?.kind === 'word' ? prev.lower : null;
  if (prevWord !== null && LIKE_MODALS.has(prevWord)) {
    return next?.kind === 'word' && !LIKE_OBJECT_AFTER.has(next.lower) && !isNumberWord(next);
  }
  if (prevWord !== null && LIKE_KEEP_BEFORE.has(prevWord)) return false;
  if (next === undefined || next.kind === 'end') return false;
  if (next.kind === 'pause') return true;
  if (next.kind !== 'word') return false;
  // "takes like three days", "had like 50 people": an approximation filler before a number.
  if (isNumberWord(next) || NUMBER_WORDS.has(next.lower)) return true;
  const fillerNext = LIKE_FILLER_BEFORE_WORDS.has(next.lower);
  if (prevWord === null) return fillerNext;
  if (CONJUNCTIONS.has(prevWord)) return !LIKE_VERB_AFTER.has(next.lower);
  if (LIKE_LINKING_BEFORE.has(prevWord)) return fillerNext;
  return false;
}

/** "you know" is a question or a verb after these ("do you know", "let you know"). */
const YOU_KNOW_KEEP_BEFORE = new Set([
  'do',
  'did',
  "don't",
  "didn't",
  'if',
  'would',
  'will',
  'let',
  'to',
  'that',
  'as',
  'how',
  'what',
  'did',
  'could',
  'can',
  'should',
]);
const YOU_KNOW_KEEP_AFTER = new Set([
  'how',
  'where',
  'why',
  'who',
  'when',
  'that',
  'the',
  'it',
  'him',
  'her',
  'them',
  'me',
  'us',
  'about',
  'this',
  'a',
  'an',
  'your',
  'my',
  'our',
  'their',
  'his',
]);

/** Word count of a "you know" filler starting at i, or 0 when it is meant literally. */
function youKnowFillerLength(tokens: readonly Token[], i: number, prev: Token | undefined): number {
  if (tokens[i + 1]?.lower !== 'know') return 0;
  if (prev?.kind === 'word' && YOU_KNOW_KEEP_BEFORE.has(prev.lower)) return 0;
  const next = tokens[i + 2];
  if (next?.lower === 'what' && tokens[i + 3]?.lower === 'i' && tokens[i + 4]?.lower === 'mean') {
    return 5;
  }
  if (next === undefined || next.kind !== 'word') return 2;
  if (YOU_KNOW_KEEP_AFTER.has(next.lower) || next.lower === 'what') return 0;
  const atClauseStart = prev === undefined || prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower);
  return atClauseStart ? 2 : 0;
}

/** Repetitions that are real English rather than stutters. */
const KEEP_REPEATED = new Set(['had', 'that', 'no', 'ha', 'bye', 'yes', 'very', 'really', 'so']);

function pushPunctuation(out: Token[], token: Token): void {
  const prev = out[out.length - 1];
  if (token.kind === 'pause' || token.kind === 'dash') {
    if (
      prev === undefined ||
      prev.kind === 'end' ||
      prev.kind === 'pause' ||
      prev.kind === 'dash'
    ) {
      return;
    }
  } else if (token.kind === 'end') {
    while (out.length > 0) {
      const last = out[out.length - 1] as Token;
      if (last.kind !== 'pause' && last.kind !== 'dash') break;
      out.pop();
    }
    const last = out[out.length - 1];
    if (last === undefined || last.kind === 'end') return;
  }
  out.push(token);
}

/** Drops `count` filler tokens at i, with the commas that only framed them. Returns the new i. */
function skipFiller(tokens: readonly Token[], i: number, count: number, out: Token[]): number {
  let next = i + count;
  const prev = out[out.length - 1];
  const beforePrev = out[out.length - 2];
  // "and, uh, find" -> "and find": the commas only framed the filler.
  if (prev?.kind === 'pause' && beforePrev?.kind === 'word' && CONJUNCTIONS.has(beforePrev.lower)) {
    out.pop();
  }
  if (tokens[next]?.kind === 'pause') next++;
  else if (tokens[next]?.kind === 'end' || tokens[next] === undefined) {
    while (out.length > 0 && (out[out.length - 1] as Token).kind === 'pause') out.pop();
  }
  return next - 1;
}

function withText(token: Token, text: string): Token {
  return { ...token, text };
}

/**
 * Removes spoken fillers (um, uh, you know, like-as-filler, basically, "I mean,"), stutters
 * ("the the"), doubled punctuation; turns a spoken "hashtag x" into "#x" and "i" into "I".
 */
export function removeFillers(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word') {
      pushPunctuation(out, token);
      continue;
    }
    const word = token.lower;
    const prev = out[out.length - 1];
    const next = tokens[i + 1];

    if (SIMPLE_FILLERS.has(word)) {
      i = skipFiller(tokens, i, 1, out);
      continue;
    }
    if (word === 'you') {
      const length = youKnowFillerLength(tokens, i, prev);
      if (length > 0) {
        i = skipFiller(tokens, i, length, out);
        continue;
      }
    }
    if (
      word === 'i' &&
      next?.lower === 'mean' &&
      tokens[i + 2]?.kind === 'pause' &&
      (prev === undefined || prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower))
    ) {
      i = skipFiller(tokens, i, 2, out);
      continue;
    }
    if (word === 'like' && isLikeFiller(prev, next)) {
      i = skipFiller(tokens, i, 1, out);
      continue;
    }
    if (word === 'hashtag' && next?.kind === 'word') {
      out.push({ ...next, text: `#${next.text}`, lower: `#${next.lower}`, space: token.space });
      i++;
      continue;
    }
    if (prev?.kind === 'word' && prev.lower === word && !KEEP_REPEATED.has(word)) continue;
    if (
      word === 'percent' &&
      prev !== undefined &&
      isNumberWord(prev) &&
      /\p{N}$/u.test(prev.text)
    ) {
      out[out.length - 1] = { ...prev, text: `${prev.text}%`, lower: `${prev.lower}%` };
      continue;
    }

    if (word === 'i') out.push(withText(token, 'I'));
    else if (word.startsWith("i'") && word.length <= 4)
      out.push(withText(token, `I${token.text.slice(1)}`));
    else out.push(token);
  }
  while (out.length > 0) {
    const last = out[out.length - 1] as Token;
    if (last.kind !== 'pause' && last.kind !== 'dash') break;
    out.pop();
  }
  return out;
}

/** Words that open a spoken thought without adding to it, removed at a sentence start. */
const OPENERS = new Set(['so', 'okay', 'ok', 'alright', 'and', 'anyway', 'anyways', 'yeah', 'oh']);
/** Openers that only count when a comma follows ("Well, ..." but "Well done"). */
const OPENERS_BEFORE_PAUSE = new Set(['well', 'right', 'now', 'also', 'look', 'listen', 'see']);
/** "So many", "so excited": "so" is meant. */
const SO_KEEP_BEFORE = new Set([
  'many',
  'much',
  'far',
  'long',
  'that',
  'good',
  'bad',
  'cool',
  'glad',
  'happy',
  'excited',
  'proud',
  'tired',
  'sorry',
  'close',
  'grateful',
  'thankful',
  'great',
]);

function stripOpeners(tokens: Token[]): Token[] {
  let start = 0;
  for (;;) {
    const first = tokens[start];
    if (first === undefined) break;
    if (first.kind === 'pause' || first.kind === 'dash') {
      start++;
      continue;
    }
    if (first.kind !== 'word' || start + 1 >= tokens.length) break;
    const next = tokens[start + 1];
    const nextIsPause = next?.kind === 'pause';
    if (first.lower === 'all' && next?.lower === 'right') {
      start += 2;
      continue;
    }
    if (first.lower === 'so' && next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower)) break;
    if (OPENERS.has(first.lower) || (nextIsPause && OPENERS_BEFORE_PAUSE.has(first.lower))) {
      start++;
      continue;
    }
    break;
  }
  return start === 0 ? tokens : tokens.slice(start);
}

/** A run-on sentence longer than this many words is split before discourse markers. */
const RUN_ON_WORDS = 25;
/** A split leaves at least this many words in the part before it. */
const MIN_SPLIT_WORDS = 8;
/** The same for a split before a subject ("about accessibility | they showed"). */
const MIN_CLAUSE_WORDS = 4;
const SUBJECT_PRONOUNS = new Set(['i', 'we', 'they', 'he', 'she', "i'm", "we're", "i'll", "we'll"]);

/**
 * Words after which a subject pronoun continues the same clause ("the thing that they ...",
 * "because we ..."); after any other word it starts a new one ("about accessibility | they
 * showed ...").
 */
export const FUNCTION_WORDS = new Set([
  'the',
  'a',
  'an',
  'to',
  'for',
  'of',
  'in',
  'on',
  'at',
  'by',
  'with',
  'from',
  'about',
  'and',
  'or',
  'but',
  'so',
  'because',
  'cause',
  'if',
  'when',
  'that',
  'which',
  'who',
  'what',
  'how',
  'where',
  'why',
  'as',
  'than',
  'then',
  'my',
  'our',
  'your',
  'their',
  'his',
  'her',
  'its',
  'this',
  'these',
  'those',
  'will',
  'would',
  'can',
  'could',
  'should',
  'must',
  'may',
  'might',
  'not',
  "don't",
  "can't",
  "won't",
  "didn't",
  'please',
  'i',
  'we',
  'you',
  'they',
  'he',
  'she',
  'it',
  "let's",
  'need',
  'want',
  'have',
  'has',
  'had',
  'did',
  'do',
  'does',
  'think',
  'know',
  'said',
  'say',
  'says',
  'before',
  'after',
  'until',
  'while',
  'since',
  'once',
  'though',
  'although',
  'whether',
  'like',
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'also',
  'really',
  'maybe',
  'even',
  'only',
  'just',
  'guess',
  'hope',
  'wish',
  'feel',
  'felt',
  'mean',
  'sure',
  'all',
  'both',
  'where',
  'unless',
  'till',
  'many',
  'much',
  'more',
  'most',
  'some',
  'any',
  'every',
  'no',
  'other',
  // Heads of relative clauses without "that": "the thing they keep asking for".
  'thing',
  'things',
  'stuff',
  'one',
  'ones',
  'way',
  'time',
  'times',
  'reason',
  'place',
  'day',
  'everything',
  'something',
  'anything',
  'nothing',
  'everyone',
  'someone',
  'anyone',
  'kind',
  'sort',
  'part',
  'now',
  'here',
  'there',
  'again',
]);

/** A subject pronoun after a content word: unpunctuated speech starting a new clause. */
export function startsNewClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  const prev = tokens[i - 1];
  return (
    token !== undefined &&
    token.kind === 'word' &&
    SUBJECT_PRONOUNS.has(token.lower) &&
    prev !== undefined &&
    prev.kind === 'word' &&
    !isFunctionWord(prev.lower)
  );
}

/**
 * Function words, contractions ("they'd", "it's") and -ly adverbs ("honestly", "hopefully"),
 * which lean on the words after them and so never end a clause.
 */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word) || word.endsWith('ly') || word.includes("'");
}

function countWords(tokens: readonly Token[]): number {
  let count = 0;
  for (const token of tokens) if (token.kind === 'word') count++;
  return count;
}

/**
 * Unpunctuated speech (browser recognition gives none) arrives as one endless sentence. Split
 * it before "so", "but", "also", "anyway", "and then" and "and I/we ..." once the current part
 * is long enough to stand alone.
 */
function isDiscourseMarker(token: Token, next: Token | undefined): boolean {
  switch (token.lower) {
    case 'so':
      return !(next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower));
    case 'but':
    case 'also':
    case 'anyway':
      return true;
    case 'and':
      return next?.kind === 'word' && (next.lower === 'then' || SUBJECT_PRONOUNS.has(next.lower));
    default:
      return false;
  }
}

function splitRunOn(tokens: Token[], unpunctuated: boolean): Token[][] {
  const runOn = countWords(tokens) > RUN_ON_WORDS;
  if (!runOn && !unpunctuated) return [tokens];
  const parts: Token[][] = [];
  let current: Token[] = [];
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'word') {
      const next = tokens[i + 1];
      const marker =
        (unpunctuated && words >= MIN_CLAUSE_WORDS && startsNewClause(tokens, i)) ||
        (runOn && words >= MIN_SPLIT_WORDS && startsNewClause(tokens, i)) ||
        (words >= MIN_SPLIT_WORDS && runOn && isDiscourseMarker(token, next));
      if (marker) {
        parts.push(current);
        current = [];
        words = 0;
        // "and" and "so" only joined the parts; "but", "also", "then" still carry meaning.
        if (token.lower === 'and' || token.lower === 'so' || token.lower === 'anyway') continue;
      }
    }
    if (token.kind === 'word') words++;
    current.push(token);
  }
  parts.push(current);
  return parts;
}

/** Splits cleaned tokens into sentences without leading openers or empty sentences. */
export function toSentences(tokens: readonly Token[]): Sentence[] {
  // Not a single comma or full stop: browser recognition, which never punctuates.
  const unpunctuated = !tokens.some((token) => token.kind === 'pause' || token.kind === 'end');
  const sentences: Sentence[] = [];
  let current: Token[] = [];
  const flush = (end: string): void => {
    const parts = splitRunOn(current, unpunctuated);
    parts.forEach((part, index) => {
      const stripped = trimPauses(stripOpeners(part));
      if (stripped.some((token) => token.kind === 'word' || token.kind === 'symbol')) {
        sentences.push({ tokens: stripped, end: index === parts.length - 1 ? end : '' });
      }
    });
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'end') flush(token.text);
    else current.push(token);
  }
  if (current.length > 0) flush('');
  return sentences;
}

export function trimPauses(tokens: Token[]): Token[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && isSeparator(tokens[start] as Token)) start++;
  while (end > start && isSeparator(tokens[end - 1] as Token)) end--;
  return start === 0 && end === tokens.length ? tokens : tokens.slice(start, end);
}

function isSeparator(token: Token): boolean {
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

const QUESTION_AUX = new Set([
  'do',
  'does',
  'did',
  'can',
  'could',
  'should',
  'would',
  'will',
  'is',
  'are',
  'was',
  'were',
  'have',
  'has',
  "isn't",
  "aren't",
  "don't",
  "doesn't",
  "didn't",
  "can't",
  "won't",
  "shouldn't",
  "wouldn't",
  "couldn't",
]);
const QUESTION_SUBJECTS = new Set([
  'i',
  'you',
  'we',
  'they',
  'he',
  'she',
  'it',
  'anyone',
  'anybody',
  'someone',
  'somebody',
  'people',
  'this',
  'that',
  'there',
]);
const WH_WORDS = new Set(['what', 'why', 'how', 'where', 'when', 'who', 'which']);

function looksLikeQuestion(tokens: readonly Token[]): boolean {
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word') break;
    words.push(token.lower);
    if (words.length === 3) break;
  }
  const [first, second, third] = words;
  if (first === undefined || second === undefined) return false;
  if (QUESTION_AUX.has(first)) return QUESTION_SUBJECTS.has(second);
  if (WH_WORDS.has(first)) {
    return QUESTION_AUX.has(second) && third !== undefined && QUESTION_SUBJECTS.has(third);
  }
  return false;
}

/** A sentence as text: capitalised, with its end mark or a restored '.', '?' or '。'. */
export function renderSentence(sentence: Sentence): string {
  const body = capitalizeFirst(renderTokens(sentence.tokens));
  if (sentence.end !== '') return body + sentence.end;
  const last = sentence.tokens[sentence.tokens.length - 1];
  if (last === undefined || last.kind !== 'word') return body;
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

/** Tokens, fillers removed, split into sentences: the shared first step of every format. */
export function cleanSpeech(text: string): Sentence[] {
  return toSentences(removeFillers(tokenize(text)));
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
