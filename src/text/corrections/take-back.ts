import { spokenIntentLengthAt } from '../clauses.js';
import type { Token } from '../tokenizer.js';
import {
  BACK_REFERENCES,
  PHRASE_OPENERS,
  PLAN_WORDS,
  REASON_SUBJECTS,
  REASON_TRAILERS,
  TAKE_BACK_OPENERS,
  VERB_LIKE_WORDS,
} from '../words/asides.js';
import { CONJUNCTIONS, SIMPLE_FILLERS } from '../words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';
import { FIRST_NAMES } from '../words/proper-nouns.js';
import { IMPERATIVE_VERBS, SEQUENCE_WORDS, TASK_VERBS } from '../words/tasks.js';
import {
  type Correction,
  afterPauses,
  clauseStartBefore,
  isNumeric,
  isReasonSubject,
  isTaskVerb,
  saidIn,
} from './shared.js';
import { isStateAfterIs, opensNews, saysOfNameAgain } from './said-of.js';

/**
 * Take-backs: "scratch that" and "no wait" with a reason withdraw the task said before
 * ("renew my passport no wait I renewed that").
 */

/** Describing words a noun phrase may hold before the word at j ("a new address book"). */
const PHRASE_REACH_WORDS = 3;

/**
 * Whether the word at j goes on a noun phrase opened before it ("a guest book", "the towels
 * call"): a determiner, then nothing but nouns and describing words up to j.
 */
function insidePhrase(tokens: readonly Token[], j: number, start: number): boolean {
  for (let k = j - 1, words = 0; k >= start && words <= PHRASE_REACH_WORDS; k--, words++) {
    const token = tokens[k] as Token;
    if (token.kind !== 'word') return false;
    if (PHRASE_OPENERS.has(token.lower)) return words > 0;
    if (FUNCTION_WORDS.has(token.lower) || isNumeric(token)) return false;
  }
  return false;
}

/** A word that can open a verb's object: "call the landlord", "ring mum", "email Jen". */
function opensObject(token: Token | undefined): boolean {
  if (token?.kind !== 'word') return false;
  return (
    PHRASE_OPENERS.has(token.lower) ||
    BACK_REFERENCES.has(token.lower) ||
    REASON_SUBJECTS.has(token.lower) ||
    FIRST_NAMES.has(token.lower)
  );
}

/**
 * Where the last task said in tokens[start, end) begins, or -1 when the clause is no task
 * ("my brother wanted to sell it" is news, not a task to take back). Unpunctuated speech runs
 * tasks together ("and sunscreen renew my passport"): there a verb that is rarely a noun,
 * after a word that can end a phrase, starts the task.
 */
function lastTaskStart(tokens: readonly Token[], start: number, end: number): number {
  for (let j = end - 1; j > start; j--) {
    const token = tokens[j] as Token;
    const prev = tokens[j - 1] as Token;
    const next = tokens[j + 1];
    const verb =
      IMPERATIVE_VERBS.has(token.lower) ||
      // "cups order the cake": a verb that is often a noun, before its object's determiner.
      (TASK_VERBS.has(token.lower) && next !== undefined && PHRASE_DETERMINERS.has(next.lower));
    if (
      token.kind === 'word' &&
      verb &&
      prev.kind === 'word' &&
      !FUNCTION_WORDS.has(prev.lower) &&
      !SEQUENCE_WORDS.has(prev.lower) &&
      (!insidePhrase(tokens, j, start) || opensObject(next))
    ) {
      return j;
    }
  }
  let first = start;
  while (first < end && SEQUENCE_WORDS.has((tokens[first] as Token).lower)) first++;
  if (first < end) first += spokenIntentLengthAt(tokens, first);
  return first < end && isTaskVerb(tokens[first]) ? start : -1;
}

/** Words of a reason, after its subject, up to the word that points back at the task. */
const REASON_MAX_WORDS = 6;

/** A reason ends at a pause, a filler or where the next task starts ("I renewed that print"). */
function endsReasonBefore(token: Token | undefined): boolean {
  return (
    token === undefined ||
    token.kind !== 'word' ||
    SIMPLE_FILLERS.has(token.lower) ||
    CONJUNCTIONS.has(token.lower) ||
    SEQUENCE_WORDS.has(token.lower) ||
    IMPERATIVE_VERBS.has(token.lower)
  );
}

/** Words a thing named again may take before its noun ("the whole kitchen"). */
const NAMED_AGAIN_MAX_WORDS = 3;

/**
 * "scratch that, the kitchen's already packed": the task's own thing as the subject of what
 * follows says why the task is not needed. Where that subject ends, with its "'s", or -1.
 */
