import { SAME_THING } from '../words/corrections.js';
import { spokenIntentLengthAt } from '../clauses.js';
import type { Token } from '../tokenizer.js';
import { BACK_REFERENCES, PHRASE_OPENERS, TAKE_BACK_OPENERS } from '../words/asides.js';
import { CONJUNCTIONS, SIMPLE_FILLERS } from '../words/fillers.js';
import { FUNCTION_WORDS } from '../words/function-words.js';
import { SEQUENCE_WORDS } from '../words/tasks.js';
import {
  type Correction,
  afterPauses,
  clauseStartBefore,
  findAnchor,
  isNumeric,
  isVerbUse,
} from './shared.js';
import { isJoin, opensClause } from './take-back.js';

/**
 * Retractions: a verb turned down and another put in its place ("Actually, don't cancel it,
 * freeze it").
 */

/** Words a retraction may reach back over for the verb it names: a long sentence. */
const RETRACTION_REACH_WORDS = 24;

/** Where the verb turned down at `at` is ("don't cancel", "do not cancel", "not cancel"), or -1. */
export function negatedVerbAt(tokens: readonly Token[], at: number): number {
  const word = tokens[at];
  if (word?.kind !== 'word') return -1;
  if (word.lower === "don't" || word.lower === 'not') return at + 1;
  return word.lower === 'do' && tokens[at + 1]?.lower === 'not' ? at + 2 : -1;
}

/** A word that can be the verb before a back-reference ("cancel it"), unlike "do" or "just". */
function isContentWord(token: Token | undefined): token is Token {
  return token?.kind === 'word' && !FUNCTION_WORDS.has(token.lower) && !isNumeric(token);
}

/** "cancel the gym membership": a verb and its object, not a noun ("the cancel button") nor a
 * task already turned down ("don't cancel the gym"). */
function isVerbWithObject(tokens: readonly Token[], j: number): boolean {
  const before = tokens[j - 1];
  if (tokens[j + 1]?.kind !== 'word') return false;
  return (
    before?.kind !== 'word' ||
    !(
      PHRASE_OPENERS.has(before.lower) ||
      before.lower === 'not' ||
      before.lower === 'never' ||
      before.lower.endsWith("n't")
    )
  );
}

function isRetractionOpener(token: Token | undefined): boolean {
  return (
    token?.kind === 'pause' ||
    (token?.kind === 'word' &&
      (TAKE_BACK_OPENERS.has(token.lower) || SIMPLE_FILLERS.has(token.lower)))
  );
}

/**
 * A task turned down after it was said, led by an opener ("actually", "no wait"): "cancel the
 * gym membership. Actually, don't cancel it, freeze it." -> "freeze the gym membership", the
 * new verb in place of the old and the object kept; without a new verb ("Actually, don't
 * cancel it.") the task goes. The verb turned down must have been said, as a verb, in this
 * sentence or the one before: nothing is guessed. The retraction must end where its sentence
 * or clause does, so "don't cancel it unless they call" is meant. A task said before others
 * goes only for a new verb, since where it ends is unsure ("cancel the gym and pool ...").
 */
export function findRetraction(tokens: readonly Token[], i: number): Correction | null {
  if (!TAKE_BACK_OPENERS.has((tokens[i] as Token).lower)) return null;
  let after = i + 1;
  while (isRetractionOpener(tokens[after])) after++;
  const verbAt = negatedVerbAt(tokens, after);
  if (verbAt === -1) return null;
  const verb = tokens[verbAt];
  const object = tokens[verbAt + 1];
  if (!isContentWord(verb) || object?.kind !== 'word' || !BACK_REFERENCES.has(object.lower)) {
    return null;
  }
  let from = i;
  while (isRetractionOpener(tokens[from - 1])) from--;
  const before = tokens[from - 1];
  if (isVerbUse(before)) return null;
  // "Should I cancel it? No, don't cancel it.": an answer, not a change of mind.
  const opened = before?.kind === 'end';
  if (opened && before.text === '?') return null;
  let end = verbAt + 2;
  let next = afterPauses(tokens, end);
  // "No, don't cancel it! Freeze it.": the new verb may be a sentence of its own.
  if (opened && tokens[next]?.kind === 'end' && tokens[next]?.text !== '?') {
    next = afterPauses(tokens, next + 1);
  }
  if (tokens[next]?.lower === 'just') next++;
  const replacement = tokens[next];
  const again = tokens[next + 1];
  const replaced =
    isContentWord(replacement) &&
    replacement.lower !== verb.lower &&
    again?.kind === 'word' &&
    (again.lower === object.lower || SAME_THING.has(again.lower));
  if (replaced) {
    end = next + 2;
    if (tokens[end]?.lower === 'instead') end++;
  }
  const stop = afterPauses(tokens, end);
  const following = tokens[stop];
  if (
    following !== undefined &&
    following.kind !== 'end' &&
    (opened ||
      following.kind !== 'word' ||
      !(CONJUNCTIONS.has(following.lower) || SEQUENCE_WORDS.has(following.lower)))
  ) {
    return null;
  }
  // A sentence of its own, the retraction goes with its end mark.
  if (opened && following !== undefined) end = stop + 1;
  const wrong = findAnchor(
    tokens,
    from,
    (candidate, j) => candidate.lower === verb.lower && isVerbWithObject(tokens, j),
    true,
    RETRACTION_REACH_WORDS,
  );
  if (wrong === -1) return null;
  if (replaced) {
    return {
      wrongStart: wrong,
      markerStart: from,
      markerEnd: next,
      replacementEnd: next + 1,
      restart: false,
      resume: end,
    };
  }
  const clauseEnd = opened ? from - 1 : from;
  for (let j = wrong + 1; j < clauseEnd; j++) {
    const word = tokens[j] as Token;
    if (word.kind !== 'word') return null;
    const joins = CONJUNCTIONS.has(word.lower) || SEQUENCE_WORDS.has(word.lower);
    if (joins && opensClause(tokens, j + 1)) return null;
  }
  // "I need to cancel the gym", "then cancel the gym": the intent or the sequence word goes
  // with the task.
  let dropFrom = wrong;
  const start = clauseStartBefore(tokens, wrong);
  let first = start;
  while (first < wrong && SEQUENCE_WORDS.has((tokens[first] as Token).lower)) first++;
  if (first + spokenIntentLengthAt(tokens, first) === wrong) dropFrom = start;
  while (dropFrom > start && SEQUENCE_WORDS.has((tokens[dropFrom - 1] as Token).lower)) dropFrom--;
  // So does the "and" that joined it, while anything is said before it.
  let joined = dropFrom;
  while (joined > 0 && isJoin(tokens[joined - 1] as Token)) joined--;
  if (tokens[joined - 1]?.kind === 'word') dropFrom = joined;
  // With nothing else left, all stays as said: the task alone would say the opposite.
  return {
    wrongStart: dropFrom,
    markerStart: from,
    markerEnd: end,
    replacementEnd: end,
    restart: false,
    withdrawn: true,
    kept: opened && tokens[dropFrom - 1]?.kind === 'word' ? [before] : [],
    markerFrom: end,
  };
}
