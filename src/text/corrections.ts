import { TIME_TAILS } from './words/corrections.js';
import { findCorrection } from './corrections/find.js';
import { alignedCut } from './corrections/restatement.js';
import { findRetraction } from './corrections/retraction.js';
import { CORRECTION_FIRST_WORDS, isNumeric } from './corrections/shared.js';
import { SINGULAR_NUMBER, continuesTime } from './corrections/times.js';
import type { Token } from './tokenizer.js';
import { TAKE_BACK_OPENERS } from './words/asides.js';

/**
 * Spoken self-corrections, token by token: "at five actually no at six" -> "at six". No NLP
 * model: the markers are fixed spoken forms, and what they replace is found by the word or
 * the kind of word (a number, a weekday, a month) said just before, or, for a take-back
 * ("renew my passport no wait I renewed that"), by the clause before. Data: words/asides.ts,
 * words/corrections.ts; the corrections a marker opens are read in corrections/find.ts.
 */

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
  // Words in `out`, kept as it grows and shrinks: asking `out` itself after every take-back
  // would read a long run of symbols before the first word once per correction.
  let outWords = 0;
  const push = (added: readonly Token[]): void => {
    for (const token of added) {
      out.push(token);
      if (token.kind === 'word') outWords++;
    }
  };
  const truncate = (length: number): void => {
    for (let k = length; k < out.length; k++) if ((out[k] as Token).kind === 'word') outWords--;
    out.length = length;
  };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || !CORRECTION_FIRST_WORDS.has(token.lower)) {
      push([token]);
      i++;
      continue;
    }
    const behind = Math.min(out.length, CORRECTION_WINDOW_TOKENS);
    const view = out
      .slice(out.length - behind)
      .concat(tokens.slice(i, i + CORRECTION_WINDOW_TOKENS));
    const correction = findRetraction(view, behind) ?? findCorrection(view, behind);
    if (correction === null) {
      push([token]);
      i++;
      continue;
    }
    const { wrongStart, markerStart, markerEnd, replacementEnd } = correction;
    if (correction.withdrawn === true) {
      const base = out.length - behind;
      truncate(base + wrongStart);
      push(correction.kept ?? []);
      i += replacementEnd - behind;
      // Nothing at all left ("Order the flower order. Scratch that."): the reason stays if
      // there was one ("Dave did it."), else what was said, without the marker.
      if (outWords === 0 && !hasWordFrom(tokens, i)) {
        truncate(base);
        if (correction.reasonStart !== undefined) {
          push(view.slice(correction.reasonStart, replacementEnd));
        } else {
          push(view.slice(0, correction.markerFrom ?? markerStart));
        }
      }
      continue;
    }
    const replacement = view.slice(markerEnd, replacementEnd);
    const wrong = view.slice(wrongStart, markerStart);
    let cut = 0;
    if (correction.wrongEnd !== undefined) cut = correction.wrongEnd - wrongStart;
    else if (correction.restart) cut = alignedCut(wrong, view, markerEnd);
    if (cut === 0) {
      let wrongWords = 0;
      while (cut < wrong.length && wrongWords < replacement.length) {
        if ((wrong[cut] as Token).kind === 'word') wrongWords++;
        cut++;
      }
    }
    // "at half | past three actually no at four": the rest of a time goes with its start, and
    // its "am" or "pm" only when another is said ("seven am no wait eight" is "eight am").
    const saysTail = replacement.some((token) => TIME_TAILS.has(token.lower));
    while (
      cut > 0 &&
      cut < wrong.length &&
      continuesTime(view, wrongStart + cut) &&
      (saysTail || !TIME_TAILS.has((wrong[cut] as Token).lower))
    ) {
      cut++;
    }
    let rest = wrong.slice(cut);
    // "thighs — no wait": a dash said before the marker goes with it, and so does an opener
    // before "scratch that" ("call mom okay scratch that call dad"); before another marker it
    // may be meant ("and say sorry, no wait, Tuesday").
    const scratched = view[markerStart]?.lower === 'scratch';
    while (rest.length > 0) {
      const last = rest[rest.length - 1] as Token;
      const opener =
        last.kind === 'word' &&
        // "euros, well, actually no": "well" led into the marker (fillers go later anyway).
        ((scratched && TAKE_BACK_OPENERS.has(last.lower)) || last.lower === 'well');
      if (last.kind !== 'pause' && last.kind !== 'dash' && !opener) break;
      rest = rest.slice(0, -1);
    }
    // "a second mic. Actually, make that two mics.": the full stop left between the old words
    // and the new is the new sentence's own.
    if (rest.every((token) => token.kind === 'end' || token.kind === 'pause')) rest = [];
    // A phrase restated from its first word, cut inside a pair ("in black and | white,
    // actually no, in full colour"): the rest of the pair goes with it.
    const lastReplaced = wrong[cut - 1];
    if (correction.restart && (lastReplaced?.lower === 'and' || lastReplaced?.lower === 'or')) {
      rest = [];
    }
    const first = replacement[0];
    const wrongFirst = wrong[0];
    // A verb put in place of one said in lower case takes lower case: "Freeze it." had its
    // capital from a sentence of its own.
    const lowered = correction.resume !== undefined && wrongFirst?.text === wrongFirst?.lower;
    const moved =
      first !== undefined && wrongFirst !== undefined
        ? [
            { ...first, text: lowered ? first.lower : first.text, space: wrongFirst.space },
            ...replacement.slice(1),
          ]
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
    truncate(out.length - behind + dropped);
    push(moved);
    push(rest);
    i += (correction.resume ?? replacementEnd) - behind;
  }
  return out;
}

function hasWordFrom(tokens: readonly Token[], from: number): boolean {
  for (let j = from; j < tokens.length; j++) if ((tokens[j] as Token).kind === 'word') return true;
  return false;
}

/** Tokens each side of a marker that a correction may reach: 8 words back (a retraction: a
 * sentence), a marker and a replacement ahead, with the pauses between them. */
const CORRECTION_WINDOW_TOKENS = 48;
