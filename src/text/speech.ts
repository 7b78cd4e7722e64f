import { byFirstWord } from './clauses/tokens.js';
import { applyCorrections } from './corrections.js';
import { looksLikeQuestion } from './sentences.js';
import {
  ASIDE_BOUNDARY,
  iMeanBeforeClauseLength,
  isLikeFiller,
  isNumberWord,
  keepRunOnBoundary,
  matchesAt,
  opensClauseAfter,
  pushPunctuation,
  skipFiller,
  withText,
  youKnowFillerLength,
} from './speech/fillers.js';
import { properCase } from './speech/proper-case.js';
import { lastSentence, restartStart } from './speech/restarts.js';
import type { Token } from './tokenizer.js';
import { ASIDES } from './words/asides.js';
import { ARTICLES } from './words/checklist.js';
import { CONJUNCTIONS, QUOTING_VERBS, SIMPLE_FILLERS } from './words/fillers.js';
import { BECAUSE_SPELLINGS, HESITATIONS, RUN_ON_ASIDE_ENDS } from './words/speech.js';

/**
 * Speech to written words, token by token: self-corrections applied, fillers, asides and
 * stutters removed, proper nouns capitalised. No NLP model: these are fixed spoken forms,
 * and the whole pass stays linear.
 */

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

    // "a cos lettuce": after an article it names a thing.
    const because =
      BECAUSE_SPELLINGS.has(word) && !(prev?.kind === 'word' && ARTICLES.has(prev.lower));
    const heard = because ? { ...token, lower: 'because' } : token;
    const said = hesitated ? { ...heard, hesitated: true as const } : heard;
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

const ASIDES_BY_FIRST_WORD = byFirstWord(ASIDES);

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

/** The whole speech pass: corrections first (they may use a "no" or "I mean" a filler pass would drop). */
export function cleanTokens(tokens: readonly Token[]): Token[] {
  return properCase(removeFillers(applyCorrections(tokens)));
}
