import { NOUN_POS, asModifier, hasOwnVerb, isClauseVerb, isWord } from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import { RELATIVES } from '../words/function-words.js';
import { MAGNITUDES } from '../words/corrections.js';
import { PHRASE_OBJECT_POS } from '../words/clauses.js';
import { COLOURS, FRACTIONS_AFTER_AND, PAIRED_NAMES } from '../words/lists.js';

/**
 * Which "and"s and "or"s of a task's words join things of a list, and which join a verb's
 * clauses, a preposition's objects or the numbers of one thing ("chapters 4 and 5").
 */

/**
 * "a new | extension cord": an adjective opens a thing only before what it describes; "a
 * birthday present for Jake" is one thing, whatever the tagger makes of "present".
 */
export function describesNext(region: readonly TaggedToken[], k: number): boolean {
  const next = region[k + 1];
  return isWord(next) && (NOUN_POS.has(next.pos) || next.pos === 'ADJ');
}

/**
 * Whether the "and" and "or" of a task's words join things. One before a verb joins what the
 * things do ("messages in bottles that wash up and answers every one"). Without a verb at the
 * head, a verb before the list is a sentence's ("you trade rivers and bridges"), whose subject
 * and verb no thing after the first would keep, unless what follows is a clause of its own
 * ("... the sofa and she already owns it"). So is a verb after "to": "ask Mum to bring the
 * salad and the dessert" is one ask.
 */
export function joinsThings(region: readonly TaggedToken[], verbLed: boolean): boolean {
  let sentenceVerb = false;
  // Within a relative clause, up to the pause that ends it.
  let relative = false;
  for (let k = 0; k < region.length; k++) {
    const token = region[k] as TaggedToken;
    if (token.kind === 'pause') relative = false;
    if (token.kind !== 'word') continue;
    // "tell Dave to grab milk and bread": the things are the second verb's, and one ask.
    if (
      token.lower === 'to' &&
      isWord(region[k + 1]) &&
      (region[k + 1] as TaggedToken).pos === 'VERB'
    ) {
      sentenceVerb = true;
      continue;
    }
    if (token.lower !== 'that' && RELATIVES.has(token.lower)) {
      relative = true;
      continue;
    }
    if (token.lower === 'and' || token.lower === 'or') {
      const next = region[k + 1];
      // "a tool library where people can borrow ladders drills and lawn mowers": things said
      // in a relative clause are its verb's; "the vet who saw Max, the groomer and the
      // sitter", after the pause that ends it, are the task's.
      if (relative && !hasOwnVerb(region, k + 1)) return false;
      if (
        isWord(next) &&
        (next.pos === 'AUX' ||
          asModifier(next, region[k + 2], region[k], region[k - 1]).pos === 'VERB')
      ) {
        return false;
      }
      if (sentenceVerb && !hasOwnVerb(region, k + 1)) return false;
    } else if (!verbLed && isClauseVerb(region, k)) {
      sentenceVerb = true;
    }
  }
  return true;
}

/**
 * The "and"s and "or"s that join a preposition's objects ("for bays 3 and 4", "with Jamie and
 * Priya", "of twin and earth"), not the verb's things: after a preposition, with nothing but
 * its object said since, and a bare word after them (no determiner: "from school and the dry
 * cleaning" may name a second thing).
 */
export function prepositionalJoins(region: readonly TaggedToken[]): {
  joins: Set<number>;
  inside: Set<number>;
} {
  const joins = new Set<number>();
  // Words of an object so joined: "bays 3 and 4" is one object, "3" no new thing.
  const inside = new Set<number>();
  let open = -1;
  for (let k = 0; k < region.length; k++) {
    const token = region[k] as TaggedToken;
    if (!isWord(token)) {
      open = -1;
      continue;
    }
    if (token.lower === 'and' || token.lower === 'or') {
      const next = region[k + 1];
      const last = region[k - 1];
      if (
        open !== -1 &&
        isWord(next) &&
        isWord(last) &&
        // "for bays 3 and 4", "with Jamie and Priya": a number with a number, a name with a
        // name; "a prescription for gran and milk" names a second thing.
        ((last.pos === 'NUM' && next.pos === 'NUM') ||
          (last.pos === 'PROPN' && next.pos === 'PROPN')) &&
        // "after two months of work and signups are up": a clause of its own.
        !hasOwnVerb(region, k + 1)
      ) {
        joins.add(k);
        for (let j = open; j < k; j++) inside.add(j);
      } else {
        open = -1;
      }
      continue;
    }
    if (token.pos === 'ADP' && token.lower !== 'to') open = k + 1;
    else if (!PHRASE_OBJECT_POS.has(token.pos) && token.pos !== 'DET') open = -1;
  }
  return { joins, inside };
}

