import {
  NOUN_PHRASE_START,
  NOUN_POS,
  asModifier,
  hasOwnVerb,
  isFiniteVerb,
  isWord,
} from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import { SO_KEEP_BEFORE } from '../words/fillers.js';
import {
  CLAUSE_SUBJECTS,
  PHRASE_DETERMINERS,
  POINTING_DETERMINERS,
} from '../words/function-words.js';
import {
  HEADING_OCCASIONS,
  LIST_HEADING_WORDS,
  LIST_OCCASIONS,
  LIST_OF_THINGS_HEADS,
  THINGS_WORDS,
} from '../words/lists.js';
import { LIST_HEADS, TASK_VERBS } from '../words/tasks.js';
import { DAY_WORDS } from '../words/time-words.js';
import { THING_STARTS } from '../words/clauses.js';

/**
 * A list named aloud before its things ("grocery list | eggs oat milk", "Things to pack."), and
 * what is said of the list or its things rather than being one of them.
 */

/** Words a list's name may take before its head ("my big weekly grocery list"). */
const LIST_NAME_MAX_WORDS = 4;
/**
 * "grocery list | eggs oat milk", "costco run tomorrow | three avocados": where the things
 * start after the name the speaker gave the list (and the day it is for), or -1.
 */
export function afterListName(tokens: readonly TaggedToken[]): number {
  const end = Math.min(tokens.length - 1, LIST_NAME_MAX_WORDS + 1);
  for (let k = 0; k < end; k++) {
    const word = tokens[k];
    if (!isWord(word)) return -1;
    const before = tokens[k - 1];
    // A run after a thing is an errand ("a grocery run"), never the verb ("dogs run the
    // house"); a bare "list" or "checklist" is the format said aloud ("checklist personal
    // ..."), and "the list" one talked about, not a name.
    const errand =
      word.lower === 'run' &&
      isWord(before) &&
      NOUN_POS.has(before.pos) &&
      !/[^s]s$/u.test(before.lower);
    // "nappy bag for sunday ... so nappies, wipes": a bag named by what it is for, then for when.
    const bag =
      word.lower === 'bag' &&
      k > 0 &&
      tokens[k + 1]?.lower === 'for' &&
      isWord(before) &&
      NOUN_POS.has(before.pos);
    // "things for the van | the big torch", "camping stuff for saturday | the tent": things
    // named by what they are for, first or after a word of their own; a bare "stuff" is a
    // verb ("stuff the turkey"), so the "for" must follow.
    const forThings =
      LIST_OF_THINGS_HEADS.has(word.lower) &&
      (k === 0 || (isWord(before) && NOUN_POS.has(before.pos))) &&
      tokens[k + 1]?.lower === 'for';
    const head =
      (((LIST_HEADS.has(word.lower) || bag) && (k > 0 || word.lower === 'groceries')) ||
        forThings) &&
      !(isWord(before) && before.pos === 'DET');
    // "packing for spain | passports ...": a packing list named by where it is for.
    const packing = k === 0 && word.lower === 'packing' && tokens[1]?.lower === 'for';
    if (head || errand || packing) {
      let at = k + 1;
      while (isWord(tokens[at]) && DAY_WORDS.has((tokens[at] as TaggedToken).lower)) at++;
      if (tokens[at]?.lower === 'for') at = afterListTopic(tokens, at);
      // A bag's things follow a pause or "so" ("nappy bag for sunday so nappies ..."): "the
      // laptop bag for work split on the train" is news of the bag.
      const closed = at > 0 && (tokens[at - 1]?.kind === 'pause' || tokens[at - 1]?.lower === 'so');
      if (bag && !closed) return -1;
      const first = tokens[at];
      // "sleeping bags", "frozen peas": a describing form opens a thing as an adjective does.
      const opensThing =
        isWord(first) &&
        (NOUN_PHRASE_START.has(first.pos) ||
          asModifier(first, tokens[at + 1], tokens[at - 1]).pos === 'ADJ');
      if (!opensThing) return -1;
      // "our shopping list the kids wrote is funny": a clause about the list, no things.
      return hasOwnVerb(tokens, at) ? -1 : at;
    }
    if (word.pos === 'VERB' && word.lower !== 'do') return -1;
  }
  return -1;
}

