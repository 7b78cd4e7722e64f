import { applyCorrections } from './corrections.js';
import { BE_FORMS } from './words/clause-subjects.js';
import { isNumeric } from './corrections/shared.js';
import { ASIDES, PHRASE_OPENERS, VERB_LIKE_WORDS } from './words/asides.js';
import {
  CONJUNCTIONS,
  DESCRIBING_WORDS,
  DOUBLED_IN_GRAMMAR,
  KEEP_REPEATED,
  LIKE_FILLER_BEFORE_WORDS,
  LIKE_KEEP_BEFORE,
  LIKE_LINKING_BEFORE,
  LIKE_MODALS,
  LIKE_OBJECT_AFTER,
  LIKE_VERB_AFTER,
  LINKING_VERBS,
  APPROXIMATE_AMOUNT_WORDS,
  OPENERS,
  OPENERS_BEFORE_PAUSE,
  SIMPLE_FILLERS,
  I_MEAN_SUBJECTS,
  I_MEAN_SUBJECT_VERBS,
  I_MEAN_VERB_AFTER,
  QUOTING_VERBS,
  RESTARTED_BEFORE_COMMA,
  VERB_LEADS,
  YOU_KNOW_FILLER_BEFORE,
  YOU_KNOW_KEEP_AFTER,
  YOU_KNOW_KEEP_BEFORE,
  YOU_KNOW_VERB_AFTER,
} from './words/fillers.js';
import {
  AMBIGUOUS_MONTHS,
  AMBIGUOUS_PLANETS,
  ACRONYMS,
  BRANDS,
  DAY_ORDINALS,
  FIRST_NAMES,
  HOLIDAYS,
  MONTHS,
  MONTH_CONTEXT_BEFORE,
  NAME_TITLES,
  NAMING_WORDS,
  NATIONALITIES,
  PLACES,
  PLANET_CONTEXT_BEFORE,
  PROPER_PHRASES,
  WEEKDAYS,
} from './words/proper-nouns.js';
import { looksLikeQuestion } from './sentences.js';
import type { Token } from './tokenizer.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, OBJECT_PRONOUNS } from './words/function-words.js';
import { IMPERATIVE_VERBS, TASK_VERBS, VERB_PARTICLES } from './words/tasks.js';

/**
 * Speech to written words, token by token: self-corrections applied, fillers, asides and
 * stutters removed, proper nouns capitalised. No NLP model: these are fixed spoken forms,
 * and the whole pass stays linear.
 */

function isNumberWord(token: Token | undefined): boolean {
  return token !== undefined && token.kind === 'word' && /^\p{N}/u.test(token.text);
}

