import type { Token } from './tokenizer.js';
import {
  APOLOGY_MARKERS,
  CORRECTION_MARKERS,
  RESTATED_PREPOSITIONS,
  SORRY_MEANT_AFTER,
  TAKE_BACK_MARKERS,
  TAKE_BACK_OPENERS,
  VERB_LIKE_WORDS,
  WITHDRAWING_MARKERS,
} from './words/asides.js';
import { CONJUNCTIONS } from './words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, PHRASE_DETERMINERS } from './words/function-words.js';
import { FIRST_NAMES } from './words/proper-nouns.js';
import {
  alignedCut,
  determinedPhraseEnd,
  isPhraseOnly,
  restatedPhrase,
  restatementAcrossEnd,
  sentenceSaidAgain,
} from './corrections/restatement.js';
import { restatedKindPhrase, restatesAfterBareNo } from './corrections/kind-phrase.js';
import { findRetraction, negatedVerbAt } from './corrections/retraction.js';
import {
  CORRECTION_FIRST_WORDS,
  type Correction,
  EXPLICIT_MARKERS,
  REPLACEMENT_STOPS,
  afterPauses,
  allWords,
  beforePauses,
  clauseStartBefore,
  findAnchor,
  isNumeric,
  isReasonSubject,
  isTaskVerb,
  isVerbUse,
  sameKind,
  sameKindAt,
  saidIn,
} from './corrections/shared.js';
import { opensNews, takeBack } from './corrections/take-back.js';
import {
  SINGULAR_NUMBER,
  TIME_TAILS,
  continuesTime,
  numberEnd,
  numberStart,
} from './corrections/times.js';

/**
 * Spoken self-corrections, token by token: "at five actually no at six" -> "at six". No NLP
 * model: the markers are fixed spoken forms, and what they replace is found by the word or
 * the kind of word (a number, a weekday, a month) said just before, or, for a take-back
 * ("renew my passport no wait I renewed that"), by the clause before. Data: words/asides.ts.
 */

/** Words after the marker taken as the replacement, up to the next clause boundary. */
const REPLACEMENT_MAX_WORDS = 5;

function isBareNoMarker(tokens: readonly Token[], i: number, marker: readonly string[]): boolean {
  // ", I mean," framed by pauses is a filler; "at eight I mean for ten" corrects.
  if (marker[0] === 'i' && tokens[i + marker.length]?.kind === 'pause') return false;
  // A lone "no" corrects only between words of one kind ("twenty, no, thirty", "next tuesday
  // no wednesday"), or a number and its noun said again with another number ("twelve people,
  // no, fifteen people"); anywhere else it is meant.
  if (marker.length !== 1 || marker[0] !== 'no') return true;
  // "we were up twenty-one, no one could believe it": "no one" is nobody.
  if (tokens[i + 1]?.lower === 'one') return false;
  const before = beforePauses(tokens, i) - 1;
  const after = afterPauses(tokens, i + 1);
  // "Monday yes, Tuesday no, Wednesday maybe": said straight after a weekday and before a
  // pause, "no" answers for it, and what follows is the next of a list ("next Tuesday, no,
  // Wednesday" corrects).
  const answer = tokens[i - 1]?.kind !== 'pause' && after > i + 1 && !isNumeric(tokens[after]);
  // Between commas, only a day said with what sets it ("next Tuesday, no, Wednesday"): "Can
  // you do Monday? Tuesday, no, Wednesday works" answers for each.
  const set =
    isNumeric(tokens[after]) ||
    (tokens[i - 1]?.kind !== 'pause' && after === i + 1) ||
    DAY_SETTERS.has(tokens[before - 1]?.lower ?? '');
  if (!answer && set && sameKindAt(tokens, before, after)) return true;
  // "by the end of October, no, mid October": a date or time said again as a phrase.
  if (restatesAfterBareNo(tokens, i, after)) return true;
  const noun = tokens[before];
  const then = tokens[after + 2];
  // "twenty years, no two years have been the same": "no two" opens news; the amount said
  // again ends where it was said, or at a "please" ("2 pies no 3 pies please").
  // "size 10 no size 12 no size 14": or at the next correction.
  const endsThere =
    then === undefined ||
    then.kind !== 'word' ||
    then.lower === 'please' ||
    then.lower === 'no' ||
    CONJUNCTIONS.has(then.lower) ||
    RESTATED_PREPOSITIONS.has(then.lower);
  // "size 3, no, size 4", "room 12 no room 14": a name and its number said again.
  const named = tokens[before - 1];
  const renumbered =
    named?.kind === 'word' &&
    !isNumeric(named) &&
    isNumeric(tokens[before]) &&
    tokens[after]?.lower === named.lower &&
    isNumeric(tokens[after + 1]);
  return (
    endsThere &&
    (renumbered ||
      (noun?.kind === 'word' &&
        isNumeric(tokens[before - 1]) &&
        isNumeric(tokens[after]) &&
        tokens[after + 1]?.lower === noun.lower))
  );
}