function thingNamedAgainEnd(
  tokens: readonly Token[],
  at: number,
  taskStart: number,
  taskEnd: number,
): number {
  const det = tokens[at];
  if (det?.kind !== 'word') return -1;
  const objectEnd = taskEnd;
  // "ring Grace to cover Thursday, scratch that, Grace is away": a name the task said, said
  // again as the subject, needs no article.
  if (!PHRASE_DETERMINERS.has(det.lower)) {
    return saysOfNameAgain(tokens, at, taskStart, objectEnd) ? at + 1 : -1;
  }
  for (let j = at + 1; j <= at + NAMED_AGAIN_MAX_WORDS; j++) {
    const token = tokens[j];
    if (token?.kind !== 'word') return -1;
    const possessive = token.lower.endsWith("'s");
    const said = possessive ? token.lower.slice(0, -2) : token.lower;
    // Every word of the phrase was said of the task's thing: "the small room" names another.
    if (FUNCTION_WORDS.has(said) || !saidIn(tokens, said, taskStart, objectEnd)) continue;
    for (let k = at + 1; k < j; k++) {
      if (!saidIn(tokens, (tokens[k] as Token).lower, taskStart, objectEnd)) return -1;
    }
    const next = tokens[j + 1];
    if (next?.kind !== 'word') return -1;
    // "the kitchen is", "the kitchen's already packed"; "the car's tires" owns them.
    return VERB_LIKE_WORDS.has(next.lower) || (possessive && isStateAfterIs(next)) ? j + 1 : -1;
  }
  return -1;
}

/** Where the clause going on at `at` ends, within `max` words; -1 when it runs longer. */
function clauseEndWithin(tokens: readonly Token[], at: number, max: number): number {
  let end = at;
  for (let words = 0; words <= max; words++, end++) {
    if (endsReasonBefore(tokens[end])) return end;
  }
  return -1;
}

/**
 * Where the reason for taking a task back ends ("no wait I renewed that", "scratch that, Tom's
 * doing the slides"), or -1 when what follows the marker is no such reason: a subject, then,
 * within a few words, a word that points back at the task or names it again, where the
 * reason can end. A plan ("I'll do that") restates the task rather than explaining it away.
 */
function reasonEndAt(
  tokens: readonly Token[],
  from: number,
  taskStart: number,
  taskEnd: number,
): number {
  let at = afterPauses(tokens, from);
  const named = thingNamedAgainEnd(tokens, at, taskStart, taskEnd);
  // The word after the thing ("is", "clean") is the reason's, whatever else it can be.
  if (named !== -1) return clauseEndWithin(tokens, named + 1, REASON_MAX_WORDS);
  // "no sorry the vicar said he already did that": news of someone, then what points back.
  if (!isReasonSubject(tokens[at]) && !opensNews(tokens, at)) return -1;
  for (let words = 0; words < REASON_MAX_WORDS; words++) {
    at++;
    const token = tokens[at];
    if (token?.kind !== 'word' || PLAN_WORDS.has(token.lower)) return -1;
    const pointsBack =
      BACK_REFERENCES.has(token.lower) ||
      (!FUNCTION_WORDS.has(token.lower) && saidIn(tokens, token.lower, taskStart, taskEnd));
    if (!pointsBack) continue;
    let end = at + 1;
    const trailer = tokens[end];
    if (trailer?.kind === 'word' && REASON_TRAILERS.has(trailer.lower)) end++;
    if (endsReasonBefore(tokens[end])) return end;
  }
  return -1;
}

/**
 * Where the sentence that a marker at i opens starts, when nothing but openers ("Actually,")
 * stands before the marker in it; -1 when the marker does not open a sentence.
 */
export function sentenceOpenedAt(tokens: readonly Token[], i: number): number {
  let start = i;
  while (start > 0) {
    const prev = tokens[start - 1] as Token;
    if (prev.kind !== 'pause' && !(prev.kind === 'word' && TAKE_BACK_OPENERS.has(prev.lower)))
      break;
    start--;
  }
  return tokens[start - 1]?.kind === 'end' ? start : -1;
}

/** A pause, a conjunction or a filler: what joined a clause to the one before. */
export function isJoin(token: Token): boolean {
  return (
    token.kind === 'pause' ||
    (token.kind === 'word' && (CONJUNCTIONS.has(token.lower) || SIMPLE_FILLERS.has(token.lower)))
  );
}

function endsSentenceAt(tokens: readonly Token[], at: number): boolean {
  const token = tokens[afterPauses(tokens, at)];
  return token === undefined || token.kind === 'end';
}

/**
 * A take-back: the clause before the marker goes, and the reason after it when there is one.
 * "scratch that" takes back whatever it follows (`withdrawing`); "no wait" and the like take
 * back a task only with a reason ("renew my passport no wait I renewed that"), since after
 * anything else they restate. A "scratch that" that opens a sentence reaches the last clause
 * of the sentence before ("... finish my slides. Actually, scratch that, ..."). null when
 * `needsReason` and there is none, or no task to take back.
 */
