import type { Category } from '#contract/taxonomy.js';
import type { Clause } from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import { ANNOUNCING_NOUNS, CREATIVE_IDEA_NOUNS, IDEA_NOUNS } from '../../words/pitch.js';
import { wordsIn } from './hook-breaks.js';
import { NEWS_WORDS } from '../../words/inference.js';
import {
  AMOUNT_NOUNS,
  BE_PAST,
  IDEA_OPENERS,
  JUDGING_WORDS,
  KIND_TAGS,
  POINTING_WORDS,
  VERDICT_WORDS,
} from '../../words/pitch.js';

/**
 * The idea as the speaker names it before telling it ("Pitch idea:", "a song idea for
 * ...", "my idea for the book club") and whether the idea is a creative one.
 */

/** The idea's own noun: the first run of nouns in the hook ("an escape room", "a video game"). */
function headNouns(hook: Clause): TaggedToken[] {
  const start = hook.tokens.findIndex((token) => token.pos === 'NOUN');
  if (start === -1) return [];
  let end = start;
  while (hook.tokens[end]?.pos === 'NOUN') end++;
  return hook.tokens.slice(start, end);
}

/**
 * A story, a game or a mural pitched reads as a premise. The idea's own noun decides; only
 * when it names neither a creative work nor a product (an app, a service) does the chosen
 * category.
 */
export function isCreative(
  hook: Clause,
  category: Category,
  announcement: readonly TaggedToken[],
): boolean {
  // "Film idea:": the tagger may take a kind said first, capitalised, for a name.
  const nouns = [...wordsIn(announcement), ...headNouns(hook)];
  if (
    nouns.some((noun) => CREATIVE_IDEA_NOUNS.has(noun.lower) || CREATIVE_IDEA_NOUNS.has(noun.lemma))
  )
    return true;
  if (nouns.some((noun) => IDEA_NOUNS.has(noun.lower) || IDEA_NOUNS.has(noun.lemma))) return false;
  return category === 'creative';
}

const KIND_MAX_WORDS = 3;
/** "Idea for the book club" said on its own: at most this many words. */
export const IDEA_FOR_MAX_WORDS = 6;

/** An announcement without the word pointing to it: "a song idea" names a song idea. */
export function withoutPointer(tokens: readonly TaggedToken[]): TaggedToken[] {
  const first = tokens.findIndex((token) => token.kind === 'word');
  return POINTING_WORDS.has(tokens[first]?.lower ?? '') ? tokens.slice(first + 1) : [...tokens];
}

/**
 * Where the speaker names the kind of idea before telling it ("Short film idea.", "game idea
 * you play ...", "Idea for the book club.", "Proposal for the team:"): the tokens of that
 * announcement at the start of the clause, or 0.
 */
export function announcementLength(tokens: readonly TaggedToken[]): number {
  const words = wordsIn(withoutPointer(tokens));
  const first = words[0];
  if (first === undefined) return 0;
  // "Proposal:", "Idea for the book club.": said on its own before the idea.
  // "Pitch idea.": announcing nouns alone.
  if (
    ANNOUNCING_NOUNS.has(first.lemma) &&
    (words.every((word) => ANNOUNCING_NOUNS.has(word.lower) || ANNOUNCING_NOUNS.has(word.lemma)) ||
      (words[1]?.lower === 'for' && words.length <= IDEA_FOR_MAX_WORDS))
  ) {
    return tokens.length;
  }
  // "idea a lunchbox with a screen ...": unpunctuated speech runs the heading into the idea.
  if (headsIdeaRunIn(wordsIn(tokens))) {
    return tokens.indexOf(first) + 1;
  }
  // "proposal for the ward a ten minute huddle ...": and its topic with it.
  if (ANNOUNCING_NOUNS.has(first.lemma) && words[1]?.lower === 'for') {
    const idea = afterIdeaTopic(words, 2);
    if (idea > 2) return tokens.indexOf(words[idea] as TaggedToken);
  }
  let kind = 0;
  while (kind < KIND_MAX_WORDS && words[kind] !== undefined) {
    const word = words[kind] as TaggedToken;
    if (ANNOUNCING_NOUNS.has(word.lemma) || !KIND_TAGS.has(word.pos)) break;
    kind++;
  }
  // The kind is a noun ("game", "short film"): "good idea", "same idea" judge, not name. A
  // kind of idea is one however tagged ("a game idea" may read "game" as an adjective).
  const named = words[kind - 1];
  const head = words[kind];
  if (kind === 0 || head === undefined || !ANNOUNCING_NOUNS.has(head.lemma)) return 0;
  if (named === undefined || JUDGING_WORDS.has(named.lower)) return 0;
  if (named.pos === 'ADJ' && !IDEA_NOUNS.has(named.lower) && !IDEA_NOUNS.has(named.lemma)) return 0;
  // "Startup idea is an app ...": the idea said of, not announced.
  const next = words[kind + 1];
  if (next !== undefined && (next.pos === 'AUX' || next.pos === 'VERB')) return 0;
  return tokens.indexOf(head) + 1;
}

