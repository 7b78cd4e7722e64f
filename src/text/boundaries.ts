import {
  CHAINED_OPENERS,
  OPENERS_BEFORE_A_PURPOSE,
  CLAUSE_ENDING_TIMES,
  TIME_DETERMINERS,
  LEADING_INTO,
  DAY_TIMES,
  SO_DEGREE_AFTER,
  PURPOSE_MODALS,
  PURPOSE_SUBJECT_MAX_WORDS,
  TRAILING_JOINS,
  LEAD_PHRASE_OPENERS,
  CLAUSE_WANTING_WORDS,
  CLAUSE_ENDING_FUNCTION_WORDS,
  SENTENCE_ADVERBS,
  SENTENCE_OPENING_WORDS,
  ASKING_WORDS,
  BE_AFTER_RELATIVE,
  OBJECT_OPENERS,
  RELATIVE_SUBJECTS,
} from './words/run-ons.js';
import { OPENERS, OPENERS_BEFORE_PAUSE, SO_KEEP_BEFORE } from './words/fillers.js';
import {
  CONDITION_OPENERS,
  FUNCTION_WORDS,
  QUESTION_AUX,
  SUBJECT_PRONOUNS,
} from './words/function-words.js';
import { FINITE_BE_FORMS } from './words/clause-subjects.js';
import {
  PHRASE_JOINERS,
  isFunctionWord,
  startsNewClause,
  startsOwnedSubjectClause,
  startsSubjectClause,
} from './clause-subjects.js';
import type { Token } from './tokenizer.js';

/**
 * Where a sentence ends in speech that says so only by its words: browser recognition gives
 * no punctuation, and Whisper runs long sentences together. A new clause's subject, a
 * discourse marker in a long run, or a day that ends a short clause cuts it; openers ("so",
 * "okay") said first are dropped. toSentences in sentences.ts uses both.
 */

export function stripOpeners(tokens: Token[]): Token[] {
  let start = 0;
  for (;;) {
    const first = tokens[start];
    if (first === undefined) break;
    if (first.kind === 'pause' || first.kind === 'dash') {
      start++;
      continue;
    }
    if (first.kind !== 'word' || start + 1 >= tokens.length) break;
    const next = tokens[start + 1];
    const nextIsPause = next?.kind === 'pause';
    if (first.lower === 'all' && next?.lower === 'right') {
      start += 2;
      continue;
    }
    if (first.lower === 'so' && next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower)) break;
    // "Oh my god, we hit the target!": the exclamation is said, not an opener.
    if (first.lower === 'oh' && next?.lower === 'my') break;
    // "right so ...", "well okay ...": such a word before "so" or "okay" opens the thought
    // too ("now and then", "right so many" are meant).
    const after = tokens[start + 2];
    const nextIsOpener =
      next?.kind === 'word' &&
      CHAINED_OPENERS.has(next.lower) &&
      !(next.lower === 'so' && after?.kind === 'word' && SO_KEEP_BEFORE.has(after.lower));
    const nextIsPurpose = next?.kind === 'word' && next.lower === 'for';
    if (
      OPENERS.has(first.lower) ||
      ((nextIsPause || nextIsOpener) && OPENERS_BEFORE_PAUSE.has(first.lower)) ||
      (nextIsPurpose && OPENERS_BEFORE_A_PURPOSE.has(first.lower))
    ) {
      start++;
      continue;
    }
    break;
  }
  return start === 0 ? tokens : tokens.slice(start);
}

/** A run-on sentence longer than this many words is split before discourse markers. */
const RUN_ON_WORDS = 25;
/** A split leaves at least this many words in the part before it. */
const MIN_SPLIT_WORDS = 8;
/** The same for a split before a subject ("about accessibility | they showed"). */
const MIN_CLAUSE_WORDS = 4;

/**
 * After a time that ends a clause, a word and its "is" or "are" open the next one. "today"
 * always ends one; "morning" or "weekend" only as "this morning", "last weekend" ("the
 * afternoon sun is", "every weekend ritual is" name a thing).
 */
function startsClauseAfterTime(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (
    token?.kind !== 'word' ||
    prev?.kind !== 'word' ||
    next?.kind !== 'word' ||
    !CLAUSE_ENDING_TIMES.has(prev.lower) ||
    isFunctionWord(token.lower) ||
    !FINITE_BE_FORMS.has(next.lower)
  ) {
    return false;
  }
  return DAY_TIMES.has(prev.lower) || TIME_DETERMINERS.has(tokens[i - 2]?.lower ?? '');
}

/**
 * "small win today | i ...": two words of content and a day end a clause; "until yesterday",
 * "earlier today", "as of today" lead into the one after them.
 */
