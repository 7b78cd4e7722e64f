import winkNLP, { type ItsFunction } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import type { Sentence, Token } from './tokenizer.js';
import { FUNCTION_WORDS } from './words/function-words.js';
import { BECAUSE_SPELLINGS } from './words/speech.js';
import { mendTags } from './rows/tags.js';

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
/** Spoken contractions of "got to", "going to", "want to": wink reads them as nouns, so
 * "i gotta return the books" would end a noun phrase before "return". */
const SPOKEN_AUXILIARIES: ReadonlySet<string> = new Set(['gotta', 'gonna', 'wanna', 'hafta']);
const LONG_WORD_STAND_IN = 'x';

/** Universal POS tags as wink gives them (VERB, NOUN, PROPN, ADJ, DET, ADP, AUX, PRON ...). */
export type PosTag = string;

export interface TaggedToken extends Token {
  /** Universal POS tag for words; 'PUNCT' for pauses, ends, dashes; 'SYM' for symbols. */
  pos: PosTag;
  /** Dictionary form in lower case ("printed" -> "print", "batteries" -> "battery"). */
  lemma: string;
}

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
    if (hasLatinDiacritic(token.text)) accented++;
  }
  if (words === 0 || accented === 0) return true;
  if (accented / words >= FOREIGN_DIACRITIC_SHARE) return false;
  return functionWords / words >= ENGLISH_FUNCTION_WORD_SHARE;
}

/** Built field by field, so every tagged token has one object shape (spreads vary it). */
function untagged(token: Token): TaggedToken {
  const pos = token.kind === 'word' ? 'X' : token.kind === 'symbol' ? 'SYM' : 'PUNCT';
  return {
    text: token.text,
    lower: token.lower,
    kind: token.kind,
    space: token.space,
    ...(token.hesitated === true ? { hesitated: true as const } : {}),
    pos,
    lemma: token.lower,
    at: token.at,
  };
}

/** Latin letters with diacritics (U+00C0-U+024F), by code unit: a regex call per word costs more. */
function hasLatinDiacritic(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xc0 && code <= 0x24f) return true;
  }
  return false;
}

/**
 * The tokens as wink reads them: joined by single spaces, each one's offset in `starts`, each
 * copied into `tagged` untagged. Words over MAX_TAGGED_WORD_CHARS stand in as one letter: no
 * word is that long, and a run of letters without spaces (pasted text, a CJK paragraph) would
 * cost wink's lexicon lookups a second for nothing it could tag.
 */
class TaggingInput {
  readonly tagged: TaggedToken[] = [];
  readonly starts: number[] = [];
  text = '';
  accented = false;

  add(token: Token): void {
    if (this.tagged.length > 0) this.text += ' ';
    this.starts.push(this.text.length);
    this.text +=
      token.text.length > MAX_TAGGED_WORD_CHARS
        ? LONG_WORD_STAND_IN
        : // "cos" is tagged as the "because" it was read as (speech.ts).
          BECAUSE_SPELLINGS.has(token.text.toLowerCase())
          ? token.lower
          : token.text;
    this.tagged.push(untagged(token));
    if (!this.accented && token.kind === 'word' && hasLatinDiacritic(token.text)) {
      this.accented = true;
    }
  }
}

/**
 * A word's tag from wink, and its lemma when wink read the word whole (undefined after a split:
 * the word keeps its own lower case). Symbols, pauses and over-long words stay untagged.
 */
function takeTag(token: TaggedToken, tag: string | undefined, lemma: string | undefined): void {
  if (token.kind !== 'word' || token.text.length > MAX_TAGGED_WORD_CHARS) return;
  token.pos = SPOKEN_AUXILIARIES.has(token.lower) ? 'AUX' : (tag ?? 'X');
  if (lemma !== undefined) token.lemma = lemma.toLowerCase();
}

/**
 * Tags the input's tokens in place. wink's tokens are mapped back by character offset: a word
 * wink splits ("can't" -> "ca" "n't") takes the tag of its first piece and keeps its own lower
 * case as lemma.
 */
function tagInput(input: TaggingInput): void {
  const { tagged, starts, text } = input;
  if (tagged.length === 0) return;
  // Without an accented letter the text reads as English whatever its function words.
  if (input.accented && !readsAsEnglish(tagged)) return;
  const words = nlp.readDoc(text).tokens();
  const tags = words.out(its.pos);
  const lemmas = words.out(lemmaOf);
  // wink splits at the spaces first and never joins across one, so as many of its tokens as
  // ours means none was split and they pair by index: the offsets are needed only after a split.
  if (tags.length === tagged.length) {
    for (let k = 0; k < tagged.length; k++) {
      const token = tagged[k] as TaggedToken;
      takeTag(token, tags[k], lemmas[k] ?? token.lower);
    }
    mendTags(tagged);
    return;
  }
  const values = words.out();
  const spaces = words.out(its.precedingSpaces);
  let offset = 0;
  let index = 0;
  for (let k = 0; k < values.length; k++) {
    offset += (spaces[k] ?? '').length;
    const start = offset;
    const value = values[k] ?? '';
    offset += value.length;
    while (index + 1 < starts.length && (starts[index + 1] as number) <= start) index++;
    const token = tagged[index];
    if (token === undefined || starts[index] !== start) continue;
    const whole = value.length === token.text.length;
    takeTag(token, tags[k], whole ? (lemmas[k] ?? token.lower) : undefined);
  }
  mendTags(tagged);
}

/** Tags the engine's own tokens (one wink pass). */
export function tagTokens(tokens: readonly Token[]): TaggedToken[] {
  const input = new TaggingInput();
  for (const token of tokens) input.add(token);
  tagInput(input);
  return input.tagged;
}

const SENTENCE_BREAK: Token = { text: '.', lower: '.', kind: 'end', space: false };

/** One tagging pass over all sentences (a full stop between them), split back per sentence. */
export function tagSentences(sentences: readonly Sentence[]): TaggedToken[][] {
  const input = new TaggingInput();
  for (const sentence of sentences) {
    for (const token of sentence.tokens) input.add(token);
    input.add(SENTENCE_BREAK);
  }
  tagInput(input);
  const out: TaggedToken[][] = [];
  let at = 0;
  for (const sentence of sentences) {
    out.push(input.tagged.slice(at, at + sentence.tokens.length));
    at += sentence.tokens.length + 1;
  }
  return out;
}