/** Words that set the day a correction replaces ("next Tuesday", "on the 5th"). */
const DAY_SETTERS: ReadonlySet<string> = new Set([
  'next',
  'on',
  'this',
  'by',
  'until',
  'till',
  'for',
  'last',
  'from',
  'to',
  'in',
]);

/**
 * Where a marker said at i ends, or -1: its words may be framed by commas as Whisper writes
 * them ("Tuesday, wait, no, Thursday").
 */
function markerEndAt(tokens: readonly Token[], i: number, marker: readonly string[]): number {
  let at = i;
  for (let k = 0; k < marker.length; k++) {
    if (k > 0) while (tokens[at]?.kind === 'pause') at++;
    const token = tokens[at];
    if (token === undefined || token.kind !== 'word' || token.lower !== marker[k]) return -1;
    at++;
  }
  return at;
}

/** "the one from April" restates only what follows "the one": the thing itself stays. */
function afterProForm(tokens: readonly Token[], start: number): number {
  const first = tokens[start];
  const one = tokens[start + 1];
  const after = tokens[start + 2];
  if (
    first?.kind === 'word' &&
    PRO_FORM_DETERMINERS.has(first.lower) &&
    one?.lower === 'one' &&
    after?.kind === 'word'
  ) {
    return start + 2;
  }
  return start;
}

const PRO_FORM_DETERMINERS: ReadonlySet<string> = new Set(['the', 'that', 'this']);

/**
 * Where the reach back for the wrong words may go: to the start of the sentence, or into the
 * sentence before when the marker opens its own ("... a second mic. Actually, make that two").
 */
function reachesBackFrom(tokens: readonly Token[], i: number): boolean {
  let before = beforePauses(tokens, i) - 1;
  // "for Tuesday. Actually, scratch that, make it Wednesday.": after the word it opens with.
  if (tokens[before]?.lower === 'actually') before = beforePauses(tokens, before) - 1;
  return tokens[before]?.kind === 'end';
}