function isLikeFiller(
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
    return IMPERATIVE_VERBS.has(next.lower) || TASK_VERBS.has(next.lower);
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

/** Prepositions after which "like" only hedges what follows ("with like practical stuff"). */
const LIKE_HEDGED_AFTER: ReadonlySet<string> = new Set(['with', 'for', 'about', 'from', 'into']);

/** Whether a word after `prev` starts a clause: nothing, a mark or a conjunction before it. */
function opensClauseAfter(prev: Token | undefined): boolean {
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
function youKnowFillerLength(tokens: readonly Token[], i: number, prev: Token | undefined): number {
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
function iMeanBeforeClauseLength(
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

function pushPunctuation(out: Token[], token: Token): void {
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

/** Modals after which a verb still wants what it takes ("we could offer, uh, a ..."). */
const MODAL_LEADS: ReadonlySet<string> = new Set([
  'would',
  'could',
  'should',
  'will',
  'can',
  "i'd",
  "we'd",
  "i'll",
  "we'll",
]);

/** Verbs a clause follows without "that" ("I'd propose we use ..."). */
const CLAUSE_TAKING: ReadonlySet<string> = new Set([
  'propose',
  'suggest',
  'think',
  'guess',
  'reckon',
  'hope',
  'know',
  'said',
  'say',
  'mean',
]);

/** A name or a subject before a verb ("Maya slept", "we slept"). */
function isNamed(token: Token | undefined): boolean {
  return (
    token?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(token.lower) ||
      (token.text !== token.lower && /^\p{Lu}/u.test(token.text)))
  );
}

/** Verbs an -ing form goes on from ("stop putting, uh, wet wipes"). */
const ING_LEADS: ReadonlySet<string> = new Set(['stop', 'keep', 'start', 'quit', 'avoid', 'try']);

/** "I'm", "we've", "it's": a subject and its auxiliary, which a clause goes on after. */
const SUBJECT_CONTRACTION = /^(?:i|you|we|they|he|she|it|that|there)'(?:m|re|s|ve|ll|d)$/u;

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
      (TASK_VERBS.has(word) || IMPERATIVE_VERBS.has(word) || CLAUSE_TAKING.has(word))) ||
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

/** The fillers that are a speaker's pause for thought, not a word of the sentence. */
const HESITATIONS: ReadonlySet<string> = new Set(['um', 'uh', 'er', 'erm', 'uhm', 'umm', 'uhh']);

/** Drops `count` filler tokens at i, with the commas that only framed them. Returns the new i. */
function skipFiller(tokens: readonly Token[], i: number, count: number, out: Token[]): number {
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

/** Words that open what a verb in -s takes ("needs a", "wants to"), not a plural's next word. */
const VERB_OBJECT_STARTS: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'to',
  'my',
  'our',
  'it',
]);
/** Words that say how much ("very" and "really" are also said twice on purpose: "very, um,
 * very hard"). */
const INTENSIFIERS: ReadonlySet<string> = new Set([
  'actually',
  'totally',
  'literally',
  'pretty',
  'super',
]);

/** Prepositions beyond the function words: a phrase goes on after them. */
const PREPOSITIONS: ReadonlySet<string> = new Set([
  'across',
  'along',
  'among',
  'around',
  'behind',
  'beside',
  'between',
  'into',
  'onto',
  'over',
  'through',
  'throughout',
  'towards',
  'toward',
  'under',
  'via',
  'within',
  'without',
]);

const ASIDE_BOUNDARY: Token = { text: ',', lower: ',', kind: 'pause', space: false };

/**
 * A filler run on between two phrases ("the store you know the free ones", "huge i mean it
 * was") marked where one ended: a pause keeps that boundary once the filler is gone. `i` is
 * the filler's last token.
 */
function keepRunOnBoundary(
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

function withText(token: Token, text: string): Token {
  return { ...token, text };
}

/** A restart repeats at most this many words ("in the whole, uh, in the whole team"). */
const MAX_RESTART_WORDS = 3;

/**
 * Where in `out` a restart begins: the 1-3 words that end it, said again from tokens[i] with
 * nothing, a comma or a dropped filler between ("the whole, uh, the whole team", "the, the
 * team", "we we shipped"). -1 when they were meant twice ("very, very good", "I had had",
 * "about the money, the money will come").
 */
function restartStart(
  tokens: readonly Token[],
  i: number,
  out: readonly Token[],
  afterFiller: boolean,
  chained: boolean,
): number {
  // "pay the — the field trip fee": a dash stands where a comma would.
  const comma = out[out.length - 1]?.kind === 'pause' || out[out.length - 1]?.kind === 'dash';
  const end = comma ? out.length - 1 : out.length;
  for (let n = 1; n <= MAX_RESTART_WORDS; n++) {
    const start = end - n;
    if (!sameWords(out, start, tokens, i, n)) continue;
    // "the code is 4 5 4 5", "five five five": digits and numbers are said as they are.
    if (hasNumber(out, start, end)) return -1;
    const last = (out[end - 1] as Token).lower;
    if (!afterFiller && allKeptRepeated(out, start, end)) return -1;
    // Part of a restart already went ("I think I, I think we"): the rest of it goes too.
    if (chained) return start;
    const unfinished = RESTARTED_BEFORE_COMMA.has(last) || SUBJECT_CONTRACTION.test(last);
    // Said straight again, one word is a stumble ("we we shipped"), and so are words a phrase
    // goes on after ("the whole the whole team"); others are meant ("thank you thank you",
    // "let it go let it go").
    if (!comma && !afterFiller) {
      // "I just I just got off the phone": a clause begun again from its subject.
      // "she told me she told me to bring", "I was going I was going to": begun again; "he
      // loves me he loves me not" is said twice on purpose.
      const subjectAgain =
        n > 1 && CLAUSE_SUBJECTS.has((out[start] as Token).lower) && tokens[i + n]?.lower !== 'not';
      return (n === 1 && !DOUBLED_IN_GRAMMAR.has(last)) ||
        unfinished ||
        subjectAgain ||
        questionAgain(out, start, n, tokens[i + n])
        ? start
        : -1;
    }
    // Across a comma or a filler only the words a phrase goes on after were begun again ("the
    // whole, uh, the whole team"), or a phrase the second time goes on from ("a different, uh,
    // a different century sails past"); a phrase said twice as the subject of what follows is
    // meant ("bought the house, uh, the house is huge").
    // "I just, I just saw one", "we haven't even, we haven't even released": a clause begun
    // again from its subject across a comma, when the second copy goes on ("he loves me, he
    // loves me not" and "I know, I know" stay).
    const first = (out[start] as Token).lower;
    const after = tokens[i + n];
    // Only a clause left unfinished: with a modal ("it should take,") or ending on a word a
    // clause cannot end on ("I just,", "we haven't even,"); "I know, I know it's late", "we
    // did it, we did it again" are said twice on purpose.
    const clauseAgain =
      n > 1 &&
      (CLAUSE_SUBJECTS.has(first) || SUBJECT_CONTRACTION.test(first)) &&
      after?.kind === 'word' &&
      after.lower !== 'not' &&
      leftUnfinished(out, start, end);
    // "instead of tracking pace, it, it tracks", "so after, after twelve shifts": a pronoun
    // or a word that opens a clause, alone between pauses, begun again; "cream, cream
    // cheese", "stop, stop talking" are meant.
    const opener = out[start - 1];
    const alone =
      n === 1 &&
      (afterFiller ||
        opener === undefined ||
        opener.kind === 'pause' ||
        opener.kind === 'end' ||
        OPENERS.has(opener.lower)) &&
      RESTARTED_ALONE.has(first) &&
      after?.kind === 'word';
    // "talk about, about the new slot": a preposition begun again after its verb. One may
    // end its clause ("what the call was about, about an hour ago", "what it's about, about
    // the parking"): after a "be", or before an amount, the second is meant.
    const prepositionAgain =
      n === 1 &&
      RESTARTED_PREPOSITIONS.has(first) &&
      opener?.kind === 'word' &&
      !BE_FORMS.has(opener.lower) &&
      !/['’](?:s|re|m)$/u.test(opener.lower) &&
      after?.kind === 'word' &&
      !isNumberWord(after) &&
      after.lower !== 'a' &&
      after.lower !== 'an';
    return unfinished ||
      clauseAgain ||
      alone ||
      prepositionAgain ||
      questionAgain(out, start, n, after) ||
      (afterFiller && goesOnFrom(tokens, i, n))
      ? start
      : -1;
  }
  return -1;
}

/** Prepositions begun again after a verb ("talk about, about"); "before" and "after" may end a
 * clause ("I'd seen it before, before it was cool"), and "till" is also the shop's, so they are
 * not here. */
const RESTARTED_PREPOSITIONS: ReadonlySet<string> = new Set(['about', 'since', 'until']);

/** Words that open a question with its subject after them ("can you, can you send it"). */
const QUESTION_OPENERS: ReadonlySet<string> = new Set([
  'can',
  'could',
  'would',
  'will',
  'should',
  'do',
  'does',
  'did',
  'are',
  'is',
  'have',
]);

/**
 * "can you, can you send it", "do we do we need it": a question begun again from its opening
 * word and subject, when it goes on after the second copy ("can you? can you?" asked twice
 * is two sentences, not a restart).
 */
function questionAgain(
  out: readonly Token[],
  start: number,
  n: number,
  after: Token | undefined,
): boolean {
  // "What is it, is it broken?" asks a second question: only a question opening its clause
  // is begun again.
  return (
    n === 2 &&
    opensClauseAfter(out[start - 1]) &&
    QUESTION_OPENERS.has((out[start] as Token).lower) &&
    CLAUSE_SUBJECTS.has((out[start + 1] as Token).lower) &&
    after?.kind === 'word'
  );
}

/** Words begun again alone between pauses ("it, it tracks", "after, after twelve"). */
const RESTARTED_ALONE: ReadonlySet<string> = new Set([
  'it',
  'this',
  'that',
  'there',
  'after',
  'before',
  'since',
  'until',
  'about',
  'if',
  'when',
  'who',
]);
/** Modals and words a clause begun again cannot end on ("it should take,", "I just,"). */
const UNFINISHED_ENDS: ReadonlySet<string> = new Set([
  'just',
  'even',
  'really',
  'also',
  'still',
  'never',
  'always',
  'actually',
]);
const MODALS_IN_CLAUSE: ReadonlySet<string> = new Set([
  'should',
  'could',
  'would',
  'will',
  'can',
  'might',
  'must',
]);

function leftUnfinished(out: readonly Token[], start: number, end: number): boolean {
  const last = (out[end - 1] as Token).lower;
  if (UNFINISHED_ENDS.has(last) || SUBJECT_CONTRACTION.test(last)) return true;
  for (let k = start; k < end; k++) {
    if (MODALS_IN_CLAUSE.has((out[k] as Token).lower)) return true;
  }
  return false;
}

/** A phrase opened by a determiner, said again with more of it after ("a different century"). */
function goesOnFrom(tokens: readonly Token[], i: number, n: number): boolean {
  const first = tokens[i] as Token;
  const next = tokens[i + n];
  return (
    PHRASE_OPENERS.has(first.lower) &&
    next?.kind === 'word' &&
    !VERB_LIKE_WORDS.has(next.lower) &&
    !LIKE_MODALS.has(next.lower) &&
    !SIMPLE_FILLERS.has(next.lower) &&
    // "the house, uh, the house needs a lot of work", "my boss, um, my boss replied": a verb
    // after the copy makes it the subject of news ("a different century", "the new
    // neighbors" go on).
    !/ed$/u.test(next.lower) &&
    !(/[^s]s$/u.test(next.lower) && VERB_OBJECT_STARTS.has(tokens[i + n + 1]?.lower ?? ''))
  );
}

function sameWords(
  out: readonly Token[],
  start: number,
  tokens: readonly Token[],
  i: number,
  count: number,
): boolean {
  if (start < 0) return false;
  for (let k = 0; k < count; k++) {
    const said = out[start + k] as Token;
    const again = tokens[i + k];
    if (said.kind !== 'word' || again?.kind !== 'word' || said.lower !== again.lower) return false;
  }
  return true;
}

function hasNumber(out: readonly Token[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const token = out[k] as Token;
    if (isNumberWord(token) || APPROXIMATE_AMOUNT_WORDS.has(token.lower)) return true;
  }
  return false;
}

function allKeptRepeated(out: readonly Token[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) if (!KEEP_REPEATED.has((out[k] as Token).lower)) return false;
  return true;
}

/** The sentence `out` ends with, after its openers ("So, can you ..."). */
function lastSentence(out: readonly Token[]): readonly Token[] {
  let start = out.length;
  while (start > 0 && (out[start - 1] as Token).kind !== 'end') start--;
  for (;;) {
    const token = out[start];
    if (token === undefined) break;
    const opener =
      OPENERS.has(token.lower) ||
      (OPENERS_BEFORE_PAUSE.has(token.lower) && out[start + 1]?.kind === 'pause');
    if (token.kind !== 'pause' && !opener) break;
    start++;
  }
  return out.slice(start);
}

/**
 * Removes spoken fillers (um, uh, you know, like-as-filler, basically, "I mean,") and asides
 * ("oh yeah", "you know what"), restarts ("the, uh, the whole", "we we"), doubled
 * punctuation; turns a spoken "hashtag x" into "#x" and "i" into "I".
 */
export function removeFillers(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  // Whether a filler was dropped since the last word: a word said again after one is a restart.
  let afterFiller = false;
  // Whether that filler was a hesitation said between two words ("broke um who am i").
  let hesitation = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word') {
      pushPunctuation(out, token);
      continue;
    }
    const word = token.lower;
    const prev = out[out.length - 1];
    const next = tokens[i + 1];

    if (SIMPLE_FILLERS.has(word)) {
      hesitation = HESITATIONS.has(word) && prev?.kind === 'word' && next?.kind === 'word';
      i = skipFiller(tokens, i, 1, out);
      afterFiller = true;
      continue;
    }
    // Before the asides, so that "you know what I mean" goes whole, not as "you know what".
    if (word === 'you') {
      const length = youKnowFillerLength(tokens, i, prev);
      if (length > 0) {
        i = skipFiller(tokens, i, length, out);
        afterFiller = true;
        // "Mondays are hard, you know?": the "?" was the tag's, and the statement left ends
        // with a full stop ("Can you send it, you know?" still asks).
        const end = tokens[i + 1];
        if (end?.text === '?' && !looksLikeQuestion(lastSentence(out))) {
          pushPunctuation(out, { ...end, text: '.', lower: '.' });
          i++;
          continue;
        }
        keepRunOnBoundary(tokens, i, prev, out);
        continue;
      }
    }
    const aside = asideLength(tokens, i, prev);
    if (aside > 0) {
      // Run on after a word, the aside was where a new clause began: a pause keeps the
      // boundary it marked.
      const runOn = prev?.kind === 'word' && !CONJUNCTIONS.has(prev.lower);
      i = skipFiller(tokens, i, aside, out);
      afterFiller = true;
      const following = tokens[i + 1];
      if (runOn && following?.kind === 'word') out.push(ASIDE_BOUNDARY);
      continue;
    }
    if (word === 'i' && next?.lower === 'mean') {
      const length =
        opensClauseAfter(prev) && tokens[i + 2]?.kind === 'pause'
          ? 2
          : iMeanBeforeClauseLength(tokens, i, prev);
      if (length > 0) {
        i = skipFiller(tokens, i, length, out);
        afterFiller = true;
        keepRunOnBoundary(tokens, i, prev, out);
        continue;
      }
    }
    if (word === 'like' && isLikeFiller(out[out.length - 2], prev, next)) {
      i = skipFiller(tokens, i, 1, out);
      afterFiller = true;
      continue;
    }
    // The first copy goes, so a restart begun twice ("I think I, I think we") goes whole.
    for (
      let start = restartStart(tokens, i, out, afterFiller, false);
      start >= 0;
      start = restartStart(tokens, i, out, afterFiller, true)
    ) {
      out.length = start;
    }
    afterFiller = false;
    const hesitated = hesitation;
    hesitation = false;
    if (word === 'hashtag' && next?.kind === 'word') {
      out.push({ ...next, text: `#${next.text}`, lower: `#${next.lower}`, space: token.space });
      i++;
      continue;
    }
    if (
      word === 'percent' &&
      prev !== undefined &&
      isNumberWord(prev) &&
      /\p{N}$/u.test(prev.text)
    ) {
      out[out.length - 1] = { ...prev, text: `${prev.text}%`, lower: `${prev.lower}%` };
      continue;
    }

    const said = hesitated ? { ...token, hesitated: true as const } : token;
    if (word === 'i') out.push(withText(said, 'I'));
    else if (word.startsWith("i'") && word.length <= 4)
      out.push(withText(said, `I${token.text.slice(1)}`));
    else out.push(said);
  }
  while (out.length > 0) {
    const last = out[out.length - 1] as Token;
    if (last.kind !== 'pause' && last.kind !== 'dash') break;
    out.pop();
  }
  return out;
}

function matchesAt(tokens: readonly Token[], i: number, words: readonly string[]): boolean {
  for (let k = 0; k < words.length; k++) {
    const token = tokens[i + k];
    if (token === undefined || token.kind !== 'word' || token.lower !== words[k]) return false;
  }
  return true;
}

const ASIDES_BY_FIRST_WORD: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const map = new Map<string, (readonly string[])[]>();
  for (const aside of ASIDES)
    map.set(aside[0] as string, [...(map.get(aside[0] as string) ?? []), aside]);
  return map;
})();

