import { startsVerbPhrase } from './starts.js';
import { describesNext, joinsThings, oneThingJoins, prepositionalJoins } from './list-joins.js';
import { onlyTakeBack, opensOwnTask, saysNoAlone, saysOwnClause } from './own-tasks.js';
import {
  NOUN_PHRASE_START,
  NOUN_POS,
  asModifier,
  isBaseVerb,
  isClauseVerb,
  isCompound,
  isKnownTaskVerb,
  isPause,
  isPlural,
  isWord,
} from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import { CONDITION_OPENERS } from '../words/checklist.js';
import { REASONS_AFTER } from '../words/corrections.js';
import { BECAUSE_SPELLINGS } from '../words/speech.js';
import { countsThingBefore, saysHowMuch } from './one-item-sentences.js';
import { DEFINITE_OPENERS } from '../words/asides.js';
import {
  endsCountOfThem,
  ownerOpensThing,
  runsThingsTogether,
  detailPausesOf,
  withDetailsAsDescriptions,
} from './thing-starts.js';
import {
  FUNCTION_WORDS,
  NON_RESTRICTIVE,
  OBJECT_PRONOUNS,
  TITLES,
} from '../words/function-words.js';
import { ERRAND_NOUNS, LIST_STAPLES, TASK_VERBS, VERB_PARTICLES } from '../words/tasks.js';

/**
 * The splitter of spoken lists of things: "buy batteries tape and a new extension cord" gives
 * one task per thing, each with the verb.
 */

/** Verb + particle at the start of a task ("pick up"), or nothing when it is not verb-led. */
export function verbHead(tokens: readonly TaggedToken[]): number {
  const first = tokens[0];
  if (!isWord(first)) return 0;
  const next = tokens[1];
  // "do the schedule", "do the washing": "do" with its object is the task's verb.
  const doesThing = first.lower === 'do' && isWord(next) && next.pos === 'DET';
  // "people can find us, and the leaflets": a word before "can" or "will" is its subject.
  const verbLed =
    !(isWord(next) && next.pos === 'AUX') &&
    (isBaseVerb(first) ||
      doesThing ||
      (TASK_VERBS.has(first.lower) && !FUNCTION_WORDS.has(first.lower))) &&
    !(isWord(next) && isCompound(first, next));
  if (!verbLed) return 0;
  if (isWord(next) && VERB_PARTICLES.has(next.lower) && isWord(tokens[2])) {
    const after = tokens[2] as TaggedToken;
    if (NOUN_PHRASE_START.has(after.pos) || after.pos === 'PRON') return 2;
  }
  return 1;
}

/** Commas between things: a list as Whisper writes it ("the blue adapter, sunscreen"). */
function isCommaList(region: readonly TaggedToken[]): boolean {
  return region.some((token) => token.kind === 'pause' && token.text === ',');
}