function findCorrection(tokens: readonly Token[], i: number): Correction | null {
  const token = tokens[i] as Token;
  if (!CORRECTION_FIRST_WORDS.has(token.lower)) return null;
  // Once "actually no, make that" was said, "actually no" alone is not tried: "make that"
  // would be taken for the replacement.
  let madeThat = false;
  // What was said just before the marker, pauses aside: a word within a sentence, or the end
  // of the one before.
  const saidBefore = tokens[beforePauses(tokens, i) - 1]?.kind;
  for (const marker of CORRECTION_MARKERS) {
    if (madeThat) return null;
    if (marker[0] !== token.lower) continue;
    const markerEnd = markerEndAt(tokens, i, marker);
    if (markerEnd === -1) continue;
    // "Order pizza. Scratch that, make it curry.": only a day, a month or a number is said
    // again; anything else takes the task back, and "make it curry" is the new one.
    if (marker[0] === 'scratch' && marker.length > 2) {
      const said = tokens[afterPauses(tokens, markerEnd)];
      if (said === undefined || (!isNumeric(said) && !sameKind(said, said))) continue;
    }
    madeThat = marker.includes('make');
    if (TASK_RESTATING_MARKERS.has(marker.join(' '))) {
      const task = restatedTask(tokens, i, markerEnd, marker.length === 1);
      if (task !== null) return task;
    }
    // "we'll actually make it Saturday", "mum said no, make it July", "I can't actually make
    // it Wednesday": after a word "make it" is meant; it corrects only opening a sentence or
    // after a pause ("for Friday. Actually, make it Saturday.").
    if (marker.at(-1) === 'it' && tokens[i - 1]?.kind === 'word') continue;
    if (!isBareNoMarker(tokens, i, marker)) continue;
    const name = marker.join(' ');
    const withdrawing = WITHDRAWING_MARKERS.has(name);
    // "scratch that itch": after a subject or a verb the words are meant.
    if (withdrawing && isVerbUse(tokens[i - 1])) continue;
    const apology = APOLOGY_MARKERS.has(name);
    if (apology && isMeantSorry(tokens[i - 1])) continue;
    let start = markerEnd;
    while (tokens[start]?.kind === 'pause') start++;
    let end = start;
    let words = 0;
    while (end < tokens.length && words < REPLACEMENT_MAX_WORDS) {
      const next = tokens[end] as Token;
      if (next.kind !== 'word' || (words > 0 && REPLACEMENT_STOPS.has(next.lower))) break;
      words++;
      end++;
    }
    const first = tokens[start];
    // A marker framed by commas ("but wait, no, I shouldn't"), a "make that" or a "sorry" is
    // as often meant literally ("we can actually make that work", "sorry, I'm late"): it
    // corrects only a word of the same kind (a number, a weekday, a month) or a phrase said
    // again, and only "make that" reaches into the sentence before ("... a second mic.
    // Actually, make that two mics.").
    const framed = markerEnd - i > marker.length;
    const makeThat = marker.includes('make');
    const kindOnly = framed || makeThat || apology;
    // Tried before any anchor: a reason opens with a subject, and "no wait I renewed that"
    // would otherwise restate an "I" said earlier.
    if (
      TAKE_BACK_MARKERS.has(name) &&
      (isReasonSubject(first) || (first !== undefined && PHRASE_DETERMINERS.has(first.lower)))
    ) {
      const taken = takeBack(tokens, i, markerEnd, withdrawing, true);
      if (taken !== null) return taken;
    }
    if (first === undefined || first.kind !== 'word' || words === 0) {
      if (withdrawing && !framed) return takeBack(tokens, i, markerEnd, true, false);
      continue;
    }
    // "book the plumber, no actually, the landlord sorted it": news of a thing that says why
    // the task is off, not the thing that takes the place of one said.
    // Opening a sentence, the marker answers what was said before ("Meet me at the gate.
    // Wait, no, the gate is locked.") and all of it stays.
    if (EXPLICIT_MARKERS.has(name) && opensNews(tokens, start) && saidBefore === 'word') {
      const taken = takeBack(tokens, i, markerEnd, true, false);
      if (taken !== null) return taken;
    }
    // "make that two" alone leaves "a second mic" half restated: only "make that two mics"
    // says what it replaces.
    // A weekday or a month alone is whole ("Actually, make it Saturday").
    const dayOrMonth = !isNumeric(first) && sameKind(first, first);
    if (makeThat && words < 2 && !/^\p{N}/u.test(first.text) && !dayOrMonth) continue;
    if (
      EXPLICIT_MARKERS.has(name) &&
      (first.lower === 'a' || first.lower === 'an') &&
      MAGNITUDES.has(tokens[start + 1]?.lower ?? '')
    ) {
      const amount = articledAmount(tokens, i, start);
      if (amount !== null) return amount;
    }
    if ((EXPLICIT_MARKERS.has(name) || withdrawing) && !kindOnly && NARROWING.has(first.lower)) {
      const narrowed = narrowedList(tokens, i, start, end);
      if (narrowed !== null) return narrowed;
    }
    if (EXPLICIT_MARKERS.has(name) || withdrawing || apology) {
      const across = restatementAcrossEnd(tokens, i, start, end, apology);
      if (across !== null) return across;
    }
    if (EXPLICIT_MARKERS.has(name)) {
      const again = sentenceSaidAgain(tokens, i, start, end);
      if (again !== null) return again;
    }
    // Reach back for the words that start like the replacement: the same word, or a word of
    // the same kind (a number for a number, a weekday for a weekday, a month for a month).
    // "the one from April" is tried from "from" first, so "the invoice from March" keeps its
    // invoice.
    const crossesEnd = makeThat && reachesBackFrom(tokens, i);
    // "the one from April" after "the invoice from March": from "from" on, when what follows
    // it is of the same kind on both sides.
    const restated = afterProForm(tokens, start);
    if (restated !== start) {
      const anchor = tokens[restated] as Token;
      const wrong = findAnchor(tokens, i, (candidate, j) => {
        return candidate.lower === anchor.lower && sameKindAt(tokens, j + 1, restated + 1);
      });
      if (wrong !== -1) {
        return {
          wrongStart: wrong,
          markerStart: i,
          markerEnd: restated,
          replacementEnd: end,
          restart: true,
        };
      }
    }
    // "the 3rd, no, sorry, the 5th": held to its kind, a word may come after its determiner,
    // said before the wrong word too.
    const det = kindOnly && words > 1 && PHRASE_DETERMINERS.has(first.lower) ? 1 : 0;
    const head = tokens[start + det] as Token;
    // "email Tom, sorry, Tim about the contract": a name for a name, after a "sorry" framed
    // by commas and before a preposition or the end ("Hey Jen, sorry Tom couldn't make it").
    // Unpunctuated ("email tom sorry tim about"), the name must be a task's, just before the
    // "sorry", with a preposition after the new one: "with dave sorry jen for the delay" and
    // "stuck at work with tom sorry jen" say sorry to Jen.
    const framedByPauses = tokens[i - 1]?.kind === 'pause' && tokens[markerEnd]?.kind === 'pause';
    const saidStraight =
      start === markerEnd &&
      FIRST_NAMES.has((tokens[i - 1] as Token | undefined)?.lower ?? '') &&
      isTaskVerb(tokens[i - 2]) &&
      RESTATED_PREPOSITIONS.has(tokens[start + 1]?.lower ?? '');
    const nameFor = apology && (framedByPauses || saidStraight) && nameForName(tokens, start);
    // "by the end of October, no, mid October", "Mondays and Fridays, no, Mondays and
    // Thursdays": a date or a time said again as a phrase, all of it in place of all of one.
    if (!withdrawing) {
      const crossing = saidBefore === 'end' && EXPLICIT_MARKERS.has(name);
      const phrase = restatedKindPhrase(tokens, i, start, crossing);
      if (phrase !== null) return phrase;
    }
    const wrong = findAnchor(
      tokens,
      i,
      (candidate, j) =>
        (!kindOnly && candidate.lower === first.lower) ||
        (sameKind(candidate, head) && (det === 0 || tokens[j - 1]?.lower === first.lower)) ||
        (nameFor && FIRST_NAMES.has(candidate.lower)),
      crossesEnd,
    );
    // "on the 3rd, sorry, the 5th is booked" is news, not a date said again.
    if (wrong !== -1 && apology && !isPhraseOnly(tokens, start, end) && !nameFor) continue;
    if (wrong !== -1) {
      const restart = det === 1 || (tokens[wrong] as Token).lower === first.lower;
      // "the blue swim trunks actually no the black ones": "ones" stands for the thing said
      // before, and only the word after the determiner is said anew.
      const proForm = tokens[start + 2];
      if (
        restart &&
        det === 0 &&
        words === 3 &&
        PHRASE_DETERMINERS.has(first.lower) &&
        (proForm?.lower === 'one' || proForm?.lower === 'ones') &&
        describedThingBefore(tokens, wrong, i)
      ) {
        return {
          wrongStart: wrong + 1,
          wrongEnd: wrong + 2,
          markerStart: i,
          markerEnd: start + 1,
          replacementEnd: start + 2,
          restart: true,
          resume: start + 3,
        };
      }
      // "grab the tent for me actually no the small one": a phrase opened by the same
      // determiner replaces only the phrase said, up to its preposition; "for me" stays.
      const saidEnd = restart && det === 0 ? determinedPhraseEnd(tokens, wrong) : -1;
      const newEnd = saidEnd === -1 ? -1 : determinedPhraseEnd(tokens, start);
      if (
        PHRASE_DETERMINERS.has(first.lower) &&
        saidEnd !== -1 &&
        saidEnd < i &&
        (tokens[saidEnd] as Token).kind === 'word' &&
        // "the report to marcus" restates the whole phrase, its preposition too.
        newEnd === end
      ) {
        return {
          wrongStart: wrong,
          wrongEnd: saidEnd,
          markerStart: i,
          markerEnd: start,
          replacementEnd: newEnd,
          restart: true,
        };
      }
      // "at 10 30 actually no 11": a number replaces the whole time it is part of.
      // "two hundred guests actually no three hundred", "at 10 30 actually no 11": a number
      // replaces the whole number said; "quarter past 3, sorry, 4" keeps the quarter.
      const wrongStart = restart || !isNumeric(head) ? wrong - det : numberStart(tokens, wrong);
      // "twelve cupcakes actually no twenty four for the bake sale": an amount alone replaces
      // the amount, and the thing counted stays ("twelve people, no, fifteen people" names it
      // again, "seven am no wait eight pm" says its own time).
      // "3 of those big bags" names its own thing. Across a full stop ("Buy 3 pizzas.
      // Actually, make that 4 since Tom is coming.") the rest of the new sentence goes on the
      // old one, and the full stop between them goes.
      const amountEnd = !restart && det === 0 && isNumeric(head) ? numberEnd(tokens, start) : end;
      const after = tokens[amountEnd];
      const alone =
        amountEnd < end &&
        after !== undefined &&
        after.lower !== 'of' &&
        (after.kind !== 'word' ||
          FUNCTION_WORDS.has(after.lower) ||
          RESTATED_PREPOSITIONS.has(after.lower)) &&
        !TIME_TAILS.has(after.lower);
      // "for Friday. Actually, make it Saturday.": one word for one, the full stop between goes.
      const stop = alone || (crossesEnd && words === 1) ? lastEndBetween(tokens, wrong, i) : -1;
      // "redo the cover colours, scratch that, redo the whole cover": a task taken back and
      // said again from its verb goes whole.
      // A list before it ("buy eggs, milk, flour, scratch that, buy sugar") may take back
      // only its last thing: then the old way, word for word.
      const retold =
        withdrawing && restart && isTaskVerb(first) && !alone && !listedBetween(tokens, wrong, i);
      return {
        wrongStart,
        markerStart: stop === -1 ? i : stop,
        markerEnd: start,
        replacementEnd: alone ? amountEnd : end,
        restart,
        ...(alone ? { wrongEnd: wrong + 1 } : retold ? { wrongEnd: beforePauses(tokens, i) } : {}),
      };
    }
    if (kindOnly) {
      // "a latte, actually no, make that a flat white" replaces the thing; "buy a couch or
      // make that a spring project", "and actually make that a habit" say something new.
      const replacesThing =
        makeThat &&
        marker[0] !== 'or' &&
        (marker.includes('no') || (tokens[i - 1] !== undefined && tokens[i - 1]?.kind !== 'word'));
      const restated = restatedPhrase(
        tokens,
        i,
        start,
        end,
        EXPLICIT_MARKERS.has(name),
        replacesThing,
      );
      if (restated !== null) return restated;
      continue;
    }
    if (withdrawing) return takeBack(tokens, i, markerEnd, true, false);
    // "a bag of spinach, uh, no wait, kale, not spinach", "fly to denver, no wait, drive, not
    // fly": the word denied after the new one says which it replaces.
    const denied = deniedAfter(tokens, end);
    if (EXPLICIT_MARKERS.has(name) && denied !== -1) {
      const said = (tokens[denied] as Token).lower;
      const wrongWord = findAnchor(tokens, i, (candidate) => candidate.lower === said);
      if (wrongWord !== -1) {
        return {
          wrongStart: wrongWord,
          wrongEnd: wrongWord + 1,
          markerStart: i,
          markerEnd: start,
          replacementEnd: end,
          restart: true,
          resume: denied + 1,
        };
      }
    }
    // "to Wednesday, no wait, the day after": an explicit marker with nothing to anchor on
    // replaces the word said just before it. A verb turned down ("no wait, don't cancel it")
    // replaces no word: it is a retraction, taken back only when its verb was said.
    let lastWord = -1;
    for (let j = i - 1; j >= 0 && lastWord === -1; j--) {
      const candidate = tokens[j] as Token;
      if (candidate.kind === 'end') break;
      // "order euros, well, actually no, dollars": "well" only leads into the marker ("milk
      // as well" is said of the milk).
      const leadIn = LEAD_INS.has(candidate.lower) && tokens[j - 1]?.lower !== 'as';
      if (candidate.kind === 'word' && !leadIn) lastWord = j;
    }
    // "the rota, no wait, only Dan is working Sunday", "the chips, um, no wait, Sarah's
    // bringing those": a clause after the marker is news, no word to put in the place of the
    // one before it; only the marker goes.
    // Opening a sentence, the marker answers what came before and all of it stays ("The
    // meeting is at five. Actually no one told me it moved.").
    const inSentence = saidBefore === 'word';
    if (inSentence && EXPLICIT_MARKERS.has(name) && saysNews(tokens, start, end)) {
      // "get flowers for Sue, no wait, she's allergic", "I'll drive, actually no, I'm taking
      // the train": news that turns down the task, or the speaker's own plan, takes it back.
      if (takenBackBy(tokens, i, start)) {
        const taken = takeBack(tokens, i, markerEnd, true, false);
        if (taken !== null) return taken;
      }
      return markerOnly(i, start);
    }
    // "buy juice, well, no wait, get milk": a task after the marker is a task of its own.
    if (inSentence && EXPLICIT_MARKERS.has(name) && isTaskVerb(first)) return markerOnly(i, start);
    if (EXPLICIT_MARKERS.has(name) && lastWord !== -1 && negatedVerbAt(tokens, start) === -1) {
      return {
        wrongStart: lastWord,
        markerStart: i,
        markerEnd: start,
        replacementEnd: end,
        restart: false,
      };
    }
  }
  return null;
}