export function takeBack(
  tokens: readonly Token[],
  i: number,
  markerEnd: number,
  withdrawing: boolean,
  needsReason: boolean,
): Correction | null {
  let markerStart = i;
  let clauseEnd = i;
  // "water the lawn so scratch that", "print it, actually scratch that": what joined the
  // marker on goes with it. A "but" before "wait, no" is the speaker changing their mind about
  // news, not taking a task back.
  while (
    clauseEnd > 0 &&
    (tokens[clauseEnd - 1]?.kind === 'pause' ||
      (withdrawing && tokens[clauseEnd - 1]?.kind === 'dash') ||
      (withdrawing &&
        (isJoin(tokens[clauseEnd - 1] as Token) ||
          TAKE_BACK_OPENERS.has((tokens[clauseEnd - 1] as Token).lower))))
  ) {
    clauseEnd--;
  }
  const markerFrom = clauseEnd;
  let crossed: Token | undefined;
  const opened = withdrawing ? sentenceOpenedAt(tokens, i) : -1;
  if (opened !== -1) {
    // "Scratch that silver panel", "Scratch that and she is happy": opening a sentence, the
    // marker stands alone (a pause, an end mark or nothing after it), or it is meant.
    const after = tokens[markerEnd];
    if (after !== undefined && after.kind === 'word') return null;
    markerStart = opened;
    clauseEnd = opened - 1;
    crossed = tokens[clauseEnd];
  }
  const clauseStart = clauseStartBefore(tokens, clauseEnd);
  const said = clauseStart < clauseEnd;
  const task = said ? lastTaskStart(tokens, clauseStart, clauseEnd) : -1;
  const wrongStart = task === -1 ? clauseStart : task;
  const reasonEnd = said ? reasonEndAt(tokens, markerEnd, wrongStart, clauseEnd) : -1;
  if (
    needsReason &&
    (reasonEnd === -1 ||
      (!withdrawing && task === -1 && !isListedThing(tokens, clauseStart, clauseEnd)))
  ) {
    return null;
  }
  // "Buy a new phone charger. Scratch that, a new phone.": what follows is no clause to stand
  // for the one taken back, and where it goes is unsure; both stay, without the marker.
  if (opened !== -1 && reasonEnd === -1 && !endsSentenceAt(tokens, markerEnd)) {
    if (!opensClause(tokens, markerEnd)) return markerOnly(opened, markerEnd);
  }
  const end = reasonEnd === -1 ? markerEnd : reasonEnd;
  // Taken back at the end of its sentence, the clause leaves the "and" that joined it.
  let dropFrom = wrongStart;
  if (said && (crossed !== undefined || endsSentenceAt(tokens, end))) {
    let joined = dropFrom;
    while (joined > 0 && isJoin(tokens[joined - 1] as Token)) joined--;
    if (tokens[joined - 1]?.kind === 'word') dropFrom = joined;
  }
  // The sentence before keeps its end mark while any of it is left.
  const kept = crossed !== undefined && tokens[dropFrom - 1]?.kind === 'word' ? [crossed] : [];
  return {
    wrongStart: dropFrom,
    markerStart,
    markerEnd: end,
    replacementEnd: end,
    restart: false,
    withdrawn: true,
    kept,
    markerFrom: opened === -1 ? markerFrom : opened,
    ...(reasonEnd === -1 ? {} : { reasonStart: afterPauses(tokens, markerEnd) }),
  };
}

/** Words a thing said on its own in a list may have ("the big foil trays"). */
const LISTED_THING_MAX_WORDS = 4;

/**
 * "Hats, no, wait, we packed hats": a thing said on its own, after a pause or an end mark,
 * with no verb or subject of its own, is an item of a list, taken back as a task is when the
 * reason after the marker names it again.
 */
function isListedThing(tokens: readonly Token[], start: number, end: number): boolean {
  if (end - start > LISTED_THING_MAX_WORDS) return false;
  const before = tokens[start - 1];
  if (before !== undefined && before.kind !== 'pause' && before.kind !== 'end') return false;
  for (let k = start; k < end; k++) {
    const word = (tokens[k] as Token).lower;
    if (
      VERB_LIKE_WORDS.has(word) ||
      CLAUSE_SUBJECTS.has(word) ||
      SIMPLE_FILLERS.has(word) ||
      isTaskVerb(tokens[k])
    ) {
      return false;
    }
  }
  return true;
}

/** Only the marker goes, with the openers said before it ("Actually,"). */
function markerOnly(from: number, markerEnd: number): Correction {
  return {
    wrongStart: from,
    markerStart: from,
    markerEnd,
    replacementEnd: markerEnd,
    restart: false,
    withdrawn: true,
    kept: [],
    markerFrom: from,
  };
}

/** Whether the words at `at` open a clause: a task ("book a hostel") or a subject ("I'll"). */
export function opensClause(tokens: readonly Token[], at: number): boolean {
  let first = afterPauses(tokens, at);
  const subject = tokens[first];
  if (
    subject?.kind === 'word' &&
    (isReasonSubject(subject) || CLAUSE_SUBJECTS.has(subject.lower) || subject.lower === "let's")
  )
    return true;
  while (SEQUENCE_WORDS.has(tokens[first]?.lower ?? '')) first++;
  first += spokenIntentLengthAt(tokens, first);
  return isTaskVerb(tokens[first]);
}
