import {
  APOLOGY_MARKERS,
  BACK_REFERENCES,
  CORRECTION_MARKERS,
  NOT_RESTATING,
  NUMBER_WORDS,
  PHRASE_OPENERS,
  PLAN_WORDS,
  REASON_SUBJECTS,
  REASON_TRAILERS,
  RESTATED_PREPOSITIONS,
  SCRATCH_VERB_BEFORE,
  SORRY_MEANT_AFTER,
  TAKE_BACK_MARKERS,
  TAKE_BACK_OPENERS,
  VERB_LIKE_WORDS,
  WITHDRAWING_MARKERS,
} from './words/asides.js';
import { CONJUNCTIONS, SIMPLE_FILLERS } from './words/fillers.js';
import { CLAUSE_SUBJECTS, FUNCTION_WORDS, PHRASE_DETERMINERS } from './words/function-words.js';
import { AMBIGUOUS_MONTHS, FIRST_NAMES, MONTHS, WEEKDAYS } from './words/proper-nouns.js';
import { IMPERATIVE_VERBS, SEQUENCE_WORDS, TASK_VERBS } from './words/tasks.js';
import { spokenIntentLengthAt } from './clauses.js';
import type { Token } from './tokenizer.js';

/**
 * Spoken self-corrections, token by token: "at five actually no at six" -> "at six". No NLP
 * model: the markers are fixed spoken forms, and what they replace is found by the word or
 * the kind of word (a number, a weekday, a month) said just before, or, for a take-back
 * ("renew my passport no wait I renewed that"), by the clause before. Data: words/asides.ts.
 */

function isNumeric(token: Token | undefined): boolean {
  return (
    token !== undefined &&
    token.kind === 'word' &&
    (/^\p{N}/u.test(token.text) || NUMBER_WORDS.has(token.lower))
  );
}

/** Markers that can only be a correction, so they correct even without an anchor word. */
const EXPLICIT_MARKERS: ReadonlySet<string> = new Set([
  'actually no',
  'no actually',
  'no wait',
  'wait no',
  'or rather',
]);

function sameKind(a: Token, b: Token): boolean {
  if (isNumeric(a) && isNumeric(b)) return true;
  if (WEEKDAYS.has(a.lower) && WEEKDAYS.has(b.lower)) return true;
  return (
    (MONTHS.has(a.lower) || AMBIGUOUS_MONTHS.has(a.lower)) &&
    (MONTHS.has(b.lower) || AMBIGUOUS_MONTHS.has(b.lower))
  );
}

/** Words said before a time's number ("half past three", "quarter past six"). */
const TIME_LEADS: ReadonlySet<string> = new Set(['half', 'quarter']);
/** Words said after a time's number ("six pm", "three o'clock"). */
const TIME_TAILS: ReadonlySet<string> = new Set(['am', 'pm', 'a.m.', 'p.m.', "o'clock", 'oclock']);
/** Words that say a time follows ("at 10 30", "by half past three"). */
const TIME_PREPOSITIONS: ReadonlySet<string> = new Set([
  'at',
  'by',
  'until',
  'till',
  'from',
  'around',
  'before',
  'after',
]);

/**
 * Whether the word at j goes on the spoken time said before it ("at 10 | 30", "at half | past
 * three", "six | pm"), the time opened by a preposition of time: a correction of a time
 * replaces all of it, never its first words only ("at half past three actually no at four" is
 * "at four"). "in the past 3 weeks" and "2 10 foot ladders" hold no time.
 */
function continuesTime(tokens: readonly Token[], j: number): boolean {
  const token = tokens[j];
  const before = tokens[j - 1];
  if (token?.kind !== 'word' || before?.kind !== 'word') return false;
  if (TIME_TAILS.has(token.lower)) return isNumeric(before);
  // "two | hundred", "at 10 | 30": one number said in words, or a time.
  if (composesNumber(tokens, j)) return true;
  let goesOn: boolean;
  if (isNumeric(token)) {
    goesOn =
      (before.lower === 'past' || before.lower === 'to') &&
      TIME_LEADS.has(tokens[j - 2]?.lower ?? '');
  } else if (token.lower === 'past') {
    goesOn = TIME_LEADS.has(before.lower);
  } else {
    // "quarter to four", but "from 3 to 5" is a range.
    goesOn = token.lower === 'to' && before.lower === 'quarter';
  }
  return goesOn && TIME_PREPOSITIONS.has(tokens[timeStart(tokens, j - 1) - 1]?.lower ?? '');
}

/** Where the spoken time that holds the word at `at` starts, its number or lead ("half"). */
function timeStart(tokens: readonly Token[], at: number): number {
  let start = at;
  for (;;) {
    const before = tokens[start - 1];
    const token = tokens[start];
    if (before?.kind !== 'word' || token?.kind !== 'word') return start;
    const inside =
      (isNumeric(token) &&
        (isNumeric(before) || before.lower === 'past' || before.lower === 'to')) ||
      ((token.lower === 'past' || token.lower === 'to') && TIME_LEADS.has(before.lower));
    if (!inside) return start;
    start--;
  }
}

/** Where the number that ends at `at` starts: "two | hundred", "10 | 30", "twenty | one". */
function numberStart(tokens: readonly Token[], at: number): number {
  let start = at;
  while (composesNumber(tokens, start)) start--;
  return start;
}

/**
 * Whether the number at j goes on the one before it: number words ("two hundred", "twenty
 * two") or an hour and its minutes after a preposition of time ("at 10 30"). "2 10 foot
 * ladders", "the 3rd 2 tickets" are two amounts.
 */
function composesNumber(tokens: readonly Token[], j: number): boolean {
  const token = tokens[j];
  const before = tokens[j - 1];
  if (!isNumeric(token) || !isNumeric(before)) return false;
  const digits = /^\p{N}+$/u;
  if (NUMBER_WORDS.has((token as Token).lower) && NUMBER_WORDS.has((before as Token).lower)) {
    return !SINGULAR_NUMBER.test((before as Token).lower);
  }
  if (!digits.test((token as Token).text) || !digits.test((before as Token).text)) return false;
  if (TIME_PREPOSITIONS.has(tokens[j - 2]?.lower ?? '')) return true;
  // "Dinner is 7 30, actually no, 8": an hour and its minutes, the time said last.
  const after = tokens[j + 1];
  return (
    Number((before as Token).text) <= 12 &&
    /^[0-5]\d$/u.test((token as Token).text) &&
    (after === undefined ||
      after.kind !== 'word' ||
      TIME_TAILS.has(after.lower) ||
      CORRECTION_FIRST_WORDS.has(after.lower))
  );
}