/**
 * "nearly ninety quid, no wait, a hundred quid": "a hundred" is an amount said with its
 * article. It replaces the amount said before the marker, and the thing counted with it when
 * that is said again.
 */
function articledAmount(tokens: readonly Token[], i: number, start: number): Correction | null {
  // "a hundred percent worth it" is no amount of the thing.
  if (tokens[start + 2]?.lower === 'percent') return null;
  const wrong = findAnchor(tokens, i, (candidate) => isCardinal(candidate));
  if (wrong === -1) return null;
  const from = numberStart(tokens, wrong);
  const to = numberEnd(tokens, wrong);
  let newEnd = numberEnd(tokens, start + 1);
  // "a hundred and twenty"
  if (tokens[newEnd]?.lower === 'and' && isNumeric(tokens[newEnd + 1])) {
    newEnd = numberEnd(tokens, newEnd + 1);
  }
  const counted = tokens[to];
  const again = tokens[newEnd];
  const restated =
    counted?.kind === 'word' && again?.kind === 'word' && counted.lower === again.lower;
  return {
    wrongStart: from,
    wrongEnd: restated ? to + 1 : to,
    markerStart: i,
    markerEnd: start,
    replacementEnd: restated ? newEnd + 1 : newEnd,
    restart: true,
  };
}

