import type { TaggedToken } from '../nlp.js';
import { LISTENER_WORDS } from '../words/asides.js';
import { AMOUNT_NOUNS, HEADCOUNT_NOUNS, NUMBER_WORDS } from '../words/numbers.js';
import { NON_TASKS } from '../words/tasks.js';
import { ARTICLES } from '../words/checklist.js';
import { DETAIL_PIECE_WORDS, LIST_JOINT_WORDS } from '../words/lists.js';
import { startsVerbPhrase } from './starts.js';
import { isWord } from './tokens.js';

/**
 * A list said one thing per sentence ("Dry bags, the big ones for the tent. Head torches.
 * Midge spray, lots of it.") puts its commas inside a thing: what follows one says which, how
 * many, or what the speaker thinks of it, and starts no item. A list said inside one sentence
 * joins its last thing with "and" ("tow float, gloves, and the changing robe") or names plain
 * things between its commas ("Gum shield, lavender spray, eye pillows"); either keeps its
 * commas as item breaks. Only a piece that starts a task ("Lamb shoulder, ask the butcher to
 * dice it") starts an item in a one-item sentence.
 */

/** Parts of speech of a piece that only names a thing: "lavender spray", "the Roger Phillips book". */
const THING_POS: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NOUN', 'PROPN', 'ADP', 'X']);

/** A number in digits or words: "6", "forty". */
function isNumber(word: TaggedToken): boolean {
  return word.pos === 'NUM' || NUMBER_WORDS.has(word.lower) || /\d/u.test(word.lower);
}

/**
 * "a big box", "three sleeves", "four boxes of medium": what the thing comes in, counted. Not
 * after a noun ("a subscription box") nor before a thing of its own ("a bag of kale").
 */
function isAmountAt(words: readonly TaggedToken[], k: number): boolean {
  const word = words[k] as TaggedToken;
  if (!AMOUNT_NOUNS.has(word.lower)) return false;
  const before = words[k - 1];
  if (before === undefined || before.pos === 'NOUN' || before.pos === 'PROPN') return false;
  if (words[k + 1]?.lower !== 'of') return true;
  return !words.slice(k + 2).some((after) => after.pos === 'NOUN' || after.pos === 'PROPN');
}

/** Words that count before "of them" or an amount: "all eight of them", "maybe two bags". */
const COUNT_OPENERS: ReadonlySet<string> = new Set([
  'the',
  'a',
  'an',
  'maybe',
  'about',
  'just',
  'all',
  'both',
  'loads',
  'lots',
  'couple',
  'few',
]);

/**
 * "all eight of them", "the big bottle", "a whole case": a piece that says only how much of the
 * thing before, when said straight after it with no pause ("sun cream the big bottle"). "two
 * bottles" says no more than a count, and is as often a thing of its own.
 */
export function saysHowMuch(words: readonly TaggedToken[]): boolean {
  const counted = (word: TaggedToken): boolean => COUNT_OPENERS.has(word.lower) || isNumber(word);
  const last = words[words.length - 1];
  if (last === undefined || words.length < 2) return false;
  if ((last.lower === 'them' || last.lower === 'it') && words[words.length - 2]?.lower === 'of') {
    return words.length > 2 && words.slice(0, -2).every(counted);
  }
  if (!AMOUNT_NOUNS.has(last.lower)) return false;
  const article = words[0] as TaggedToken;
  if (!ARTICLES.has(article.lower)) return false;
  return words.length > 2 && words.slice(1, -1).every((word) => word.pos === 'ADJ');
}

/**
 * "the shavings three bales", "the vinho verde four cases", "the hammam booking sixteen
 * people": a count of what the thing comes in, or of people, said straight after it and
 * alone, is how much of it ("two bags of flour" and "two guests from work" name their own).
 */
export function countsThingBefore(words: readonly TaggedToken[]): boolean {
  const [count, unit] = words;
  if (words.length !== 2 || count === undefined || unit === undefined) return false;
  return isNumber(count) && (AMOUNT_NOUNS.has(unit.lower) || HEADCOUNT_NOUNS.has(unit.lower));
}

/**
 * Whether a piece names a thing and nothing more ("lavender spray", "two knives", "the bread"):
 * no verb or pronoun, no "one" or "both", no amount of what it comes in, more than a number.
 */
function namesPlainThing(words: readonly TaggedToken[]): boolean {
  return (
    words.some((word) => !isNumber(word)) &&
    words.every(
      (word, k) =>
        (THING_POS.has(word.pos) || isNumber(word)) &&
        !DETAIL_PIECE_WORDS.has(word.lower) &&
        !isAmountAt(words, k),
    )
  );
}

const NONE: ReadonlySet<TaggedToken> = new Set();

/** "yeah", "well", "no wait", "sorry": a piece that speaks to the listener, not of a thing. */
function saidToTheListener(words: readonly TaggedToken[]): boolean {
  return (
    words.length === 0 ||
    words.every((word) => word.pos === 'INTJ') ||
    NON_TASKS.has(words.map((word) => word.lower).join(' ')) ||
    (words.length === 1 && LISTENER_WORDS.has((words[0] as TaggedToken).lower))
  );
}

/**
 * The commas of one sentence that set off a detail of the one item it says; none when the
 * sentence lists things of its own. The tokens themselves, so a clause cut from the sentence
 * still knows them (clauses/split-list.ts).
 */
export function detailCommas(tokens: readonly TaggedToken[]): ReadonlySet<TaggedToken> {
  const commas: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as TaggedToken;
    if (token.kind === 'pause') {
      if (token.text !== ',') return NONE;
      commas.push(k);
    } else if (isWord(token) && LIST_JOINT_WORDS.has(token.lower)) {
      return NONE;
    }
  }
  if (commas.length === 0) return NONE;
  const pieceAfter = (c: number): TaggedToken[] => {
    const end = commas.find((other) => other > c) ?? tokens.length;
    return tokens.slice(c + 1, end).filter(isWord);
  };
  // "No wait, the eggs too", "Sorry, ...": words said to the listener are no item to tell of.
  if (saidToTheListener(tokens.slice(0, commas[0]).filter(isWord))) return NONE;
  const details = new Set<TaggedToken>();
  for (const c of commas) {
    const piece = pieceAfter(c);
    const first = piece[0];
    if (first === undefined) continue;
    // "Gum shield, lavender spray", "Milk, the bread": a plain thing after a comma is a thing
    // of its own, and the sentence a list.
    if (namesPlainThing(piece)) return NONE;
    // "Be kind, be specific": a verb in its base form starts a task whatever its tag.
    const startsTask =
      startsVerbPhrase(tokens, c + 1) ||
      ((first.pos === 'VERB' || first.pos === 'AUX') && first.lemma === first.lower);
    // "Call Sam, yeah": what is said to the listener is dropped, not told of the item.
    if (!startsTask && !saidToTheListener(piece)) details.add(tokens[c] as TaggedToken);
  }
  return details;
}
