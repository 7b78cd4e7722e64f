import { restatesAfterBareNo } from './kind-phrase.js';
import { type Correction, afterPauses, beforePauses, isNumeric, sameKindAt } from './shared.js';
import type { Token } from '../tokenizer.js';
import { RESTATED_PREPOSITIONS, SORRY_MEANT_AFTER, VERB_LIKE_WORDS } from '../words/asides.js';
import { DAY_SETTERS, PRO_FORM_DETERMINERS, WHEN_WORDS } from '../words/corrections.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { CLAUSE_SUBJECTS, PHRASE_DETERMINERS } from '../words/function-words.js';
import { WEEKDAYS } from '../words/proper-nouns.js';

/**
 * How a correction marker said at a place reads: where its words end (commas may frame them),
 * whether a bare "no" or a "sorry" corrects or is meant, and whether it reaches back into the
 * sentence before.
 */

export function isBareNoMarker(
  tokens: readonly Token[],
  i: number,
  marker: readonly string[],
): boolean {
  // ", I mean," framed by pauses is a filler; "at eight I mean for ten" corrects.
  if (marker[0] === 'i' && tokens[i + marker.length]?.kind === 'pause') return false;
  // A lone "no" corrects only between words of one kind ("twenty, no, thirty", "next tuesday
  // no wednesday"), or a number and its noun said again with another number ("twelve people,
  // no, fifteen people"); anywhere else it is meant.
  if (marker.length !== 1 || marker[0] !== 'no') return true;
  // "we were up twenty-one, no one could believe it": "no one" is nobody.
  if (tokens[i + 1]?.lower === 'one') return false;
  const before = beforePauses(tokens, i) - 1;
  const after = afterPauses(tokens, i + 1);
  // "Monday yes, Tuesday no, Wednesday maybe": said straight after a weekday and before a
  // pause, "no" answers for it, and what follows is the next of a list ("next Tuesday, no,
  // Wednesday" corrects).
  const answer = tokens[i - 1]?.kind !== 'pause' && after > i + 1 && !isNumeric(tokens[after]);
  // Between commas, only a day said with what sets it ("next Tuesday, no, Wednesday"): "Can
  // you do Monday? Tuesday, no, Wednesday works" answers for each.
  // A weekday said straight after a word of its clause is set by it too ("he's coming
  // Thursday, no, Wednesday afternoon"), when the new one ends the phrase; opening a sentence
  // or after a pause it may answer for itself, and one with more said of it is news
  // ("Friday, no, Saturday works for everyone").
  const dayAfter = tokens[after + 1];
  const set =
    isNumeric(tokens[after]) ||
    (tokens[i - 1]?.kind !== 'pause' && after === i + 1) ||
    DAY_SETTERS.has(tokens[before - 1]?.lower ?? '') ||
    (WEEKDAYS.has(tokens[before]?.lower ?? '') &&
      tokens[before - 1]?.kind === 'word' &&
      (dayAfter?.kind !== 'word' || WHEN_WORDS.has(dayAfter.lower)));
  if (!answer && set && sameKindAt(tokens, before, after)) return true;
  // "the blue no the green": the word of a kind said again after its determiner.
  const determiner = tokens[before - 1]?.lower;
  if (set && determiner !== undefined && tokens[after]?.lower === determiner) {
    if (PHRASE_DETERMINERS.has(determiner) && sameKindAt(tokens, before, after + 1)) return true;
  }
  // "by the end of October, no, mid October": a date or time said again as a phrase.
  if (restatesAfterBareNo(tokens, i, after)) return true;
  const noun = tokens[before];
  const then = tokens[after + 2];
  // "twenty years, no two years have been the same": "no two" opens news; the amount said
  // again ends where it was said, or at a "please" ("2 pies no 3 pies please").
  // "size 10 no size 12 no size 14": or at the next correction.
  const endsThere =
    then === undefined ||
    then.kind !== 'word' ||
    then.lower === 'please' ||
    then.lower === 'no' ||
    CONJUNCTIONS.has(then.lower) ||
    RESTATED_PREPOSITIONS.has(then.lower);
  // "size 3, no, size 4", "room 12 no room 14": a name and its number said again.
  const named = tokens[before - 1];
  const renumbered =
    named?.kind === 'word' &&
    !isNumeric(named) &&
    isNumeric(tokens[before]) &&
    tokens[after]?.lower === named.lower &&
    isNumeric(tokens[after + 1]);
  return (
    endsThere &&
    (renumbered ||
      (noun?.kind === 'word' &&
        isNumeric(tokens[before - 1]) &&
        isNumeric(tokens[after]) &&
        tokens[after + 1]?.lower === noun.lower))
  );
}

/**
 * Where a marker said at i ends, or -1: its words may be framed by commas as Whisper writes
 * them ("Tuesday, wait, no, Thursday").
 */
export function markerEndAt(
  tokens: readonly Token[],
  i: number,
  marker: readonly string[],
): number {
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
export function afterProForm(tokens: readonly Token[], start: number): number {
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

/**
 * Where the reach back for the wrong words may go: to the start of the sentence, or into the
 * sentence before when the marker opens its own ("... a second mic. Actually, make that two").
 */
export function reachesBackFrom(tokens: readonly Token[], i: number): boolean {
  let before = beforePauses(tokens, i) - 1;
  // "for Tuesday. Actually, scratch that, make it Wednesday.": after the word it opens with.
  if (tokens[before]?.lower === 'actually') before = beforePauses(tokens, before) - 1;
  return tokens[before]?.kind === 'end';
}

/** Only the marker goes: what came before it and after it both stay. */
export function markerOnly(i: number, start: number): Correction {
  return { wrongStart: i, markerStart: i, markerEnd: start, replacementEnd: start, restart: false };
}

export function lastEndBetween(tokens: readonly Token[], from: number, to: number): number {
  for (let k = to - 1; k > from; k--) if ((tokens[k] as Token).kind === 'end') return k;
  return -1;
}

/** "I'm sorry", "so sorry", "say sorry": after a subject, a verb or a word that holds it, "sorry"
 * is meant. */
export function isMeantSorry(before: Token | undefined): boolean {
  return (
    before?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(before.lower) ||
      VERB_LIKE_WORDS.has(before.lower) ||
      SORRY_MEANT_AFTER.has(before.lower) ||
      before.lower.endsWith("n't"))
  );
}
