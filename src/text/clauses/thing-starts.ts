import type { TaggedToken } from '../nlp.js';
import { DETAIL_TABLE } from '../rows/details.js';
import { ARTICLES } from '../words/checklist.js';
import { OWNING_WORDS } from '../words/clause-subjects.js';
import { NOUN_POS, isWord } from './tokens.js';

/**
 * Where a thing starts and ends in a list said without pauses, read by clauses/split-list.ts:
 * whose it is opens one, a count "of them" ends one, and two such openers in a verbless run
 * make a list.
 */

/**
 * "a frisbee my sunglasses": whose it is, at k, opens a thing of its own; "the boots my brother
 * gave me" says which boots, a subject with its verb.
 */
export function ownerOpensThing(region: readonly TaggedToken[], k: number): boolean {
  if (!OWNING_WORDS.has((region[k] as TaggedToken).lower)) return false;
  let after = k + 1;
  while (after < region.length && THING_WORDS.has(region[after]?.pos ?? '')) after++;
  const next = region[after];
  return after > k + 1 && !(isWord(next) && (next.pos === 'VERB' || next.pos === 'AUX'));
}

/** Parts of speech inside a thing's name after whose it is: "my reading glasses". */
const THING_WORDS: ReadonlySet<string> = new Set(['ADJ', 'NOUN', 'PROPN']);

/**
 * The most thing openers a phrase can hold after a noun and still name one thing: "send the
 * client the quote" gives a thing to someone; "the windbreak the cool box a frisbee my
 * sunglasses" names four.
 */
const ONE_THING_OPENERS = 1;

/**
 * "wipes the spare onesie a bottle my sunglasses": things said one after another with no "and"
 * and no pause, in speech that has no punctuation. Each opens with an article or whose it is
 * straight after the noun that ends the one before ("the boots my brother gave me" says which
 * boots: ownerOpensThing); an auxiliary makes it a clause, never a list.
 */
export function runsThingsTogether(region: readonly TaggedToken[]): boolean {
  let openers = 0;
  for (let k = 1; k < region.length; k++) {
    const token = region[k] as TaggedToken;
    if (token.kind !== 'word') return false;
    // "the van is outside the depot": a clause, whatever the tagger made of its nouns.
    if (token.pos === 'AUX') return false;
    const prev = region[k - 1] as TaggedToken;
    const afterThing = NOUN_POS.has(prev.pos) || endsCountOfThem(region, k);
    // Not a number: "chapter two", "size 3" name one thing.
    const opens = ARTICLES.has(token.lower) || ownerOpensThing(region, k);
    if (afterThing && opens) openers++;
  }
  return openers > ONE_THING_OPENERS;
}

/** Where a pause sets off a detail of the thing before it, as the detail rows read it. */
export function detailPausesOf(region: readonly TaggedToken[]): Set<number> {
  const pauses = new Set<number>();
  region.forEach((token, k) => {
    if (token.kind === 'pause' && DETAIL_TABLE.decide(region, k) !== null) pauses.add(k);
  });
  return pauses;
}

/**
 * The region with each detail a row reads after a comma (rows/details.ts: "calibrated", "fully
 * charged") as a description: its verbs tagged as adjectives, up to the next pause. A piece kept
 * in a one-item sentence may be a clause of its own, and keeps its tags.
 */
export function withDetailsAsDescriptions(
  region: readonly TaggedToken[],
  detailPauses: ReadonlySet<number>,
): readonly TaggedToken[] {
  let described: TaggedToken[] | undefined;
  for (const k of detailPauses) {
    described ??= [...region];
    for (let d = k + 1; d < region.length && region[d]?.kind === 'word'; d++) {
      const word = region[d] as TaggedToken;
      if (word.pos === 'VERB' || word.pos === 'AUX') described[d] = { ...word, pos: 'ADJ' };
    }
  }
  return described ?? region;
}

/** "all eight of them", "lots of it" just before k: a count of the thing, said after it. */
export function endsCountOfThem(region: readonly TaggedToken[], k: number): boolean {
  const pronoun = region[k - 1];
  return (
    isWord(pronoun) &&
    (pronoun.lower === 'them' || pronoun.lower === 'it') &&
    region[k - 2]?.lower === 'of'
  );
}
