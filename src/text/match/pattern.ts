import { WORD_SETS, type WordSetName } from '../words/sets.js';

/**
 * The rule rows' pattern language, read once when a table of rows is built. A pattern is a
 * run of terms, one token each unless quantified, in the manner of compromise's match syntax
 * (its post-tagger is a table of such rows), over what the engine knows of a token: its word,
 * lemma, part of speech and the word sets of `words/`.
 *
 *   word          the word itself, lower case ("like", "you")
 *   (a|b|#NOUN)   any of the alternatives
 *   #VERB         a part-of-speech tag (Universal tags, as wink gives them)
 *   ~be           a lemma
 *   @task-verbs   a word of a named set (words/sets.ts)
 *   .             any word; _ any token at all (a word, a comma, a full stop)
 *   ,             a pause (a comma, a colon); %end an end mark; %dash a dash
 *   /ing$/        a word whose lower case the regular expression finds
 *   #VERB&%base   every one of the parts (& binds tighter than the alternatives' |)
 *   %num          a number, in digits or spelled ("50", "ninety-two")
 *   %cap          a word written with a capital
 *   %base         a word that is its own lemma ("walk", not "walked")
 *   ^  $          the start or the end of the text or of a sentence (take no token)
 *   !term         the next token is not the term ("!the"); at the edge of the text it holds
 *                 and takes nothing, so "[like] !the" also matches "like" said last
 *   term? term* term+   optional, any number, one or more
 *   [ ... ]       the tokens the row's action applies to; without one, the whole match
 *
 * A pattern that does not parse, or names a set that does not exist, throws when the table is
 * built, so a mistyped row fails every test rather than matching nothing.
 */

/** What a term needs of a token; the matcher reads tokens through this shape only. */
export interface MatchToken {
  readonly text: string;
  readonly lower: string;
  readonly kind: string;
  readonly pos?: string;
  readonly lemma?: string;
  /** Where the token starts in the input, for the trace. */
  readonly at?: number;
}

export type Test = (token: MatchToken) => boolean;

export interface Term {
  /** Zero-width edges take no token. */
  readonly edge?: 'start' | 'end';
  /** A negated term also holds at the edge of the text, taking nothing. */
  readonly orEdge?: true;
  readonly test: Test;
  readonly min: number;
  readonly max: number;
  /** The words the term can match, when it is a closed list: the rows' index. */
  readonly words?: ReadonlySet<string>;
}

export interface Pattern {
  readonly source: string;
  readonly before: readonly Term[];
  /** `before` read from the group outwards, as the matcher walks it. */
  readonly beforeNearestFirst: readonly Term[];
  readonly group: readonly Term[];
  readonly after: readonly Term[];
}

const NUMBER_WORDS = WORD_SETS['number-words'];
const DIGITS = /^\p{N}/u;
const CAPITAL = /^\p{Lu}/u;

function isWord(token: MatchToken): boolean {
  return token.kind === 'word';
}

const KINDS: Readonly<Record<string, Test>> = {
  end: (token) => token.kind === 'end',
  dash: (token) => token.kind === 'dash',
  pause: (token) => token.kind === 'pause',
  num: (token) =>
    isWord(token) &&
    (DIGITS.test(token.lower) ||
      NUMBER_WORDS.has(token.lower) ||
      token.lower.split('-').every((part) => NUMBER_WORDS.has(part))),
  cap: (token) => isWord(token) && CAPITAL.test(token.text),
  base: (token) => isWord(token) && (token.lemma ?? token.lower) === token.lower,
};

interface Atom {
  test: Test;
  edge?: 'start' | 'end';
  words?: ReadonlySet<string>;
}

function fail(source: string, why: string): never {
  throw new Error(`pattern "${source}": ${why}`);
}

