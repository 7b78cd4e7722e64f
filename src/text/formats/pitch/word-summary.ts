import { BE_FORMS } from '../../words/clause-subjects.js';
import type { TaggedToken } from '../../nlp.js';
import { CONJUNCTIONS, CONTRACTED_VERB, isVerb, wordsIn } from './hook-breaks.js';
import { TASK_VERBS } from '../../words/tasks.js';
import { MODALS, RELATIVE_PRONOUNS, SUBORDINATE_OPENERS } from '../../words/pitch.js';
import type { Placed } from './roles.js';
import { PERSON_OBJECT_VERBS } from '../../words/pitch.js';

/**
 * What a clause's words say of where it may stand alone: a bare subject, a verb cut from
 * its object, a relative clause's remnant, read once as a clause grows by joins.
 */

const OPENING_WORDS = 3;

/**
 * What putting a clause back with the next asks of the clause before it. After each join it
 * is asked again of the clause just grown, and joined() grows a clause in place and only at
 * its end, so the summary reads on from where it stopped: a long sentence rejoined clause by
 * clause is read once, not once per clause.
 */
export interface WordSummary {
  tokens: readonly TaggedToken[];
  /** How many of them have been read. */
  read: number;
  words: number;
  /** Its first words, which say whether it leans on another clause. */
  opening: TaggedToken[];
  last: TaggedToken | undefined;
  verb: boolean;
  /** Where its last "and", "but" or "or" stands among its words and among its tokens (-1). */
  conjunctionWord: number;
  conjunctionToken: number;
  /** The first words after that conjunction (its first words when it has none), and whether
   * a verb is among the words after it. */
  conjunctOpening: TaggedToken[];
  conjunctVerb: boolean;
}

/** The summary of a clause's words, read on from `known` when that is of the same tokens. */
export function summaryOf(tokens: readonly TaggedToken[], known?: WordSummary): WordSummary {
  const summary: WordSummary =
    known?.tokens === tokens
      ? known
      : {
          tokens,
          read: 0,
          words: 0,
          opening: [],
          last: undefined,
          verb: false,
          conjunctionWord: -1,
          conjunctionToken: -1,
          conjunctOpening: [],
          conjunctVerb: false,
        };
  for (; summary.read < tokens.length; summary.read++) {
    const token = tokens[summary.read] as TaggedToken;
    if (token.kind !== 'word') continue;
    const verb = isVerb(token);
    if (CONJUNCTIONS.has(token.lower)) {
      summary.conjunctionWord = summary.words;
      summary.conjunctionToken = summary.read;
      summary.conjunctOpening = [];
      summary.conjunctVerb = false;
    } else {
      if (summary.conjunctOpening.length < OPENING_WORDS) summary.conjunctOpening.push(token);
      summary.conjunctVerb ||= verb;
    }
    if (summary.opening.length < OPENING_WORDS) summary.opening.push(token);
    summary.verb ||= verb;
    summary.last = token;
    summary.words++;
  }
  return summary;
}

/** "..., where each player runs a stall": a relative clause about the thing just named. */
export function opensRelative(tokens: readonly TaggedToken[]): boolean {
  const first = wordsIn(tokens)[0]?.lower ?? '';
  return first === 'where' || first === 'who' || first === 'which' || first === 'whose';
}

/**
 * "or anyone who gets overwhelmed": a thing named, its only verb in the "who" clause said of
 * it, so no sentence of its own ("and the only customer who comes back is a girl" is one).
 */
export function isNamedWithRelative(tokens: readonly TaggedToken[]): boolean {
  const words = wordsIn(tokens);
  const start = CONJUNCTIONS.has(words[0]?.lower ?? '') ? 1 : 0;
  const relative = words.findIndex((word) => RELATIVE_PRONOUNS.has(word.lower));
  if (relative <= start) return false;
  // "but I'm grateful for friends who ...": a subject and its verb, however tagged, before it.
  const named = words.slice(start, relative);
  if (named.some((word) => isVerb(word) || CONTRACTED_VERB.test(word.lower))) return false;
  // Its verbs right after it and no verb later: "who really wants to go", not "who comes
  // back is" (and not "who books them is", the tagger taking "books" for a noun).
  const said = words.slice(relative + 1);
  const to = said.findLastIndex(isVerb);
  return (
    to !== -1 &&
    said.slice(0, to + 1).every((word) => isVerb(word) || word.pos === 'PART' || word.pos === 'ADV')
  );
}

/**
 * "the bees", "new people": a noun phrase that may be the subject of the verb after it, not
 * a task the tagger read as nouns ("call mom"). Of a clause with "and", "but" or "or", the
 * words after the last one.
 */
