import { leadAt, opensReasonPhrase } from './leads.js';
import { saysOfTheOnes } from './list-names.js';
import {
  forbidsAt,
  isPurpose,
  isReasonAt,
  resumesTaskAfterHesitation,
  startsVerbPhrase,
  subjectAfterContent,
  verbAfterNounPhrase,
} from './starts.js';
import { NOUN_PHRASE_START, asModifier, isKnownTaskVerb, isWord } from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import {
  CLAUSE_CONNECTIVES,
  CLAUSE_SUBJECTS,
  JOINERS,
  NON_RESTRICTIVE,
  SUBORDINATORS,
} from '../words/function-words.js';
import { DETAIL_TABLE } from '../rows/details.js';
import { CLAUSE_START_LEADS } from '../words/pitch.js';
import { AMBIGUOUS_MONTHS, MONTHS } from '../words/proper-nouns.js';
import { SPLIT_WORDS, TASK_VERBS } from '../words/tasks.js';

/**
 * The text engine's one clause splitter, for tasks (checklists) and ideas (pitches), on
 * POS-tagged tokens. Where a clause starts is decided in starts.ts.
 */

export interface Clause {
  tokens: TaggedToken[];
  /** The connective or lead phrase that opened the clause, dropped from its tokens
   * ("because", "so that", "the problem is"); '' when none. */
  lead: string;
  /** Ended by a colon: "Packing list: ..." introduces what follows. */
  endsWithColon: boolean;
}

export type ClauseMode = 'tasks' | 'ideas';

/** "they travel a lot and" -> "they travel a lot": the split took what came after the joiner. */
function dropDanglingJoiners(clause: TaggedToken[]): void {
  for (;;) {
    let last = clause.length - 1;
    while (last >= 0 && clause[last]?.kind !== 'word') last--;
    const word = clause[last];
    if (word === undefined || !JOINERS.has(word.lower)) return;
    clause.length = last;
  }
}

/**
 * Splits one sentence's tokens into clauses. Both modes split at a pause, "and", "then",
 * "but" or "so" before a verb or a subject; before a subject after a content word; before a
 * task verb that follows a noun phrase. Ideas mode also splits before the leads a pitch is
 * built from ("because", "so that", "the problem is", "what if", "imagine").
 */