/** Words of whom or where a list is for ("for the lake district", "for trader joe's"). */
const LIST_TOPIC_MAX_WORDS = 5;

/**
 * "grocery list for trader joe's | milk eggs ...", "packing for the lake district so |
 * sleeping bags ...": where the things start after what the list is for, its `for` at
 * `forAt`; -1 when no topic can be told from the things. A pause or "so" said within reach
 * ends the topic; else it is a day, a name, or one thing with its owner's name.
 */
function afterListTopic(tokens: readonly TaggedToken[], forAt: number): number {
  const reach = Math.min(tokens.length, forAt + LIST_TOPIC_MAX_WORDS + 2);
  for (let k = forAt + 2; k < reach; k++) {
    const token = tokens[k] as TaggedToken;
    if (token.kind === 'pause') return k + 1;
    if (!isWord(token)) return -1;
    // "my nappy bag for sunday broke": news of the bag, no list.
    if (isFiniteVerb(token)) return -1;
    // "packing for the weekend so many bags": a "so" that says how many is no list's start.
    if (token.lower === 'so') {
      return SO_KEEP_BEFORE.has(tokens[k + 1]?.lower ?? '') ? -1 : k + 1;
    }
  }
  let at = forAt + 1;
  if (PHRASE_DETERMINERS.has(tokens[at]?.lower ?? '')) at++;
  const first = tokens[at];
  if (!isWord(first)) return -1;
  if (!DAY_WORDS.has(first.lower) && !NOUN_POS.has(first.pos)) return -1;
  at++;
  const wordAt = (k: number): TaggedToken | undefined => {
    const token = tokens[k];
    return k < reach && isWord(token) ? token : undefined;
  };
  // "tom's | party", "the kids' | party": an owner said first holds the next word; said after
  // a word of the name ("trader joe's") it ends a shop's name.
  if (/['’]s?$/u.test(first.lower) && NOUN_POS.has(wordAt(at)?.pos ?? '')) at++;
  while (wordAt(at)?.pos === 'PROPN' || /['’]s$/u.test(wordAt(at)?.lower ?? '')) at++;
  // "sunday brunch", "the school trip", "the dinner party": the occasion the list is for.
  while (LIST_OCCASIONS.has(wordAt(at)?.lemma ?? '')) at++;
  // "the dinner party on friday": and the day it is on.
  if (wordAt(at)?.lower === 'on' && DAY_WORDS.has(wordAt(at + 1)?.lower ?? '')) at += 2;
  // "Packing list for the camping trip.": a word or none left is the topic's own, and the
  // things, if any, follow in another sentence.
  return tokens.slice(at).filter(isWord).length >= LIST_TOPIC_MIN_THINGS_WORDS ? at : -1;
}

/** Words a list's things take at least after its topic ("milk eggs", "the tent"). */
const LIST_TOPIC_MIN_THINGS_WORDS = 2;

/** "things to pack for Lisbon": the words name a list by what is to be done with its things. */
export function namesThingsTo(words: readonly TaggedToken[]): boolean {
  return THINGS_WORDS.has(words[0]?.lower ?? '') && words[1]?.lower === 'to';
}

/** "the Aldi ones are fine", "the big one is better": said of the thing before, by its kind. */
export function saysOfTheOnes(words: readonly TaggedToken[]): boolean {
  const ones = words.findIndex((word) => word.lower === 'one' || word.lower === 'ones');
  return (
    ones > 0 &&
    ones <= ONES_MAX_WORDS &&
    POINTING_DETERMINERS.has(words[0]?.lower ?? '') &&
    words[ones + 1]?.pos === 'AUX' &&
    !words.some((word) => TASK_VERBS.has(word.lower) && word.pos === 'VERB')
  );
}

/** "the Aldi ones": a determiner and up to two describing words before "ones". */
const ONES_MAX_WORDS = 3;

const LIST_HEADING_MAX_WORDS = 8;

/**
 * "Baby stuff.", "Stuff for Monday.", "Packing for Spain.", "Things to pack.": a sentence that
 * only names a list ("Fun stuff happened" and "Things I love" say something of it).
 */
export function namesListHeading(words: readonly TaggedToken[]): boolean {
  if (words.length === 0 || words.length > LIST_HEADING_MAX_WORDS) return false;
  if (namesThingsTo(words)) return true;
  // "For training Wednesday.", "For the trip to Bundoran on the 14th.": the occasion or day a
  // list is for. "For the boys.", "For the win." and "For the record." dedicate a post.
  if (
    words[0]?.lower === 'for' &&
    words.length >= 2 &&
    words.some((word) => DAY_WORDS.has(word.lower) || HEADING_OCCASIONS.has(word.lemma)) &&
    words.every((word) => word.pos !== 'VERB' && word.pos !== 'AUX' && word.pos !== 'PRON')
  ) {
    return true;
  }
  const packing = words[0]?.lower === 'packing' && words[1]?.lower === 'for';
  const start = packing ? 2 : 0;
  // The list's word ends the name or leads into what it is for: "Shopping list: milk, eggs"
  // goes on to the things themselves.
  const named = words.some(
    (word, i) =>
      LIST_HEADING_WORDS.has(word.lower) &&
      (i === words.length - 1 || words[i + 1]?.lower === 'for'),
  );
  return (
    (packing || named) &&
    words.slice(start).every((word) => word.pos !== 'VERB' && word.pos !== 'AUX')
  );
}

/**
 * "For the start of my shift. Pager, my radio, a pen.", "For moving Mum in on Saturday. Label
 * her clothes, ...": a sentence saying only what the list is for, before a sentence that lists.
 * Said alone ("For the record.") it may dedicate a post; before a list it heads it. It tells
 * no news of its own (no verb but the doing it names, "for moving"), and the list after it
 * opens with a thing or a task, not a clause ("For the record. I never said that, ...").
 */
export function namesWhatTheListIsFor(
  words: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
  if (words[0]?.lower !== 'for' || words.length > LIST_HEADING_MAX_WORDS) return false;
  // "For the win.", "For the kids.": one word of purpose may dedicate what follows.
  if (words.slice(1).filter((word) => word.pos !== 'DET').length < 2) return false;
  const tells = words.some(
    (word, i) =>
      word.pos === 'AUX' ||
      CLAUSE_SUBJECTS.has(word.lower) ||
      (word.pos === 'VERB' && !(i === 1 && word.lower.endsWith('ing'))),
  );
  if (tells) return false;
  const first = next.find(isWord);
  const parts = next.filter(
    (token) => token.kind === 'pause' || token.lower === 'and' || token.lower === 'or',
  ).length;
  return (
    first !== undefined &&
    parts >= 2 &&
    !CLAUSE_SUBJECTS.has(first.lower) &&
    (THING_STARTS.has(first.pos) || first.pos === 'VERB' || first.pos === 'PRON')
  );
}

/**
 * "Shopping list. Milk, eggs, bread.", "Things to pack for Lisbon. Passport, ...": a sentence
 * that names a list as such, followed by a sentence of things only, with no verb of a clause
 * ("The kids wrote it" is news about the list).
 */
export function thingsFollowListName(
  words: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
  const thingsTo = namesThingsTo(words);
  // "My reading list is getting long": news about a list names none.
  const named =
    (thingsTo || words.some((word) => LIST_HEADS.has(word.lower))) &&
    !words.some((word, i) => isFiniteVerb(word) && !(thingsTo && i === 2));
  const first = next[0];
  // Things, two at least ("Two hundred people." counts one; "Milk eggs bread" three).
  const parts = next.filter(
    (token) => token.kind === 'pause' || token.lower === 'and' || token.lower === 'or',
  ).length;
  const nouns = next.filter((token) => NOUN_POS.has(token.pos)).length;
  return (
    named &&
    (parts > 0 || nouns >= 3) &&
    isWord(first) &&
    (THING_STARTS.has(first.pos) || first.pos === 'VERB') &&
    !next.some(isFiniteVerb)
  );
}
