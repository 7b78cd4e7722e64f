import { isNumeric } from '../corrections/shared.js';
import type { Token } from '../tokenizer.js';
import { PHRASE_OPENERS } from '../words/asides.js';
import {
  APPROXIMATE_AMOUNT_WORDS,
  CONJUNCTIONS,
  DESCRIBING_WORDS,
  I_MEAN_SUBJECTS,
  I_MEAN_SUBJECT_VERBS,
  I_MEAN_VERB_AFTER,
  LIKE_FILLER_BEFORE_WORDS,
  LIKE_KEEP_BEFORE,
  LIKE_LINKING_BEFORE,
  LIKE_MODALS,
  LIKE_OBJECT_AFTER,
  LIKE_VERB_AFTER,
  LINKING_VERBS,
  VERB_LEADS,
  YOU_KNOW_FILLER_BEFORE,
  YOU_KNOW_KEEP_AFTER,
  YOU_KNOW_KEEP_BEFORE,
  YOU_KNOW_VERB_AFTER,
} from '../words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, OBJECT_PRONOUNS } from '../words/function-words.js';
import {
  CLAUSE_TAKING,
  ING_LEADS,
  INTENSIFIERS,
  LIKE_HEDGED_AFTER,
  MODAL_LEADS,
  PREPOSITIONS,
} from '../words/speech.js';
import { IMPERATIVE_VERBS, TASK_VERBS, VERB_PARTICLES } from '../words/tasks.js';

/**
 * Whether a word said is a filler here: "like", "you know" and "I mean" when they only hedge,
 * and the commas that framed a filler, which go with it.
 */

export function isNumberWord(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'word' && /^\p{N}/u.test(token.text);
}

export function isLikeFiller(
  beforePrev: Token | undefined,
  prev: Token | undefined,
  next: Token | undefined,
): boolean {
  const prevWord = prev?.kind === 'word' ? prev.lower : null;
  if (prevWord !== null && LIKE_MODALS.has(prevWord)) {
    return next?.kind === 'word' && !LIKE_OBJECT_AFTER.has(next.lower) && !isNumberWord(next);
  }
  // "and also like cancel the subscription": an "also" opening the clause leaves "like" no
  // subject to be the verb of ("I also like coffee" has one).
  const alsoOpening = prevWord === 'also' && opensClauseAfter(beforePrev);
  // "I need to like learn the bridge": between "to" and a bare verb "like" is no verb itself
  // ("I'd like to like this post" likes it).
  if (prevWord === 'to' && next?.kind === 'word') {
    return TASK_VERBS.has(next.lower);
  }
  if (prevWord !== null && LIKE_KEEP_BEFORE.has(prevWord) && !alsoOpening) return false;
  if (next === undefined || next.kind === 'end') return false;
  if (next.kind === 'pause') return true;
  if (next.kind !== 'word') return false;
  // "takes like three days", "had like 50 people": an approximation filler before a number.
  if (isNumberWord(next) || APPROXIMATE_AMOUNT_WORDS.has(next.lower)) return true;
  const fillerNext = LIKE_FILLER_BEFORE_WORDS.has(next.lower);
  if (prevWord === null) return fillerNext;
  // A bare verb cannot follow a meant "like" ("also like to travel", "also like coffee").
  if (alsoOpening) return fillerNext || IMPERATIVE_VERBS.has(next.lower);
  if (CONJUNCTIONS.has(prevWord)) return !LIKE_VERB_AFTER.has(next.lower);
  // "a box with like practical stuff", "for like an hour": after a preposition it only hedges.
  if (LIKE_HEDGED_AFTER.has(prevWord)) return true;
  if (LIKE_LINKING_BEFORE.has(prevWord)) return fillerNext;
  return false;
}

/** Whether a word after `prev` starts a clause: nothing, a mark or a conjunction before it. */
export function opensClauseAfter(prev: Token | undefined): boolean {
  return prev === undefined || prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower);
}