export function splitClauses(
  tokens: readonly TaggedToken[],
  mode: ClauseMode,
  /** The commas that set off a detail of the sentence's one item (one-item-sentences.ts). */
  details?: ReadonlySet<TaggedToken>,
): Clause[] {
  const clauses: Clause[] = [];
  let current: TaggedToken[] = [];
  let lead = '';
  // Running counts of the current clause, so no step rescans it.
  let words = 0;
  let verbs = 0;
  let verbsOrAux = 0;
  let subordinated = false;
  const flush = (endsWithColon: boolean): void => {
    dropDanglingJoiners(current);
    if (current.some((token) => token.kind === 'word')) {
      clauses.push({ tokens: current, lead, endsWithColon });
    }
    current = [];
    lead = '';
    words = 0;
    verbs = 0;
    verbsOrAux = 0;
    subordinated = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as TaggedToken;
    if (token.kind === 'pause' || token.kind === 'dash') {
      const colon = token.text === ':' || token.text === '：';
      // "the quiz at the club, Friday", "drill bits, 6mm": a detail said alone stays with its
      // thing (rows/details.ts), and so does every detail of a thing said in a sentence of its
      // own (one-item-sentences.ts).
      if (
        mode === 'tasks' &&
        !colon &&
        words > 0 &&
        (DETAIL_TABLE.decide(tokens, i) !== null || details?.has(token) === true)
      ) {
        current.push(token);
        continue;
      }
      // "pack the tent, sleeping bags, headlamps": a list after a verb stays one clause, so
      // the verb can be given to each thing; anything else after a pause starts anew.
      let next = i + 1;
      const joiner = tokens[next];
      if (isWord(joiner) && (joiner.lower === 'and' || joiner.lower === 'or')) next++;
      const following = tokens[next];
      // "the tent, sleeping bags, the headlamp": an -ing word before a noun describes it, when
      // the thing ends there ("cleaning supplies are under the sink" is news).
      const afterThing = tokens[next + 2];
      const thingEnds =
        !isWord(afterThing) || afterThing.lower === 'and' || afterThing.lower === 'or';
      const thing =
        isWord(following) && (following.pos !== 'VERB' || thingEnds)
          ? asModifier(following, tokens[next + 1], tokens[next - 1], tokens[next - 2])
          : undefined;
      // "rename the main character, like, Edith sounds too old": a subject with its verb
      // says why, no thing of the list.
      const verbAfter = tokens[next + 1];
      const saysOfIt =
        isWord(verbAfter) &&
        (verbAfter.pos === 'AUX' ||
          (verbAfter.pos === 'VERB' &&
            verbAfter.lemma !== verbAfter.lower &&
            !verbAfter.lower.endsWith('ing')));
      const listGoesOn =
        !colon &&
        mode === 'tasks' &&
        verbs > 0 &&
        thing !== undefined &&
        NOUN_PHRASE_START.has(thing.pos) &&
        !(thing.pos === 'PROPN' && saysOfIt) &&
        // "get a new kettle, the old one is broken": said of the thing, no thing of the list.
        !saysOfTheOnes(tokens.slice(next).filter(isWord)) &&
        !startsVerbPhrase(tokens, next);
      // "buy milk, because we're out": a task's reason stays with it, and so does what it is
      // not ("send the slides to Marcus, not Priya") and what its thing is ("pay the fee,
      // which is twenty dollars").
      const reasonFollows =
        !colon &&
        mode === 'tasks' &&
        verbs > 0 &&
        (isReasonAt(tokens, i + 1) ||
          (tokens[i + 1]?.lower === 'not' && !startsVerbPhrase(tokens, i + 2)) ||
          (token.text === ',' && NON_RESTRICTIVE.has(tokens[i + 1]?.lower ?? '')));
      const reasonPhrase = !colon && opensReasonPhrase(tokens, i + 1);
      if (listGoesOn || reasonFollows || reasonPhrase) {
        current.push(token);
        continue;
      }
      flush(colon);
      continue;
    }
    if (token.kind !== 'word') {
      current.push(token);
      continue;
    }
    if (mode === 'ideas' && words > 0) {
      const ideaLead = leadAt(tokens, i);
      if (ideaLead !== undefined && !CLAUSE_START_LEADS.has(ideaLead.join(' '))) {
        flush(false);
        lead = ideaLead.join(' ');
        i += ideaLead.length - 1;
        continue;
      }
    } else if (mode === 'ideas' && words === 0 && lead === '') {
      const ideaLead = leadAt(tokens, i);
      if (ideaLead !== undefined) {
        lead = ideaLead.join(' ');
        i += ideaLead.length - 1;
        continue;
      }
    }
    // "before then I need to ...": after a preposition opening the clause "then" is a time,
    // joining nothing ("defrost the freezer the night before | then label ..." joins).
    const opener = tokens[i - 2];
    const timeThen =
      token.lower === 'then' &&
      tokens[i - 1]?.pos === 'ADP' &&
      (!isWord(opener) || CLAUSE_CONNECTIVES.has(opener.lower));
    // "I need to finally update the docs", "to also book": after "to" the word is the
    // infinitive's adverb, no sequence.
    const splitInfinitive = tokens[i - 1]?.lower === 'to';
    if (words > 0 && !timeThen && !splitInfinitive) {
      // "I also have to get cash out": a subject alone before the connective goes on with it.
      const connective =
        CLAUSE_CONNECTIVES.has(token.lower) &&
        !(words === 1 && CLAUSE_SUBJECTS.has(tokens[i - 1]?.lower ?? ''));
      if (
        mode === 'tasks' &&
        SPLIT_WORDS.has(token.lower) &&
        !sharesThing(tokens, i, mode, current) &&
        !isDayOfMonth(tokens, i) &&
        // "the rent on the first": after "the" an ordinal is a day or a place in a line.
        tokens[i - 1]?.lower !== 'the' &&
        startsVerbPhrase(tokens, i + 1)
      ) {
        // "... second call the plumber": the sequence word opens the next task.
        flush(false);
        if (connective) continue;
      } else if (
        connective &&
        !sharesThing(tokens, i, mode, current) &&
        (startsVerbPhrase(tokens, i + 1) ||
          (mode === 'tasks' && verbs > 0 && forbidsAt(tokens, i + 1))) &&
        !(mode === 'tasks' && token.lower === 'so' && isPurpose(tokens, i + 1)) &&
        // "keeps the voicemail just so he can hear him": a purpose, not a clause of its own.
        !(token.lower === 'so' && tokens[i - 1]?.lower === 'just')
      ) {
        flush(false);
        if (mode === 'ideas') lead = token.lower;
        continue;
      }
      if (
        // Only once the clause has its own verb: "every plant you grow changes the music"
        // is one clause whose subject holds a relative clause.
        (words >= 2 && verbsOrAux > 0 && subjectAfterContent(tokens, i)) ||
        // "make the jus uh portion the hake": a task's verb after a pause for thought.
        (mode === 'tasks' && words >= 2 && verbs > 0 && resumesTaskAfterHesitation(tokens, i)) ||
        (mode === 'tasks' &&
          words >= 2 &&
          !sharesThing(tokens, i - 1, mode, current.slice(0, -1)) &&
          verbAfterNounPhrase(tokens, i, verbs > 0 && !subordinated))
      ) {
        flush(false);
      }
    }
    current.push(token);
    words++;
    if (SUBORDINATORS.has(token.lower)) subordinated = true;
    // "price up the new candles": a clause opened by a word, its particle and an object has
    // its verb whatever the word's tag.
    if (
      token.pos === 'VERB' ||
      TASK_VERBS.has(token.lower) ||
      (words === 1 && startsVerbPhrase(tokens, i))
    ) {
      verbs++;
    }
    if (token.pos === 'VERB' || token.pos === 'AUX') verbsOrAux++;
  }
  flush(false);
  return clauses;
}

