import { CORRECTION_MARKERS, NUMBER_WORDS, WITHDRAWING_MARKERS } from './words/asides.js';
import { CONJUNCTIONS } from './words/fillers.js';
import { AMBIGUOUS_MONTHS, MONTHS, WEEKDAYS } from './words/proper-nouns.js';
import type { Token } from './tokenizer.js';

/**
 * Spoken self-corrections, token by token: "at five actually no at six" -> "at six". No NLP
 * model: the markers are fixed spoken forms, and what they replace is found by the word or
 * the kind of word (a number, a weekday, a month) said just before. Data: words/asides.ts.
 */

function isNumeric(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    token.kind === 'word' &&
    (/^\p{N}/u.test(token.text) || NUMBER_WORDS.has(token.lower))
  );
}

/** Markers that can only be a correction, so they correct even without an anchor word. */
const EXPLICIT_MARKERS: ReadonlySet<string> = new Set([
  'actually no',
  'no actually',
  'no wait',
  'wait no',
  'or rather',
]);

function sameKind(a: Token, b: Token): boolean {
  if (isNumeric(a) && isNumeric(b)) return true;
  if (WEEKDAYS.has(a.lower) && WEEKDAYS.has(b.lower)) return true;
  return (
    (MONTHS.has(a.lower) || AMBIGUOUS_MONTHS.has(a.lower)) &&
    (MONTHS.has(b.lower) || AMBIGUOUS_MONTHS.has(b.lower))
  );
}

/** Words a correction may reach back over: a correction fixes something just said. */
const CORRECTION_REACH_WORDS = 8;
/** Words after the marker taken as the replacement, up to the next clause boundary. */
const REPLACEMENT_MAX_WORDS = 5;
const REPLACEMENT_STOPS: ReadonlySet<string> = new Set(['and', 'but', 'then', 'so', 'because']);

interface Correction {
  /** Index of the first word of what was said wrongly. */
  wrongStart: number;
  markerStart: number;
  markerEnd: number;
  replacementEnd: number;
  /** The replacement restates the wrong part from its first word ("in ..., no, in ..."),
   * rather than fixing one word of it ("five pm, no, six"). */
  restart: boolean;
}

function isBareNoMarker(tokens: readonly Token[], i: number, marker: readonly string[]): boolean {
  // ", I mean," framed by pauses is a filler; "at eight I mean for ten" corrects.
  if (marker[0] === 'i' && tokens[i + marker.length]?.kind === 'pause') return false;
  // A lone "no" corrects only between numbers ("twenty, no, thirty"); anywhere else it is meant.
  if (marker.length !== 1 || marker[0] !== 'no') return true;
  let before = i - 1;
  while (tokens[before]?.kind === 'pause') before--;
  let after = i + 1;
  while (tokens[after]?.kind === 'pause') after++;
  return isNumeric(tokens[before]) && isNumeric(tokens[after]);
}

/** Most words start no marker: one set lookup instead of a look at every marker. */
const CORRECTION_FIRST_WORDS: ReadonlySet<string> = new Set(
  CORRECTION_MARKERS.map((marker) => marker[0] as string),
);

/**
 * Where a marker said at i ends, or -1: its words may be framed by commas as Whisper writes
 * them ("Tuesday, wait, no, Thursday").
 */
function markerEndAt(tokens: readonly Token[], i: number, marker: readonly string[]): number {
  let at = i;
  for (let k = 0; k < marker.length; k++) {
    if (k > 0) while (tokens[at]?.kind === 'pause') at++;
    const token = tokens[at];
    if (token === undefined || token.kind !== 'word' || token.lower !== marker[k]) return -1;
    at++;
  }
  return at;
}

/** "the one from April" restates only what follows "the one": the thing itself stays. */
function afterProForm(tokens: readonly Token[], start: number): number {
  const first = tokens[start];
  const one = tokens[start + 1];
  const after = tokens[start + 2];
  if (
    first?.kind === 'word' &&
    PRO_FORM_DETERMINERS.has(first.lower) &&
    one?.lower === 'one' &&
    after?.kind === 'word'
  ) {
    return start + 2;
  }
  return start;
}

const PRO_FORM_DETERMINERS: ReadonlySet<string> = new Set(['the', 'that', 'this']);

/**
 * Where the reach back for the wrong words may go: to the start of the sentence, or into the
 * sentence before when the marker opens its own ("... a second mic. Actually, make that two").
 */
