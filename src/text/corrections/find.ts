import { restatedKindPhrase } from './kind-phrase.js';
import {
  afterProForm,
  isBareNoMarker,
  isMeantSorry,
  lastEndBetween,
  markerEndAt,
  markerOnly,
  reachesBackFrom,
} from './marker.js';
import {
  articledAmount,
  deniedAfter,
  describedThingBefore,
  listedBetween,
  nameForName,
  narrowedList,
  restatedTask,
  saysNews,
  takenBackBy,
} from './replaced.js';
import { restatementAcrossEnd, sentenceSaidAgain } from './across-end.js';
import { determinedPhraseEnd, isPhraseOnly, restatedPhrase } from './restatement.js';
import { negatedVerbAt } from './retraction.js';
import {
  CORRECTION_FIRST_WORDS,
  type Correction,
  afterPauses,
  beforePauses,
  findAnchor,
  isNumeric,
  isReasonSubject,
  isTaskVerb,
  isVerbUse,
  sameKind,
  sameKindAt,
} from './shared.js';
import { opensNews, opensSaidOf } from './said-of.js';
import { takeBack } from './take-back.js';
import { numberEnd, numberStart } from './times.js';
import type { Token } from '../tokenizer.js';
import {
  APOLOGY_MARKERS,
  CORRECTION_MARKERS,
  MARKERS_AFTER_NO,
  RESTATED_PREPOSITIONS,
  TAKE_BACK_MARKERS,
  WITHDRAWING_MARKERS,
} from '../words/asides.js';
import {
  EXPLICIT_MARKERS,
  LEAD_INS,
  MAGNITUDES,
  NARROWING,
  REPLACEMENT_STOPS,
  TASK_RESTATING_MARKERS,
  TIME_TAILS,
} from '../words/corrections.js';
import { FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';
import { FIRST_NAMES } from '../words/proper-nouns.js';
import { listItemSaidAgain } from './list-item.js';

/**
 * The corrections a marker opens ("at five actually no at six"): for a marker said at a place,
 * which words it replaces and with what, or that it is meant and replaces nothing.
 */

/** Words after the marker taken as the replacement, up to the next clause boundary. */
const REPLACEMENT_MAX_WORDS = 5;

export function findCorrection(tokens: readonly Token[], i: number): Correction | null {
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
      const task = restatedTask(
        tokens,
        i,
        markerEnd,
        marker.length === 1,
        APOLOGY_MARKERS.has(marker.join(' ')),
      );
      if (task !== null) return task;
    }
    // "we'll actually make it Saturday", "mum said no, make it July", "I can't actually make
    // it Wednesday": after a word "make it" is meant; it corrects only opening a sentence or
    // after a pause ("for Friday. Actually, make it Saturday.").
    if (marker.at(-1) === 'it' && tokens[i - 1]?.kind === 'word') continue;
    const item = WITHDRAWING_MARKERS.has(marker.join(' '))
      ? null
      : listItemSaidAgain(tokens, i, markerEnd);
    if (item !== null) return item;
    if (!isBareNoMarker(tokens, i, marker)) continue;
    const name = marker.join(' ');
    if (MARKERS_AFTER_NO.has(name) && tokens[beforePauses(tokens, i) - 1]?.lower !== 'no') continue;
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
      (isReasonSubject(first) ||
        (first !== undefined && PHRASE_DETERMINERS.has(first.lower)) ||
        opensSaidOf(tokens, start))
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
