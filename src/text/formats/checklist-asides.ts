import type { TaggedToken } from '../nlp.js';
import { ASIDE_SUBJECTS, ASIDE_TASK_MARKERS, ASIDE_THINGS } from '../words/asides.js';
import { TASK_VERBS } from '../words/tasks.js';
import { VERB_TAGS } from '../words/checklist.js';

/**
 * Asides a speaker adds to the task just said, which are no task of their own: "check the
 * water trough, it was leaking yesterday", "ask Tom to read it, he's brutal but fair", "buy a
 * present for Jonah, something under twenty quid". Cut into boxes of their own they read as
 * tasks ("It was leaking yesterday", "Fair") and change what was said, so they stay with the
 * task before them, as said.
 */

/** The longest aside read as one: a long clause may carry a task of its own. */
const ASIDE_MAX_WORDS = 8;

/**
 * Whether a clause said after a task is an aside on it: led by a pronoun for the thing or
 * person ("it was leaking", "he's brutal"), a bare judgement after "but" ("fair"), or the kind
 * of thing wanted ("something small"), with no task verb in its plain form and nothing that
 * orders a task.
 */
export function isAside(said: readonly TaggedToken[], lead: string): boolean {
  // "... he's brutal. But fair.": the speech engine may end the sentence before the "but".
  const butLed = lead === 'but' || said[0]?.lower === 'but';
  const words = said[0]?.lower === 'but' ? said.slice(1) : said;
  const first = words[0];
  if (first === undefined || words.length > ASIDE_MAX_WORDS) return false;
  if (words.some((word) => ASIDE_TASK_MARKERS.has(word.lower))) return false;
  const ordersTask = words.some(
    (word, k) => k > 0 && TASK_VERBS.has(word.lower) && word.lemma === word.lower,
  );
  if (ordersTask) return false;
  const verbless = words.every((word) => !VERB_TAGS.has(word.pos));
  if (ASIDE_SUBJECTS.has(first.lower)) {
    return words.slice(1).some((word) => VERB_TAGS.has(word.pos) || word.pos === 'ADJ');
  }
  if (ASIDE_THINGS.has(first.lower)) return verbless;
  // "he's brutal | but fair": a judgement said after "but" goes on with what it qualifies.
  return butLed && verbless && words.every((word) => word.pos === 'ADJ' || word.pos === 'ADV');
}
