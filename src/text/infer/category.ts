import type { Category, Format } from '#contract/taxonomy.js';
import { CATEGORIES } from '#contract/taxonomy.js';
import type { TaggedToken } from '../nlp.js';
import {
  AMBIENT_WORDS,
  CATEGORY_VOCABULARY,
  EARNING_IDEA_KINDS,
  FIRST_PERSON,
  NEUTRAL_PAIRS,
  NOUN_SENSES,
  PLAYED_THINGS,
  ROLE_DETERMINERS,
  ROLE_WORDS,
  SNAPSHOT_VERBS,
  TOPIC_ENDS,
  VEHICLE_NOUNS,
} from '../words/inference.js';
import { CATEGORY_KEYWORDS } from '../words/keywords.js';
import { CREATIVE_IDEA_NOUNS } from '../words/pitch.js';
import { tellsWorkAbout } from './pitch-signals.js';
import type { Found } from './shared.js';

/*
 * The rules' category: the one most of the transcript's words belong to (infer.ts calls it).
 */

const CATEGORY_WORDS: ReadonlyMap<Category, ReadonlySet<string>> = new Map(
  CATEGORIES.map((category) => [
    category,
    new Set([...CATEGORY_KEYWORDS[category], ...CATEGORY_VOCABULARY[category]]),
  ]),
);

/** The categories a word or a two-word phrase belongs to. */
function categoriesOf(...keys: string[]): Category[] {
  return CATEGORIES.filter((category) => {
    const vocabulary = CATEGORY_WORDS.get(category) as ReadonlySet<string>;
    return keys.some((key) => vocabulary.has(key));
  });
}

/** "you play a mail carrier", "you play as the ghost": the grammar of a game's premise. */
function castsThePlayer(words: readonly TaggedToken[], i: number): boolean {
  const word = words[i] as TaggedToken;
  if (word.lemma !== 'play' || words[i - 1]?.lower !== 'you') return false;
  const next = words[i + 1];
  if (next?.lower === 'as') return true;
  const role = words[i + 2];
  return (
    (next?.lower === 'a' || next?.lower === 'an') &&
    role !== undefined &&
    role.pos === 'NOUN' &&
    !PLAYED_THINGS.has(role.lemma)
  );
}

/**
 * The words of an opening "for the conference", "for the shoot on sunday": what the tasks
 * after it serve. Up to the first preposition, pronoun or auxiliary, or 0.
 */
function topicLength(words: readonly TaggedToken[]): number {
  if (words[0]?.lower !== 'for') return 0;
  let at = 1;
  while (at < words.length && !TOPIC_ENDS.has((words[at] as TaggedToken).pos)) at++;
  return at < words.length ? at : 0;
}

/**
 * A plural the tagger does not know ("standups", "retros") keeps its "s" in the lemma: without
 * it, the word votes as its singular would.
 */
function singularOf(word: TaggedToken): string {
  return word.lemma === word.lower && /[^s]s$/u.test(word.lower)
    ? word.lower.slice(0, -1)
    : word.lemma;
}

/**
 * "a client", "the customers", "my patients": the people the speaker works for, said as such.
 * "so patient", "her patients", "a tough customer" and "one very patient cat" are not.
 */
