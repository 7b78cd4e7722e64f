import {
  type Correction,
  afterPauses,
  allWords,
  beforePauses,
  clauseStartBefore,
  findAnchor,
  isNumeric,
  isTaskVerb,
  saidIn,
} from './shared.js';
import { numberEnd, numberStart } from './times.js';
import type { Token } from '../tokenizer.js';
import { RESTATED_PREPOSITIONS, TAKE_BACK_OPENERS, VERB_LIKE_WORDS } from '../words/asides.js';
import { ADDING_WORDS, WHEN_WORDS } from '../words/corrections.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS } from '../words/function-words.js';
import { FIRST_NAMES } from '../words/proper-nouns.js';

/**
 * Corrections of one shape each, tried by find.ts: an amount said with its article, a task said
 * again, a list narrowed to one thing, a word denied after the new one; and whether news said
 * after a marker takes back the clause before it.
 */

/**
 * "nearly ninety quid, no wait, a hundred quid": "a hundred" is an amount said with its
 * article. It replaces the amount said before the marker, and the thing counted with it when
 * that is said again.
 */
export function articledAmount(
  tokens: readonly Token[],
  i: number,
  start: number,
): Correction | null {
  // "a hundred percent worth it" is no amount of the thing.
  if (tokens[start + 2]?.lower === 'percent') return null;
  const wrong = findAnchor(tokens, i, (candidate) => isCardinal(candidate));
  if (wrong === -1) return null;
  const from = numberStart(tokens, wrong);
  const to = numberEnd(tokens, wrong);
  let newEnd = numberEnd(tokens, start + 1);
  // "a hundred and twenty"
  if (tokens[newEnd]?.lower === 'and' && isNumeric(tokens[newEnd + 1])) {
    newEnd = numberEnd(tokens, newEnd + 1);
  }
  const counted = tokens[to];
  const again = tokens[newEnd];
  const restated =
    counted?.kind === 'word' && again?.kind === 'word' && counted.lower === again.lower;
  return {
    wrongStart: from,
    wrongEnd: restated ? to + 1 : to,
    markerStart: i,
    markerEnd: start,
    replacementEnd: restated ? newEnd + 1 : newEnd,
    restart: true,
  };
}

/** A count ("ninety", "12"), not an order ("second") or a time ("noon"). */
function isCardinal(token: Token): boolean {
  return isNumeric(token) && !ORDINAL_OR_TIME.test(token.lower);
}
const ORDINAL_OR_TIME = /^(?:first|second|third|noon|midnight|\d+(?:st|nd|rd|th))$|th$/u;

/** Words after a task's verb within which its object is named ("the new", "Dental Supplies"). */
const OBJECT_REACH = 3;

/** Whether a pause or an "and" parts things between `from` and the marker at `i`. */
export function listedBetween(tokens: readonly Token[], from: number, i: number): boolean {
  // "cover Thursday, actually scratch that": the opener and its pause lead into the marker.
  let said = beforePauses(tokens, i);
  while (said > from + 1 && TAKE_BACK_OPENERS.has((tokens[said - 1] as Token).lower)) {
    said = beforePauses(tokens, said - 1);
  }
  for (let k = from + 1; k < said; k++) {
    const token = tokens[k] as Token;
    if (token.kind === 'pause' || token.lower === 'and' || token.lower === 'or') return true;
  }
  return false;
}

/** Words of a task said again after a marker, read for a thing the task before named. */
const RESTATED_TASK_WORDS = 6;

/**
 * "phone Dental Supplies Direct, no, email Dental Supplies Direct about ...": a task verb
 * after the marker with a thing the task before it named is that task said again; the old
 * one goes, from its verb. A lone "no" only between pauses.
 */