/** Words a correction may reach back over: a correction fixes something just said. */
const CORRECTION_REACH_WORDS = 8;
/** Words after the marker taken as the replacement, up to the next clause boundary. */
const REPLACEMENT_MAX_WORDS = 5;
const REPLACEMENT_STOPS: ReadonlySet<string> = new Set(['and', 'but', 'then', 'so', 'because']);

interface Correction {
  /** Index of the first word of what was said wrongly. */
  wrongStart: number;
  markerStart: number;
  markerEnd: number;
  replacementEnd: number;
  /** The replacement restates the wrong part from its first word ("in ..., no, in ..."),
   * rather than fixing one word of it ("five pm, no, six"). */
  restart: boolean;
  /** Where the replaced words end, when the replacement re-anchors on its last word ("the
   * north gate. Wait, no, the east gate"): its length then says nothing of theirs. */
  wrongEnd?: number;
  /** Taken back: the wrong part goes with nothing in its place but `kept`. */
  withdrawn?: boolean;
  kept?: readonly Token[];
  /** Taken back: where the marker starts, with the openers or the join said before it; what
   * is said before it stays when nothing else would be left. */
  markerFrom?: number;
  /** Taken back with its reason: where the reason starts. */
  reasonStart?: number;
  /** A verb put in place of another ("freeze" for "cancel"): where reading goes on, past the
   * words after it that go too ("it"). */
  resume?: number;
}

