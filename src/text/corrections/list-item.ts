import { afterPauses, beforePauses, type Correction } from './shared.js';
import type { Token } from '../tokenizer.js';
import { CONJUNCTIONS } from '../words/fillers.js';
import { FUNCTION_WORDS, PHRASE_DETERMINERS } from '../words/function-words.js';

/**
 * A thing of a list said again with its determiner: "Moulding, the oak, no, the walnut, three
 * lengths", "the big tray no the small tray", "the blue notebook, sorry, the red one". The
 * phrase before the marker (a determiner and up to three words) gives way to the one after it,
 * opened by the same determiner, when either
 * - it ends on the same thing, or on "one" standing for it; or
 * - both stand alone as items, framed by pauses ("…, the oak, no, the walnut, …").
 * Anything else ("pencils only, no pens", "the tent, no one brought it") is left to the other
 * readings.
 */

/** How far a thing's words reach after its determiner. */
const PHRASE_MAX_WORDS = 3;

const PRO_FORMS: ReadonlySet<string> = new Set(['one', 'ones']);

export function listItemSaidAgain(
  tokens: readonly Token[],
  i: number,
  markerEnd: number,
): Correction | null {
  const head = beforePauses(tokens, i) - 1;
  const said = tokens[head];
  if (said?.kind !== 'word') return null;
  // "the tent for me": a thing's words hold no preposition or other function word.
  if (FUNCTION_WORDS.has(said.lower) && !PRO_FORMS.has(said.lower)) return null;
  let opener = -1;
  for (let k = head - 1; k >= 0 && k >= head - PHRASE_MAX_WORDS; k--) {
    const word = tokens[k] as Token;
    if (word.kind !== 'word') break;
    if (PHRASE_DETERMINERS.has(word.lower)) {
      opener = k;
      break;
    }
    if (FUNCTION_WORDS.has(word.lower)) break;
  }
  if (opener === -1) return null;
  const start = afterPauses(tokens, markerEnd);
  if (tokens[start]?.lower !== (tokens[opener] as Token).lower) return null;
  let end = start + 1;
  let sameThing = -1;
  while (end <= start + PHRASE_MAX_WORDS) {
    const word = tokens[end];
    if (word?.kind !== 'word' || CONJUNCTIONS.has(word.lower)) break;
    end++;
    if (word.lower === said.lower || PRO_FORMS.has(word.lower)) {
      sameThing = end - 1;
      break;
    }
  }
  if (end === start + 1) return null;
  // "the sink, no wait, the sink is fine": the thing said again with news of it is no item.
  const next = tokens[sameThing + 1];
  const itemEnds =
    next === undefined ||
    next.kind !== 'word' ||
    CONJUNCTIONS.has(next.lower) ||
    PHRASE_DETERMINERS.has(next.lower);
  if (sameThing !== -1 && !itemEnds) return null;
  if (sameThing === -1) {
    const framed = tokens[i - 1]?.kind === 'pause' && tokens[start - 1]?.kind === 'pause';
    const alone = (at: number) => tokens[at] === undefined || tokens[at]?.kind !== 'word';
    if (!framed || !alone(opener - 1) || !alone(end)) return null;
    return {
      wrongStart: opener,
      wrongEnd: head + 1,
      markerStart: i,
      markerEnd: start,
      replacementEnd: end,
      restart: true,
    };
  }
  // "the blue notebook, no, the red one", "the blue swim trunks, no, the black ones": as many
  // words as tell the new one apart are said anew, after the determiner; the thing stays.
  const told = sameThing - start - 1;
  if (PRO_FORMS.has((tokens[sameThing] as Token).lower) && told > 0 && head > opener + told) {
    return {
      wrongStart: opener + 1,
      wrongEnd: opener + 1 + told,
      markerStart: i,
      markerEnd: start + 1,
      replacementEnd: sameThing,
      restart: true,
      resume: sameThing + 1,
    };
  }
  return {
    wrongStart: opener,
    wrongEnd: head + 1,
    markerStart: i,
    markerEnd: start,
    replacementEnd: sameThing + 1,
    restart: true,
  };
}
