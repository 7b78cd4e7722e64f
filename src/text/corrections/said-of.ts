import type { Token } from '../tokenizer.js';
import { VERB_LIKE_WORDS } from '../words/asides.js';
import { BROKE_WORDS, NOUNS_IN_ED, STATES_AFTER_IS } from '../words/corrections.js';
import { FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';
import { saidIn } from './shared.js';

/**
 * A subject said after a correction's marker and what is said of it ("Grace is away", "the
 * machine broke"): news that says why the task before is off, not a thing to put in its
 * place (take-back.ts, find.ts).
 */

/** A word, then what is said of it ("Grace is away"): a reason when the word is the task's. */
export function opensSaidOf(tokens: readonly Token[], at: number): boolean {
  const name = tokens[at];
  const next = tokens[at + 1];
  return (
    name?.kind === 'word' &&
    !FUNCTION_WORDS.has(name.lower) &&
    next?.kind === 'word' &&
    VERB_LIKE_WORDS.has(next.lower)
  );
}

/** A word of the task's, not a function word, then what is said of it: "Grace is away". */
export function saysOfNameAgain(
  tokens: readonly Token[],
  at: number,
  taskStart: number,
  taskEnd: number,
): boolean {
  const name = tokens[at] as Token;
  const possessive = name.lower.endsWith("'s");
  const said = possessive ? name.lower.slice(0, -2) : name.lower;
  if (FUNCTION_WORDS.has(said) || !saidIn(tokens, said, taskStart, taskEnd)) return false;
  const next = tokens[at + 1];
  return opensSaidOf(tokens, at) || (possessive && next?.kind === 'word' && isStateAfterIs(next));
}

/** Words a thing may take before what is said of it ("the coffee machine broke"). */
const NEWS_SUBJECT_MAX_WORDS = 3;

/**
 * "no actually, the machine broke": after the marker a thing and what happened to it, news
 * that says why the task before is off, not a thing to put in its place ("the agent").
 */
export function opensNews(tokens: readonly Token[], at: number): boolean {
  const det = tokens[at];
  if (det?.kind !== 'word' || !PHRASE_DETERMINERS.has(det.lower)) return false;
  for (let j = at + 1; j <= at + NEWS_SUBJECT_MAX_WORDS + 1; j++) {
    const token = tokens[j];
    if (token?.kind !== 'word') return false;
    if (j === at + 1) continue;
    const prev = (tokens[j - 1] as Token).lower;
    if (prev.endsWith("'s")) return isStateAfterIs(token);
    if (
      VERB_LIKE_WORDS.has(token.lower) ||
      BROKE_WORDS.has(token.lower) ||
      (/ed$/u.test(token.lower) && !NOUNS_IN_ED.has(token.lower))
    ) {
      return true;
    }
    if (FUNCTION_WORDS.has(token.lower)) return false;
  }
  return false;
}

/** What "'s" as "is" is followed by: a state ("done", "packed", "fine") or an adverb. */
export function isStateAfterIs(token: Token): boolean {
  // "packed", "fed", "used", "agreed"; not "the dog's bed".
  return (
    STATES_AFTER_IS.has(token.lower) || (/ed$/u.test(token.lower) && !NOUNS_IN_ED.has(token.lower))
  );
}