/** Words said just before a marker that lead into it, never what it corrects. */
const LEAD_INS: ReadonlySet<string> = new Set(['well', 'um', 'uh', 'er', 'erm', 'oh', 'hmm']);

/** Amounts said with "a" ("a hundred"); "a second", "a first" are no amount. */
const MAGNITUDES: ReadonlySet<string> = new Set(['hundred', 'thousand', 'million', 'dozen']);

/** A count ("ninety", "12"), not an order ("second") or a time ("noon"). */
function isCardinal(token: Token): boolean {
  return isNumeric(token) && !ORDINAL_OR_TIME.test(token.lower);
}
const ORDINAL_OR_TIME = /^(?:first|second|third|noon|midnight|\d+(?:st|nd|rd|th))$|th$/u;

/** Markers after which a task verb may say a task again. */
const TASK_RESTATING_MARKERS: ReadonlySet<string> = new Set([
  'no',
  'no wait',
  'wait no',
  'actually no',
  'no actually',
]);

/** Words after a task's verb within which its object is named ("the new", "Dental Supplies"). */
const OBJECT_REACH = 3;

/** Whether a pause or an "and" parts things between `from` and the marker at `i`. */
function listedBetween(tokens: readonly Token[], from: number, i: number): boolean {
  const said = beforePauses(tokens, i);
  for (let k = from + 1; k < said; k++) {
    const token = tokens[k] as Token;
    if (token.kind === 'pause' || token.lower === 'and' || token.lower === 'or') return true;
  }
  return false;
}