export function isBareSubject({ conjunctOpening, conjunctVerb }: WordSummary): boolean {
  const first = conjunctOpening[0];
  return (
    first !== undefined && first.pos !== 'ADP' && !TASK_VERBS.has(first.lower) && !conjunctVerb
  );
}

/** "wander into other players' hives", "are too shy to ask": a verb with its subject before. */
export function lacksSubject(tokens: readonly TaggedToken[]): boolean {
  const [first, second] = wordsIn(tokens);
  if (first === undefined || (first.pos !== 'VERB' && first.pos !== 'AUX')) return false;
  // "sleeping bags", "written update": a verb form describing the noun after it.
  return !(/(?:ing|ed)$/u.test(first.lower) && second?.pos === 'NOUN');
}

/** "(at least) while we're split across two time zones": the first words of a clause that
 * leans on another. */
export function opensSubordinate(opening: readonly TaggedToken[]): boolean {
  for (const word of opening) {
    if (SUBORDINATE_OPENERS.has(word.lower)) return true;
    if (word.pos !== 'ADV' && word.pos !== 'ADP' && word.pos !== 'CCONJ') return false;
  }
  return false;
}

/** "while we're split ...": a clause that leans on another. */
export function isSubordinate(tokens: readonly TaggedToken[]): boolean {
  return opensSubordinate(wordsIn(tokens).slice(0, OPENING_WORDS));
}

/** "... and if the numbers look bad": what follows a clause's last "and", "but" or "or" (not
 * one that opens it) leans on what comes next. */
export function endsSubordinate({ conjunctionToken, conjunctOpening }: WordSummary): boolean {
  return conjunctionToken > 0 && opensSubordinate(conjunctOpening);
}

/**
 * "suggests | three dinners", "the office feels | grey and empty", "lets | you lend": a verb
 * whose object or complement was cut off. A pronoun after most verbs starts a clause of its
 * own ("... wants to go to | it is about ...").
 */
export function cutFromItsVerb(before: WordSummary, tokens: readonly TaggedToken[]): boolean {
  const verb = before.last;
  const first = wordsIn(tokens)[0];
  if (verb?.pos !== 'VERB' || first === undefined) return false;
  return first.pos !== 'PRON' || PERSON_OBJECT_VERBS.has(verb.lemma);
}

/**
 * "... a ladder | they use twice a year", "the door sensors | we already have": a subject and
 * a verb whose object is the thing just named, the "that" unsaid.
 */
export function isRelativeRemnant(before: WordSummary, tokens: readonly TaggedToken[]): boolean {
  const { last } = before;
  if (last === undefined || (last.pos !== 'NOUN' && last.pos !== 'PROPN')) return false;
  const words = wordsIn(tokens);
  const subject = words[0];
  // "it would grow fast": a clause of its own, not said of the thing before.
  if (subject?.pos !== 'PRON' || subject.lower === 'it' || CONTRACTED_VERB.test(subject.lower)) {
    return false;
  }
  if (words.some((word) => MODALS.has(word.lower))) return false;
  let at = 1;
  let verb = false;
  while (at < words.length) {
    const word = words[at] as TaggedToken;
    if (BE_FORMS.has(word.lower) || BE_FORMS.has(word.lemma)) return false;
    const next = words[at + 1];
    if (word.pos === 'VERB' || word.pos === 'AUX') verb = true;
    // "already have", "wants to ask": words inside the verb group.
    else if (
      (word.pos !== 'ADV' && word.pos !== 'PART') ||
      next === undefined ||
      (next.pos !== 'VERB' && next.pos !== 'AUX')
    ) {
      break;
    }
    at++;
  }
  const after = words[at];
  return verb && (after === undefined || after.pos === 'ADP' || after.pos === 'ADV');
}

/** "... a tiny mountain town and every letter": the last thing joined on has no verb yet. */
export function endsOnBareSubject({
  conjunctionWord,
  conjunctOpening,
  conjunctVerb,
}: WordSummary): boolean {
  const first = conjunctOpening[0];
  return conjunctionWord > 0 && first !== undefined && !conjunctVerb && first.pos !== 'ADP';
}

/** Whether a ends with the words of b ("call mom, buy flowers" and "buy flowers"). */
export function endsWithWords(a: Placed, b: Placed): boolean {
  // Compared word by word from the end: a clause grown by joins may be long.
  const before = a.clause.tokens;
  const after = b.clause.tokens;
  let i = before.length - 1;
  let j = after.length - 1;
  let matched = 0;
  for (;;) {
    while (j >= 0 && (after[j] as TaggedToken).kind !== 'word') j--;
    if (j < 0) return matched > 0;
    while (i >= 0 && (before[i] as TaggedToken).kind !== 'word') i--;
    if (i < 0 || (before[i] as TaggedToken).lower !== (after[j] as TaggedToken).lower) return false;
    matched++;
    i--;
    j--;
  }
}