/** "oh and", "oh also": the asides that run on inside a clause in unpunctuated speech. */
const RUN_ON_ASIDE_ENDS: ReadonlySet<string> = new Set(['and', 'also']);

/**
 * Word count of an aside starting at i. Asides count at the start of a clause; "oh and" and
 * "oh also" anywhere, since unpunctuated speech runs them on ("the title oh and buy more").
 */
function asideLength(tokens: readonly Token[], i: number, prev: Token | undefined): number {
  const word = (tokens[i] as Token).lower;
  if (!opensClauseAfter(prev)) {
    // Mid-clause only the asides that add the next thing ("the title oh and buy more"): an
    // "oh yeah" there is mostly quoted ("she said oh yeah sure").
    const next = tokens[i + 1];
    if (word !== 'oh' || next?.kind !== 'word') return 0;
    if (RUN_ON_ASIDE_ENDS.has(next.lower)) return 2;
    // "for Friday oh yeah and bring ...": the aside before the next thing, unless quoted.
    const after = tokens[i + 2];
    const quoted = prev?.kind === 'word' && QUOTING_VERBS.has(prev.lower);
    return next.lower === 'yeah' &&
      after?.kind === 'word' &&
      RUN_ON_ASIDE_ENDS.has(after.lower) &&
      !quoted
      ? 2
      : 0;
  }
  for (const aside of ASIDES_BY_FIRST_WORD.get(word) ?? []) {
    if (matchesAt(tokens, i, aside)) return aside.length;
  }
  // "a new RCD, and, oh, and text Mike": an "oh" framed by pauses before the next thing is
  // the aside on its own ("one, oh, four" is a digit, "and, oh, the smell" an exclamation).
  // "since, oh, since October": before a word said again it is the aside of a restart.
  const then = tokens[i + 2];
  const said = tokens[i - 2];
  return word === 'oh' &&
    prev?.kind === 'pause' &&
    tokens[i + 1]?.kind === 'pause' &&
    then?.kind === 'word' &&
    (RUN_ON_ASIDE_ENDS.has(then.lower) || (said?.kind === 'word' && said.lower === then.lower))
    ? 1
    : 0;
}

