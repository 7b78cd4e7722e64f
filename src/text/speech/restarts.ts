import { SUBJECT_CONTRACTION, isNumberWord, opensClauseAfter } from './fillers.js';
import type { Token } from '../tokenizer.js';
import { PHRASE_OPENERS, VERB_LIKE_WORDS } from '../words/asides.js';
import { BE_FORMS } from '../words/clause-subjects.js';
import {
  APPROXIMATE_AMOUNT_WORDS,
  DOUBLED_IN_GRAMMAR,
  DOUBLED_NAMES,
  KEEP_REPEATED,
  LIKE_MODALS,
  OPENERS,
  OPENERS_BEFORE_PAUSE,
  RESTARTED_BEFORE_COMMA,
  SIMPLE_FILLERS,
} from '../words/fillers.js';
import { CLAUSE_SUBJECTS } from '../words/function-words.js';
import {
  MODALS_IN_CLAUSE,
  QUESTION_OPENERS,
  RESTARTED_ALONE,
  RESTARTED_PREPOSITIONS,
  UNFINISHED_ENDS,
  VERB_OBJECT_STARTS,
} from '../words/speech.js';

/**
 * Restarts: words begun again after a pause for thought ("in the whole, uh, in the whole
 * team"), of which only the second saying stays.
 */

/** A restart repeats at most this many words ("in the whole, uh, in the whole team"). */
const MAX_RESTART_WORDS = 3;

/**
 * Where in `out` a restart begins: the 1-3 words that end it, said again from tokens[i] with
 * nothing, a comma or a dropped filler between ("the whole, uh, the whole team", "the, the
 * team", "we we shipped"). -1 when they were meant twice ("very, very good", "I had had",
 * "about the money, the money will come").
 */
export function restartStart(
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
      return (n === 1 && !DOUBLED_IN_GRAMMAR.has(last) && !DOUBLED_NAMES.has(last)) ||
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
export function lastSentence(out: readonly Token[]): readonly Token[] {
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