function reachesBackFrom(tokens: readonly Token[], i: number): boolean {
  let before = i - 1;
  while (tokens[before]?.kind === 'pause') before--;
  return tokens[before]?.kind === 'end';
}

/**
 * The nearest word before the marker at i that `matches`, within CORRECTION_REACH_WORDS and
 * the sentence (or the one before too, `crossesEnd`); -1 when none.
 */
function findAnchor(
  tokens: readonly Token[],
  i: number,
  matches: (candidate: Token, j: number) => boolean,
  crossesEnd = false,
): number {
  let reached = 0;
  let ends = 0;
  for (let j = i - 1; j >= 0 && reached < CORRECTION_REACH_WORDS; j--) {
    const candidate = tokens[j] as Token;
    if (candidate.kind === 'end') {
      if (!crossesEnd || ++ends > 1) break;
      continue;
    }
    if (candidate.kind !== 'word') continue;
    reached++;
    if (matches(candidate, j)) return j;
  }
  return -1;
}

function sameKindAt(tokens: readonly Token[], a: number, b: number): boolean {
  const left = tokens[a];
  const right = tokens[b];
  return left?.kind === 'word' && right?.kind === 'word' && sameKind(left, right);
}

function findCorrection(tokens: readonly Token[], i: number): Correction | null {
  const token = tokens[i] as Token;
  if (!CORRECTION_FIRST_WORDS.has(token.lower)) return null;
  for (const marker of CORRECTION_MARKERS) {
    if (marker[0] !== token.lower) continue;
    const markerEnd = markerEndAt(tokens, i, marker);
    if (markerEnd === -1) continue;
    if (!isBareNoMarker(tokens, i, marker)) continue;
    let start = markerEnd;
    while (tokens[start]?.kind === 'pause') start++;
    let end = start;
    let words = 0;
    while (end < tokens.length && words < REPLACEMENT_MAX_WORDS) {
      const next = tokens[end] as Token;
      if (next.kind !== 'word' || (words > 0 && REPLACEMENT_STOPS.has(next.lower))) break;
      words++;
      end++;
    }
    const first = tokens[start];
    const withdrawing = WITHDRAWING_MARKERS.has(marker.join(' '));
    // A marker framed by commas ("but wait, no, I shouldn't") or a "make that" is as often
    // meant literally ("we can actually make that work"): it corrects only a word of the same
    // kind (a number, a weekday, a month), and only "make that" reaches into the sentence
    // before ("... a second mic. Actually, make that two mics.").
    const framed = markerEnd - i > marker.length;
    const makeThat = marker.includes('make');
    const kindOnly = framed || makeThat;
    if (first === undefined || first.kind !== 'word' || words === 0) {
      if (withdrawing && !framed) return withdrawal(tokens, i, markerEnd);
      continue;
    }
    // "make that two" alone leaves "a second mic" half restated: only "make that two mics"
    // says what it replaces.
    if (makeThat && words < 2) continue;
    // Reach back for the words that start like the replacement: the same word, or a word of
    // the same kind (a number for a number, a weekday for a weekday, a month for a month).
    // "the one from April" is tried from "from" first, so "the invoice from March" keeps its
    // invoice.
    const crossesEnd = makeThat && reachesBackFrom(tokens, i);
    // "the one from April" after "the invoice from March": from "from" on, when what follows
    // it is of the same kind on both sides.
    const restated = afterProForm(tokens, start);
    if (restated !== start) {
      const anchor = tokens[restated] as Token;
      const wrong = findAnchor(tokens, i, (candidate, j) => {
        return candidate.lower === anchor.lower && sameKindAt(tokens, j + 1, restated + 1);
      });
      if (wrong !== -1) {
        return {
          wrongStart: wrong,
          markerStart: i,
          markerEnd: restated,
          replacementEnd: end,
          restart: true,
        };
      }
    }
    const wrong = findAnchor(
      tokens,
      i,
      (candidate) => (!kindOnly && candidate.lower === first.lower) || sameKind(candidate, first),
      crossesEnd,
    );
    if (wrong !== -1) {
      const restart = (tokens[wrong] as Token).lower === first.lower;
      return { wrongStart: wrong, markerStart: i, markerEnd: start, replacementEnd: end, restart };
    }
    if (kindOnly) continue;
    let lastWord = -1;
    for (let j = i - 1; j >= 0 && lastWord === -1; j--) {
      const candidate = tokens[j] as Token;
      if (candidate.kind === 'end') break;
      if (candidate.kind === 'word') lastWord = j;
    }
    if (withdrawing) return withdrawal(tokens, i, markerEnd);
    // "to Wednesday, no wait, the day after": an explicit marker with nothing to anchor on
    // replaces the word said just before it.
    if (EXPLICIT_MARKERS.has(marker.join(' ')) && lastWord !== -1) {
      return {
        wrongStart: lastWord,
        markerStart: i,
        markerEnd: start,
        replacementEnd: end,
        restart: false,
      };
    }
  }
  return null;
}

