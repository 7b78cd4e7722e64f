import { isPlural } from '../clauses.js';
import { announcementLength } from '../formats/pitch/announcement.js';
import type { TaggedToken } from '../nlp.js';
import {
  CHANGE_VERBS,
  PROPOSAL_LABELS,
  PROPOSING_MODALS,
  PRODUCT_NOUNS,
} from '../words/inference.js';
import { IDEA_NOUNS, PROPOSAL_OWNERS } from '../words/pitch.js';
import {
  DOING_MODALS,
  FOUNDING,
  MAKERS,
  MAKING_MODALS,
  NEW_THING_OPENERS,
  OFFERED,
  RECKONING,
  RUNNING,
} from '../words/inference.js';

/**
 * New things put forward: an idea mused on ("thinking about a tool that ..."), founded ("we
 * could start a walking group"), put to anyone ("someone should put lockers ..."), reckoned
 * ("I reckon we could do a sourdough club") or proposed to a team ("we should offer ...",
 * "if we add ..."), with what they would bring. pitch-signals.ts counts them.
 */

/**
 * After the thing mused on, what it does or whom it is for: "a tool that reads ...", "an app
 * for night workers". A memory or a choice is not an idea: "a story that my gran told", "a
 * song that was on the radio", "a club for my son", "a show to watch".
 */
function saysWhatItDoes(words: readonly TaggedToken[], at: number): boolean {
  const joint = words[at]?.lower;
  const next = words[at + 1];
  if (next === undefined) return false;
  if (joint === 'for') return next.pos === 'NOUN' || next.pos === 'ADJ';
  if (joint !== 'that' && joint !== 'which') return false;
  return (
    DOING_MODALS.has(next.lower) ||
    (next.pos === 'VERB' && /[^s]s$/u.test(next.lower) && next.lower !== 'was')
  );
}

/** Words from "thinking about" to the thing mused on at most ("a little app"). */
const MUSED_THING_REACH = 4;

/**
 * "thinking about a tool that reads ...", "been thinking of an app for night workers": an idea
 * turned over, named as a thing with what it does ("thinking about a game we played" is not).
 */
export function musesOnThing(words: readonly TaggedToken[], i: number): boolean {
  if (words[i]?.lower !== 'thinking') return false;
  if (thinksOfNewThing(words, words[i + 1]?.lower === 'that' ? i + 2 : i + 1)) return true;
  const about = words[i + 1]?.lower;
  if (about !== 'about' && about !== 'of') return false;
  const article = words[i + 2]?.lower;
  if (article !== 'a' && article !== 'an') return false;
  for (let k = i + 3; k < i + 3 + MUSED_THING_REACH; k++) {
    const word = words[k];
    if (word === undefined) return false;
    if (isIdeaNoun(word)) return saysWhatItDoes(words, k + 1);
    if (word.pos !== 'ADJ' && word.pos !== 'NOUN') return false;
  }
  return false;
}

/**
 * "I've been thinking we could start a walking football group", "thinking it'd make a lovely
 * community garden": a new thing someone could make, turned over ("thinking we should go
 * home" makes none).
 */
function thinksOfNewThing(words: readonly TaggedToken[], at: number): boolean {
  const who = words[at]?.lower ?? '';
  let verbAt: number;
  if (who === "it'd" || who === "we'd") verbAt = at + 1;
  else if (MAKERS.has(who) && MAKING_MODALS.has(words[at + 1]?.lower ?? '')) verbAt = at + 2;
  else return false;
  const verb = verbPastAdverb(words, verbAt);
  if (verb === undefined) return false;
  // The place itself would make one ("it'd make a lovely garden"); people found one ("we
  // could start a group"), where "we should make a cake" is a plan at home.
  const itself = who.startsWith('it');
  const founds = itself ? verb.lemma === 'make' || verb.lemma === 'be' : FOUNDING.has(verb.lemma);
  return founds && NEW_THING_OPENERS.has(words[words.indexOf(verb) + 1]?.lower ?? '');
}