/** Words that add a task to the one before ("too", "as well", "also"). */
const ADDING_WORDS: ReadonlySet<string> = new Set(['too', 'also', 'well', 'either']);
/** Times a task is set for, which another task may share ("tonight"). */
const WHEN_WORDS: ReadonlySet<string> = new Set([
  'today',
  'tonight',
  'tomorrow',
  'morning',
  'afternoon',
  'evening',
  'week',
  'weekend',
  'first',
]);

/** Words of a task said again after a marker, read for a thing the task before named. */
const RESTATED_TASK_WORDS = 6;

/**
 * "phone Dental Supplies Direct, no, email Dental Supplies Direct about ...": a task verb
 * after the marker with a thing the task before it named is that task said again; the old
 * one goes, from its verb. A lone "no" only between pauses.
 */
function restatedTask(
  tokens: readonly Token[],
  i: number,
  markerEnd: number,
  bare: boolean,
): Correction | null {
  if (bare && (tokens[i - 1]?.kind !== 'pause' || tokens[markerEnd]?.kind !== 'pause')) {
    return null;
  }
  const start = afterPauses(tokens, markerEnd);
  if (!isTaskVerb(tokens[start])) return null;
  // "call Mum. No wait, call Mum on Sunday.": opening a sentence, the marker reaches the task
  // that ended the one before, its full stop going with it.
  let said = beforePauses(tokens, i);
  if (tokens[said - 1]?.kind === 'end') said--;
  let verb = -1;
  for (let k = said - 1; k >= 0 && verb === -1; k--) {
    const token = tokens[k] as Token;
    if (token.kind !== 'word') break;
    const before = tokens[k - 1];
    const opens =
      before === undefined ||
      before.kind !== 'word' ||
      CONJUNCTIONS.has(before.lower) ||
      spokenIntentEndsAt(tokens, k);
    if (isTaskVerb(token) && opens) verb = k;
  }
  if (verb === -1) return null;
  // "call dad tonight too": another task added, not the first one said again.
  for (let k = start + 1; k < start + 2 + RESTATED_TASK_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') break;
    if (ADDING_WORDS.has(word.lower)) return null;
  }
  for (let k = start + 1; k < start + 1 + RESTATED_TASK_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') break;
    // The thing the old task was done to, just after its verb ("phone | Dental Supplies
    // Direct"): "call the landlord about the rent" is not "pay the rent" said again.
    if (
      !FUNCTION_WORDS.has(word.lower) &&
      !WHEN_WORDS.has(word.lower) &&
      saidIn(tokens, word.lower, verb + 1, Math.min(said, verb + 1 + OBJECT_REACH))
    ) {
      return {
        wrongStart: verb,
        wrongEnd: i,
        markerStart: i,
        markerEnd: start,
        replacementEnd: start + 1,
        restart: true,
      };
    }
  }
  return null;
}

/** Whether spoken intent ("I need to") ends just before `k`. */
function spokenIntentEndsAt(tokens: readonly Token[], k: number): boolean {
  return tokens[k - 1]?.lower === 'to' || tokens[k - 1]?.lower === 'gotta';
}

/** "just milk", "only the tent": one of the things said before, the others dropped. */
const NARROWING: ReadonlySet<string> = new Set(['just', 'only']);

/**
 * "buy milk and eggs okay scratch that just milk" -> "buy milk": the list the kept thing was
 * said in goes, from its first thing to the marker, and the kept thing takes its place. Only
 * when the thing was said in a list ("and", "or" or a pause before the marker).
 */
function narrowedList(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
): Correction | null {
  const thing = tokens[start + 1];
  if (
    thing === undefined ||
    thing.kind !== 'word' ||
    end - start < 2 ||
    // "just the tent fit", "just bring the chairs": a phrase or a task, not one thing kept.
    FUNCTION_WORDS.has(thing.lower) ||
    isTaskVerb(thing)
  ) {
    return null;
  }
  // "only Dan is working Sunday" is news about the one thing.
  for (let k = start + 2; k < end; k++) {
    const word = tokens[k] as Token;
    if (VERB_LIKE_WORDS.has(word.lower) || word.lower.endsWith("'s")) return null;
  }
  const said = findAnchor(tokens, i, (candidate) => candidate.lower === thing.lower, true);
  if (said === -1) return null;
  let first = said;
  let listed = false;
  const joins = (token: Token): boolean =>
    token.kind === 'pause' || token.lower === 'and' || token.lower === 'or';
  for (let k = said - 1; k >= 0; k--) {
    const token = tokens[k] as Token;
    if (joins(token)) continue;
    if (token.kind !== 'word' || FUNCTION_WORDS.has(token.lower) || isTaskVerb(token)) break;
    first = k;
  }
  for (let k = first; k < i && !listed; k++) {
    const token = tokens[k] as Token;
    listed = k !== said && (joins(token) || token.kind === 'end');
  }
  if (!listed) return null;
  return {
    wrongStart: first,
    wrongEnd: i,
    markerStart: i,
    markerEnd: start + 1,
    replacementEnd: end,
    restart: true,
  };
}

/** Only the marker goes: what came before it and after it both stay. */
function markerOnly(i: number, start: number): Correction {
  return { wrongStart: i, markerStart: i, markerEnd: start, replacementEnd: start, restart: false };
}