export function restatedTask(
  tokens: readonly Token[],
  i: number,
  markerEnd: number,
  bare: boolean,
  apology = false,
): Correction | null {
  if (bare && (tokens[i - 1]?.kind !== 'pause' || tokens[markerEnd]?.kind !== 'pause')) {
    return null;
  }
  const start = afterPauses(tokens, markerEnd);
  if (!isTaskVerb(tokens[start])) return null;
  // "call Mum. No wait, call Mum on Sunday.": opening a sentence, the marker reaches the task
  // that ended the one before, its full stop going with it.
  let said = beforePauses(tokens, i);
  if (tokens[said - 1]?.kind === 'end') said--;
  let verb = -1;
  for (let k = said - 1; k >= 0 && verb === -1; k--) {
    const token = tokens[k] as Token;
    if (token.kind !== 'word') break;
    const before = tokens[k - 1];
    const opens =
      before === undefined ||
      before.kind !== 'word' ||
      CONJUNCTIONS.has(before.lower) ||
      spokenIntentEndsAt(tokens, k);
    if (isTaskVerb(token) && opens) verb = k;
  }
  if (verb === -1) return null;
  // "call dad tonight too": another task added, not the first one said again.
  for (let k = start + 1; k < start + 2 + RESTATED_TASK_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') break;
    if (ADDING_WORDS.has(word.lower)) return null;
  }
  const retaken = {
    wrongStart: verb,
    wrongEnd: i,
    markerStart: i,
    markerEnd: start,
    replacementEnd: start + 1,
    restart: true,
  };
  // "chase housing about the repair no sorry chase the landlord": after "no sorry", the verb
  // of the task just said, said again, opens it again, whatever it is done to, even in a run
  // of tasks with no pause between. ("actually no buy the blue" may say again only part of
  // the thing: restatements read that.)
  if (apology) {
    const again = (tokens[start] as Token).lower;
    for (let k = said - 1; k >= 0 && said - k <= RETAKEN_TASK_WORDS; k--) {
      const token = tokens[k] as Token;
      if (token.kind !== 'word') break;
      if (token.lower === again) return { ...retaken, wrongStart: k };
    }
  }
  for (let k = start + 1; k < start + 1 + RESTATED_TASK_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') break;
    // The thing the old task was done to, just after its verb ("phone | Dental Supplies
    // Direct"): "call the landlord about the rent" is not "pay the rent" said again.
    if (
      !FUNCTION_WORDS.has(word.lower) &&
      !WHEN_WORDS.has(word.lower) &&
      saidIn(tokens, word.lower, verb + 1, Math.min(said, verb + 1 + OBJECT_REACH))
    ) {
      return retaken;
    }
  }
  return null;
}

/** Words back from a "no sorry" that the task it takes the place of may have. */
const RETAKEN_TASK_WORDS = 8;

/** Whether spoken intent ("I need to") ends just before `k`. */
function spokenIntentEndsAt(tokens: readonly Token[], k: number): boolean {
  return tokens[k - 1]?.lower === 'to' || tokens[k - 1]?.lower === 'gotta';
}

/**
 * "buy milk and eggs okay scratch that just milk" -> "buy milk": the list the kept thing was
 * said in goes, from its first thing to the marker, and the kept thing takes its place. Only
 * when the thing was said in a list ("and", "or" or a pause before the marker).
 */
export function narrowedList(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
): Correction | null {
  const thing = tokens[start + 1];
  if (
    thing === undefined ||
    thing.kind !== 'word' ||
    end - start < 2 ||
    // "just the tent fit", "just bring the chairs": a phrase or a task, not one thing kept.
    FUNCTION_WORDS.has(thing.lower) ||
    isTaskVerb(thing)
  ) {
    return null;
  }
  // "only Dan is working Sunday" is news about the one thing.
  for (let k = start + 2; k < end; k++) {
    const word = tokens[k] as Token;
    if (VERB_LIKE_WORDS.has(word.lower) || word.lower.endsWith("'s")) return null;
  }
  const said = findAnchor(tokens, i, (candidate) => candidate.lower === thing.lower, true);
  if (said === -1) return null;
  let first = said;
  let listed = false;
  const joins = (token: Token): boolean =>
    token.kind === 'pause' || token.lower === 'and' || token.lower === 'or';
  for (let k = said - 1; k >= 0; k--) {
    const token = tokens[k] as Token;
    if (joins(token)) continue;
    if (token.kind !== 'word' || FUNCTION_WORDS.has(token.lower) || isTaskVerb(token)) break;
    first = k;
  }
  for (let k = first; k < i && !listed; k++) {
    const token = tokens[k] as Token;
    listed = k !== said && (joins(token) || token.kind === 'end');
  }
  if (!listed) return null;
  return {
    wrongStart: first,
    wrongEnd: i,
    markerStart: i,
    markerEnd: start + 1,
    replacementEnd: end,
    restart: true,
  };
}