function endsShortClause(tokens: readonly Token[], i: number): boolean {
  const day = tokens[i - 1];
  const first = tokens[i - 3];
  const second = tokens[i - 2];
  return (
    day?.kind === 'word' &&
    DAY_TIMES.has(day.lower) &&
    first?.kind === 'word' &&
    second?.kind === 'word' &&
    !isFunctionWord(first.lower) &&
    !isFunctionWord(second.lower) &&
    !LEADING_INTO.has(first.lower) &&
    !LEADING_INTO.has(second.lower)
  );
}

function countWords(tokens: readonly Token[]): number {
  let count = 0;
  for (const token of tokens) if (token.kind === 'word') count++;
  return count;
}

/**
 * Unpunctuated speech (browser recognition gives none) arrives as one endless sentence. Split
 * it before "so", "but", "also", "anyway", "and then" and "and I/we ..." once the current part
 * is long enough to stand alone.
 */
function isDiscourseMarker(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  switch (token.lower) {
    case 'so':
      return (
        !(next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower)) &&
        !soMeansVery(tokens, i) &&
        !soSaysPurpose(tokens, i)
      );
    case 'but':
    case 'also':
    case 'anyway':
      return true;
    case 'and':
      return next?.kind === 'word' && (next.lower === 'then' || SUBJECT_PRONOUNS.has(next.lower));
    default:
      return false;
  }
}

/**
 * "so" as "very" after a verb of being ("it's so good", "are so expensive") or as "too" before
 * one ("and honestly so are we"): no clause of its own starts there.
 */