/**
 * "chapters 4 and 5", "rooms 3 or 4", "ward six and seven": numbers joined after what they
 * number name which of them is meant, one thing; the second number is never a thing of its
 * own for the task's verb. The indexes of those numbers and their join.
 */
export function numberedJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k + 2 < region.length; k++) {
    const join = region[k + 1] as TaggedToken;
    if (
      region[k]?.pos === 'NUM' &&
      region[k + 2]?.pos === 'NUM' &&
      (join.lower === 'and' || join.lower === 'or') &&
      isWord(region[k - 1]) &&
      // "eggs 6 and 2 loaves": the second number counts a thing of its own, but not after a
      // magnitude ("two hundred and fifty balloons").
      (region[k + 3]?.pos !== 'NOUN' || MAGNITUDES.has(region[k]?.lower ?? ''))
    ) {
      inside
        .add(k)
        .add(k + 1)
        .add(k + 2);
    }
  }
  return inside;
}

/**
 * "the pick and mix", "salt and vinegar crisps": the indexes of the words and the "and" of a
 * name said as two words joined (`PAIRED_NAMES`), one thing whose "and" joins no two.
 */
export function pairedNameJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k + 1 < region.length; k++) {
    const [before, join, after] = [region[k - 1], region[k], region[k + 1]];
    if (
      isWord(before) &&
      isWord(after) &&
      join?.lower === 'and' &&
      PAIRED_NAMES.has(`${before.lower} and ${after.lower}`)
    ) {
      inside
        .add(k - 1)
        .add(k)
        .add(k + 1);
    }
  }
  return inside;
}

/**
 * "by an inch and a half", "two and a half hours": an amount (a number, or a unit after "a"
 * or "an") going on with "and a half" or "and a quarter" (`FRACTIONS_AFTER_AND`). The indexes
 * of the join and its fraction, which no list parts.
 */
export function fractionJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k + 2 < region.length; k++) {
    const [before, join, article, fraction] = [
      region[k - 1],
      region[k],
      region[k + 1],
      region[k + 2],
    ];
    const amount =
      before?.pos === 'NUM' ||
      (isWord(before) && (region[k - 2]?.lower === 'a' || region[k - 2]?.lower === 'an'));
    if (
      amount &&
      join?.lower === 'and' &&
      (article?.lower === 'a' || article?.lower === 'an') &&
      FRACTIONS_AFTER_AND.has(fraction?.lower ?? '')
    ) {
      inside
        .add(k)
        .add(k + 1)
        .add(k + 2);
    }
  }
  return inside;
}

/**
 * "half a kilo", "half an hour": the article after "half" opens no thing of its own. Its index.
 */
export function halfJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k < region.length; k++) {
    const article = region[k]?.lower;
    if (region[k - 1]?.lower === 'half' && (article === 'a' || article === 'an')) inside.add(k);
  }
  return inside;
}

/**
 * "red and blue balloons", "the big and small tents", "the gold and green strip": two words of
 * how a thing is, joined before it, describe one thing. The index of their "and" ("the milk and
 * fresh bread" names two: "milk" is no word of how a thing is).
 */
export function describingPairJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k + 2 < region.length; k++) {
    const [before, join, after, thing] = [region[k - 1], region[k], region[k + 1], region[k + 2]];
    const describes = (token: TaggedToken | undefined) =>
      isWord(token) && (token.pos === 'ADJ' || COLOURS.has(token.lower));
    if (join?.lower === 'and' && describes(before) && describes(after) && thing?.pos === 'NOUN') {
      inside.add(k);
    }
  }
  return inside;
}

/** The indexes of every join above inside one thing, which no list parts. */
export function oneThingJoins(region: readonly TaggedToken[]): Set<number> {
  return new Set([
    ...numberedJoins(region),
    ...pairedNameJoins(region),
    ...fractionJoins(region),
    ...halfJoins(region),
    ...describingPairJoins(region),
  ]);
}