const LOWER_FIRST = /^\p{Ll}/u;

function capitalised(token: Token): Token {
  const text = token.text.charAt(0).toUpperCase() + token.text.slice(1);
  return text === token.text ? token : { ...token, text };
}

/** A proper noun as written: a brand in its own spelling ("tiktok's" -> "TikTok's"). */
function properSpelling(token: Token): Token {
  const brand = BRAND_SPELLINGS.get(token.lower);
  return brand === undefined
    ? capitalised(token)
    : withText(token, brand + token.text.slice(brand.length));
}

/** Determiners and modals: a first name does not follow them. */
const NOT_BEFORE_NAMES: ReadonlySet<string> = new Set([
  'a',
  'an',
  'the',
  'this',
  'that',
  'these',
  'those',
  'some',
  'any',
  'no',
  'will',
  'would',
  'can',
  'could',
  'should',
  'may',
  'might',
  'must',
  'shall',
]);

/**
 * A brand's or an acronym's spelling by its lower-case form, and by its possessive
 * ("netflix's", "the nhs's").
 */
const BRAND_SPELLINGS: ReadonlyMap<string, string> = new Map(
  [...BRANDS, ...ACRONYMS].flatMap((brand) => {
    const lower = brand.toLowerCase();
    return [
      [lower, brand],
      [`${lower}'s`, brand],
    ];
  }),
);