function soMeansVery(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (
    prev?.kind === 'word' &&
    (SO_DEGREE_AFTER.has(prev.lower) || /['’](?:s|m|re)$/u.test(prev.lower))
  ) {
    return true;
  }
  const verb = tokens[i + 1];
  const subject = tokens[i + 2];
  const after = tokens[i + 3];
  return (
    verb?.kind === 'word' &&
    QUESTION_AUX.has(verb.lower) &&
    subject?.kind === 'word' &&
    (SUBJECT_PRONOUNS.has(subject.lower) || subject.lower === 'you') &&
    (after === undefined || after.kind !== 'word' || PHRASE_JOINERS.has(after.lower))
  );
}

/**
 * "so cleo can water them": a subject and a modal of purpose after "so" (PURPOSE_MODALS). Not
 * "so you can ...", which as often goes on to what a described thing lets anyone do ("... each
 * other | so you can read the letters").
 */
function soSaysPurpose(tokens: readonly Token[], i: number): boolean {
  if (tokens[i + 1]?.lower === 'you') return false;
  for (let j = i + 2; j <= i + 1 + PURPOSE_SUBJECT_MAX_WORDS; j++) {
    const token = tokens[j];
    if (token?.kind !== 'word') return false;
    if (PURPOSE_MODALS.has(token.lower)) return true;
  }
  return false;
}

/** Words such a phrase holds at most. */
const LEAD_PHRASE_MAX_WORDS = 4;

/**
 * "okay so for this weekend i need to ...": a short phrase of time or purpose said before the
 * clause it sets, openers aside, is no sentence of its own.
 */
function isLeadPhrase(part: readonly Token[]): boolean {
  const kept = stripOpeners(part as Token[]);
  const first = kept.find((token) => token.kind === 'word');
  return (
    first !== undefined &&
    LEAD_PHRASE_OPENERS.has(first.lower) &&
    countWords(kept) <= LEAD_PHRASE_MAX_WORDS &&
    // "tomorrow is my birthday | i can't wait": a clause of its own.
    !kept.some(
      (token) =>
        token.kind === 'word' &&
        (FINITE_BE_FORMS.has(token.lower) || /['’](?:m|re|ll|ve|d)$|n['’]t$/u.test(token.lower)),
    )
  );
}

/**
 * Words after a subject's pronoun that a sentence of its own has at least: "i am thirty one",
 * "we trial it"; "the beach um we found" and "the hotel um we stayed at" describe the thing
 * before, and "um i think" hedges it.
 */
const RESUMED_MIN_WORDS = 3;

/**
 * "nothing broke um who am i", "when the romans were here um i am thirty one", "night shift
 * number four done um honestly the best part": in unpunctuated speech a hesitation between a
 * finished clause and a subject with its verb, a question or a sentence adverb is where one
 * sentence stopped. After "and", a verb wanting its object, "to" or "I think" the sentence
 * goes on ("it is um slightly too big", "I think um we should").
 */
function resumesAfterHesitation(tokens: readonly Token[], i: number, words: number): boolean {
  const token = tokens[i] as Token;
  if (token.hesitated !== true || words < MIN_CLAUSE_WORDS) return false;
  const last = tokens[i - 1];
  const beforeLast = tokens[i - 2];
  if (last?.kind !== 'word') return false;
  if (FUNCTION_WORDS.has(last.lower) && !CLAUSE_ENDING_FUNCTION_WORDS.has(last.lower)) {
    return false;
  }
  if (
    CLAUSE_WANTING_WORDS.has(last.lower) ||
    (beforeLast?.kind === 'word' && CLAUSE_WANTING_WORDS.has(beforeLast.lower))
  ) {
    return false;
  }
  const next = tokens[i + 1];
  if (next?.kind !== 'word') return false;
  // "um honestly the best part was", not "took it um seriously this time".
  if (SENTENCE_ADVERBS.has(token.lower)) return SENTENCE_OPENING_WORDS.has(next.lower);
  // "um what should i do", "um who am i"; "um who is ninety now" says who.
  if (ASKING_WORDS.has(token.lower)) return QUESTION_AUX.has(next.lower);
  if (token.lower === 'who') return next.lower === 'am';
  if (!SUBJECT_PRONOUNS.has(token.lower) || PHRASE_JOINERS.has(next.lower)) return false;
  let said = 0;
  for (let k = i + 1; k < tokens.length && said < RESUMED_MIN_WORDS; k++) {
    if ((tokens[k] as Token).kind !== 'word') break;
    said++;
  }
  return said >= RESUMED_MIN_WORDS;
}

/** Words between the subject and the "was" that leave the verb without its object. */
const RELATIVE_MAX_WORDS = 3;

/**
 * "the best code review comment | i ever got was just the word why": a pronoun whose verb
 * has no object before a "was" is a relative clause inside the subject, no new sentence.
 */
function opensRelativeInSubject(tokens: readonly Token[], i: number): boolean {
  if (!RELATIVE_SUBJECTS.has((tokens[i] as Token).lower)) return false;
  if (tokens[i - 1]?.kind !== 'word') return false;
  for (let k = i + 2; k <= i + 1 + RELATIVE_MAX_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') return false;
    if (BE_AFTER_RELATIVE.has(word.lower)) return true;
    if (OBJECT_OPENERS.has(word.lower)) return false;
  }
  return false;
}

export function splitRunOn(
  tokens: Token[],
  unpunctuated: boolean,
  afterSo: Set<Token[]>,
): Token[][] {
  const runOn = countWords(tokens) > RUN_ON_WORDS;
  if (!runOn && !unpunctuated) return [tokens];
  const parts: Token[][] = [];
  let current: Token[] = [];
  let words = 0;
  // "if we raised prices by ten percent | we would ...": the main clause is still to come.
  let awaitingMain = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'word') {
      const next = tokens[i + 1];
      // "because of the rain", "when is the fair": no clause waiting.
      if (words === 0) {
        awaitingMain =
          CONDITION_OPENERS.has(token.lower) &&
          next?.kind === 'word' &&
          next.lower !== 'of' &&
          !(token.lower === 'when' && QUESTION_AUX.has(next.lower));
      }
      const newClause =
        !opensRelativeInSubject(tokens, i) &&
        (startsNewClause(tokens, i) ||
          (unpunctuated &&
            (startsSubjectClause(tokens, i) || startsOwnedSubjectClause(tokens, i))));
      const mainClause = newClause && awaitingMain;
      if (mainClause) awaitingMain = false;
      const marker =
        (unpunctuated && !mainClause && resumesAfterHesitation(tokens, i, words)) ||
        (unpunctuated &&
          !mainClause &&
          // "small win today | i finally ran five k": a day ends even a short clause.
          (words >= MIN_CLAUSE_WORDS || endsShortClause(tokens, i)) &&
          (newClause || startsClauseAfterTime(tokens, i))) ||
        (runOn && !mainClause && words >= MIN_SPLIT_WORDS && newClause) ||
        (words >= MIN_SPLIT_WORDS &&
          runOn &&
          isDiscourseMarker(tokens, i) &&
          // "three hours or so we were tired": "or so" says about, it joins nothing.
          !(token.lower === 'so' && tokens[i - 1]?.lower === 'or'));
      if (marker && !isLeadPhrase(current)) {
        // "... at 10 and | also renew ...": the join said before the new sentence joins nothing.
        const last = current[current.length - 1];
        if (last?.kind === 'word' && TRAILING_JOINS.has(last.lower)) current.pop();
        parts.push(current);
        current = [];
        words = 0;
        // "and" and "so" only joined the parts; "but", "also", "then" still carry meaning. What
        // follows a "so" is what came of the part before ("... | so you never overbuy"), which
        // a pitch tells as why it matters.
        if (token.lower === 'so') afterSo.add(current);
        if (token.lower === 'and' || token.lower === 'so' || token.lower === 'anyway') continue;
      }
    }
    if (token.kind === 'word') words++;
    current.push(token);
  }
  parts.push(current);
  return parts;
}