/**
 * "I reckon we could do a sourdough club", "I think we should start a supper club": a new
 * thing the speaker's people could run, named as a kind of thing that serves others ("I think
 * we should open a bottle of wine" names none).
 */
export function reckonsNewThing(words: readonly TaggedToken[], i: number): boolean {
  if (!RECKONING.has(words[i]?.lower ?? '')) return false;
  if (!MAKERS.has(words[i + 1]?.lower ?? '') || !MAKING_MODALS.has(words[i + 2]?.lower ?? '')) {
    return false;
  }
  const verb = verbPastAdverb(words, i + 3);
  if (verb === undefined || !(FOUNDING.has(verb.lemma) || RUNNING.has(verb.lemma))) return false;
  const at = words.indexOf(verb) + 1;
  if (!NEW_THING_OPENERS.has(words[at]?.lower ?? '')) return false;
  for (let k = at + 1; k < at + 1 + MUSED_THING_REACH; k++) {
    const word = words[k];
    if (word === undefined) return false;
    if (isIdeaNoun(word)) return true;
    if (word.pos !== 'ADJ' && word.pos !== 'NOUN') return false;
  }
  return false;
}

/**
 * "someone should put lockers at ...", "somebody should build a ...": a new thing put to anyone
 * ("someone should give that dog a bath", "someone should cut the grass" ask for a chore).
 */
export function someoneShouldMake(words: readonly TaggedToken[], i: number): boolean {
  const who = words[i]?.lower;
  if ((who !== 'someone' && who !== 'somebody') || words[i + 1]?.lower !== 'should') return false;
  const verb = verbPastAdverb(words, i + 2);
  if (verb === undefined || !CHANGE_MADE.has(verb.lemma)) return false;
  const thing = words[words.indexOf(verb) + 1];
  return thing !== undefined && (NEW_THING_OPENERS.has(thing.lower) || isPlural(thing));
}

/** The verb at `at`, or after one adverb there ("could just move", "we just offered"). */
function verbPastAdverb(words: readonly TaggedToken[], at: number): TaggedToken | undefined {
  return words[at]?.pos === 'ADV' ? words[at + 1] : words[at];
}

/** After "we": "should offer", "could start", and after "I'm thinking" or "I think" a bare "offer". */
export function proposesChange(words: readonly TaggedToken[], at: number): boolean {
  const modal = PROPOSING_MODALS.has(words[at]?.lower ?? '');
  const verb = verbPastAdverb(words, modal ? at + 1 : at);
  if (verb === undefined || !OFFERED.has(verb.lemma)) return false;
  if (modal) return true;
  // "I think we offered it before" tells what was done.
  if (verb.lower !== verb.lemma) return false;
  const before = words[at - 2]?.lower;
  return before === 'thinking' || before === 'think';
}

/** After "we": "should let", "could just move": a modal and a change a team makes. */
export function proposesTeamChange(words: readonly TaggedToken[], at: number): boolean {
  if (!PROPOSING_MODALS.has(words[at]?.lower ?? '')) return false;
  const verb = verbPastAdverb(words, at + 1);
  return verb !== undefined && CHANGE_MADE.has(verb.lemma);
}

/** What a change would bring a team: time, money, tickets, bugs caught. */
export const PROPOSAL_GAINS: readonly string[] = [
  'it would save',
  "it'd save",
  'would save us',
  "we'd save",
  'we would save',
  "we'd catch",
  'we would catch',
  'it would cut',
  "it'd cut",
  "we'd cut",
  'it would pay for itself',
  "it'd pay for itself",
  'it would free up',
  "it'd free up",
  "we'd get more",
  "we'd make more",
];

/** "if we add", "if we just offered": a change put to others, not a wish ("if we had a dog"). */
export function changesWhatWeDo(words: readonly TaggedToken[], at: number): boolean {
  if (words[at]?.lower !== 'we') return false;
  const verb = verbPastAdverb(words, at + 1);
  return verb !== undefined && CHANGE_MADE.has(verb.lemma);
}