/** Words that are always proper nouns, in one set: this runs on every word of every text. */
const ALWAYS_PROPER: ReadonlySet<string> = new Set([
  ...WEEKDAYS,
  // "on wednesdays": the plural of a weekday is as proper as the weekday.
  ...[...WEEKDAYS].map((day) => `${day}s`),
  ...HOLIDAYS,
  ...MONTHS,
  ...PLACES,
  ...NATIONALITIES,
  ...BRAND_SPELLINGS.keys(),
  // "Dr.", "Mrs.": a title written with its stop is never a common word.
  ...[...NAME_TITLES].filter((title) => title.endsWith('.')),
]);

const SECONDED: ReadonlySet<string> = new Set(['that', 'this', 'it', 'the', 'him', 'her', 'them']);

function isProperNoun(tokens: readonly Token[], i: number): boolean {
  const said = (tokens[i] as Token).lower;
  // "emma's permission slip", "monday's meeting": a name owning something is still the name.
  const word = said.endsWith("'s") || said.endsWith('’s') ? said.slice(0, -2) : said;
  if (ALWAYS_PROPER.has(word)) return true;
  const prev = tokens[i - 1];
  const prevWord = prev?.kind === 'word' ? prev.lower : '';
  // "mrs patel": an honorific before a name is part of it; "200 ms" is a unit.
  if (HONORIFICS.has(word)) {
    const next = tokens[i + 1];
    return (
      next?.kind === 'word' &&
      !FUNCTION_WORDS.has(next.lower) &&
      !(word === 'ms' && isNumberWord(prev))
    );
  }
  if (AMBIGUOUS_MONTHS.has(word)) {
    if (MONTH_CONTEXT_BEFORE.has(prevWord) || /^\p{N}/u.test(prev?.text ?? '')) return true;
    // "march third", "may 5th": a day after it makes it the month.
    const next = tokens[i + 1];
    if (next?.kind !== 'word') return false;
    const after = tokens[i + 2];
    // "I may second that": "second" with an object is the verb.
    if (next.lower === 'second' && after?.kind === 'word' && SECONDED.has(after.lower))
      return false;
    if (DAY_ORDINALS.has(next.lower) || /^\d{1,2}(?:st|nd|rd|th)?$/u.test(next.lower)) return true;
    return (
      (next.lower === 'twenty' || next.lower === 'thirty') &&
      after?.kind === 'word' &&
      DAY_ORDINALS.has(after.lower)
    );
  }
  if (AMBIGUOUS_PLANETS.has(word)) {
    // "nothing to mars the evening": before a determiner it is the verb.
    const next = tokens[i + 1];
    return PLANET_CONTEXT_BEFORE.has(prevWord) && !NOT_BEFORE_NAMES.has(next?.lower ?? '');
  }
  if (
    NAMING_WORDS.has(prevWord) ||
    (NAME_TITLES.has(prevWord) && !(prevWord === 'ms' && isNumberWord(tokens[i - 2])))
  ) {
    return !FUNCTION_WORDS.has(word);
  }
  // "a bob haircut", "will bob for apples": after a determiner or a modal the word is common.
  return FIRST_NAMES.has(word) && !NOT_BEFORE_NAMES.has(prevWord);
}

