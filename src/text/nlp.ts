import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Sentence, Token } from './tokenizer.js';
import { FUNCTION_WORDS } from './words/function-words.js';

/**
 * Part-of-speech tags and lemmas from wink-nlp's English lite model (docs/decisions/
 * 021-english-nlp-library.md says why this library). Server only: the model is ~3.8 MB and
 * must never reach the web bundle (ESLint forbids it under src/web and src/text/detect).
 *
 * Only the POS step of wink's pipe runs: sentence boundaries, negation, sentiment and named
 * entities would cost time for nothing the formatters use (they find sentences themselves).
 */
const nlp = winkNLP(model, ['pos']);
const its = nlp.its;
// wink's type declarations give `its.lemma` an addon-taking signature that `out` does not
// accept, although the call is the documented one.
const lemmaOf = its.lemma as unknown as ItsFunction<string>;

const MAX_TAGGED_WORD_CHARS = 40;
const LONG_WORD_STAND_IN = 'x';

/** Universal POS tags as wink gives them (VERB, NOUN, PROPN, ADJ, DET, ADP, AUX, PRON ...). */
export type PosTag = string;

export interface TaggedToken extends Token {
  /** Universal POS tag for words; 'PUNCT' for pauses, ends, dashes; 'SYM' for symbols. */
  pos: PosTag;
  /** Dictionary form in lower case ("printed" -> "print", "batteries" -> "battery"). */
  lemma: string;
}

/** Built field by field, so every tagged token has one object shape (spreads vary it). */
function untagged(token: Token): TaggedToken {
  const pos = token.kind === 'word' ? 'X' : token.kind === 'symbol' ? 'SYM' : 'PUNCT';
  return {
    text: token.text,
    lower: token.lower,
    kind: token.kind,
    space: token.space,
    pos,
    lemma: token.lower,
  };
}

const LATIN_DIACRITIC = /[\u00c0-\u024f]/u;
/** Below this share of English function words, accented words mark another language. */
const ENGLISH_FUNCTION_WORD_SHARE = 0.12;
/** At or above this share of accented words, the text is not English whatever else it has. */
const FOREIGN_DIACRITIC_SHARE = 0.15;

/**
 * Whether wink's English model should read the text. Tagging Spanish or German as English
 * turns every other word into a "verb" that starts a task; untagged, the rules fall back to
 * splitting at pauses only. English speech has many function words and few accented letters
 * ("repair café" is one word in forty); a short list ("call mom, buy flowers") has no
 * function words but no accents either.
 */
function readsAsEnglish(tokens: readonly Token[]): boolean {
  let words = 0;
  let functionWords = 0;
  let accented = 0;
  for (const token of tokens) {
    if (token.kind !== 'word') continue;
    words++;
    if (FUNCTION_WORDS.has(token.lower)) functionWords++;
    if (LATIN_DIACRITIC.test(token.text)) accented++;
  }
  if (words === 0 || accented === 0) return true;
  if (accented / words >= FOREIGN_DIACRITIC_SHARE) return false;
  return functionWords / words >= ENGLISH_FUNCTION_WORD_SHARE;
}

/**
 * Tags the engine's own tokens. wink reads the tokens joined by single spaces and its tokens
 * are mapped back by character offset: a word wink splits ("can't" -> "ca" "n't") takes the
 * tag of its first piece and keeps its own lower case as lemma.
 */
export function tagTokens(tokens: readonly Token[]): TaggedToken[] {
  const tagged = tokens.map(untagged);
  if (tokens.length === 0 || !readsAsEnglish(tokens)) return tagged;
  const starts: number[] = [];
  let text = '';
  for (const token of tokens) {
    if (text !== '') text += ' ';
    starts.push(text.length);
    // No word is this long: a run of letters without spaces (pasted text, a CJK paragraph)
    // would cost wink's lexicon lookups a second for nothing it could tag.
    text += token.text.length > MAX_TAGGED_WORD_CHARS ? LONG_WORD_STAND_IN : token.text;
  }
  const doc = nlp.readDoc(text);
  const words = doc.tokens();
  const values = words.out();
  const spaces = words.out(its.precedingSpaces);
  const tags = words.out(its.pos);
  const lemmas = words.out(lemmaOf);
  let offset = 0;
  let index = 0;
  for (let k = 0; k < values.length; k++) {
    offset += (spaces[k] ?? '').length;
    const start = offset;
    const value = values[k] ?? '';
    offset += value.length;
    while (index + 1 < starts.length && (starts[index + 1] as number) <= start) index++;
    const token = tagged[index];
    if (token === undefined || token.kind !== 'word' || starts[index] !== start) continue;
    token.pos = tags[k] ?? 'X';
    const whole = value.length === token.text.length;
    if (token.text.length > MAX_TAGGED_WORD_CHARS) {
      token.pos = 'X';
      continue;
    }
    token.lemma = whole ? (lemmas[k] ?? token.lower).toLowerCase() : token.lower;
  }
  return tagged;
}

const SENTENCE_BREAK: Token = { text: '.', lower: '.', kind: 'end', space: false };

/** One tagging pass over all sentences (a full stop between them), split back per sentence. */
export function tagSentences(sentences: readonly Sentence[]): TaggedToken[][] {
  const flat: Token[] = [];
  for (const sentence of sentences) flat.push(...sentence.tokens, SENTENCE_BREAK);
  const tagged = tagTokens(flat);
  const out: TaggedToken[][] = [];
  let at = 0;
  for (const sentence of sentences) {
    out.push(tagged.slice(at, at + sentence.tokens.length));
    at += sentence.tokens.length + 1;
  }
  return out;
}
