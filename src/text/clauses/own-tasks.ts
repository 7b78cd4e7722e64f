import { NOUN_POS, isClauseVerb, isCompound, isKnownTaskVerb, isWord } from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import { OBJECT_OPENERS } from '../words/function-words.js';
import { DESCRIBING_VERBS, TASK_PARTICLES } from '../words/verbs.js';
import { TAKE_BACK_OPENERS } from '../words/asides.js';
import { CHANGED_MIND_AFTER_NO } from '../words/corrections.js';

/**
 * Whether a piece of a spoken list does or says something of its own, so that the list's verb
 * is not put before it, or says only that the speaker changed their mind (clauses/split-list.ts).
 */

/** Words from which a piece led by a verb of tasks is a task whatever follows the verb. */
const TASK_MIN_WORDS = 4;

/**
 * "chase the quote, the receipts are missing": a piece with a finite verb of its own says
 * something of its own, and the task's verb put before it would make nonsense. Not a thing
 * described by a clause ("shoes my sister lent me": a determiner straight after its noun) nor
 * a compound ending in a verb's word ("a cake stand").
 */
export function saysOwnClause(thing: readonly TaggedToken[]): boolean {
  for (let j = 1; j < thing.length; j++) {
    const token = thing[j] as TaggedToken;
    const prev = thing[j - 1] as TaggedToken;
    if (!isWord(token)) continue;
    if ((token.pos === 'DET' || token.pos === 'PRON') && NOUN_POS.has(prev.pos)) return false;
    if (isClauseVerb(thing, j) && !(j === thing.length - 1 && NOUN_POS.has(prev.pos))) {
      return true;
    }
  }
  return false;
}

/**
 * "photocopy the worksheets, mark the essays, and hand over the notes": in a written list, a
 * piece led by a known verb, in lower case (a name, "Mark", keeps its capital), is a task of
 * its own whatever the tagger made of the verb, when it takes an object ("the", "my", or a
 * particle and then "the") or says more than a thing would (four words or more); the first
 * task's verb is not put before it.
 */
export function opensOwnTask(thing: readonly TaggedToken[]): boolean {
  const words = thing.filter(isWord);
  const [verb, next, after] = words;
  if (verb === undefined || next === undefined || verb.text !== verb.lower) return false;
  if (!['NOUN', 'VERB', 'ADJ'].includes(verb.pos)) return false;
  // "shoes my sister lent me", "rollers the big ones": a plural is a thing; a verb said to do
  // a task is never in -s.
  if (/[^s]s$/u.test(verb.lower)) return false;
  if (isCompound(verb, next)) return false;
  // "bread the big loaf", "dad a card": only a word known as a task's verb takes an object.
  if (!isKnownTaskVerb(verb)) return false;
  // A thing in a list is a word or three ("print paper"); a task goes on to say more. A word
  // read as describing ("clean towels for the gym bag") takes its object first.
  if (words.length >= TASK_MIN_WORDS && !DESCRIBING_VERBS.has(verb.lower)) return true;
  const object = (token: TaggedToken | undefined): boolean =>
    token !== undefined && OBJECT_OPENERS.has(token.lower);
  return object(next) || (TASK_PARTICLES.has(next.lower) && object(after));
}

/** What a changed mind begins with after "no": "no, eight tubes", "no, the blue one". */
const NO_THEN: ReadonlySet<string> = new Set(['DET', 'NUM']);

/**
 * Whether a listed piece is a "no" the corrections left: "no" alone, or before a number, an
 * article or a marker ("no eight tubes", "no the blue one", "no sorry"); "no sugar" names a
 * thing.
 */
export function saysNoAlone(words: readonly TaggedToken[]): boolean {
  const [first, next] = words;
  if (first?.lower !== 'no') return false;
  return (
    next === undefined ||
    NO_THEN.has(next.pos) ||
    TAKE_BACK_OPENERS.has(next.lower) ||
    CHANGED_MIND_AFTER_NO.has(next.lower)
  );
}

/** Only markers ("no", "no wait"): what follows is what the speaker says instead. */
export function onlyTakeBack(words: readonly TaggedToken[]): boolean {
  return words.every((word) => TAKE_BACK_OPENERS.has(word.lower));
}