const HONORIFICS: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'mx', 'dr']);

const PROPER_PHRASE_FIRST_WORDS: ReadonlySet<string> = new Set(
  PROPER_PHRASES.map((phrase) => phrase[0] as string),
);

/** A quarter of the year as said in lower-case speech ("q3"). */
const QUARTER = /^q[1-4]$/u;

/** What a street's name ends with ("main street", "fifth avenue"). */
const STREET_WORDS: ReadonlySet<string> = new Set([
  'street',
  'avenue',
  'road',
  'boulevard',
  'lane',
  'square',
  'crescent',
  'terrace',
]);
/** Words a street is said after: "on main street", "at elm road". */
const STREET_PLACED_BY: ReadonlySet<string> = new Set([
  'on',
  'at',
  'to',
  'from',
  'off',
  'near',
  'along',
  'down',
  'up',
]);

/** "on main street", "at fifth avenue": a word naming a street after a word of place. */
function isStreetNameAt(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  const before = tokens[i - 1];
  return (
    next?.kind === 'word' &&
    STREET_WORDS.has(next.lower) &&
    before?.kind === 'word' &&
    // "at 14 park avenue": a house number places it too.
    (STREET_PLACED_BY.has(before.lower) || /^\d+[a-z]?$/u.test(before.lower)) &&
    !FUNCTION_WORDS.has(token.lower) &&
    token.text === token.lower &&
    next.text === next.lower
  );
}