/** Words from "you know" to the "when" of "you know you're an adult when ...". */
const KNOWS_WHEN_REACH = 6;

/** "You know you're an adult when ...": the saying, with its "when" a few words on. */
function knowsWhen(tokens: readonly Token[], from: number): boolean {
  for (let k = from; k < from + KNOWS_WHEN_REACH; k++) {
    const token = tokens[k];
    if (token === undefined || token.kind !== 'word') return false;
    if (token.lower === 'when') return k > from;
  }
  return false;
}

/** Word count of a "you know" filler starting at i, or 0 when it is meant literally. */
export function youKnowFillerLength(
  tokens: readonly Token[],
  i: number,
  prev: Token | undefined,
): number {
  if (tokens[i + 1]?.lower !== 'know') return 0;
  if (prev?.kind === 'word' && YOU_KNOW_KEEP_BEFORE.has(prev.lower)) return 0;
  const next = tokens[i + 2];
  if (next?.lower === 'what' && tokens[i + 3]?.lower === 'i' && tokens[i + 4]?.lower === 'mean') {
    return 5;
  }
  if (next === undefined || next.kind !== 'word') return 2;
  if (opensClauseAfter(prev)) {
    if (YOU_KNOW_KEEP_AFTER.has(next.lower) || next.lower === 'what') return 0;
    return knowsWhen(tokens, i + 2) ? 0 : 2;
  }
  // Run on inside a clause of unpunctuated speech: before the next clause ("like a complaint
  // you know and if ...") or a phrase restated ("from the store you know the free ones").
  if (prev !== undefined && YOU_KNOW_VERB_AFTER.has(prev.lower)) return 0;
  // "a sign up sheet you know for the mailing list": before the thing's purpose; "you know
  // for sure" and "you know for a fact" are known.
  if (next.lower === 'for') {
    const then = tokens[i + 3]?.lower;
    const known = then === 'sure' || then === 'certain' || tokens[i + 4]?.lower === 'fact';
    return known || prev?.kind !== 'word' || !/^[a-z]+$/u.test(prev.lower) ? 0 : 2;
  }
  return CONJUNCTIONS.has(next.lower) || YOU_KNOW_FILLER_BEFORE.has(next.lower) ? 2 : 0;
}

/**
 * Word count of an "I mean" said before a clause of its own ("nobody shows up i mean it would
 * save time"), or 0: "I mean it." and "what I mean is" are meant.
 */
export function iMeanBeforeClauseLength(
  tokens: readonly Token[],
  i: number,
  prev: Token | undefined,
): number {
  if (prev?.kind === 'word' && I_MEAN_VERB_AFTER.has(prev.lower)) return 0;
  const subject = tokens[i + 2];
  const verb = tokens[i + 3];
  if (subject?.kind !== 'word' || verb?.kind !== 'word') return 0;
  const contracted = /^(?:it|that|we|they|you|he|she)'(?:s|ll|d|re|ve)$/u.test(subject.lower);
  if (contracted) return 2;
  return I_MEAN_SUBJECTS.has(subject.lower) && I_MEAN_SUBJECT_VERBS.has(verb.lower) ? 2 : 0;
}

export function pushPunctuation(out: Token[], token: Token): void {
  const prev = out[out.length - 1];
  if (token.kind === 'pause' || token.kind === 'dash') {
    if (
      prev === undefined ||
      prev.kind === 'end' ||
      prev.kind === 'pause' ||
      prev.kind === 'dash'
    ) {
      return;
    }
  } else if (token.kind === 'end') {
    while (out.length > 0) {
      const last = out[out.length - 1] as Token;
      if (last.kind !== 'pause' && last.kind !== 'dash') break;
      out.pop();
    }
    const last = out[out.length - 1];
    if (last === undefined || last.kind === 'end') return;
  }
  out.push(token);
}