/** Who a clause is said of: "I", "I'll" and "I'm" are one speaker. */
function subjectOf(token: Token | undefined): string {
  if (token?.kind !== 'word') return '';
  return token.lower.replace(/['’](?:ll|m|re|d|ve|s)$/u, '');
}

/**
 * Whether news after a marker takes back the clause before it: a task ("get flowers for Sue,
 * no wait, she's allergic") or the same speaker's plan ("I'll drive, actually no, I'm taking
 * the train"). Someone else's news ("I'll bring the chips, no wait, Sarah's bringing those")
 * leaves the plan as said.
 */
function takenBackBy(tokens: readonly Token[], i: number, start: number): boolean {
  let first = clauseStartBefore(tokens, beforePauses(tokens, i));
  while (tokens[first]?.kind === 'pause') first++;
  const opener = tokens[first];
  if (isTaskVerb(opener)) return true;
  const said = subjectOf(opener);
  return (
    said !== '' && CLAUSE_SUBJECTS.has(opener?.lower ?? '') && said === subjectOf(tokens[start])
  );
}

function saysNews(tokens: readonly Token[], start: number, end: number): boolean {
  for (let k = start; k < end; k++) {
    const word = tokens[k] as Token;
    // "Sarah's bringing those", "they're fine"
    if (VERB_LIKE_WORDS.has(word.lower) || /['’](?:s|re|m)$/u.test(word.lower)) return true;
  }
  return false;
}

function lastEndBetween(tokens: readonly Token[], from: number, to: number): number {
  for (let k = to - 1; k > from; k--) if ((tokens[k] as Token).kind === 'end') return k;
  return -1;
}

/** Where the word denied after a replacement is ("kale, not spinach"), or -1. */
function deniedAfter(tokens: readonly Token[], end: number): number {
  const not = tokens[end]?.kind === 'pause' ? end + 1 : end;
  const word = tokens[not + 1];
  const after = tokens[not + 2];
  // "margarine, not butter flavored though": the word denied must end the phrase.
  if (tokens[not]?.lower !== 'not' || word?.kind !== 'word') return -1;
  return after === undefined || after.kind !== 'word' ? not + 1 : -1;
}

/** Words of "the blue swim trunks": a determiner, what sets the thing apart, the thing. */
const DESCRIBED_THING_MAX_WORDS = 4;

/**
 * Whether the words from the determiner at `wrong` to the marker at `i` are a thing described
 * ("the blue swim trunks", "the big tent"): three or four words, every one after the
 * determiner a content word, so the word after it can be swapped and "one" stand for the rest.
 * "the tent for me", "the plumber we used" are not.
 */
function describedThingBefore(tokens: readonly Token[], wrong: number, i: number): boolean {
  const said = beforePauses(tokens, i);
  const count = said - wrong;
  if (count < 3 || count > DESCRIBED_THING_MAX_WORDS || !allWords(tokens, wrong, said))
    return false;
  for (let k = wrong + 1; k < said; k++) {
    if (FUNCTION_WORDS.has((tokens[k] as Token).lower)) return false;
  }
  return true;
}

/** A first name at `start` with a preposition, a pause or nothing after it: no subject of news. */
function nameForName(tokens: readonly Token[], start: number): boolean {
  const after = tokens[start + 1];
  return (
    FIRST_NAMES.has((tokens[start] as Token).lower) &&
    (after === undefined || after.kind !== 'word' || RESTATED_PREPOSITIONS.has(after.lower))
  );
}

/** "I'm sorry", "so sorry", "say sorry": after a subject, a verb or a word that holds it, "sorry"
 * is meant. */
function isMeantSorry(before: Token | undefined): boolean {
  return (
    before?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(before.lower) ||
      VERB_LIKE_WORDS.has(before.lower) ||
      SORRY_MEANT_AFTER.has(before.lower) ||
      before.lower.endsWith("n't"))
  );
}

/**
 * Applies spoken self-corrections: "at five actually no at six" -> "at six", "the tenth
 * scratch that the twelfth" -> "the twelfth", "for eight at the italian place i mean for ten"
 * -> "for ten at the italian place". The replacement takes the place of as many words of
 * the wrong part as it has; words of the wrong part beyond that stay ("at the italian place").
 * Nothing is added: words are only dropped or moved.
 *
 * One pass: each marker is looked for in a window of the words already written and the words
 * to come, so a long dictation full of corrections costs time in proportion to its length.
 */
export function applyCorrections(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  // Words in `out`, kept as it grows and shrinks: asking `out` itself after every take-back
  // would read a long run of symbols before the first word once per correction.
  let outWords = 0;
  const push = (added: readonly Token[]): void => {
    for (const token of added) {
      out.push(token);
      if (token.kind === 'word') outWords++;
    }
  };
  const truncate = (length: number): void => {
    for (let k = length; k < out.length; k++) if ((out[k] as Token).kind === 'word') outWords--;
    out.length = length;
  };
  let i = 0;
  while (i < tokens.length) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || !CORRECTION_FIRST_WORDS.has(token.lower)) {
      push([token]);
      i++;
      continue;
    }
    const behind = Math.min(out.length, CORRECTION_WINDOW_TOKENS);
    const view = out
      .slice(out.length - behind)
      .concat(tokens.slice(i, i + CORRECTION_WINDOW_TOKENS));
    const correction = findRetraction(view, behind) ?? findCorrection(view, behind);
    if (correction === null) {
      push([token]);
      i++;
      continue;
    }
    const { wrongStart, markerStart, markerEnd, replacementEnd } = correction;
    if (correction.withdrawn === true) {
      const base = out.length - behind;
      truncate(base + wrongStart);
      push(correction.kept ?? []);
      i += replacementEnd - behind;
      // Nothing at all left ("Order the flower order. Scratch that."): the reason stays if
      // there was one ("Dave did it."), else what was said, without the marker.
      if (outWords === 0 && !hasWordFrom(tokens, i)) {
        truncate(base);
        if (correction.reasonStart !== undefined) {
          push(view.slice(correction.reasonStart, replacementEnd));
        } else {
          push(view.slice(0, correction.markerFrom ?? markerStart));
        }
      }
      continue;
    }
    const replacement = view.slice(markerEnd, replacementEnd);
    const wrong = view.slice(wrongStart, markerStart);
    let cut = 0;
    if (correction.wrongEnd !== undefined) cut = correction.wrongEnd - wrongStart;
    else if (correction.restart) cut = alignedCut(wrong, view, markerEnd);
    if (cut === 0) {
      let wrongWords = 0;
      while (cut < wrong.length && wrongWords < replacement.length) {
        if ((wrong[cut] as Token).kind === 'word') wrongWords++;
        cut++;
      }
    }
    // "at half | past three actually no at four": the rest of a time goes with its start, and
    // its "am" or "pm" only when another is said ("seven am no wait eight" is "eight am").
    const saysTail = replacement.some((token) => TIME_TAILS.has(token.lower));
    while (
      cut > 0 &&
      cut < wrong.length &&
      continuesTime(view, wrongStart + cut) &&
      (saysTail || !TIME_TAILS.has((wrong[cut] as Token).lower))
    ) {
      cut++;
    }
    let rest = wrong.slice(cut);
    // "thighs — no wait": a dash said before the marker goes with it, and so does an opener
    // before "scratch that" ("call mom okay scratch that call dad"); before another marker it
    // may be meant ("and say sorry, no wait, Tuesday").
    const scratched = view[markerStart]?.lower === 'scratch';
    while (rest.length > 0) {
      const last = rest[rest.length - 1] as Token;
      const opener =
        last.kind === 'word' &&
        // "euros, well, actually no": "well" led into the marker (fillers go later anyway).
        ((scratched && TAKE_BACK_OPENERS.has(last.lower)) || last.lower === 'well');
      if (last.kind !== 'pause' && last.kind !== 'dash' && !opener) break;
      rest = rest.slice(0, -1);
    }
    // "a second mic. Actually, make that two mics.": the full stop left between the old words
    // and the new is the new sentence's own.
    if (rest.every((token) => token.kind === 'end' || token.kind === 'pause')) rest = [];
    // A phrase restated from its first word, cut inside a pair ("in black and | white,
    // actually no, in full colour"): the rest of the pair goes with it.
    const lastReplaced = wrong[cut - 1];
    if (correction.restart && (lastReplaced?.lower === 'and' || lastReplaced?.lower === 'or')) {
      rest = [];
    }
    const first = replacement[0];
    const wrongFirst = wrong[0];
    // A verb put in place of one said in lower case takes lower case: "Freeze it." had its
    // capital from a sentence of its own.
    const lowered = correction.resume !== undefined && wrongFirst?.text === wrongFirst?.lower;
    const moved =
      first !== undefined && wrongFirst !== undefined
        ? [
            { ...first, text: lowered ? first.lower : first.text, space: wrongFirst.space },
            ...replacement.slice(1),
          ]
        : replacement;
    // "a second mic. Actually, make that two mics": "a" went with the ordinal, and the
    // replacement names the things again.
    let dropped = wrongStart;
    const article = view[wrongStart - 1];
    if (
      (article?.lower === 'a' || article?.lower === 'an') &&
      replacement.filter((part) => part.kind === 'word').length > 1 &&
      isNumeric(first) &&
      first?.lower !== 'one' &&
      wrongFirst !== undefined &&
      SINGULAR_NUMBER.test(wrongFirst.lower)
    ) {
      dropped--;
    }
    truncate(out.length - behind + dropped);
    push(moved);
    push(rest);
    i += (correction.resume ?? replacementEnd) - behind;
  }
  return out;
}

function hasWordFrom(tokens: readonly Token[], from: number): boolean {
  for (let j = from; j < tokens.length; j++) if ((tokens[j] as Token).kind === 'word') return true;
  return false;
}

/** Tokens each side of a marker that a correction may reach: 8 words back (a retraction: a
 * sentence), a marker and a replacement ahead, with the pauses between them. */
const CORRECTION_WINDOW_TOKENS = 48;
