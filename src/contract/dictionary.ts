/**
 * The person's dictionary (docs/api.md, "Sharing and the person's own words"): names and jargon
 * spelled as they write them, each with what a speech engine may hear instead. Pure, so the
 * browser fixes its own engine's transcripts exactly as the server fixes the others.
 */

export const DICTIONARY_MAX_ENTRIES = 500;
export const DICTIONARY_TERM_MAX_CHARS = 60;
export const DICTIONARY_SOUNDS_LIKE_MAX_CHARS = 60;
/**
 * The most characters of terms sent to a model at once. Whisper reads at most 224 tokens of
 * prompt and drops the start of a longer one (about four characters a token); the writing
 * model is held to the same, so a long dictionary never outweighs what was said.
 */
export const DICTIONARY_TERMS_MAX_CHARS = 800;

export interface DictionaryEntry {
  term: string;
  soundsLike?: string | undefined;
}

const WORD = /[\p{L}\p{N}_]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether a term or sounds-like holds a letter or a digit. One of punctuation alone (",")
 * matched at every comma of a text and spelled a 60-character term there: sixty times the
 * text. The API refuses such an entry and the dictionary reads none kept from before.
 */
export function hasLetterOrDigit(text: string): boolean {
  return LETTER_OR_DIGIT.test(text);
}
const SPACE = /\s/;
/** The one edge of the trie that stands for a run of spaces in the text. */
const SPACE_EDGE = 0x20;

/**
 * What the `i` flag of a regular expression compares, per code point: its lower case where that
 * is the same length, so an index into the folded text is an index into the text. Final sigma
 * folds to sigma, as it does there.
 */
function foldCodePoint(char: string): string {
  if (char === '\u03c2') return '\u03c3';
  const lower = char.toLowerCase();
  return lower.length === char.length ? lower : char;
}

/** ASCII, the bulk of any transcript, is read without making a string of each character. */
function isSpaceAt(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return unit === 0x20 || (unit >= 0x09 && unit <= 0x0d);
  return SPACE.test(text.charAt(index));
}

function isAsciiWord(unit: number): boolean {
  return (
    (unit >= 0x30 && unit <= 0x39) ||
    (unit >= 0x41 && unit <= 0x5a) ||
    (unit >= 0x61 && unit <= 0x7a) ||
    unit === 0x5f
  );
}

function isWordAt(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return isAsciiWord(unit);
  return WORD.test(codePointAt(text, index));
}

function isWordBefore(text: string, index: number): boolean {
  const unit = text.charCodeAt(index - 1);
  if (unit < 0x80) return isAsciiWord(unit);
  return WORD.test(codePointBefore(text, index));
}

function codePointAt(text: string, index: number): string {
  return String.fromCodePoint(text.codePointAt(index) ?? 0);
}

/** The code point ending just before `index`, so a low surrogate is read with its pair. */
function codePointBefore(text: string, index: number): string {
  const last = text.charCodeAt(index - 1);
  if (index >= 2 && last >= 0xdc00 && last <= 0xdfff) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text.slice(index - 1, index);
}

interface Node {
  next: Map<number, Node>;
  /** The term a phrase ending here is spelled as. */
  term?: string;
}

/** Counts the steps taken over the text, so a test can hold the work to the text's length. */
export interface DictionaryMeter {
  steps: number;
}

export interface ApplyOptions {
  /**
   * The longest the text may become (a short sounds-like spelled as a long term makes it
   * longer): a replacement that would take it past this is not made, and those words stay as
   * said. A text already longer is never made longer. Unset: no bound.
   */
  maxChars?: number;
  meter?: DictionaryMeter;
  /** Filled with each term met in the text (as its term or what it sounds like), as given. */
  found?: Set<string>;
}

export interface CompiledDictionary {
  /** The text with every entry spelled as the person gave it (see `applyDictionary`). */
  apply(text: string, options?: ApplyOptions): string;
  /**
   * The same for a text that grows (a streamed draft): each call is given the whole text so
   * far, and only what is new is read again.
   */
  streaming(): (soFar: string) => string;
}

interface Scan {
  output: string;
  /** Where reading stopped because what follows may still change the answer. */
  stoppedAt: number;
}

/**
 * One pass over the text. At each place a word may begin, a trie of every term and sounds-like
 * (folded, a space standing for any run of spaces) is walked as far as the text agrees with one,
 * and the longest phrase that ends at the end of a word wins. The walk is never longer than the
 * longest phrase, so the work is the text's length times that, however many entries there are.
 */