/** "scratch that" with nothing restated: the clause before it goes. */
function withdrawal(tokens: readonly Token[], i: number, markerEnd: number): Correction {
  let start = i;
  while (start > 0) {
    const prev = tokens[start - 1] as Token;
    if (prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower)) break;
    start--;
  }
  return {
    wrongStart: start,
    markerStart: i,
    markerEnd,
    replacementEnd: markerEnd,
    restart: false,
  };
}

/**
 * Applies spoken self-corrections: "at five actually no at six" -> "at six", "the tenth
 * scratch that the twelfth" -> "the twelfth", "for eight at the italian place i mean for ten"
 * -> "for ten at the italian place". The replacement takes the place of as many words of
 * the wrong part as it has; words of the wrong part beyond that stay ("at the italian place").
 * Nothing is added: words are only dropped or moved.
 *
 * One pass: each marker is looked for in a window of the words already written and the words
 * to come, so a long dictation full of corrections costs time in proportion to its length.
 */
export function applyCorrections(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || !CORRECTION_FIRST_WORDS.has(token.lower)) {
      out.push(token);
      i++;
      continue;
    }
    const behind = Math.min(out.length, CORRECTION_WINDOW_TOKENS);
    const view = out
      .slice(out.length - behind)
      .concat(tokens.slice(i, i + CORRECTION_WINDOW_TOKENS));
    const correction = findCorrection(view, behind);
    if (correction === null) {
      out.push(token);
      i++;
      continue;
    }
    const { wrongStart, markerStart, markerEnd, replacementEnd } = correction;
    const replacement = view.slice(markerEnd, replacementEnd);
    const wrong = view.slice(wrongStart, markerStart);
    let wrongWords = 0;
    let cut = 0;
    while (cut < wrong.length && wrongWords < replacement.length) {
      if ((wrong[cut] as Token).kind === 'word') wrongWords++;
      cut++;
    }
    let rest = wrong.slice(cut);
    while (rest.length > 0 && (rest[rest.length - 1] as Token).kind === 'pause')
      rest = rest.slice(0, -1);
    // A phrase restated from its first word, cut inside a pair ("in black and | white,
    // actually no, in full colour"): the rest of the pair goes with it.
    const lastReplaced = wrong[cut - 1];
    if (correction.restart && (lastReplaced?.lower === 'and' || lastReplaced?.lower === 'or')) {
      rest = [];
    }
    const first = replacement[0];
    const wrongFirst = wrong[0];
    const moved =
      first !== undefined && wrongFirst !== undefined
        ? [{ ...first, space: wrongFirst.space }, ...replacement.slice(1)]
        : replacement;
    // "a second mic. Actually, make that two mics": "a" went with the ordinal, and the
    // replacement names the things again.
    let dropped = wrongStart;
    const article = view[wrongStart - 1];
    if (
      (article?.lower === 'a' || article?.lower === 'an') &&
      replacement.filter((part) => part.kind === 'word').length > 1 &&
      isNumeric(first) &&
      first?.lower !== 'one' &&
      wrongFirst !== undefined &&
      SINGULAR_NUMBER.test(wrongFirst.lower)
    ) {
      dropped--;
    }
    out.length = out.length - behind + dropped;
    out.push(...moved, ...rest);
    i += replacementEnd - behind;
  }
  return out;
}

/** Tokens each side of a marker that a correction may reach: 8 words back, a marker and a
 * replacement ahead, with the pauses between them. */
const CORRECTION_WINDOW_TOKENS = 48;
/** Numbers that go with "a": "a second", "a third", "a fifth". */
const SINGULAR_NUMBER = /^(?:second|third|\p{L}+th)$/u;