/** Times whose possessive lower-case speech says without its apostrophe ("next weeks episode"). */
const TIME_OWNERS: ReadonlyMap<string, string> = new Map([
  ['weeks', 'week'],
  ['months', 'month'],
  ['years', 'year'],
  ['todays', 'today'],
  ['tonights', 'tonight'],
  ['tomorrows', 'tomorrow'],
  ['yesterdays', 'yesterday'],
]);
/** What makes "weeks" a possessive before a thing: "next weeks episode", "last years trip". */
const TIME_OWNER_SETTERS: ReadonlySet<string> = new Set(['next', 'last', 'this']);

/**
 * "emmas permission slip", "next weeks episode": a first name or a time with an "s" before
 * a thing is its possessive, its apostrophe lost by speech recognition. The token with the
 * apostrophe, or null.
 */
function possessiveSaidPlain(tokens: readonly Token[], i: number): Token | null {
  const token = tokens[i] as Token;
  const word = token.lower;
  if (token.text !== word || word.length < 4 || !word.endsWith('s')) return null;
  const next = tokens[i + 1];
  const prev = tokens[i - 1];
  if (next?.kind !== 'word' || FUNCTION_WORDS.has(next.lower) || VERB_LIKE_WORDS.has(next.lower)) {
    return null;
  }
  const stem = word.slice(0, -1);
  const time = TIME_OWNERS.get(word);
  if (time !== undefined) {
    const set = word === 'todays' || TIME_OWNER_SETTERS.has(prev?.lower ?? '');
    return set ? withText(token, `${time}'s`) : null;
  }
  if (!FIRST_NAMES.has(stem) || FIRST_NAMES.has(word) || NOT_BEFORE_NAMES.has(prev?.lower ?? '')) {
    return null;
  }
  const name = capitalised({ ...token, text: stem });
  return { ...token, text: `${name.text}'s`, lower: `${stem}'s` };
}