function scan(
  root: Node,
  text: string,
  from: number,
  final: boolean,
  meter: DictionaryMeter | undefined,
  maxChars = Infinity,
  found?: Set<string>,
): Scan {
  /** What replacements may still add to the text's length. */
  let growth = Math.max(0, maxChars - text.length);
  let output = '';
  let copiedTo = from;
  let at = from;
  const length = text.length;
  while (at < length) {
    const startsWord = at === 0 || !isWordBefore(text, at);
    let best: { end: number; term: string } | undefined;
    let undecided = false;
    if (startsWord && !isSpaceAt(text, at)) {
      let node: Node | undefined = root;
      let index = at;
      walk: for (;;) {
        if (index >= length) {
          undecided = !final;
          break;
        }
        if (meter) meter.steps += 1;
        if (isSpaceAt(text, index)) {
          node = node.next.get(SPACE_EDGE);
          while (index < length && isSpaceAt(text, index)) index += 1;
          if (node === undefined) break;
          continue;
        }
        const unit = text.charCodeAt(index);
        if (unit < 0x80) {
          node = node.next.get(unit >= 0x41 && unit <= 0x5a ? unit + 0x20 : unit);
          if (node === undefined) break;
          index += 1;
        } else {
          const folded = foldCodePoint(codePointAt(text, index));
          for (let offset = 0; offset < folded.length; offset += 1) {
            node = node.next.get(folded.charCodeAt(offset));
            if (node === undefined) break walk;
          }
          index += folded.length;
        }
        if (node.term !== undefined) {
          if (index >= length && !final) {
            undecided = true;
            break;
          }
          if (index >= length || !isWordAt(text, index)) {
            best = { end: index, term: node.term };
          }
        }
      }
    }
    if (undecided) {
      return { output: output + text.slice(copiedTo, at), stoppedAt: at };
    }
    if (best) found?.add(best.term);
    const grows = best ? best.term.length - (best.end - at) : 0;
    if (best && grows <= growth) {
      growth -= grows;
      output += text.slice(copiedTo, at) + best.term;
      at = best.end;
      copiedTo = at;
    } else {
      at += 1;
    }
  }
  return { output: output + text.slice(copiedTo), stoppedAt: length };
}

/**
 * Each term's own spelling, and what it sounds like, as whole words only: "cooper netties" in
 * "cooper netties cluster" but never inside "coopers". Where two phrases start at the same word,
 * the longer is replaced as a whole, so a sounds-like that contains another entry's word wins;
 * where two entries share a phrase, the first does.
 */
export function compileDictionary(entries: readonly DictionaryEntry[]): CompiledDictionary {
  const root: Node = { next: new Map() };
  const add = (phrase: string, term: string): void => {
    let node = root;
    const words = phrase.split(/\s+/);
    for (const [position, word] of words.entries()) {
      if (position > 0) node = childOf(node, SPACE_EDGE);
      for (const char of word) {
        const folded = foldCodePoint(char);
        for (let unit = 0; unit < folded.length; unit += 1) {
          node = childOf(node, folded.charCodeAt(unit));
        }
      }
    }
    node.term ??= term;
  };
  let empty = true;
  for (const entry of entries) {
    const term = entry.term.trim();
    if (!hasLetterOrDigit(term)) continue;
    empty = false;
    add(term, term);
    const heard = entry.soundsLike?.trim();
    if (heard && hasLetterOrDigit(heard)) add(heard, term);
  }

  return {
    apply(text, options = {}) {
      if (empty || text === '') return text;
      return scan(root, text, 0, true, options.meter, options.maxChars, options.found).output;
    },
    streaming() {
      let read = '';
      let settled = '';
      let settledAt = 0;
      return (soFar) => {
        if (empty) return soFar;
        if (!soFar.startsWith(read)) {
          settled = '';
          settledAt = 0;
        }
        read = soFar;
        const done = scan(root, soFar, settledAt, false, undefined);
        settled += done.output;
        settledAt = done.stoppedAt;
        return settled + scan(root, soFar, settledAt, true, undefined).output;
      };
    },
  };
}

function childOf(node: Node, unit: number): Node {
  let child = node.next.get(unit);
  if (child === undefined) {
    child = { next: new Map() };
    node.next.set(unit, child);
  }
  return child;
}

/**
 * The text with every entry spelled as the person gave it: what it sounds like replaced by the
 * term, and the term in any other casing ("kubernetes") written as given ("Kubernetes").
 * Nothing else changes. An entry is the person's own word, so this adds nothing they did not
 * say.
 */
export function applyDictionary(
  text: string,
  entries: readonly DictionaryEntry[],
  options: ApplyOptions = {},
): string {
  if (entries.length === 0 || text === '') return text;
  return compileDictionary(entries).apply(text, options);
}

/**
 * The terms a writing model is told to spell as given: only those the text holds, so a long
 * dictionary is not sent with every idea, and within DICTIONARY_TERMS_MAX_CHARS together.
 */
export function termsToSpell(found: ReadonlySet<string>): string[] {
  const terms: string[] = [];
  let chars = 0;
  for (const term of found) {
    chars += term.length + 2;
    if (chars > DICTIONARY_TERMS_MAX_CHARS) break;
    terms.push(term);
  }
  return terms;
}

/** The terms as Whisper's prompt: a list of the words to expect, within its length. */
export function dictionaryPrompt(entries: readonly DictionaryEntry[]): string | undefined {
  let prompt = '';
  for (const entry of entries) {
    const term = entry.term.trim();
    if (!hasLetterOrDigit(term)) continue;
    const next = prompt === '' ? term : `${prompt}, ${term}`;
    if (next.length > DICTIONARY_TERMS_MAX_CHARS) break;
    prompt = next;
  }
  return prompt === '' ? undefined : `${prompt}.`;
}