/**
 * "sweep and chalk the floor", "wash and fold the laundry": a verb said alone, then "and" and a
 * verb with its thing, shares that thing; the two are one task, not "Sweep" and the other.
 */
function sharesThing(
  tokens: readonly TaggedToken[],
  i: number,
  mode: ClauseMode,
  before: readonly TaggedToken[],
): boolean {
  const verb = tokens[i - 1];
  // What the clause said so far, past the words that join it on ("then sweep and ...").
  const said = before.filter(
    (token) =>
      isWord(token) && !CLAUSE_CONNECTIVES.has(token.lower) && !SPLIT_WORDS.has(token.lower),
  );
  return (
    mode === 'tasks' &&
    tokens[i]?.lower === 'and' &&
    isWord(verb) &&
    said.length === 1 &&
    said[0] === verb &&
    (verb.pos === 'VERB' || isKnownTaskVerb(verb) || startsVerbPhrase(tokens, i - 1)) &&
    startsVerbPhrase(tokens, i + 1)
  );
}

/** "March | third", "May twenty | first": an ordinal after a month is the day, no step. */
function isDayOfMonth(tokens: readonly TaggedToken[], i: number): boolean {
  const prev = tokens[i - 1];
  if (isWord(prev) && (prev.lower === 'twenty' || prev.lower === 'thirty')) {
    return isMonth(tokens[i - 2]);
  }
  return isMonth(prev);
}

/** A month's name; "may" and "march" only where the text capitalised them as the month. */
function isMonth(token: TaggedToken | undefined): boolean {
  if (!isWord(token)) return false;
  if (MONTHS.has(token.lower)) return true;
  return (
    AMBIGUOUS_MONTHS.has(token.lower) &&
    token.text !== token.lower &&
    token.pos !== 'AUX' &&
    token.pos !== 'VERB'
  );
}
