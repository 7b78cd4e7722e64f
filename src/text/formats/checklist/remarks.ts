import { saysOfTheOnes } from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import { REASONS_AFTER } from '../../words/corrections.js';
import { TASK_VERBS } from '../../words/tasks.js';
import {
  CONDITION_OPENERS,
  FEELING_VERBS,
  HAVE_OPENERS,
  HEARSAY_SUBJECTS,
  HEDGING_VERBS,
  PERSON_OPENERS,
  REMARK_OPENERS,
  REMARK_TASK_WORDS,
  REPORTING_VERBS,
  TASK_POINTERS,
  TOLD_NEGATIVES,
  TOLD_OF_SUBJECTS,
} from '../../words/checklist.js';

/**
 * What the speaker says of the task or thing just named rather than a task of its own: a
 * remark ("it's her birthday"), which one it is ("the factor 50"), how they feel about it
 * ("I hate doing that"), an adverb said after it.
 */

/** Words of "the factor 50", "the big one": which one of the thing said before. */
const WHICH_ONE_MAX_WORDS = 4;

/**
 * "size 4", "the factor 50", "the warm one": a name and its number, or a phrase opened by
 * "the" that counts or says "one", as the only other piece of its sentence ("Milk, the bread"
 * and "Adapters, the kids' iPads, chargers" name things of their own).
 */
export function tellsWhichOne(words: readonly TaggedToken[], pieces: number): boolean {
  if (words.length === 2 && words[0]?.pos === 'NOUN' && words[1]?.pos === 'NUM') return true;
  const last = words[words.length - 1];
  return (
    pieces === 2 &&
    words[0]?.lower === 'the' &&
    words.length <= WHICH_ONE_MAX_WORDS &&
    (last?.pos === 'NUM' || last?.lower === 'one' || last?.lower === 'ones')
  );
}

/** Whether a clause only says something of the task before it: no task, verb or intent. */
export function isRemark(said: readonly TaggedToken[]): boolean {
  // "I think there's one in Peckham": the remark with the speaker's doubt on it.
  const hedged = said[0]?.lower === 'i' && HEDGING_VERBS.has(said[1]?.lower ?? '');
  const words = hedged ? said.slice(2) : said;
  const first = words[0];
  if (first === undefined) return false;
  // "Not the small one": what the thing before is not.
  if (saysOfTheOnes(words) || (!hedged && first.lower === 'not' && words.length > 1)) return true;
  // "they said they have loads", "Sarah said the station has no microwave": what someone
  // else said of it, with no task in it ("Sarah said to ring her" is one).
  const told = hearsayEnd(words);
  if (
    told > 0 &&
    !words
      .slice(told)
      .some((word) => TASK_VERBS.has(word.lower) || REMARK_TASK_WORDS.has(word.lower))
  ) {
    return true;
  }
  // "because there's always twenty extra": why the thing before is on the list.
  // "Because of that, ..." opens what follows, no reason of the thing before.
  if (!hedged && REASONS_AFTER.has(first.lower) && words.length > 1 && words[1]?.lower !== 'of') {
    return !words.some((word) => REMARK_TASK_WORDS.has(word.lower));
  }
  // "he won't do email", "she always wants a bucket": what someone does, told in the third
  // person; no task ("he needs to sign it" is).
  if (TOLD_OF_SUBJECTS.has(first.lower) && toldOf(words.slice(1))) return true;
  // "I hate doing that", "I always forget those": the speaker's feeling about the task.
  const feeling = first.lower === 'i' ? speakerFeelingEnd(words) : 0;
  const have = HAVE_OPENERS.has(first.lower);
  // The tokenizer's lower case already reads "it’s" as "it's".
  if (feeling === 0 && !have && !REMARK_OPENERS.has(first.lower)) return false;
  // "she's been waiting a week", "hate doing it": what is going on, or what is hated.
  const ongoing = (word: TaggedToken): boolean =>
    word.lower.endsWith('ing') || word.lower === 'been' || word.lower === 'being';
  // "it's broken again", "she's grown": a participle says how the thing is.
  const participle = (word: TaggedToken): boolean =>
    /[a-z](?:ed|en)$/u.test(word.lower) ||
    ongoing(word) ||
    (word.lemma !== word.lower && !word.lower.endsWith('s'));
  const rest = words.slice(Math.max(1, feeling));
  // "I've put that off": after "have" its first verb is what was done, whatever its form.
  const done = have ? rest.findIndex((word) => word.pos === 'VERB' || word.pos === 'AUX') : -1;
  return rest.every(
    (word, k) =>
      k === done ||
      (!REMARK_TASK_WORDS.has(word.lower) &&
        (word.pos !== 'AUX' || ongoing(word)) &&
        (word.pos !== 'VERB' || participle(word)) &&
        // "I always forget those | print the set list": a task run on after the remark.
        !((feeling > 0 || have) && TASK_VERBS.has(word.lower))),
  );
}

/** Words a hearsay's teller may take: "Tom's dad", "the day team", "Margaret". */
const TELLER_MAX_WORDS = 3;

/**
 * Where the telling of what someone else said ends ("Tom's dad said | the nets are ripped"),
 * or 0: a teller who is not the speaker (he, she, they, a name, or whose someone is and who)
 * and a verb of saying.
 */
function hearsayEnd(words: readonly TaggedToken[]): number {
  const verb = words.findIndex((word) => REPORTING_VERBS.has(word.lower));
  if (verb < 1 || verb > TELLER_MAX_WORDS) return 0;
  const teller = words.slice(0, verb);
  const [first] = teller;
  if (first === undefined) return 0;
  if (teller.length === 1 && HEARSAY_SUBJECTS.has(first.lower)) return verb + 1;
  // A name alone ("Jo said"), or whose someone is and who: "Tom's dad", "the day team".
  const named = first.pos === 'PROPN' && first.text !== first.lower;
  if (named && teller.length === 1) return verb + 1;
  const whose = PERSON_OPENERS.has(first.lower) || (named && /'s$/u.test(first.lower));
  if (!whose || teller.length < 2) return 0;
  return teller.slice(1).every((word) => word.pos === 'NOUN') ? verb + 1 : 0;
}

function toldOf(rest: readonly TaggedToken[]): boolean {
  if (rest.some((word) => REMARK_TASK_WORDS.has(word.lower))) return false;
  const verb = rest[0]?.pos === 'ADV' && !TOLD_NEGATIVES.has(rest[0].lower) ? rest[1] : rest[0];
  if (verb === undefined) return false;
  if (TOLD_NEGATIVES.has(verb.lower)) return true;
  // "wants", "shattered", "runs": a verb in its told form (a base form is asked for).
  return verb.pos === 'VERB' && verb.lemma !== undefined && verb.lemma !== verb.lower;
}

/**
 * After "I" (and one adverb), a verb of feeling about the task: where it ends, or 0. "I love
 * you" and "I love the new kitchen" are about something else.
 */
function speakerFeelingEnd(words: readonly TaggedToken[]): number {
  const at = words[1]?.pos === 'ADV' ? 2 : 1;
  if (!FEELING_VERBS.has(words[at]?.lower ?? '')) return 0;
  const about = words[at + 1]?.lower ?? '';
  return TASK_POINTERS.has(about) || about.endsWith('ing') ? at + 1 : 0;
}

/** "if they don't post them", "unless the shop has it": a condition on getting the thing. */
export function isConditionAfter(words: readonly TaggedToken[]): boolean {
  return words.length > 1 && CONDITION_OPENERS.has(words[0]?.lower ?? '');
}