function atom(text: string, source: string): Atom {
  if (text === '^') return { edge: 'start', test: () => false };
  if (text === '$') return { edge: 'end', test: () => false };
  if (text === '.') return { test: isWord };
  if (text === '_') return { test: () => true };
  if (text.length > 2 && text.startsWith('/') && text.endsWith('/')) {
    const pattern = new RegExp(text.slice(1, -1), 'u');
    return { test: (token) => isWord(token) && pattern.test(token.lower) };
  }
  if (text === ',') return { test: KINDS.pause as Test };
  if (text.startsWith('#')) {
    const tag = text.slice(1);
    if (!/^[A-Z]+$/u.test(tag)) fail(source, `"${text}" is not a tag`);
    return { test: (token) => token.pos === tag };
  }
  if (text.startsWith('~')) {
    const lemma = text.slice(1);
    return { test: (token) => isWord(token) && (token.lemma ?? token.lower) === lemma };
  }
  if (text.startsWith('%')) {
    const test = KINDS[text.slice(1)];
    if (test === undefined) fail(source, `unknown kind "${text}"`);
    return { test };
  }
  if (text.startsWith('@')) {
    const name = text.slice(1);
    if (!(name in WORD_SETS)) fail(source, `no word set "${name}" in words/sets.ts`);
    const set = WORD_SETS[name as WordSetName];
    return { test: (token) => isWord(token) && set.has(token.lower), words: set };
  }
  if (!/^[\p{L}\p{N}'-]+$/u.test(text)) fail(source, `"${text}" is not a word`);
  const word = text.toLowerCase();
  return { test: (token) => token.lower === word && isWord(token), words: new Set([word]) };
}

/** "#VERB&%base": every part must hold; the words are the first closed part's. */
function conjunction(text: string, source: string): Atom {
  if (!text.includes('&')) return atom(text, source);
  const atoms = splitTop(text, '&').map((part) => atom(part.trim(), source));
  if (atoms.some((one) => one.edge !== undefined)) fail(source, 'an edge stands alone');
  const tests = atoms.map((one) => one.test);
  const words = atoms.find((one) => one.words !== undefined)?.words;
  return {
    test: (token) => tests.every((test) => test(token)),
    ...(words === undefined ? {} : { words }),
  };
}

/** Splits at a separator outside parentheses, so a regular expression's "(?:ing|ed)" stays whole. */
function splitTop(text: string, separator: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of text) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (char === separator && depth === 0) {
      parts.push(current);
      current = '';
    } else current += char;
  }
  parts.push(current);
  return parts;
}

function alternatives(body: string, source: string): Atom {
  const atoms = splitTop(body, '|').map((part) => conjunction(part.trim(), source));
  if (atoms.some((one) => one.edge !== undefined)) {
    fail(source, 'an edge (^ or $) stands alone, not among alternatives');
  }
  const words = atoms.every((one) => one.words !== undefined)
    ? new Set(atoms.flatMap((one) => [...(one.words ?? [])]))
    : undefined;
  const tests = atoms.map((one) => one.test);
  return {
    test: (token) => tests.some((test) => test(token)),
    ...(words === undefined ? {} : { words }),
  };
}

function term(raw: string, source: string): Term {
  let text = raw;
  let min = 1;
  let max = 1;
  const quantifier = text.at(-1);
  if (text.length > 1 && (quantifier === '?' || quantifier === '*' || quantifier === '+')) {
    text = text.slice(0, -1);
    min = quantifier === '+' ? 1 : 0;
    max = quantifier === '?' ? 1 : Infinity;
  }
  const negated = text.startsWith('!');
  if (negated) text = text.slice(1);
  const parsed =
    text.startsWith('(') && text.endsWith(')')
      ? alternatives(text.slice(1, -1), source)
      : conjunction(text, source);
  if (parsed.edge !== undefined) {
    if (negated || min !== 1 || max !== 1) fail(source, 'an edge takes no ! or quantifier');
    return { edge: parsed.edge, test: parsed.test, min: 0, max: 0 };
  }
  if (negated) {
    const inner = parsed.test;
    return {
      test: (token) => !inner(token),
      min,
      max,
      ...(min === 1 && max === 1 ? { orEdge: true as const } : {}),
    };
  }
  return { test: parsed.test, min, max, ...(parsed.words ? { words: parsed.words } : {}) };
}

/** Splits at spaces outside parentheses; brackets stand as terms of their own. */
function pieces(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let current = '';
  for (const char of source) {
    if (char === '(') depth++;
    if (char === ')') depth--;
    if (depth < 0) fail(source, 'a ")" closes nothing');
    if (depth === 0 && (char === '[' || char === ']')) {
      if (current !== '') out.push(current);
      out.push(char);
      current = '';
    } else if (depth === 0 && char === ' ') {
      if (current !== '') out.push(current);
      current = '';
    } else current += char;
  }
  if (depth !== 0) fail(source, 'a "(" is never closed');
  if (current !== '') out.push(current);
  return out;
}

export function parsePattern(source: string): Pattern {
  const parts: Term[][] = [[]];
  for (const piece of pieces(source.trim())) {
    if (piece === '[' || piece === ']') {
      if ((piece === '[') !== (parts.length === 1)) fail(source, `"${piece}" out of place`);
      parts.push([]);
      continue;
    }
    (parts[parts.length - 1] as Term[]).push(term(piece, source));
  }
  if (parts.length === 2) fail(source, 'a "[" is never closed');
  const [before = [], group, after = []] = parts.length === 1 ? [[], parts[0], []] : parts;
  if (group === undefined || group.every((one) => one.edge !== undefined || one.min === 0)) {
    fail(source, 'the action needs at least one token to apply to');
  }
  return { source, before, beforeNearestFirst: [...before].reverse(), group, after };
}