/** Word count of a name of several words ("black friday") at i, or 0. */
function properPhraseLengthAt(tokens: readonly Token[], i: number): number {
  if (!PROPER_PHRASE_FIRST_WORDS.has((tokens[i] as Token).lower)) return 0;
  for (const phrase of PROPER_PHRASES) {
    if (matchesAt(tokens, i, phrase)) return phrase.length;
  }
  return 0;
}

/**
 * Capitals that lower-case speech loses: weekdays, months, places, nationalities, brands,
 * common first names and the word after a title ("aunt Linda") or "named". Only all-lower-case
 * words are touched, so "iPhone" or a name the engine already capitalised stays as it is.
 */
export function properCase(tokens: readonly Token[]): Token[] {
  let out: Token[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    // Two characters before the pattern: this runs on every word of every transcript.
    if (token.kind === 'word' && token.text.length === 2 && QUARTER.test(token.text)) {
      out ??= [...tokens];
      out[i] = withText(token, token.text.toUpperCase());
      continue;
    }
    if (token.kind === 'word' && isStreetNameAt(tokens, i)) {
      out ??= [...tokens];
      out[i] = capitalised(token);
      out[i + 1] = capitalised(tokens[i + 1] as Token);
      i++;
      continue;
    }
    const owner = token.kind === 'word' ? possessiveSaidPlain(tokens, i) : null;
    if (owner !== null) {
      out ??= [...tokens];
      out[i] = owner;
      continue;
    }
    const phrase = token.kind === 'word' ? properPhraseLengthAt(tokens, i) : 0;
    if (phrase > 0) {
      out ??= [...tokens];
      for (let k = i; k < i + phrase; k++) out[k] = capitalised(tokens[k] as Token);
      i += phrase - 1;
      continue;
    }
    // The set lookups first: they rule out almost every word before any Unicode test.
    if (token.kind !== 'word' || token.text !== token.lower || !isProperNoun(tokens, i)) continue;
    if (!LOWER_FIRST.test(token.text)) continue;
    out ??= [...tokens];
    out[i] = properSpelling(token);
  }
  return out ?? (tokens as Token[]);
}

/** The whole speech pass: corrections first (they may use a "no" or "I mean" a filler pass would drop). */
export function cleanTokens(tokens: readonly Token[]): Token[] {
  return properCase(removeFillers(applyCorrections(tokens)));
}