/** A name or a subject before a verb ("Maya slept", "we slept"). */
function isNamed(token: Token | undefined): boolean {
  return (
    token?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(token.lower) ||
      (token.text !== token.lower && /^\p{Lu}/u.test(token.text)))
  );
}

/** "I'm", "we've", "it's": a subject and its auxiliary, which a clause goes on after. */
export const SUBJECT_CONTRACTION = /^(?:i|you|we|they|he|she|it|that|there)'(?:m|re|s|ve|ll|d)$/u;

/**
 * Whether the comma before a filler only framed it, `before` and `after` being the words
 * either side: "and, uh, find", "scattered across, like, four tools", "buy, uh, 2 bags", "an
 * old, uh, taxi driver", "I'm, like, shaking". A comma after a word that can end a phrase is
 * the speaker's: "We went to Paris, um, and", "92,000 words, um, two years".
 */
function commaOnlyFramed(
  beforeThat: Token | undefined,
  before: Token | undefined,
  after: Token | undefined,
): boolean {
  if (before?.kind !== 'word') return false;
  const word = before.lower;
  if (CONJUNCTIONS.has(word) || FUNCTION_WORDS.has(word) || PREPOSITIONS.has(word)) return true;
  // "I gotta, um, grab the screws": "gotta" and "gonna" hold a "to" and go on to their verb.
  if (word === 'gotta' || word === 'gonna' || word === 'wanna') return true;
  // "I'd propose, uh, we use ...": what is proposed or thought follows its verb unparted.
  if (after?.kind === 'word' && CLAUSE_SUBJECTS.has(after.lower) && CLAUSE_TAKING.has(word)) {
    return true;
  }
  // The words below may also end a phrase ("the one I'm, um, we should go"): the phrase goes
  // on only if no new clause starts after the filler.
  if (
    after?.kind !== 'word' ||
    CONJUNCTIONS.has(after.lower) ||
    CLAUSE_SUBJECTS.has(after.lower) ||
    SUBJECT_CONTRACTION.test(after.lower)
  ) {
    return false;
  }
  if (LINKING_VERBS.has(word) || SUBJECT_CONTRACTION.test(word)) return true;
  // A task verb with a subject or "to" before it, or rarely a noun opening a clause; "hot
  // take, uh, TypeScript did" is the noun.
  if (TASK_VERBS.has(word) && beforeThat?.kind === 'word' && VERB_LEADS.has(beforeThat.lower))
    return true;
  if (IMPERATIVE_VERBS.has(word) && opensClauseAfter(beforeThat)) return true;
  // "I booked, uh, nine meetings", "I want to propose, uh, a spinoff", "stop putting, uh,
  // wet wipes": a verb after its subject or "to", in lower case, goes on to what it takes.
  const lead = beforeThat?.kind === 'word' ? beforeThat.lower : '';
  const verbForm = /[a-z]{3}(?:ed|ing)$/u.test(word);
  // Only where the verb still wants its object: after "to" or a modal a known verb, after
  // "stop" or "keep" an -ing form before a bare noun ("keep walking, um, the shop's on the
  // left" and "I'm starving, um, pizza tonight?" go on to a new thought).
  const wantsObject =
    ((lead === 'to' || MODAL_LEADS.has(lead)) &&
      (TASK_VERBS.has(word) || CLAUSE_TAKING.has(word))) ||
    (verbForm && (TASK_VERBS.has(lead) || ING_LEADS.has(lead)) && !PHRASE_OPENERS.has(after.lower));
  if (before.text === word && wantsObject) return true;
  // "it would save us, um, nearly ninety quid", "saves us, like, hours": a pronoun object
  // goes on to what it is given.
  if (OBJECT_PRONOUNS.has(word) && !PHRASE_OPENERS.has(after.lower)) return true;
  // "finished marking, uh, ninety-two essays", "we've raised, um, eight hundred", "Maya
  // slept, uh, six hours": a verb goes on to its amount.
  // isNumeric reads digits, spelled numbers and "ninety-two" as the corrections do.
  const amountAfter = isNumeric(after) || APPROXIMATE_AMOUNT_WORDS.has(after.lower);
  if (
    amountAfter &&
    (verbForm || SUBJECT_CONTRACTION.test(lead) || isNamed(beforeThat) || lead === 'who')
  ) {
    return true;
  }
  // "our team, uh, shipped the page": a subject goes on to its verb in the past.
  if (/[a-z]{3}ed$/u.test(after.lower) && PHRASE_OPENERS.has(lead)) return true;

  const amount = isNumberWord(after) || APPROXIMATE_AMOUNT_WORDS.has(after.lower);
  // "reviews take, like, three days", "it took us, like, eight months": a verb or its object
  // goes on to the amount it is said of.
  if ((TASK_VERBS.has(word) || OBJECT_PRONOUNS.has(word)) && amount) return true;
  // "pick up, um, eggs, milk": a verb's particle goes on to its object.
  if (VERB_PARTICLES.has(word) && beforeThat?.kind === 'word' && TASK_VERBS.has(beforeThat.lower)) {
    return true;
  }
  // A number or describing word goes on to its noun, never to a determiner ("in 2019, um, the
  // team"); a number before another is a guess revised ("twenty, um, thirty chairs").
  if (PHRASE_OPENERS.has(after.lower)) return false;
  // "attempt number, uh, nine": a number names which one.
  if (word === 'number' && isNumeric(after)) return true;
  // "actually, uh, great": a word that only says how much goes on to what it says it of.
  if (INTENSIFIERS.has(word)) return true;
  if (isNumberWord(before) || APPROXIMATE_AMOUNT_WORDS.has(word)) {
    return !isNumberWord(after) && !APPROXIMATE_AMOUNT_WORDS.has(after.lower);
  }
  return (
    DESCRIBING_WORDS.has(word) &&
    beforeThat?.kind === 'word' &&
    PHRASE_OPENERS.has(beforeThat.lower)
  );
}