/** Words of what an idea is for before the idea runs on ("for the wall by the community centre"). */
const IDEA_TOPIC_MAX_WORDS = 7;

/**
 * "idea for the wall by the community centre a big mural ...", "proposal for the ward a ten
 * minute huddle ...": unpunctuated, the idea starts at the "a" that follows what it is for,
 * before any verb; else right after "for".
 */
export function afterIdeaTopic(words: readonly TaggedToken[], from: number): number {
  const reach = Math.min(words.length, from + IDEA_TOPIC_MAX_WORDS);
  for (let j = from + 1; j < reach; j++) {
    const word = words[j] as TaggedToken;
    if (word.pos === 'VERB' || word.pos === 'AUX') break;
    const before = words[j - 1] as TaggedToken;
    if (
      (word.lower === 'a' || word.lower === 'an') &&
      (before.pos === 'NOUN' || before.pos === 'PROPN')
    ) {
      return judged(words.slice(j + 1)) ? from : j;
    }
  }
  return from;
}

/** "a total failure nobody turned up", "a five percent cut ... was rejected today": said of it. */
function judged(rest: readonly TaggedToken[]): boolean {
  return (
    VERDICT_WORDS.has(rest[0]?.lower ?? '') ||
    rest.some(
      (word, i) =>
        NEWS_WORDS.has(word.lower) ||
        (BE_PAST.has(word.lower) && /ed$/u.test(rest[i + 1]?.lower ?? '')),
    )
  );
}

/** "Idea for the mural on Carver Street.": up to this many words with no verb. */
const LONG_IDEA_TOPIC_MAX_WORDS = 10;

/**
 * "Idea for the mural on Carver Street. A giant whale ...": a long topic named with no verb,
 * then the idea. News of the idea follows such a name too ("Idea for the garden on Elm
 * Road. Council said no."), so the sentence after it must open as an idea does.
 */
export function namesLongIdeaTopic(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[] | undefined,
): boolean {
  const words = wordsIn(tokens);
  const opener = next === undefined ? undefined : wordsIn(next)[0];
  return (
    (words[0]?.lemma === 'idea' || words[0]?.lemma === 'proposal') &&
    words[1]?.lower === 'for' &&
    words.length <= LONG_IDEA_TOPIC_MAX_WORDS &&
    words.every((word) => word.pos !== 'VERB' && word.pos !== 'AUX') &&
    opener !== undefined &&
    IDEA_OPENERS.has(opener.lower)
  );
}

/**
 * "idea a lunchbox with a screen ...": a heading said first and run into the idea it names. "idea
 * a lot of people have", "idea a bit rough" and "this idea a colleague had" say of an idea, and
 * "pitch a tent" is a verb and its object.
 */
export function headsIdeaRunIn(words: readonly TaggedToken[]): boolean {
  const [heading, article, noun] = words;
  return (
    heading !== undefined &&
    ANNOUNCING_NOUNS.has(heading.lower) &&
    heading.lower !== 'pitch' &&
    (article?.lower === 'a' || article?.lower === 'an') &&
    noun !== undefined &&
    !AMOUNT_NOUNS.has(noun.lower)
  );
}