function isRole(
  word: TaggedToken,
  before: TaggedToken | undefined,
  next: TaggedToken | undefined,
): boolean {
  return (
    ROLE_WORDS.has(word.lower) &&
    word.pos === 'NOUN' &&
    ROLE_DETERMINERS.has(before?.lower ?? '') &&
    !(next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN'))
  );
}

export function categoryFromVocabulary(
  sentences: readonly TaggedToken[][],
  format: Format | null,
): Found<Category> {
  const counts = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  // Words said for each category, whatever their weight: two ambient words ("sunday",
  // "pancakes" and "coffee") still make a clear answer when nothing speaks against them.
  const said = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  const vote = (category: Category, weight: number): void => {
    counts.set(category, (counts.get(category) ?? 0) + weight);
    said.set(category, (said.get(category) ?? 0) + Math.ceil(weight));
  };
  let firstPerson = false;
  // The people the speaker works for, said as such ("a client", "our customers").
  let roles = 0;
  for (const [index, tokens] of sentences.entries()) {
    const words = tokens.filter((token) => token.kind === 'word');
    const topic = index === 0 ? topicLength(words) : 0;
    // "kids book about a sock who ...": a work's premise is creative whatever it is about.
    if (index === 0 && format === 'pitch' && tellsWorkAbout(tokens)) vote('creative', 2);
    // The second word of a phrase read as one thing ("video call", "short story") does not
    // vote again on its own.
    let consumed = -1;
    words.forEach((word, i) => {
      if (FIRST_PERSON.has(word.lower)) firstPerson = true;
      const next = words[i + 1];
      const pair = next === undefined ? '' : `${word.lower} ${next.lower}`;
      // A pitched idea and a premise are creative whatever they are about, all the more when
      // named as the kind of idea ("game idea: ..."); so is "you play a ..." in a pitch.
      if (format === 'pitch') {
        // "Podcast idea: ...": capitalised first, the tagger reads the kind as a name.
        const noun = word.pos === 'NOUN' || (i === 0 && word.pos === 'PROPN');
        if (noun && (CREATIVE_IDEA_NOUNS.has(word.lower) || CREATIVE_IDEA_NOUNS.has(word.lemma))) {
          vote('creative', next?.lemma === 'idea' ? 4 : 2);
        }
        if (castsThePlayer(words, i)) vote('creative', 2);
        // "Side hustle idea: ...", "business idea": a way to earn, whatever it is about.
        if (EARNING_IDEA_KINDS.has(word.lower) && next?.lemma === 'idea') vote('work', 4);
      }
      if (i === consumed) return;
      if (NEUTRAL_PAIRS.has(pair)) {
        consumed = i + 1;
        return;
      }
      // What the whole list is for ("for the conference, I need to ...") counts twice.
      const stress = i < topic ? 2 : 1;
      const pairCategories = categoriesOf(pair);
      if (pairCategories.length > 0) {
        for (const category of pairCategories) vote(category, stress);
        consumed = i + 1;
        return;
      }
      if (format === 'pitch' && (VEHICLE_NOUNS.has(word.lower) || VEHICLE_NOUNS.has(word.lemma))) {
        return;
      }
      const before = words[i - 2];
      if (
        before !== undefined &&
        SNAPSHOT_VERBS.has(before.lemma) &&
        ['a', 'the'].includes(words[i - 1]?.lower ?? '')
      ) {
        return;
      }
      if (word.pos !== 'NOUN' && NOUN_SENSES.has(word.lemma)) return;
      // "our band's playing": the band votes as "band" would.
      const owner = word.lower.endsWith("'s") ? word.lower.slice(0, -2) : word.lower;
      if (isRole(word, words[i - 1], next)) roles++;
      const weight =
        (AMBIENT_WORDS.has(word.lower) || AMBIENT_WORDS.has(word.lemma) ? 0.5 : 1) * stress;
      const keys = [word.lower, word.lemma, owner, singularOf(word)];
      for (const category of categoriesOf(...keys)) vote(category, weight);
    });
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best === undefined || best[1] === 0) {
    // Nothing said belongs to a category: a moment told in the first person ("the barista
    // remembered my order") is the speaker's own day. A guess, so never clear.
    return format === 'tweet' && firstPerson
      ? { value: 'personal', clear: false, guessed: true }
      : { value: null, clear: false };
  }
  if (best[1] === second?.[1]) {
    // "a client asked me to make the logo pop": even with a thing of another kind, the
    // people one works for say it is work.
    const tiedWithWork = best[0] === 'work' || second[0] === 'work';
    return roles > 0 && tiedWithWork
      ? { value: 'work', clear: false }
      : { value: null, clear: false };
  }
  return {
    value: best[0],
    clear: (said.get(best[0]) ?? 0) >= 2 && best[1] >= 2 * (second?.[1] ?? 0),
  };
}