/** Who a clause is said of: "I", "I'll" and "I'm" are one speaker. */
function subjectOf(token: Token | undefined): string {
  if (token?.kind !== 'word') return '';
  return token.lower.replace(/['’](?:ll|m|re|d|ve|s)$/u, '');
}

/**
 * Whether news after a marker takes back the clause before it: a task ("get flowers for Sue,
 * no wait, she's allergic") or the same speaker's plan ("I'll drive, actually no, I'm taking
 * the train"). Someone else's news ("I'll bring the chips, no wait, Sarah's bringing those")
 * leaves the plan as said.
 */
export function takenBackBy(tokens: readonly Token[], i: number, start: number): boolean {
  let first = clauseStartBefore(tokens, beforePauses(tokens, i));
  while (tokens[first]?.kind === 'pause') first++;
  const opener = tokens[first];
  if (isTaskVerb(opener)) return true;
  const said = subjectOf(opener);
  return (
    said !== '' && CLAUSE_SUBJECTS.has(opener?.lower ?? '') && said === subjectOf(tokens[start])
  );
}

export function saysNews(tokens: readonly Token[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const word = tokens[k] as Token;
    // "Sarah's bringing those", "they're fine"
    if (VERB_LIKE_WORDS.has(word.lower) || /['’](?:s|re|m)$/u.test(word.lower)) return true;
  }
  return false;
}

/** Where the word denied after a replacement is ("kale, not spinach"), or -1. */
export function deniedAfter(tokens: readonly Token[], end: number): number {
  const not = tokens[end]?.kind === 'pause' ? end + 1 : end;
  const word = tokens[not + 1];
  const after = tokens[not + 2];
  // "margarine, not butter flavored though": the word denied must end the phrase.
  if (tokens[not]?.lower !== 'not' || word?.kind !== 'word') return -1;
  return after === undefined || after.kind !== 'word' ? not + 1 : -1;
}

/** Words of "the blue swim trunks": a determiner, what sets the thing apart, the thing. */
const DESCRIBED_THING_MAX_WORDS = 4;

/**
 * Whether the words from the determiner at `wrong` to the marker at `i` are a thing described
 * ("the blue swim trunks", "the big tent"): three or four words, every one after the
 * determiner a content word, so the word after it can be swapped and "one" stand for the rest.
 * "the tent for me", "the plumber we used" are not.
 */
export function describedThingBefore(tokens: readonly Token[], wrong: number, i: number): boolean {
  const said = beforePauses(tokens, i);
  const count = said - wrong;
  if (count < 3 || count > DESCRIBED_THING_MAX_WORDS || !allWords(tokens, wrong, said))
    return false;
  for (let k = wrong + 1; k < said; k++) {
    if (FUNCTION_WORDS.has((tokens[k] as Token).lower)) return false;
  }
  return true;
}

/** A first name at `start` with a preposition, a pause or nothing after it: no subject of news. */
export function nameForName(tokens: readonly Token[], start: number): boolean {
  const after = tokens[start + 1];
  return (
    FIRST_NAMES.has((tokens[start] as Token).lower) &&
    (after === undefined || after.kind !== 'word' || RESTATED_PREPOSITIONS.has(after.lower))
  );
}