/** Drops `count` filler tokens at i, with the commas that only framed them. Returns the new i. */
export function skipFiller(
  tokens: readonly Token[],
  i: number,
  count: number,
  out: Token[],
): number {
  let next = i + count;
  const after = tokens[next]?.kind === 'pause' ? tokens[next + 1] : tokens[next];
  if (
    out[out.length - 1]?.kind === 'pause' &&
    commaOnlyFramed(out[out.length - 3], out[out.length - 2], after)
  ) {
    out.pop();
  }
  if (tokens[next]?.kind === 'pause') next++;
  else if (tokens[next]?.kind === 'end' || tokens[next] === undefined) {
    while (out.length > 0 && (out[out.length - 1] as Token).kind === 'pause') out.pop();
  }
  return next - 1;
}

export const ASIDE_BOUNDARY: Token = { text: ',', lower: ',', kind: 'pause', space: false };

/**
 * A filler run on between two phrases ("the store you know the free ones", "huge i mean it
 * was") marked where one ended: a pause keeps that boundary once the filler is gone. `i` is
 * the filler's last token.
 */
export function keepRunOnBoundary(
  tokens: readonly Token[],
  i: number,
  prev: Token | undefined,
  out: Token[],
): void {
  const following = tokens[i + 1];
  if (
    prev?.kind === 'word' &&
    !CONJUNCTIONS.has(prev.lower) &&
    following?.kind === 'word' &&
    !CONJUNCTIONS.has(following.lower) &&
    // "a sign up sheet you know for the mailing list": the purpose goes on with its thing.
    following.lower !== 'for'
  ) {
    out.push(ASIDE_BOUNDARY);
  }
}

export function withText(token: Token, text: string): Token {
  return { ...token, text };
}

export function matchesAt(tokens: readonly Token[], i: number, words: readonly string[]): boolean {
  for (let k = 0; k < words.length; k++) {
    const token = tokens[i + k];
    if (token === undefined || token.kind !== 'word' || token.lower !== words[k]) return false;
  }
  return true;
}