/** Boundaries inside a run of nouns: "milk eggs bread" splits, "extension cord" does not. */
function nounRunBreaks(run: readonly TaggedToken[], article: boolean): Set<number> {
  const breaks = new Set<number>();
  // "a blanket sandwiches": "a" cannot go with a plural, so the plural is a thing of its own.
  const last = run[run.length - 1];
  if (
    article &&
    run.length === 2 &&
    last !== undefined &&
    isPlural(last) &&
    !isPlural(run[0] as TaggedToken)
  ) {
    if (!isCompound(run[0] as TaggedToken, last)) breaks.add(1);
  }
  for (let k = 1; k < run.length; k++) {
    const before = run[k - 1] as TaggedToken;
    const after = run[k] as TaggedToken;
    if (isCompound(before, after)) continue;
    // "Mr. Patel's meds": a title goes with its name, and a possessive with what it owns.
    if (TITLES.has(before.lower.replace(/\.$/u, '')) || /['’]s?$/u.test(before.lower)) continue;
    // A plural noun ends its phrase ("batteries | tape"), and so does a staple before another
    // one ("milk | eggs"); in a longer run a staple ends its phrase before any noun ("eggs
    // bacon | pancakes") and a known pair ends or starts a thing ("garlic bread | fruit salad"). Any other run stays one thing as said: "the carbon monoxide alarms" and
    // "flue gas analyser" are one thing each, and a compound cut into words names none.
    if (
      isPlural(before) ||
      (k >= 2 && isCompound(run[k - 2] as TaggedToken, before)) ||
      (k + 1 < run.length && isCompound(after, run[k + 1] as TaggedToken)) ||
      (LIST_STAPLES.has(before.lemma) && (LIST_STAPLES.has(after.lemma) || run.length >= 3))
    ) {
      breaks.add(k);
    }
  }
  return breaks;
}

/**
 * "trash bags, the tall ones": a thing named after a pause by what sets it apart from the one
 * before; "the red one and the blue one" are two.
 */
function pointsBack(piece: {
  gap: readonly TaggedToken[];
  tokens: readonly TaggedToken[];
}): boolean {
  if (piece.gap.some((token) => token.kind === 'word')) return false;
  const words = piece.tokens.filter(isWord);
  const last = words[words.length - 1];
  return (
    (words.length >= 2 &&
      words[0]?.lower === 'the' &&
      (last?.lower === 'one' || last?.lower === 'ones')) ||
    saysHowMuch(words)
  );
}

/**
 * A task naming several things ("buy batteries tape and a new extension cord") as one task
 * per thing, each with the verb: "buy batteries", "buy tape", "buy a new extension cord".
 * Only a list joined by "and", "or" or commas is split, at a new determiner, adjective or
 * number after a noun, and inside runs of nouns (see nounRunBreaks). Anything that is not a
 * noun phrase after the split joins the thing before it, so "talk to Sam and Priya" and
 * "send the client the quote" stay whole. Things said as `needed` ("we need | sunscreen two
 * towels the cooler") are a list even without "and" or a comma: no verb stands between them.
 */

export function splitList(
  tokens: readonly TaggedToken[],
  needed = false,
  /** The commas of the sentence that set off a detail of its one item (one-item-sentences.ts). */
  details: ReadonlySet<TaggedToken> = new Set(),
  /**
   * False where the sentence lists other things or tasks around this one ("print the agenda,
   * book the hall, the small room, collect the subs, biscuits"): a thing said after a pause may
   * be the sentence's, not the task's, and the verb is not put before it. Things joined without
   * a pause ("buy tape and bubble wrap") are the task's still.
   */
  giveVerb = true,
): TaggedToken[][] {
  const headLength = verbHead(tokens);
  const head = tokens.slice(0, headLength);
  const region = tokens.slice(headLength);
  const joined = region.some(
    (token) =>
      token.kind === 'pause' ||
      (token.kind === 'word' && (token.lower === 'and' || token.lower === 'or')),
  );
  const firstOfRegion = region.find(isWord);
  if (
    (!joined && !needed && !runsThingsTogether(region)) ||
    firstOfRegion === undefined ||
    firstOfRegion.pos === 'ADP' ||
    // "burn and wash out the screens": two verbs sharing one thing (split-clauses.ts).
    (firstOfRegion.lower === 'and' && startsVerbPhrase(region, region.indexOf(firstOfRegion) + 1))
  )
    return [tokens.slice()];
  // "pay the field trip fee, which is twenty dollars": a clause about the one thing said is
  // no list ("apples, bananas, the cake, which is paid for" still is).
  const relative = region.findIndex(
    (token, k) => token.text === ',' && NON_RESTRICTIVE.has(region[k + 1]?.lower ?? ''),
  );
  if (
    relative !== -1 &&
    !region
      .slice(0, relative)
      .some((token) => token.kind === 'pause' || token.lower === 'and' || token.lower === 'or')
  ) {
    return [tokens.slice()];
  }
  // "pick it up after ... forty dollars a day": a phrasal verb with its object in the pronoun
  // and a preposition after it has no list of things ("clean it out, the fridge, the
  // freezer" has).
  const at = region.indexOf(firstOfRegion);
  const particle = region[at + 1];
  const afterParticle = region[at + 2];
  if (
    OBJECT_PRONOUNS.has(firstOfRegion.lower) &&
    isWord(particle) &&
    VERB_PARTICLES.has(particle.lower) &&
    isWord(afterParticle) &&
    afterParticle.pos === 'ADP'
  ) {
    return [tokens.slice()];
  }
  // "My radio, fully charged, the spare torch, and the keys": a detail's participle is how the
  // thing is, no verb of a clause.
  const detailPauses = detailPausesOf(region);
  const asSaid = withDetailsAsDescriptions(region, detailPauses);
  if (!joinsThings(asSaid, headLength > 0)) return [tokens.slice()];
  // Without a verb at the head, pieces with a verb of their own are clauses ("... of work and
  // signups are up thirty percent this week"): they part at the joiners only, never inside.
  const clausal = headLength === 0 && asSaid.some((_, k) => isClauseVerb(asSaid, k));
  // A list written with commas has its things parted already: after "the" or "my", nouns in
  // a row are one thing ("check the fridge temperature log, and ..."); "milk, eggs bread and
  // cheese" and "a hammer nails, screws" still part.
  const written = isCommaList(region);

  // Each piece keeps the pause or joiner said before it, for when it joins the thing before.
  const chunks: { gap: TaggedToken[]; tokens: TaggedToken[] }[] = [];
  let chunk: TaggedToken[] = [];
  let gap: TaggedToken[] = [];
  const push = (): void => {
    if (chunk.some(isWord)) {
      chunks.push({ gap, tokens: chunk });
      gap = [];
    }
    chunk = [];
  };
  let run: TaggedToken[] = [];
  let runBreaks = new Set<number>();
  let runIndex = 0;
  const withinPhrase = prepositionalJoins(region);
  // Words joined into one thing: "ward six and seven", "the pick and mix", "an inch and a half".
  const oneThing = oneThingJoins(region);
  for (let k = 0; k < region.length; k++) {
    const token = asModifier(region[k] as TaggedToken, region[k + 1], region[k - 1], region[k - 2]);
    // "drill bits, 6mm": a detail said alone stays with its thing (rows/details.ts), and so
    // does every detail of a thing said in a sentence of its own (one-item-sentences.ts).
    if (
      token.kind === 'pause' &&
      chunk.some(isWord) &&
      (detailPauses.has(k) || details.has(region[k] as TaggedToken))
    ) {
      chunk.push(token);
      continue;
    }
    if (
      token.kind === 'pause' ||
      (token.kind === 'word' &&
        (token.lower === 'and' || token.lower === 'or') &&
        !withinPhrase.joins.has(k) &&
        !oneThing.has(k))
    ) {
      push();
      gap.push(token);
      continue;
    }
    if (!isWord(token)) {
      chunk.push(token);
      continue;
    }
    if (NOUN_POS.has(token.pos)) {
      if (
        run.length === 0 ||
        !NOUN_POS.has((region[k - 1] as TaggedToken | undefined)?.pos ?? '')
      ) {
        run = [];
        for (let r = k; r < region.length && NOUN_POS.has((region[r] as TaggedToken).pos); r++) {
          run.push(region[r] as TaggedToken);
        }
        const before = region[k - 1];
        runBreaks =
          written && isWord(before) && DEFINITE_OPENERS.has(before.lower)
            ? new Set()
            : nounRunBreaks(run, isWord(before) && (before.lower === 'a' || before.lower === 'an'));
        runIndex = 0;
      } else {
        runIndex++;
        if (!clausal && runBreaks.has(runIndex)) push();
      }
    } else {
      run = [];
    }
    const prev = chunk[chunk.length - 1];
    const opensThing =
      !clausal &&
      !withinPhrase.inside.has(k) &&
      !oneThing.has(k) &&
      // "the green tin one", "the thumb one and the dibber", "the carbon one not the heavy
      // one": "one" stands for the thing, no amount of a new one.
      !(
        token.lower === 'one' &&
        (!isWord(region[k + 1]) ||
          region[k + 1]?.lower === 'and' ||
          region[k + 1]?.lower === 'or' ||
          standsForTheThing(region, k))
      ) &&
      // "the Year 8 essays", "Gate 12", and in a written list "in bay three": a number after
      // a name, or ending a noun's phrase, is part of it ("bananas 6 pears" counts pears).
      !(
        token.pos === 'NUM' &&
        isWord(prev) &&
        (prev.text !== prev.lower || (written && !NOUN_POS.has(region[k + 1]?.pos ?? '')))
      ) &&
      isWord(prev) &&
      // "..., mark the essays": in a written list, a known verb said first after a comma
      // takes what follows it, whatever its tag.
      !(
        written &&
        chunk.length === 1 &&
        prev === chunk[0] &&
        gap.some(isPause) &&
        isKnownTaskVerb(prev)
      ) &&
      // "all eight of them the rigger spanners": a count "of them" ends its thing as a noun
      // does, and so does "one" standing for a thing ("the carbon one twenty survey nails").
      (NOUN_POS.has(prev.pos) ||
        endsCountOfThem(region, k) ||
        (prev.lower === 'one' && standsForTheThing(region, k - 1))) &&
      (token.pos === 'DET' ||
        token.pos === 'NUM' ||
        // "a frisbee my sunglasses": whose it is opens the next thing.
        (token.pos === 'PRON' && ownerOpensThing(region, k)) ||
        (token.pos === 'ADJ' && describesNext(region, k)));
    // "because they're checking cards this time": a reason or condition runs to the next
    // pause or joiner; no thing opens inside it.
    if (opensThing && !chunk.some((said) => isWord(said) && REASON_OPENERS.has(said.lower))) {
      push();
    }
    chunk.push(token);
  }
  push();

  // A piece that does not start like a thing ("to the office", "before then") belongs to the
  // thing before it, and so does one that only points back at it ("trash bags, the tall ones").
  const things: TaggedToken[][] = [];
  const afterPause: boolean[] = [];
  // "move the dendrobium into the cold room, no, the back bedroom": a bare "no" the
  // corrections left says the speaker changed their mind without saying what replaces what, so
  // it and the piece after it stay with the thing before, as said (formats/checklist/unsettled-no.ts).
  let afterBareNo = false;
  for (const piece of chunks) {
    const first = piece.tokens.find(isWord) as TaggedToken;
    const previous = things[things.length - 1];
    const words = piece.tokens.filter(isWord);
    const bareNo = saysNoAlone(words);
    if (
      previous !== undefined &&
      (bareNo ||
        afterBareNo ||
        // Said straight after its thing: after "and" a count opens its own ("and three loaves").
        (countsThingBefore(words) && !piece.gap.some(isWord)) ||
        !(NOUN_PHRASE_START.has(first.pos) || first.pos === 'PRON') ||
        pointsBack(piece))
    ) {
      previous.push(...piece.gap, ...piece.tokens);
      // "no, the back bedroom": only what follows a "no" said alone is its replacement.
      afterBareNo = bareNo && onlyTakeBack(words);
    } else {
      things.push([...piece.tokens]);
      afterPause.push(piece.gap.some(isPause));
      afterBareNo = false;
    }
  }
  if (things.length < 2) return [tokens.slice()];
  // "water bottles, trail mix, a rain jacket": a head the tagger read as a noun, before a
  // bare noun, in a list said with commas names the first thing; its verb reading is given to
  // no other thing the speaker listed.
  const headNamesThing =
    written && head.length === 1 && head[0]?.pos === 'NOUN' && region.find(isWord)?.pos === 'NOUN';
  if (headNamesThing) return things.map((thing, k) => (k === 0 ? [...head, ...thing] : thing));
  const headWord = head[0]?.lower;
  // "tell the bus company about the diversion cos they moaned last time and the tea urn": a
  // reason or a condition said between ends the verb's reach; what follows is said without it.
  const reasoned = things.findIndex((thing) =>
    thing.some((token) => isWord(token) && REASON_OPENERS.has(token.lower)),
  );
  // "do a grocery run, halal chicken, basmati rice": what follows an errand is what it is for.
  const errand = ERRAND_NOUNS.has(things[0]?.filter(isWord).at(-1)?.lower ?? '');
  return things.map((thing, k) =>
    k > 0 &&
    (errand ||
      (reasoned !== -1 && k > reasoned) ||
      (!giveVerb && afterPause[k] === true) ||
      (written &&
        // "phone the bank, phone charger": the verb said again is the thing's own word.
        (opensOwnTask(thing) || thing.find(isWord)?.lower === headWord)) ||
      saysOwnClause(thing) ||
      // "sandwiches, no crusts": what "no" opens is never a thing the verb goes to.
      thing.find(isWord)?.lower === 'no')
      ? thing
      : [...head, ...thing],
  );
}

/** A "cos" still spelled so once speech.ts has read the reasons is a thing's: "a cos lettuce". */
const REASON_OPENERS: ReadonlySet<string> = new Set(
  [...REASONS_AFTER, ...CONDITION_OPENERS].filter((word) => !BECAUSE_SPELLINGS.has(word)),
);

/** Words that say whose or which before "one" standing for a thing: "the", "my", "that". */
const ONE_OPENERS: ReadonlySet<string> = new Set(['DET', 'PRON']);

/**
 * "the carbon one", "my old one", "the hospital grade one": "one" after words describing it,
 * opened by whose or which it is, stands for the thing ("bananas one pear" counts one).
 */
function standsForTheThing(region: readonly TaggedToken[], k: number): boolean {
  let at = k - 1;
  while (at >= 0 && ['ADJ', 'NOUN'].includes(region[at]?.pos ?? '')) at--;
  const opener = region[at];
  return at < k - 1 && isWord(opener) && ONE_OPENERS.has(opener.pos);
}