/** Verbs of a change a team makes ("if we add ...", "if we switched ..."). */
export const CHANGE_MADE: ReadonlySet<string> = new Set([
  'add',
  'build',
  'offer',
  'launch',
  'start',
  'move',
  'switch',
  'let',
  'give',
  'replace',
  'hire',
  'create',
  'make',
  'put',
  'drop',
  'cut',
  'charge',
  'open',
  'raise',
  'lower',
  'stop',
  'partner',
  'try',
  'use',
  'sell',
  'run',
  'remove',
  'skip',
  'allow',
  'ban',
  'change',
  'introduce',
  'pilot',
]);

/** What a change would bring, said after "if we ...". */
export const CONDITIONAL_GAINS: readonly string[] = [
  "we'd",
  'we would',
  "it'd",
  'it would',
  'we could',
];

/** Words that put something forward rather than tell it ("I want to start", "we could"). */
export const PUTTING_FORWARD: ReadonlySet<string> = new Set([
  'should',
  'could',
  'would',
  'want',
  'wanna',
  "let's",
  "we'd",
  "i'd",
  'imagine',
]);

export function isIdeaNoun(word: TaggedToken): boolean {
  return (
    IDEA_NOUNS.has(word.lower) ||
    IDEA_NOUNS.has(word.lemma) ||
    PRODUCT_NOUNS.has(word.lower) ||
    PRODUCT_NOUNS.has(word.lemma)
  );
}

const PROPOSAL_REACH = 4;

export function proposesWhatWeDo(words: readonly TaggedToken[], at: number): boolean {
  return words
    .slice(at + 1, at + 1 + PROPOSAL_REACH)
    .some((word) => word.lower === 'we' || word.lower === 'that');
}

/**
 * "let's rotate ...", "let's just move ...": a change to how things are done, put to the
 * others; "let's grab lunch" makes a plan.
 */
export function letsChange(words: readonly TaggedToken[], i: number): boolean {
  if (words[i]?.lower !== "let's") return false;
  const next = words[i + 1]?.pos === 'ADV' ? words[i + 2] : words[i + 1];
  return next !== undefined && (CHANGE_VERBS.has(next.lower) || CHANGE_VERBS.has(next.lemma));
}

/**
 * "Proposal: ...", "My suggestion for the team, ...": a sentence that opens by labelling what
 * follows as put forward. The label may say who it is for, but holds no verb ("the proposal
 * got rejected" tells what happened to one).
 */
export function opensWithProposal(tokens: readonly TaggedToken[]): boolean {
  const end = tokens.findIndex((token) => token.kind !== 'word');
  // "Proposal:" with nothing after it puts nothing forward.
  if (end === -1 || tokens[end]?.kind !== 'pause' || tokens[end + 1]?.kind !== 'word') return false;
  const label = tokens
    .slice(0, Math.min(end, PROPOSAL_LABEL_MAX_WORDS))
    .findIndex((word) => PROPOSAL_LABELS.has(word.lemma));
  // "Pitch:" labels one only with its colon: "My pitch, honestly, bombed" tells how it went,
  // and a pitch is also where a match is played.
  if (
    tokens[label]?.lemma === 'pitch' &&
    tokens[end]?.text !== ':' &&
    !['a', 'an'].includes(tokens[end + 1]?.lower ?? '')
  ) {
    return false;
  }
  return (
    label !== -1 &&
    tokens.slice(0, label).every((word) => word.pos === 'ADJ' || PROPOSAL_OWNERS.has(word.lower)) &&
    (label + 1 === end || tokens[label + 1]?.lower === 'for') &&
    tokens.slice(label, end).every((word) => word.pos !== 'VERB' && word.pos !== 'AUX')
  );
}

/** "Game idea: ...", "Short film idea." with the idea after it; "Proposal:" alone names nothing. */
export function namesIdeaBeforeIt(tokens: readonly TaggedToken[], more: boolean): boolean {
  const named = announcementLength(tokens);
  return named > 0 && (more || tokens.slice(named).some((token) => token.kind === 'word'));
}

const PROPOSAL_LABEL_MAX_WORDS = 3;