function isBareNoMarker(tokens: readonly Token[], i: number, marker: readonly string[]): boolean {
  // ", I mean," framed by pauses is a filler; "at eight I mean for ten" corrects.
  if (marker[0] === 'i' && tokens[i + marker.length]?.kind === 'pause') return false;
  // A lone "no" corrects only between words of one kind ("twenty, no, thirty", "next tuesday
  // no wednesday"), or a number and its noun said again with another number ("twelve people,
  // no, fifteen people"); anywhere else it is meant.
  if (marker.length !== 1 || marker[0] !== 'no') return true;
  let before = i - 1;
  while (tokens[before]?.kind === 'pause') before--;
  let after = i + 1;
  while (tokens[after]?.kind === 'pause') after++;
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
  const noun = tokens[before];
  const then = tokens[after + 2];
  return (
    noun?.kind === 'word' &&
    isNumeric(tokens[before - 1]) &&
    isNumeric(tokens[after]) &&
    tokens[after + 1]?.lower === noun.lower &&
    // "twenty years, no two years have been the same": "no two" opens news; the amount said
    // again ends where it was said, or at a "please" ("2 pies no 3 pies please").
    (then === undefined ||
      then.kind !== 'word' ||
      then.lower === 'please' ||
      CONJUNCTIONS.has(then.lower) ||
      RESTATED_PREPOSITIONS.has(then.lower))
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

/** Most words start no marker: one set lookup instead of a look at every marker. */
const CORRECTION_FIRST_WORDS: ReadonlySet<string> = new Set(
  CORRECTION_MARKERS.map((marker) => marker[0] as string),
);

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
  let before = i - 1;
  while (tokens[before]?.kind === 'pause') before--;
  return tokens[before]?.kind === 'end';
}

/**
 * The nearest word before the marker at i that `matches`, within `reach` words and the
 * sentence (or the one before too, `crossesEnd`); -1 when none.
 */
function findAnchor(
  tokens: readonly Token[],
  i: number,
  matches: (candidate: Token, j: number) => boolean,
  crossesEnd = false,
  reach = CORRECTION_REACH_WORDS,
): number {
  let reached = 0;
  let ends = 0;
  for (let j = i - 1; j >= 0 && reached < reach; j--) {
    const candidate = tokens[j] as Token;
    if (candidate.kind === 'end') {
      if (!crossesEnd || ++ends > 1) break;
      continue;
    }
    if (candidate.kind !== 'word') continue;
    reached++;
    if (matches(candidate, j)) return j;
  }
  return -1;
}

function sameKindAt(tokens: readonly Token[], a: number, b: number): boolean {
  const left = tokens[a];
  const right = tokens[b];
  return left?.kind === 'word' && right?.kind === 'word' && sameKind(left, right);
}

function findCorrection(tokens: readonly Token[], i: number): Correction | null {
  const token = tokens[i] as Token;
  if (!CORRECTION_FIRST_WORDS.has(token.lower)) return null;
  // Once "actually no, make that" was said, "actually no" alone is not tried: "make that"
  // would be taken for the replacement.
  let madeThat = false;
  for (const marker of CORRECTION_MARKERS) {
    if (madeThat) return null;
    if (marker[0] !== token.lower) continue;
    const markerEnd = markerEndAt(tokens, i, marker);
    if (markerEnd === -1) continue;
    madeThat = marker.includes('make');
    if (!isBareNoMarker(tokens, i, marker)) continue;
    const name = marker.join(' ');
    const withdrawing = WITHDRAWING_MARKERS.has(name);
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
    // "make that two" alone leaves "a second mic" half restated: only "make that two mics"
    // says what it replaces.
    if (makeThat && words < 2 && !/^\p{N}/u.test(first.text)) continue;
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
    // Unpunctuated ("email tom sorry tim about"), the name must come just before the "sorry"
    // and a preposition after the new one: "stuck at work with tom sorry jen" says sorry to Jen.
    const framedByPauses = tokens[i - 1]?.kind === 'pause' && tokens[markerEnd]?.kind === 'pause';
    const saidStraight =
      start === markerEnd &&
      FIRST_NAMES.has((tokens[i - 1] as Token | undefined)?.lower ?? '') &&
      RESTATED_PREPOSITIONS.has(tokens[start + 1]?.lower ?? '');
    const nameFor = apology && (framedByPauses || saidStraight) && nameForName(tokens, start);
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
        allWords(tokens, wrong, wrong + 3) &&
        wrong + 3 <= i
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
      // "at 10 30 actually no 11": a number replaces the whole time it is part of.
      // "two hundred guests actually no three hundred", "at 10 30 actually no 11": a number
      // replaces the whole number said; "quarter past 3, sorry, 4" keeps the quarter.
      const wrongStart = restart || !isNumeric(head) ? wrong - det : numberStart(tokens, wrong);
      return {
        wrongStart,
        markerStart: i,
        markerEnd: start,
        replacementEnd: end,
        restart,
      };
    }
    if (kindOnly) {
      const restated = restatedPhrase(tokens, i, start, end, EXPLICIT_MARKERS.has(name), makeThat);
      if (restated !== null) return restated;
      continue;
    }
    let lastWord = -1;
    for (let j = i - 1; j >= 0 && lastWord === -1; j--) {
      const candidate = tokens[j] as Token;
      if (candidate.kind === 'end') break;
      if (candidate.kind === 'word') lastWord = j;
    }
    if (withdrawing) return takeBack(tokens, i, markerEnd, true, false);
    // "to Wednesday, no wait, the day after": an explicit marker with nothing to anchor on
    // replaces the word said just before it. A verb turned down ("no wait, don't cancel it")
    // replaces no word: it is a retraction, taken back only when its verb was said.
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

/** A first name at `start` with a preposition, a pause or nothing after it: no subject of news. */
function nameForName(tokens: readonly Token[], start: number): boolean {
  const after = tokens[start + 1];
  return (
    FIRST_NAMES.has((tokens[start] as Token).lower) &&
    (after === undefined || after.kind !== 'word' || RESTATED_PREPOSITIONS.has(after.lower))
  );
}

/** "I scratch that spot", "can't scratch that", "I actually don't cancel it": after a subject or
 * a modal, a marker's words are meant. After "so" or "and" it is still the marker ("so scratch
 * that"). */
function isVerbUse(before: Token | undefined): boolean {
  return (
    before?.kind === 'word' &&
    (CLAUSE_SUBJECTS.has(before.lower) ||
      SCRATCH_VERB_BEFORE.has(before.lower) ||
      /(?:n't|'d|'ll)$/u.test(before.lower))
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
 * Where the phrase that opens with `word` and ends at `end` starts: within
 * RESTATED_PHRASE_MAX_WORDS words, of two at least, with no pause in it; -1 when none.
 */
function phraseOpenedBy(tokens: readonly Token[], end: number, word: string): number {
  for (let j = end - 1; j >= 0 && end - j <= RESTATED_PHRASE_MAX_WORDS; j--) {
    const token = tokens[j] as Token;
    if (token.kind !== 'word') return -1;
    if (token.lower === word && j < end - 1) return j;
  }
  return -1;
}

/**
 * A phrase said again after a marker held to what it surely replaces (a "sorry", a marker
 * framed by commas, a "make that"): from the same preposition up to the marker ("to the Earth, sorry,
 * to the Moon"), or between the same first and last words ("I'll call you tonight, sorry,
 * I'll text you": only "text" is new, "tonight" stays).
 */
function restatedPhrase(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
  explicit: boolean,
  makeThat: boolean,
): Correction | null {
  const first = (tokens[start] as Token).lower;
  const determined = (explicit || makeThat) && PHRASE_DETERMINERS.has(first);
  // "the coffee shop on Main Street": a phrase opened by a determiner ends where a
  // preposition, a conjunction, a pause or the end follows its noun; what comes after stays.
  const phraseEnd = determined ? determinedPhraseEnd(tokens, start) : -1;
  const count = (phraseEnd === -1 ? end : phraseEnd) - start;
  if (
    count > 1 &&
    count <= RESTATED_PHRASE_MAX_WORDS &&
    (RESTATED_PREPOSITIONS.has(first) || determined) &&
    isPhraseOnly(tokens, start, start + count)
  ) {
    let said = i;
    while (tokens[said - 1]?.kind === 'pause') said--;
    const anchor = phraseOpenedBy(tokens, said, first);
    // "about a food truck, no, actually, a night market": after a marker that only corrects,
    // a phrase opened by the same determiner replaces the one said just before it, when that
    // one is a preposition's ("the dog ate the cake, no, actually, the cat" may mean the dog)
    // or "make that" says so ("a latte, actually no, make that a flat white"). It must end as
    // a phrase does: "the diner, wait, no, the kids want pizza" is news.
    const placed =
      !determined ||
      (phraseEnd !== -1 &&
        (makeThat ||
          RESTATED_PREPOSITIONS.has((tokens[anchor - 1] as Token | undefined)?.lower ?? '')));
    if (anchor !== -1 && placed) {
      return {
        wrongStart: anchor,
        markerStart: i,
        markerEnd: start,
        replacementEnd: start + count,
        restart: true,
        wrongEnd: said,
      };
    }
  }
  // "chicken thighs, no wait, make that chicken breasts": a phrase said again from its first
  // word, as long as the one said just before the marker, replaces that one. A determiner's
  // or a preposition's phrase was tried above ("the dog ate the cake, sorry, the cat" may mean
  // the dog).
  if (
    count > 1 &&
    count <= RESTATED_PHRASE_MAX_WORDS &&
    !PHRASE_DETERMINERS.has(first) &&
    !RESTATED_PREPOSITIONS.has(first) &&
    isPhraseOnly(tokens, start, end)
  ) {
    let said = i;
    while (tokens[said - 1]?.kind === 'pause' || tokens[said - 1]?.kind === 'dash') said--;
    const anchor = said - count;
    if (
      anchor >= 0 &&
      (tokens[anchor] as Token).lower === first &&
      allWords(tokens, anchor, said)
    ) {
      return {
        wrongStart: anchor,
        markerStart: i,
        markerEnd: start,
        replacementEnd: end,
        restart: true,
        wrongEnd: said,
      };
    }
  }
  if (count < 3) return null;
  const last = (tokens[end - 1] as Token).lower;
  const wrong = findAnchor(
    tokens,
    i,
    (candidate, j) =>
      candidate.lower === first &&
      j + count <= i &&
      tokens[j + count - 1]?.lower === last &&
      allWords(tokens, j, j + count),
  );
  if (wrong === -1) return null;
  return {
    wrongStart: wrong,
    markerStart: i,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
  };
}

/** Words a phrase opened by a determiner may hold: "the coffee shop", not "the kids want pizza". */
const DETERMINED_PHRASE_MAX_WORDS = 3;

/**
 * Where the phrase a determiner opens at `start` ends: at the preposition, conjunction, pause or
 * end mark after its noun, within DETERMINED_PHRASE_MAX_WORDS words; -1 when it runs on, as a
 * clause does ("the kids want pizza").
 */
function determinedPhraseEnd(tokens: readonly Token[], start: number): number {
  for (let j = start + 2; j <= start + DETERMINED_PHRASE_MAX_WORDS; j++) {
    const token = tokens[j];
    if (
      token === undefined ||
      token.kind !== 'word' ||
      RESTATED_PREPOSITIONS.has(token.lower) ||
      CONJUNCTIONS.has(token.lower)
    ) {
      return j;
    }
  }
  return -1;
}

function allWords(tokens: readonly Token[], start: number, end: number): boolean {
  for (let j = start; j < end; j++) if ((tokens[j] as Token).kind !== 'word') return false;
  return true;
}

/** Where the clause that ends at `end` starts: after a pause, an end mark or a conjunction. */
function clauseStartBefore(tokens: readonly Token[], end: number): number {
  let start = end;
  while (start > 0) {
    const prev = tokens[start - 1] as Token;
    if (prev.kind !== 'word' || CONJUNCTIONS.has(prev.lower)) break;
    start--;
  }
  return start;
}

function isTaskVerb(token: Token | undefined): boolean {
  return (
    token?.kind === 'word' && (TASK_VERBS.has(token.lower) || IMPERATIVE_VERBS.has(token.lower))
  );
}

/** Describing words a noun phrase may hold before the word at j ("a new address book"). */
const PHRASE_REACH_WORDS = 3;

/**
 * Whether the word at j goes on a noun phrase opened before it ("a guest book", "the towels
 * call"): a determiner, then nothing but nouns and describing words up to j.
 */
function insidePhrase(tokens: readonly Token[], j: number, start: number): boolean {
  for (let k = j - 1, words = 0; k >= start && words <= PHRASE_REACH_WORDS; k--, words++) {
    const token = tokens[k] as Token;
    if (token.kind !== 'word') return false;
    if (PHRASE_OPENERS.has(token.lower)) return words > 0;
    if (FUNCTION_WORDS.has(token.lower) || isNumeric(token)) return false;
  }
  return false;
}

/** A word that can open a verb's object: "call the landlord", "ring mum", "email Jen". */
function opensObject(token: Token | undefined): boolean {
  if (token?.kind !== 'word') return false;
  return (
    PHRASE_OPENERS.has(token.lower) ||
    BACK_REFERENCES.has(token.lower) ||
    REASON_SUBJECTS.has(token.lower) ||
    FIRST_NAMES.has(token.lower)
  );
}

/**
 * Where the last task said in tokens[start, end) begins, or -1 when the clause is no task
 * ("my brother wanted to sell it" is news, not a task to take back). Unpunctuated speech runs
 * tasks together ("and sunscreen renew my passport"): there a verb that is rarely a noun,
 * after a word that can end a phrase, starts the task.
 */
function lastTaskStart(tokens: readonly Token[], start: number, end: number): number {
  for (let j = end - 1; j > start; j--) {
    const token = tokens[j] as Token;
    const prev = tokens[j - 1] as Token;
    const next = tokens[j + 1];
    const verb =
      IMPERATIVE_VERBS.has(token.lower) ||
      // "cups order the cake": a verb that is often a noun, before its object's determiner.
      (TASK_VERBS.has(token.lower) && next !== undefined && PHRASE_DETERMINERS.has(next.lower));
    if (
      token.kind === 'word' &&
      verb &&
      prev.kind === 'word' &&
      !FUNCTION_WORDS.has(prev.lower) &&
      !SEQUENCE_WORDS.has(prev.lower) &&
      (!insidePhrase(tokens, j, start) || opensObject(next))
    ) {
      return j;
    }
  }
  let first = start;
  while (first < end && SEQUENCE_WORDS.has((tokens[first] as Token).lower)) first++;
  if (first < end) first += spokenIntentLengthAt(tokens, first);
  return first < end && isTaskVerb(tokens[first]) ? start : -1;
}

function isReasonSubject(token: Token | undefined): boolean {
  if (token?.kind !== 'word' || PLAN_WORDS.has(token.lower)) return false;
  // "Tom's doing the slides", "dad's got it": a name with its "is" or "has".
  const word = token.lower.endsWith("'s") ? token.lower.slice(0, -2) : token.lower;
  return (
    CLAUSE_SUBJECTS.has(token.lower) ||
    REASON_SUBJECTS.has(token.lower) ||
    REASON_SUBJECTS.has(word) ||
    FIRST_NAMES.has(word)
  );
}

/** Words of a reason, after its subject, up to the word that points back at the task. */
const REASON_MAX_WORDS = 6;

/** A reason ends at a pause, a filler or where the next task starts ("I renewed that print"). */
function endsReasonBefore(token: Token | undefined): boolean {
  return (
    token === undefined ||
    token.kind !== 'word' ||
    SIMPLE_FILLERS.has(token.lower) ||
    CONJUNCTIONS.has(token.lower) ||
    SEQUENCE_WORDS.has(token.lower) ||
    IMPERATIVE_VERBS.has(token.lower)
  );
}

function saidIn(tokens: readonly Token[], word: string, start: number, end: number): boolean {
  for (let j = start; j < end; j++) {
    const token = tokens[j] as Token;
    if (token.kind === 'word' && token.lower === word) return true;
  }
  return false;
}

/** Words a thing named again may take before its noun ("the whole kitchen"). */
const NAMED_AGAIN_MAX_WORDS = 3;

/**
 * "scratch that, the kitchen's already packed": the task's own thing as the subject of what
 * follows says why the task is not needed. Where that subject ends, with its "'s", or -1.
 */
function thingNamedAgainEnd(
  tokens: readonly Token[],
  at: number,
  taskStart: number,
  taskEnd: number,
): number {
  const det = tokens[at];
  if (det?.kind !== 'word' || !PHRASE_DETERMINERS.has(det.lower)) return -1;
  const objectEnd = taskEnd;
  for (let j = at + 1; j <= at + NAMED_AGAIN_MAX_WORDS; j++) {
    const token = tokens[j];
    if (token?.kind !== 'word') return -1;
    const possessive = token.lower.endsWith("'s");
    const said = possessive ? token.lower.slice(0, -2) : token.lower;
    // Every word of the phrase was said of the task's thing: "the small room" names another.
    if (FUNCTION_WORDS.has(said) || !saidIn(tokens, said, taskStart, objectEnd)) continue;
    for (let k = at + 1; k < j; k++) {
      if (!saidIn(tokens, (tokens[k] as Token).lower, taskStart, objectEnd)) return -1;
    }
    const next = tokens[j + 1];
    if (next?.kind !== 'word') return -1;
    // "the kitchen is", "the kitchen's already packed"; "the car's tires" owns them.
    return VERB_LIKE_WORDS.has(next.lower) || (possessive && isStateAfterIs(next)) ? j + 1 : -1;
  }
  return -1;
}

/** What "'s" as "is" is followed by: a state ("done", "packed", "fine") or an adverb. */
function isStateAfterIs(token: Token): boolean {
  // "packed", "fixed"; not "bed", "shed" or "need".
  return STATES_AFTER_IS.has(token.lower) || /\p{L}{2}[^e]ed$/u.test(token.lower);
}

const STATES_AFTER_IS: ReadonlySet<string> = new Set([
  'already',
  'still',
  'just',
  'all',
  'not',
  'never',
  'been',
  'fine',
  'ok',
  'okay',
  'done',
  'gone',
  'full',
  'empty',
  'free',
  'open',
  'ready',
  'sorted',
  'clean',
  'dry',
  'broken',
  'closed',
  'over',
]);

/** Where the clause going on at `at` ends, within `max` words; -1 when it runs longer. */
function clauseEndWithin(tokens: readonly Token[], at: number, max: number): number {
  let end = at;
  for (let words = 0; words <= max; words++, end++) {
    if (endsReasonBefore(tokens[end])) return end;
  }
  return -1;
}

/**
 * Where the reason for taking a task back ends ("no wait I renewed that", "scratch that, Tom's
 * doing the slides"), or -1 when what follows the marker is no such reason: a subject, then,
 * within a few words, a word that points back at the task or names it again, where the
 * reason can end. A plan ("I'll do that") restates the task rather than explaining it away.
 */
function reasonEndAt(
  tokens: readonly Token[],
  from: number,
  taskStart: number,
  taskEnd: number,
): number {
  let at = afterPauses(tokens, from);
  const named = thingNamedAgainEnd(tokens, at, taskStart, taskEnd);
  // The word after the thing ("is", "clean") is the reason's, whatever else it can be.
  if (named !== -1) return clauseEndWithin(tokens, named + 1, REASON_MAX_WORDS);
  if (!isReasonSubject(tokens[at])) return -1;
  for (let words = 0; words < REASON_MAX_WORDS; words++) {
    at++;
    const token = tokens[at];
    if (token?.kind !== 'word' || PLAN_WORDS.has(token.lower)) return -1;
    const pointsBack =
      BACK_REFERENCES.has(token.lower) ||
      (!FUNCTION_WORDS.has(token.lower) && saidIn(tokens, token.lower, taskStart, taskEnd));
    if (!pointsBack) continue;
    let end = at + 1;
    const trailer = tokens[end];
    if (trailer?.kind === 'word' && REASON_TRAILERS.has(trailer.lower)) end++;
    if (endsReasonBefore(tokens[end])) return end;
  }
  return -1;
}

/**
 * Where the sentence that a marker at i opens starts, when nothing but openers ("Actually,")
 * stands before the marker in it; -1 when the marker does not open a sentence.
 */
function sentenceOpenedAt(tokens: readonly Token[], i: number): number {
  let start = i;
  while (start > 0) {
    const prev = tokens[start - 1] as Token;
    if (prev.kind !== 'pause' && !(prev.kind === 'word' && TAKE_BACK_OPENERS.has(prev.lower)))
      break;
    start--;
  }
  return tokens[start - 1]?.kind === 'end' ? start : -1;
}

/** A pause, a conjunction or a filler: what joined a clause to the one before. */
function isJoin(token: Token): boolean {
  return (
    token.kind === 'pause' ||
    (token.kind === 'word' && (CONJUNCTIONS.has(token.lower) || SIMPLE_FILLERS.has(token.lower)))
  );
}

function endsSentenceAt(tokens: readonly Token[], at: number): boolean {
  const token = tokens[afterPauses(tokens, at)];
  return token === undefined || token.kind === 'end';
}

/**
 * A take-back: the clause before the marker goes, and the reason after it when there is one.
 * "scratch that" takes back whatever it follows (`withdrawing`); "no wait" and the like take
 * back a task only with a reason ("renew my passport no wait I renewed that"), since after
 * anything else they restate. A "scratch that" that opens a sentence reaches the last clause
 * of the sentence before ("... finish my slides. Actually, scratch that, ..."). null when
 * `needsReason` and there is none, or no task to take back.
 */
function takeBack(
  tokens: readonly Token[],
  i: number,
  markerEnd: number,
  withdrawing: boolean,
  needsReason: boolean,
): Correction | null {
  let markerStart = i;
  let clauseEnd = i;
  // "water the lawn so scratch that", "print it, actually scratch that": what joined the
  // marker on goes with it. A "but" before "wait, no" is the speaker changing their mind about
  // news, not taking a task back.
  while (
    clauseEnd > 0 &&
    (tokens[clauseEnd - 1]?.kind === 'pause' ||
      (withdrawing && tokens[clauseEnd - 1]?.kind === 'dash') ||
      (withdrawing &&
        (isJoin(tokens[clauseEnd - 1] as Token) ||
          TAKE_BACK_OPENERS.has((tokens[clauseEnd - 1] as Token).lower))))
  ) {
    clauseEnd--;
  }
  const markerFrom = clauseEnd;
  let crossed: Token | undefined;
  const opened = withdrawing ? sentenceOpenedAt(tokens, i) : -1;
  if (opened !== -1) {
    // "Scratch that silver panel", "Scratch that and she is happy": opening a sentence, the
    // marker stands alone (a pause, an end mark or nothing after it), or it is meant.
    const after = tokens[markerEnd];
    if (after !== undefined && after.kind === 'word') return null;
    markerStart = opened;
    clauseEnd = opened - 1;
    crossed = tokens[clauseEnd];
  }
  const clauseStart = clauseStartBefore(tokens, clauseEnd);
  const said = clauseStart < clauseEnd;
  const task = said ? lastTaskStart(tokens, clauseStart, clauseEnd) : -1;
  const wrongStart = task === -1 ? clauseStart : task;
  const reasonEnd = said ? reasonEndAt(tokens, markerEnd, wrongStart, clauseEnd) : -1;
  if (needsReason && (reasonEnd === -1 || (!withdrawing && task === -1))) return null;
  // "Buy a new phone charger. Scratch that, a new phone.": what follows is no clause to stand
  // for the one taken back, and where it goes is unsure; both stay, without the marker.
  if (opened !== -1 && reasonEnd === -1 && !endsSentenceAt(tokens, markerEnd)) {
    if (!opensClause(tokens, markerEnd)) return markerOnly(opened, markerEnd);
  }
  const end = reasonEnd === -1 ? markerEnd : reasonEnd;
  // Taken back at the end of its sentence, the clause leaves the "and" that joined it.
  let dropFrom = wrongStart;
  if (said && (crossed !== undefined || endsSentenceAt(tokens, end))) {
    let joined = dropFrom;
    while (joined > 0 && isJoin(tokens[joined - 1] as Token)) joined--;
    if (tokens[joined - 1]?.kind === 'word') dropFrom = joined;
  }
  // The sentence before keeps its end mark while any of it is left.
  const kept = crossed !== undefined && tokens[dropFrom - 1]?.kind === 'word' ? [crossed] : [];
  return {
    wrongStart: dropFrom,
    markerStart,
    markerEnd: end,
    replacementEnd: end,
    restart: false,
    withdrawn: true,
    kept,
    markerFrom: opened === -1 ? markerFrom : opened,
    ...(reasonEnd === -1 ? {} : { reasonStart: afterPauses(tokens, markerEnd) }),
  };
}

function afterPauses(tokens: readonly Token[], at: number): number {
  let next = at;
  while (tokens[next]?.kind === 'pause') next++;
  return next;
}

/** Only the marker goes, with the openers said before it ("Actually,"). */
function markerOnly(from: number, markerEnd: number): Correction {
  return {
    wrongStart: from,
    markerStart: from,
    markerEnd,
    replacementEnd: markerEnd,
    restart: false,
    withdrawn: true,
    kept: [],
    markerFrom: from,
  };
}

/** Whether the words at `at` open a clause: a task ("book a hostel") or a subject ("I'll"). */
function opensClause(tokens: readonly Token[], at: number): boolean {
  let first = afterPauses(tokens, at);
  const subject = tokens[first];
  if (
    subject?.kind === 'word' &&
    (isReasonSubject(subject) || CLAUSE_SUBJECTS.has(subject.lower) || subject.lower === "let's")
  )
    return true;
  while (SEQUENCE_WORDS.has(tokens[first]?.lower ?? '')) first++;
  first += spokenIntentLengthAt(tokens, first);
  return isTaskVerb(tokens[first]);
}

/** Words a retraction may reach back over for the verb it names: a long sentence. */
const RETRACTION_REACH_WORDS = 24;

/** "don't buy that, buy this" names another thing; "it" and "them" point back at the one
 * turned down, however the retraction named it. */
const SAME_THING: ReadonlySet<string> = new Set(['it', 'them']);

/** Where the verb turned down at `at` is ("don't cancel", "do not cancel", "not cancel"), or -1. */
function negatedVerbAt(tokens: readonly Token[], at: number): number {
  const word = tokens[at];
  if (word?.kind !== 'word') return -1;
  if (word.lower === "don't" || word.lower === 'not') return at + 1;
  return word.lower === 'do' && tokens[at + 1]?.lower === 'not' ? at + 2 : -1;
}

/** A word that can be the verb before a back-reference ("cancel it"), unlike "do" or "just". */
function isContentWord(token: Token | undefined): token is Token {
  return token?.kind === 'word' && !FUNCTION_WORDS.has(token.lower) && !isNumeric(token);
}

/** "cancel the gym membership": a verb and its object, not a noun ("the cancel button") nor a
 * task already turned down ("don't cancel the gym"). */
function isVerbWithObject(tokens: readonly Token[], j: number): boolean {
  const before = tokens[j - 1];
  if (tokens[j + 1]?.kind !== 'word') return false;
  return (
    before?.kind !== 'word' ||
    !(
      PHRASE_OPENERS.has(before.lower) ||
      before.lower === 'not' ||
      before.lower === 'never' ||
      before.lower.endsWith("n't")
    )
  );
}

function isRetractionOpener(token: Token | undefined): boolean {
  return (
    token?.kind === 'pause' ||
    (token?.kind === 'word' &&
      (TAKE_BACK_OPENERS.has(token.lower) || SIMPLE_FILLERS.has(token.lower)))
  );
}

/**
 * A task turned down after it was said, led by an opener ("actually", "no wait"): "cancel the
 * gym membership. Actually, don't cancel it, freeze it." -> "freeze the gym membership", the
 * new verb in place of the old and the object kept; without a new verb ("Actually, don't
 * cancel it.") the task goes. The verb turned down must have been said, as a verb, in this
 * sentence or the one before: nothing is guessed. The retraction must end where its sentence
 * or clause does, so "don't cancel it unless they call" is meant. A task said before others
 * goes only for a new verb, since where it ends is unsure ("cancel the gym and pool ...").
 */
function findRetraction(tokens: readonly Token[], i: number): Correction | null {
  if (!TAKE_BACK_OPENERS.has((tokens[i] as Token).lower)) return null;
  let after = i + 1;
  while (isRetractionOpener(tokens[after])) after++;
  const verbAt = negatedVerbAt(tokens, after);
  if (verbAt === -1) return null;
  const verb = tokens[verbAt];
  const object = tokens[verbAt + 1];
  if (!isContentWord(verb) || object?.kind !== 'word' || !BACK_REFERENCES.has(object.lower)) {
    return null;
  }
  let from = i;
  while (isRetractionOpener(tokens[from - 1])) from--;
  const before = tokens[from - 1];
  if (isVerbUse(before)) return null;
  // "Should I cancel it? No, don't cancel it.": an answer, not a change of mind.
  const opened = before?.kind === 'end';
  if (opened && before.text === '?') return null;
  let end = verbAt + 2;
  let next = afterPauses(tokens, end);
  // "No, don't cancel it! Freeze it.": the new verb may be a sentence of its own.
  if (opened && tokens[next]?.kind === 'end' && tokens[next]?.text !== '?') {
    next = afterPauses(tokens, next + 1);
  }
  if (tokens[next]?.lower === 'just') next++;
  const replacement = tokens[next];
  const again = tokens[next + 1];
  const replaced =
    isContentWord(replacement) &&
    replacement.lower !== verb.lower &&
    again?.kind === 'word' &&
    (again.lower === object.lower || SAME_THING.has(again.lower));
  if (replaced) {
    end = next + 2;
    if (tokens[end]?.lower === 'instead') end++;
  }
  const stop = afterPauses(tokens, end);
  const following = tokens[stop];
  if (
    following !== undefined &&
    following.kind !== 'end' &&
    (opened ||
      following.kind !== 'word' ||
      !(CONJUNCTIONS.has(following.lower) || SEQUENCE_WORDS.has(following.lower)))
  ) {
    return null;
  }
  // A sentence of its own, the retraction goes with its end mark.
  if (opened && following !== undefined) end = stop + 1;
  const wrong = findAnchor(
    tokens,
    from,
    (candidate, j) => candidate.lower === verb.lower && isVerbWithObject(tokens, j),
    true,
    RETRACTION_REACH_WORDS,
  );
  if (wrong === -1) return null;
  if (replaced) {
    return {
      wrongStart: wrong,
      markerStart: from,
      markerEnd: next,
      replacementEnd: next + 1,
      restart: false,
      resume: end,
    };
  }
  const clauseEnd = opened ? from - 1 : from;
  for (let j = wrong + 1; j < clauseEnd; j++) {
    const word = tokens[j] as Token;
    if (word.kind !== 'word') return null;
    const joins = CONJUNCTIONS.has(word.lower) || SEQUENCE_WORDS.has(word.lower);
    if (joins && opensClause(tokens, j + 1)) return null;
  }
  // "I need to cancel the gym", "then cancel the gym": the intent or the sequence word goes
  // with the task.
  let dropFrom = wrong;
  const start = clauseStartBefore(tokens, wrong);
  let first = start;
  while (first < wrong && SEQUENCE_WORDS.has((tokens[first] as Token).lower)) first++;
  if (first + spokenIntentLengthAt(tokens, first) === wrong) dropFrom = start;
  while (dropFrom > start && SEQUENCE_WORDS.has((tokens[dropFrom - 1] as Token).lower)) dropFrom--;
  // So does the "and" that joined it, while anything is said before it.
  let joined = dropFrom;
  while (joined > 0 && isJoin(tokens[joined - 1] as Token)) joined--;
  if (tokens[joined - 1]?.kind === 'word') dropFrom = joined;
  // With nothing else left, all stays as said: the task alone would say the opposite.
  return {
    wrongStart: dropFrom,
    markerStart: from,
    markerEnd: end,
    replacementEnd: end,
    restart: false,
    withdrawn: true,
    kept: opened && tokens[dropFrom - 1]?.kind === 'word' ? [before] : [],
    markerFrom: end,
  };
}

/** Words of a phrase said again as a sentence of its own ("Wait, no, the east gate."). */
const RESTATED_PHRASE_MAX_WORDS = 4;

/**
 * Whether tokens[start, end) are a phrase, not a statement: no subject, verb, plan or denial.
 * After a preposition a name or a pronoun is its object ("to Sam"), and "to" opens a place.
 */
function isPhraseOnly(tokens: readonly Token[], start: number, end: number): boolean {
  const preposition = end - start > 1 && RESTATED_PREPOSITIONS.has((tokens[start] as Token).lower);
  for (let j = preposition ? start + 1 : start; j < end; j++) {
    const word = tokens[j] as Token;
    if (
      (!preposition && isReasonSubject(word)) ||
      NOT_RESTATING.has(word.lower) ||
      PLAN_WORDS.has(word.lower) ||
      isVerbLike(word, j === end - 1)
    )
      return false;
  }
  return true;
}

/** A verb, or a word that is rarely anything else ("changed", "is"): a short sentence holding
 * one is a new statement ("Wait, no, the gate code changed."), not a phrase restating one. */
function isVerbLike(token: Token, last: boolean): boolean {
  if (token.kind !== 'word' || isNumeric(token)) return false;
  if (VERB_LIKE_WORDS.has(token.lower) || /\p{L}{2}[^e]ed$/u.test(token.lower)) return true;
  // A task verb may be the noun said again at the end ("the phone book"), never before it.
  return !last && isTaskVerb(token);
}

/**
 * A phrase corrected after a full stop: "in March. Actually, no, April." or "at the north
 * gate. Wait, no, the east gate." The marker opens a sentence that is nothing but a short
 * phrase, and the phrase re-anchors on its preposition, opening the phrase that ended the
 * sentence before ("to the Earth. Actually, no, to the Moon."), on a word of the same kind (a
 * month, a weekday, a number) or on its own last word, said again, where it was the head noun
 * of a phrase in the sentence before ("the north gate", not "the gate code"); after an
 * apology (`sameOpener`) that phrase must start with the same word too. Any other phrase is
 * left as said: "The dog ate the cake. Wait, no, the cat." may mean either noun. Anything
 * longer than
 * RESTATED_PHRASE_MAX_WORDS, with a subject, a verb or a "not", is a new statement
 * ("Actually, no, the weather is bad."), and a "!" or a "?" is meant ("Wait, no way!").
 */
function restatementAcrossEnd(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
  sameOpener: boolean,
): Correction | null {
  const opened = sentenceOpenedAt(tokens, i);
  if (opened === -1 || (tokens[opened - 1] as Token).text !== '.') return null;
  const after = tokens[end];
  if (after !== undefined && !(after.kind === 'end' && after.text === '.')) return null;
  const count = end - start;
  if (count > RESTATED_PHRASE_MAX_WORDS) return null;
  const firstWord = (tokens[start] as Token).lower;
  if (!isPhraseOnly(tokens, start, end)) return null;
  // "to the Moon": its preposition says which phrase, ending the sentence before, it replaces.
  if (count > 1 && RESTATED_PREPOSITIONS.has(firstWord)) {
    const anchor = phraseOpenedBy(tokens, opened - 1, firstWord);
    if (anchor !== -1) {
      return {
        wrongStart: anchor,
        markerStart: opened,
        markerEnd: start,
        replacementEnd: end,
        restart: true,
        wrongEnd: opened - 1,
      };
    }
  }
  const det = count > 1 && PHRASE_DETERMINERS.has(firstWord) ? 1 : 0;
  const head = tokens[start + det] as Token;
  const same = findAnchor(tokens, opened, (candidate) => sameKind(candidate, head), true);
  let restAgain = same !== -1;
  for (let j = start + det + 1; restAgain && j < end; j++) {
    restAgain = saidIn(tokens, (tokens[j] as Token).lower, same + 1, opened);
  }
  if (restAgain) {
    const withDet = det === 1 && tokens[same - 1]?.lower === firstWord;
    return {
      wrongStart: withDet ? same - 1 : same,
      markerStart: opened,
      markerEnd: withDet ? start : start + det,
      replacementEnd: end,
      restart: false,
    };
  }
  // "Android on Thursday. Sorry, Android on Friday.": the phrase said again word for word but
  // for one word of the same kind.
  const again = findAnchor(
    tokens,
    opened,
    (candidate, j) => candidate.lower === firstWord && changesOneOfKind(tokens, j, start, count),
    true,
  );
  if (count > 1 && again !== -1) {
    return {
      wrongStart: again,
      markerStart: opened,
      markerEnd: start,
      replacementEnd: end,
      restart: true,
      wrongEnd: again + count,
    };
  }
  const last = tokens[end - 1] as Token;
  if (count < 2 || FUNCTION_WORDS.has(last.lower) || isNumeric(last)) return null;
  const anchor = findAnchor(tokens, opened, (candidate) => candidate.lower === last.lower, true);
  if (anchor === -1) return null;
  // Only a head noun: "phone" in "a new phone charger" names no phrase of its own.
  const following = tokens[anchor + 1];
  if (following?.kind === 'word' && !FUNCTION_WORDS.has(following.lower) && !isNumeric(following))
    return null;
  // The wrong phrase starts at the word the new one starts with ("the"), or as many describing
  // words back from the head noun as the new one has.
  let wrongStart = anchor;
  for (let j = anchor - 1, k = 0; k < count && tokens[j]?.kind === 'word'; j--, k++) {
    if ((tokens[j] as Token).lower === firstWord) {
      wrongStart = j;
      break;
    }
  }
  // "That was a big mistake. Sorry, my mistake.": an apology says a noun again in passing.
  if (wrongStart === anchor && sameOpener) return null;
  if (wrongStart === anchor) {
    for (
      let j = anchor - 1, k = 1;
      k < count && tokens[j]?.kind === 'word' && !FUNCTION_WORDS.has((tokens[j] as Token).lower);
      j--, k++
    ) {
      wrongStart = j;
    }
  }
  return {
    wrongStart,
    markerStart: opened,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
    wrongEnd: anchor + 1,
  };
}

/** Words a sentence said again must have before the correction takes the one before for it. */
const SENTENCE_AGAIN_MIN_WORDS = 3;
/** Tokens the sentence before may take: a task said again is short, and it stays in view. */
const SENTENCE_AGAIN_MAX_TOKENS = 20;
/** Words that add to what was said rather than replace it. */
const ADDING_WORDS: ReadonlySet<string> = new Set(['too', 'also']);

/**
 * "Send the slides to Priya. Actually no, send the slides to Marcus.": a sentence opened by a
 * marker that only corrects, starting with the content word (a task's verb, most often) the
 * sentence before started with, is that sentence said again, and takes its place whole.
 */
function sentenceSaidAgain(
  tokens: readonly Token[],
  i: number,
  start: number,
  end: number,
): Correction | null {
  const opened = sentenceOpenedAt(tokens, i);
  if (opened === -1 || (tokens[opened - 1] as Token).text !== '.') return null;
  if (end - start < SENTENCE_AGAIN_MIN_WORDS) return null;
  // "No wait, buy eggs as well": said in addition, not instead.
  for (let j = start; j < tokens.length && (tokens[j] as Token).kind !== 'end'; j++) {
    const word = (tokens[j] as Token).lower;
    if (ADDING_WORDS.has(word) || (word === 'well' && tokens[j - 1]?.lower === 'as')) return null;
  }
  // The sentence before, found within reach: one longer than that, or one that started
  // before the words in view, is not told again whole.
  let before = opened - 1;
  while (before > 0 && (tokens[before - 1] as Token).kind !== 'end') {
    if (opened - before > SENTENCE_AGAIN_MAX_TOKENS) return null;
    before--;
  }
  before = afterPauses(tokens, before);
  const first = tokens[before];
  if (first?.kind !== 'word' || first.lower !== (tokens[start] as Token).lower) return null;
  // "Clean the kitchen, vacuum the stairs and mop. No wait, clean the bathroom first.": a
  // sentence with a pause or a second task verb is not one task said again ("to Priya and
  // Tom" is one).
  for (let j = before + 1; j < opened - 1; j++) {
    const token = tokens[j] as Token;
    if (token.kind === 'pause' || isTaskVerb(token)) return null;
  }
  // "She moved here in May. Actually, no, she never said when.": a subject or a function word
  // said again opens news as often as a correction.
  if (FUNCTION_WORDS.has(first.lower) || CLAUSE_SUBJECTS.has(first.lower)) return null;
  return {
    wrongStart: before,
    markerStart: opened,
    markerEnd: start,
    replacementEnd: end,
    restart: true,
    wrongEnd: opened,
  };
}

/** Whether the `count` words at `said` and at `again` differ in one word only, of one kind. */
function changesOneOfKind(
  tokens: readonly Token[],
  said: number,
  again: number,
  count: number,
): boolean {
  let changed = 0;
  for (let k = 0; k < count; k++) {
    const a = tokens[said + k];
    const b = tokens[again + k] as Token;
    if (a?.kind !== 'word') return false;
    if (a.lower === b.lower) continue;
    if (!sameKind(a, b) || ++changed > 1) return false;
  }
  return changed === 1;
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
    // "call mom okay scratch that call dad", "thighs — no wait": an opener or a dash said
    // before the marker goes with it.
    while (rest.length > 0) {
      const last = rest[rest.length - 1] as Token;
      const opener = last.kind === 'word' && TAKE_BACK_OPENERS.has(last.lower);
      if (last.kind !== 'pause' && last.kind !== 'dash' && !opener) break;
      rest = rest.slice(0, -1);
    }
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

/** Words of a restatement read for where it meets the words it replaces. */
const RESTATEMENT_MAX_WORDS = 12;

/**
 * How much of the wrong words a restatement from their first word replaces, found by the last
 * word both share ("send the slides to priya actually no send them to marcus": "to" meets "to",
 * so "marcus" takes "priya"'s place; "we should stop printing the monthly reports scratch that
 * we should stop printing all reports": "reports" meets "reports", so "monthly" goes); 0 when
 * they share no word after the first ("for eight at the italian place i mean for ten"), and the
 * replacement then takes as many words as it has.
 */
function alignedCut(wrong: readonly Token[], view: readonly Token[], from: number): number {
  const said: Token[] = [];
  for (let j = from; j < view.length && said.length < RESTATEMENT_MAX_WORDS; j++) {
    const token = view[j] as Token;
    if (token.kind !== 'word' || (said.length > 0 && REPLACEMENT_STOPS.has(token.lower))) break;
    said.push(token);
  }
  // Where each word of the wrong part stands among its words.
  const wordAt: number[] = [];
  wrong.forEach((token, j) => {
    if (token.kind === 'word') wordAt.push(j);
  });
  for (let k = said.length - 1; k >= 1; k--) {
    const word = (said[k] as Token).lower;
    // Of the same word said twice, the one in the same place in the phrase: "the" of "in the
    // garage" meets "the" of "in the car", not "the box".
    let at = -1;
    for (let w = 1; w < wordAt.length; w++) {
      const j = wordAt[w] as number;
      if ((wrong[j] as Token).lower !== word) continue;
      if (at === -1 || Math.abs(w - k) < Math.abs(wordAt.indexOf(at) - k)) at = j;
    }
    if (at === -1) continue;
    // The words said after the shared one take the place of as many after it.
    let cut = at + 1;
    for (let left = said.length - 1 - k; left > 0 && cut < wrong.length; cut++) {
      if ((wrong[cut] as Token).kind === 'word') left--;
    }
    return cut;
  }
  return 0;
}

function hasWordFrom(tokens: readonly Token[], from: number): boolean {
  for (let j = from; j < tokens.length; j++) if ((tokens[j] as Token).kind === 'word') return true;
  return false;
}

/** Tokens each side of a marker that a correction may reach: 8 words back (a retraction: a
 * sentence), a marker and a replacement ahead, with the pauses between them. */
const CORRECTION_WINDOW_TOKENS = 48;
/** Numbers that go with "a": "a second", "a third", "a fifth". */
const SINGULAR_NUMBER = /^(?:second|third|\p{L}+th)$/u;
