import type { TaggedToken } from './nlp.js';
import type { Token } from './tokenizer.js';
import {
  CLAUSE_SUBJECTS,
  FUNCTION_WORDS,
  INDEFINITE_PERSONS,
  OBJECT_OPENERS,
  OBJECT_PRONOUNS,
  PHRASE_DETERMINERS,
} from './words/function-words.js';
import { PHRASE_OPENERS } from './words/asides.js';
import { SO_KEEP_BEFORE } from './words/fillers.js';
import { CLAUSE_START_LEADS, IDEA_LEADS } from './words/pitch.js';
import { AMBIGUOUS_MONTHS, MONTHS } from './words/proper-nouns.js';
import { DAY_WORDS } from './words/time-words.js';
import {
  COMPOUND_NOUNS,
  LIST_HEADS,
  LIST_STAPLES,
  IMPERATIVE_VERBS,
  INTENT_PREFIXES,
  SEQUENCE_WORDS,
  SPLIT_WORDS,
  TASK_VERBS,
  TO_DO_NAMES,
  VERB_PARTICLES,
} from './words/tasks.js';

/**
 * The text engine's one clause splitter, for tasks (checklists) and ideas (pitches), on
 * POS-tagged tokens; and the splitter of spoken lists of things ("batteries tape and a new
 * extension cord"). The tags come from wink-nlp; where its lite model is unreliable on
 * unpunctuated speech (a bare imperative read as a noun), the task-verb lists decide.
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

const CLAUSE_CONNECTIVES: ReadonlySet<string> = new Set([
  'and',
  'or',
  'but',
  'then',
  'also',
  'plus',
  'so',
]);
const CONTENT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM', 'ADV', 'X']);
const NOUN_PHRASE_START: ReadonlySet<string> = new Set(['DET', 'ADJ', 'NUM', 'NOUN', 'PROPN']);
const NOUN_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN']);
/** Pronouns that end a phrase ("for everyone", "with them"); "her" may be a determiner. */
const PHRASE_END_PRONOUNS: ReadonlySet<string> = new Set([
  ...INDEFINITE_PERSONS,
  'them',
  'him',
  'it',
  'me',
  'us',
]);
const POSSESSIVES: ReadonlySet<string> = new Set(['my', 'your', 'our', 'their', 'his']);
/** Particles of phrasal verbs that take an object ("blow up", "clear out", "drop off"). */
const PHRASAL_PARTICLES: ReadonlySet<string> = new Set([
  'up',
  'out',
  'off',
  'down',
  'away',
  'back',
]);
/**
 * Verbs whose object may do the next verb, its "to" dropped in speech: "have the team review
 * the doc", "ask the intern help me", "confirm the caterer deliver the food" are one task.
 */
const CAUSATIVE_VERBS: ReadonlySet<string> = new Set([
  'have',
  'get',
  'let',
  'make',
  'help',
  'watch',
  'see',
  'hear',
  'ask',
  'tell',
  'remind',
  'confirm',
  'want',
  'need',
  'expect',
]);
/** Words after which the clause holds a clause of its own, with its own subject and verb. */
const SUBORDINATORS: ReadonlySet<string> = new Set([
  'that',
  'if',
  'whether',
  'because',
  'when',
  'while',
  'since',
  'so',
]);
/** Past tenses spelt as the base form: "the neighbour put the bins out" is no new task. */
const BASE_FORM_PASTS: ReadonlySet<string> = new Set([
  'put',
  'hurt',
  'let',
  'cut',
  'set',
  'hit',
  'read',
  'quit',
  'shut',
  'spread',
  'cost',
  'burst',
  'split',
  'fit',
  'bet',
  'cast',
]);

function isWord(token: TaggedToken | undefined): token is TaggedToken {
  return token !== undefined && token.kind === 'word';
}

/** A verb in its base form, as an imperative is ("pick", not "picked" or "picking"). */
function isBaseVerb(token: TaggedToken): boolean {
  return token.pos === 'VERB' && token.lemma === token.lower;
}

/** Phrases indexed by their first word, for phraseLengthAt. */
export function byFirstWord(
  phrases: readonly (readonly string[])[],
): Map<string, (readonly string[])[]> {
  const map = new Map<string, (readonly string[])[]>();
  for (const phrase of phrases) {
    const first = phrase[0] as string;
    const list = map.get(first);
    if (list === undefined) map.set(first, [phrase]);
    else list.push(phrase);
  }
  return map;
}

/** Phrases by their first word, in list order (longest first where the list says so). */
const INTENTS_BY_FIRST_WORD = byFirstWord(INTENT_PREFIXES);
const LEADS_BY_FIRST_WORD = byFirstWord(IDEA_LEADS);

/** Length of the first listed phrase said at `start` (with words after it when `needsMore`), or 0. */
export function phraseLengthAt(
  index: ReadonlyMap<string, readonly (readonly string[])[]>,
  tokens: readonly Token[],
  start: number,
  needsMore: boolean,
): number {
  const first = tokens[start];
  if (first?.kind !== 'word') return 0;
  const candidates = index.get(first.lower);
  if (candidates === undefined) return 0;
  for (const phrase of candidates) {
    if (needsMore && start + phrase.length >= tokens.length) continue;
    let matches = true;
    for (let k = 1; k < phrase.length; k++) {
      const token = tokens[start + k];
      if (token?.kind !== 'word' || token.lower !== phrase[k]) {
        matches = false;
        break;
      }
    }
    if (matches) return phrase.length;
  }
  return 0;
}

/** Length of the spoken intent ("I need to") at start that leaves words after it, or 0. */
export function intentLengthAt(tokens: readonly TaggedToken[], start: number): number {
  return phraseLengthAt(INTENTS_BY_FIRST_WORD, tokens, start, true);
}

/** The same on untagged tokens, whether or not words follow it (the corrections' reading). */
export function spokenIntentLengthAt(tokens: readonly Token[], start: number): number {
  return phraseLengthAt(INTENTS_BY_FIRST_WORD, tokens, start, false);
}

/** Sequence words said in a row before a task at most ("and then finally", "oh and also"). */
const MAX_SEQUENCE_RUN = 4;

/** Whether the words from j start a task: a verb, spoken intent ("I need to"), or a subject. */
export function startsVerbPhrase(tokens: readonly TaggedToken[], j: number): boolean {
  // "and actually start the essay", "and also book the van": one adverb before the verb.
  const adverb = tokens[j];
  let i = isWord(adverb) && TASK_ADVERBS.has(adverb.lower) && isWord(tokens[j + 1]) ? j + 1 : j;
  while (isWord(tokens[i]) && SEQUENCE_WORDS.has((tokens[i] as TaggedToken).lower)) {
    // "and then finally": a longer run starts no task, and reading on from every word of a run
    // of hundreds would cost the square of its length.
    if (i - j === MAX_SEQUENCE_RUN) return false;
    i++;
  }
  const token = tokens[i];
  if (!isWord(token)) return false;
  if (intentLengthAt(tokens, i) > 0) return true;
  if (CLAUSE_SUBJECTS.has(token.lower)) return isVerbish(tokens[i + 1]);
  // "tweet it", "send them": a word with a pronoun object is a verb whatever its tag.
  const next = tokens[i + 1];
  if (isWord(next) && OBJECT_PRONOUNS.has(next.lower) && token.pos !== 'DET') return true;
  // "phone charger", "iron board": a known compound is a thing, whatever its first word's tag.
  if (isWord(next) && isCompound(token, next)) return false;
  if (isBaseVerb(token)) return true;
  // "blow up the balloons": a word, its particle and an object is a verb whatever its tag.
  if (
    token.pos !== 'DET' &&
    isWord(next) &&
    PHRASAL_PARTICLES.has(next.lower) &&
    isWord(tokens[i + 2]) &&
    ((tokens[i + 2] as TaggedToken).pos === 'DET' || (tokens[i + 2] as TaggedToken).pos === 'PRON')
  ) {
    return true;
  }
  if (!TASK_VERBS.has(token.lower) || token.pos === 'DET' || token.pos === 'NUM') return false;
  // The tagger reads some imperatives as adjectives ("clean the lenses"): an object or a
  // particle after the word settles it.
  return token.pos !== 'ADJ' || startsObject(tokens[i + 1]);
}

/**
 * "make the jus uh portion the hake": in a run of tasks, a known task's verb said after a
 * hesitation and a finished phrase starts the next task ("I need to um chase" goes on).
 */
function resumesTaskAfterHesitation(tokens: readonly TaggedToken[], i: number): boolean {
  const token = tokens[i] as TaggedToken;
  const prev = tokens[i - 1];
  // "help mum um move the sofa", "get my hair um cut": the verb of the one helped or made.
  return (
    token.hesitated === true &&
    isKnownTaskVerb(token) &&
    isWord(prev) &&
    CONTENT_POS.has(prev.pos) &&
    startsObject(tokens[i + 1]) &&
    !madeToDo(tokens, i)
  );
}

/**
 * "help mum | move the sofa", "get my hair | cut": what a causative verb has someone do or get
 * done. "make the jus | portion the hake" makes a thing: there the next task starts.
 */
function madeToDo(tokens: readonly TaggedToken[], i: number): boolean {
  if (!followsCausativeObject(tokens, i)) return false;
  const causer = tokens
    .slice(Math.max(0, i - 1 - CAUSATIVE_OBJECT_WORDS), i)
    .find((token) => CAUSATIVE_VERBS.has(token.lemma));
  return (
    causer?.lemma === 'get' ||
    causer?.lemma === 'have' ||
    PERSON_BEFORE.test(tokens[i - 1]?.lower ?? '')
  );
}

/**
 * Whom a causative verb makes do something ("help mum | move", "make the kids | clean"); "make
 * the jus | portion the hake" makes a thing, and the next task starts.
 */
const PERSON_BEFORE =
  /^(?:me|him|her|us|them|you|mum|mom|dad|kids|children|team|staff|family|everyone|brother|sister|grandad|grandma|nan|tenants|parents|boys|girls|guys|sam|[a-z]+'s)$/u;

/** Verbs of a reminder said as what not to do ("don't forget", "don't leave"). */
const REMINDING_VERBS: ReadonlySet<string> = new Set(['forget', 'leave', 'miss', 'lose']);

/**
 * "pack the car and don't forget the dog's lead", "and do not leave the keys": a reminder,
 * a task of its own. "and don't know which seats yet" and "don't worry" say something else.
 */
function forbidsAt(tokens: readonly TaggedToken[], at: number): boolean {
  const word = tokens[at];
  if (!isWord(word)) return false;
  const verb =
    word.lower === 'do' && tokens[at + 1]?.lower === 'not'
      ? tokens[at + 2]
      : word.lower === "don't" || word.lower === 'dont'
        ? tokens[at + 1]
        : undefined;
  return isWord(verb) && REMINDING_VERBS.has(verb.lower);
}

/** Adverbs said before a task's verb ("and actually start the essay"). */
const TASK_ADVERBS: ReadonlySet<string> = new Set(['actually', 'also', 'finally', 'definitely']);

/** "because we're out", "so the kitchen is done by Friday": why, not a new task. */
function isReasonAt(tokens: readonly TaggedToken[], at: number): boolean {
  const word = tokens[at];
  if (!isWord(word)) return false;
  if (word.lower === 'because' || word.lower === 'cause' || word.lower === 'since') return true;
  return word.lower === 'so' && isPurpose(tokens, at + 1);
}

/** "so we are not digging for mugs": a subject's own clause after "so" says why, no new task. */
function isPurpose(tokens: readonly TaggedToken[], j: number): boolean {
  const subject = tokens[j];
  return isWord(subject) && CLAUSE_SUBJECTS.has(subject.lower) && intentLengthAt(tokens, j) === 0;
}

function startsObject(token: TaggedToken | undefined): boolean {
  return (
    isWord(token) &&
    (token.pos === 'DET' || token.pos === 'PRON' || VERB_PARTICLES.has(token.lower))
  );
}

function isVerbish(token: TaggedToken | undefined): boolean {
  return isWord(token) && (token.pos === 'VERB' || token.pos === 'AUX' || token.pos === 'PART');
}

/**
 * Unpunctuated speech runs tasks together ("return the library books call mom"): a task verb
 * right after the end of a noun phrase, before its own object, starts a new task.
 */
function verbAfterNounPhrase(
  tokens: readonly TaggedToken[],
  i: number,
  afterVerb: boolean,
): boolean {
  const token = tokens[i] as TaggedToken;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (!isWord(prev) || !isWord(next)) return false;
  // "the stats problem set for wednesday": a known compound's last word is no verb.
  if (isCompound(prev, token)) return false;
  // "... for saturday tune the drums", "... the banner proofs chase the invoice": a singular
  // word the tagger calls a noun (or a task verb it calls an adjective), between a finished
  // noun phrase (a name, a number, a plural) and a determiner, is a new verb.
  if (
    (token.pos === 'NOUN' || (token.pos === 'ADJ' && TASK_VERBS.has(token.lower))) &&
    token.lemma === token.lower &&
    next.pos === 'DET' &&
    (prev.pos === 'PROPN' ||
      // "... up thirty percent this week": after a number a word no task starts with is the
      // number's unit.
      (prev.pos === 'NUM' && TASK_VERBS.has(token.lower)) ||
      isPlural(prev) ||
      // "... for everyone charge the tuner": a pronoun object ends its phrase as a name does.
      (TASK_VERBS.has(token.lower) &&
        PHRASE_END_PRONOUNS.has(prev.lower) &&
        !followsCausativeObject(tokens, i)) ||
      // "... the forecast sheet chase the invoices": a verb that is rarely a noun, once the
      // clause has its verb, is the next task's even after a singular noun.
      (afterVerb && IMPERATIVE_VERBS.has(token.lower) && NOUN_POS.has(prev.pos)))
  ) {
    return true;
  }
  // "finish the cover sketch scan the six pages": once the clause has its verb and object, a
  // word the tagger reads as a verb in its base form, with an object of its own, starts the
  // next task. A singular noun cannot be its subject ("the sketch scans"); after a plural it
  // may be ("so that managers see the numbers"), and after a causative verb it is the
  // object's action ("have the team review the doc"), so the clause goes on.
  if (
    afterVerb &&
    isBaseVerb(token) &&
    !followsCausativeObject(tokens, i) &&
    // "... at the old place | set it up at the new one": with "it" and its particle "set" is
    // an order, not a past.
    (!BASE_FORM_PASTS.has(token.lower) ||
      (OBJECT_PRONOUNS.has(next.lower) && PHRASAL_PARTICLES.has(tokens[i + 2]?.lower ?? ''))) &&
    // "finish inking page twelve | redo the cover": a number ends its phrase as a noun does,
    // before a verb with a determiner's object ("buy two get one free" is one offer); "the
    // new one | buy boxes" is a thing.
    (NOUN_POS.has(prev.pos) ||
      (prev.lower === 'one' && PHRASE_DETERMINERS.has(tokens[i - 3]?.lower ?? '')) ||
      (prev.pos === 'NUM' && (next.pos === 'DET' || POSSESSIVES.has(next.lower)))) &&
    // "... the free ones change my address": before a possessive a plural ends its phrase too.
    (!isPlural(prev) || POSSESSIVES.has(next.lower)) &&
    (next.pos === 'DET' ||
      next.pos === 'NUM' ||
      OBJECT_PRONOUNS.has(next.lower) ||
      POSSESSIVES.has(next.lower) ||
      // "... at the old place get boxes from ...": a bare plural is an object too.
      isPlural(next))
  ) {
    return true;
  }
  // "order the cake blow up balloons": a verb with its particle and an object, once the clause
  // has its verb and object, is the next task's.
  if (
    afterVerb &&
    NOUN_POS.has(prev.pos) &&
    // The tagger reads "blow" in "the cake blow up" as a noun; "signed up" is news, not a task.
    // wink gives "lay" the lemma "lie"; with a particle and an object it is "lay out my kit".
    (TASK_VERBS.has(token.lower) ||
      token.lower === 'lay' ||
      ((token.pos === 'VERB' || token.pos === 'NOUN') && token.lemma === token.lower)) &&
    PHRASAL_PARTICLES.has(next.lower) &&
    opensObjectAt(tokens, i + 2) &&
    !followsCausativeObject(tokens, i)
  ) {
    return true;
  }
  if (!TASK_VERBS.has(token.lower) || token.pos === 'ADJ') return false;
  if (followsCausativeObject(tokens, i)) return false;
  // "the twins sell raffle tickets", "whether the shops deliver on sundays": before the
  // clause has a verb of its own, a plural is the subject of the verb after it.
  if (!afterVerb && isPlural(prev)) return false;
  // "exterior paint rent a lift": a verb-looking word after an adjective or noun is that
  // phrase's noun, so the task starts at the next verb, the one with an object.
  const prevIsNoun =
    CONTENT_POS.has(prev.pos) ||
    (prev.pos === 'VERB' && ['ADJ', 'NOUN'].includes(tokens[i - 2]?.pos ?? ''));
  // "count the till | order more bags": after a determiner a function word is a thing.
  const functionWord =
    FUNCTION_WORDS.has(prev.lower) &&
    !(NOUN_POS.has(prev.pos) && PHRASE_DETERMINERS.has(tokens[i - 2]?.lower ?? ''));
  if (!prevIsNoun || functionWord || PRE_VERB_ADVERBS.has(prev.lower)) {
    return false;
  }
  // "first buy paint second ...": after a sequence word the tagger reads the task's verb as a
  // noun ("a first buy"), but it is the verb, and the word after it its object.
  if (TASK_VERBS.has(prev.lower) && opensTask(tokens, i - 1)) return false;
  if (TASK_VERBS.has(next.lower) && startsObject(tokens[i + 2])) return false;
  // Verbs that are rarely nouns start a task before any object ("... books call mom",
  // "... water stretch for ten minutes"); others only before a determiner or pronoun, so
  // "the blood test results" stays one thing.
  if (IMPERATIVE_VERBS.has(token.lower) || token.pos === 'VERB') {
    // Before "to" such a word is mostly a noun going somewhere ("move the design review to
    // Thursday"); before other prepositions it starts a task ("water stretch for ten
    // minutes") unless the tagger reads it as a noun there too.
    // After a determiner and one singular noun it is that noun's compound: "the client email
    // about the invoice", "the design review at 2 pm" ("water the plants | stretch for ten").
    if (next.pos === 'ADP') {
      if (token.pos === 'VERB') return true;
      // "the employees review" said without its apostrophe is one thing too; after a plural
      // only a verb that is rarely a noun starts a task ("the plants | stretch").
      const compound =
        PHRASE_DETERMINERS.has(tokens[i - 2]?.lower ?? '') &&
        (!isPlural(prev) || !IMPERATIVE_VERBS.has(token.lower));
      return next.lower !== 'to' && !compound;
    }
    return NOUN_PHRASE_START.has(next.pos) || next.pos === 'PRON' || startsObject(next);
  }
  // "... the showers | order more chalk", "... paper | order two hundred boxes": an amount is
  // an object too.
  return (startsObject(next) && !VERB_PARTICLES.has(next.lower)) || amountOfThingsAt(tokens, i + 1);
}

/**
 * "order two hundred more boxes", "order more chalk": an amount and the things it counts.
 * "the food order more carefully", "the amazon order two weeks late", "order 4512" count
 * nothing, or only time.
 */
function amountOfThingsAt(tokens: readonly TaggedToken[], j: number): boolean {
  let k = j;
  while (
    isWord(tokens[k]) &&
    ((tokens[k] as TaggedToken).pos === 'NUM' || tokens[k]?.lower === 'more')
  ) {
    k++;
  }
  const thing = tokens[k];
  return (
    k > j &&
    isWord(thing) &&
    thing.pos === 'NOUN' &&
    !TIME_UNITS.has(thing.lemma) &&
    !TIME_UNITS.has(thing.lower)
  );
}

/** Units of time an amount may count ("two weeks late"): no things to order. */
const TIME_UNITS: ReadonlySet<string> = new Set([
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'year',
  'time',
]);

/** Whether only sequence words come before the word at `k` in its clause ("first buy", "and then order"). */
function opensTask(tokens: readonly TaggedToken[], k: number): boolean {
  let j = k - 1;
  while (isWord(tokens[j]) && SEQUENCE_WORDS.has((tokens[j] as TaggedToken).lower)) j--;
  return j < k - 1 && !isWord(tokens[j]);
}

/** A verb's object at j: a determiner, an object pronoun, a possessive or a bare plural. */
function opensObjectAt(tokens: readonly TaggedToken[], j: number): boolean {
  const token = tokens[j];
  return (
    isWord(token) &&
    (token.pos === 'DET' ||
      OBJECT_PRONOUNS.has(token.lower) ||
      POSSESSIVES.has(token.lower) ||
      isPlural(token))
  );
}

/** Adverbs said before the verb they go with: "we never | tell them" is one clause. */
const PRE_VERB_ADVERBS: ReadonlySet<string> = new Set([
  'never',
  'always',
  'just',
  'really',
  'also',
  'still',
  'often',
  'usually',
  'sometimes',
  'even',
  'only',
  'already',
  'finally',
  'rarely',
  'ever',
  'actually',
  'probably',
  'definitely',
  'totally',
  'literally',
  'simply',
]);

/** Words a causative verb's object may take: "have | the new intern | get quotes". */
const CAUSATIVE_OBJECT_WORDS = 3;

/** Whether the word at i comes right after the object of a causative verb ("have the intern"). */
function followsCausativeObject(tokens: readonly TaggedToken[], i: number): boolean {
  for (let k = i - 1; k >= 0 && k >= i - 1 - CAUSATIVE_OBJECT_WORDS; k--) {
    const token = tokens[k] as TaggedToken;
    if (token.kind !== 'word') return false;
    if (k < i - 1 && CAUSATIVE_VERBS.has(token.lemma) && tokens[k + 1]?.lower !== 'to') {
      return true;
    }
    if (!NOUN_PHRASE_START.has(token.pos) && token.pos !== 'PRON') return false;
  }
  return false;
}

const PLURAL_VERBS: ReadonlySet<string> = new Set([
  'are',
  'were',
  'have',
  'do',
  "aren't",
  "weren't",
  "don't",
]);

/** A subject pronoun and its verb after a content word: a new clause ("... six | I need"). */
function subjectAfterContent(tokens: readonly TaggedToken[], i: number): boolean {
  const token = tokens[i] as TaggedToken;
  const prev = tokens[i - 1];
  const verb = tokens[i + 1];
  if (
    !CLAUSE_SUBJECTS.has(token.lower) ||
    !isWord(prev) ||
    FUNCTION_WORDS.has(prev.lower) ||
    prev.lower.endsWith('ly') ||
    !isVerbish(verb)
  ) {
    return false;
  }
  // "companies fighting it are ...", "I think you are right": after a verb "it" and "you" are
  // its object or its clause's subject, and "it" never goes with "are".
  if ((token.lower === 'it' || token.lower === 'you') && prev.pos === 'VERB') return false;
  // "I reckon we could apply", "I think I could": what is thought is the thinking's clause.
  if (THOUGHT_TAKING.has(prev.lower)) return false;
  if (token.lower === 'it' && PLURAL_VERBS.has(verb?.lower ?? '')) return false;
  // "buy the treats he likes, and ...": a subject and a verb that end the phrase describe the
  // thing before them; a new clause goes on past its verb ("... at six | I need the ...").
  const after = tokens[i + 2];
  const endsPhrase = !isWord(after) || CLAUSE_CONNECTIVES.has(after.lower);
  return !(endsPhrase && verb?.pos === 'VERB');
}

/**
 * Verbs a clause said without "that" follows ("I reckon we could ..."). "bet" and "thought"
 * are as often nouns ("I lost the bet | we have to ...", "food for thought | we need ...").
 */
const THOUGHT_TAKING: ReadonlySet<string> = new Set([
  'think',
  'reckon',
  'guess',
  'hope',
  'suppose',
  'reckoned',
]);

function leadAt(tokens: readonly TaggedToken[], i: number): string[] | undefined {
  // "Because of that, kids miss field trips", "ready by 5:30, because of traffic": "because
  // of" opens a phrase, not a reason's clause, and stays in what is said.
  if (opensReasonPhrase(tokens, i)) return undefined;
  const length = phraseLengthAt(LEADS_BY_FIRST_WORD, tokens, i, false);
  if (length === 0) return undefined;
  return tokens.slice(i, i + length).map((token) => token.lower);
}

/** "because of traffic": a reason said as a phrase, no clause of its own. */
function opensReasonPhrase(tokens: readonly TaggedToken[], i: number): boolean {
  return tokens[i]?.lower === 'because' && tokens[i + 1]?.lower === 'of';
}

/**
 * Splits one sentence's tokens into clauses. Both modes split at a pause, "and", "then",
 * "but" or "so" before a verb or a subject; before a subject after a content word; before a
 * task verb that follows a noun phrase. Ideas mode also splits before the leads a pitch is
 * built from ("because", "so that", "the problem is", "what if", "imagine").
 */
/** Words that join a clause to the next: left at a clause's end they join it to nothing. */
const JOINERS = new Set(['and', 'or', 'but', 'so', 'because']);

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

export function splitClauses(tokens: readonly TaggedToken[], mode: ClauseMode): Clause[] {
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

export function isPlural(token: TaggedToken): boolean {
  return token.pos === 'NOUN' && token.lemma !== token.lower && token.lower.endsWith('s');
}

export function isCompound(a: TaggedToken, b: TaggedToken): boolean {
  return COMPOUND_NOUNS.has(`${a.lower} ${b.lower}`);
}

function isPause(token: TaggedToken): boolean {
  return token.kind === 'pause';
}

/** Commas between things: a list as Whisper writes it ("the blue adapter, sunscreen"). */
function isCommaList(region: readonly TaggedToken[]): boolean {
  return region.some((token) => token.kind === 'pause' && token.text === ',');
}

/** Titles said before a name. */
const TITLES: ReadonlySet<string> = new Set(['mr', 'mrs', 'ms', 'dr', 'prof']);

/** Boundaries inside a run of nouns: "milk eggs bread" splits, "extension cord" does not. */
function nounRunBreaks(run: readonly TaggedToken[], article: boolean): Set<number> {
  const breaks = new Set<number>();
  // "a blanket sandwiches": "a" cannot go with a plural, so the plural is a thing of its own.
  const last = run[run.length - 1];
  if (
    article &&
    run.length === 2 &&
    last !== undefined &&
    isPlural(last) &&
    !isPlural(run[0] as TaggedToken)
  ) {
    if (!isCompound(run[0] as TaggedToken, last)) breaks.add(1);
  }
  for (let k = 1; k < run.length; k++) {
    const before = run[k - 1] as TaggedToken;
    const after = run[k] as TaggedToken;
    if (isCompound(before, after)) continue;
    // "Mr. Patel's meds": a title goes with its name, and a possessive with what it owns.
    if (TITLES.has(before.lower.replace(/\.$/u, '')) || /['’]s?$/u.test(before.lower)) continue;
    // Three or more nouns in a row in a spoken list are mostly separate things; a plural
    // noun ends its phrase ("batteries | tape"), and so does a staple before another one
    // ("milk | eggs").
    if (
      run.length >= 3 ||
      isPlural(before) ||
      (LIST_STAPLES.has(before.lemma) && LIST_STAPLES.has(after.lemma))
    ) {
      breaks.add(k);
    }
  }
  return breaks;
}

/**
 * "sleeping bags", "frozen peas": an -ing form, or a participle in "-en" (never a past tense:
 * "froze" is), before a noun describes it, as an adjective would.
 */
function asModifier(
  token: TaggedToken,
  next: TaggedToken | undefined,
  before: TaggedToken | undefined,
  beforeThat?: TaggedToken,
): TaggedToken {
  if (token.pos !== 'VERB' || !isWord(next) || !NOUN_POS.has(next.pos)) return token;
  const participle =
    token.lower.endsWith('en') &&
    token.lemma !== token.lower &&
    // "we have taken photos", "we've already eaten breakfast": after "have" it is the verb.
    !(isWord(before) && (hasHave(before) || (before.pos === 'ADV' && hasHave(beforeThat))));
  return token.lower.endsWith('ing') || participle ? { ...token, pos: 'ADJ' } : token;
}

/** "have", "has", "'ve", "'d": what makes a participle after it the verb. */
function hasHave(token: TaggedToken | undefined): boolean {
  return (
    isWord(token) &&
    (token.pos === 'AUX' || token.lemma === 'have' || /['’](?:ve|d|s)$/u.test(token.lower))
  );
}

/** A verb or an auxiliary at k, not a participle describing the noun after it. */
function isClauseVerb(region: readonly TaggedToken[], k: number): boolean {
  const token = region[k];
  if (!isWord(token)) return false;
  return (
    token.pos === 'AUX' ||
    asModifier(token, region[k + 1], region[k - 1], region[k - 2]).pos === 'VERB'
  );
}

/** Verb + particle at the start of a task ("pick up"), or nothing when it is not verb-led. */
export function verbHead(tokens: readonly TaggedToken[]): number {
  const first = tokens[0];
  if (!isWord(first)) return 0;
  const next = tokens[1];
  // "do the schedule", "do the washing": "do" with its object is the task's verb.
  const doesThing = first.lower === 'do' && isWord(next) && next.pos === 'DET';
  const verbLed =
    (isBaseVerb(first) ||
      doesThing ||
      (TASK_VERBS.has(first.lower) && !FUNCTION_WORDS.has(first.lower))) &&
    !(isWord(next) && isCompound(first, next));
  if (!verbLed) return 0;
  if (isWord(next) && VERB_PARTICLES.has(next.lower) && isWord(tokens[2])) {
    const after = tokens[2] as TaggedToken;
    if (NOUN_PHRASE_START.has(after.pos) || after.pos === 'PRON') return 2;
  }
  return 1;
}

/** Words from a joiner in which a clause of its own would have its verb ("and my legs are"). */
const CLAUSE_VERB_REACH = 4;
const RELATIVES: ReadonlySet<string> = new Set(['that', 'which', 'who', 'where']);
/** Relatives that open a clause about a thing after a comma ("the venue, which has parking"). */
const NON_RESTRICTIVE: ReadonlySet<string> = new Set(['which', 'who', 'whose']);

/** Whether the words from `start` hold a finite verb of their own, not a relative's or "to"'s. */
function hasOwnVerb(region: readonly TaggedToken[], start: number): boolean {
  const end = Math.min(region.length, start + CLAUSE_VERB_REACH);
  for (let k = start; k < end; k++) {
    const token = region[k] as TaggedToken;
    if (token.kind !== 'word' || RELATIVES.has(token.lower)) return false;
    if (
      (token.pos === 'AUX' ||
        asModifier(token, region[k + 1], region[k - 1], region[k - 2]).pos === 'VERB') &&
      region[k - 1]?.lower !== 'to'
    ) {
      return true;
    }
  }
  return false;
}

/**
 * "a new | extension cord": an adjective opens a thing only before what it describes; "a
 * birthday present for Jake" is one thing, whatever the tagger makes of "present".
 */
function describesNext(region: readonly TaggedToken[], k: number): boolean {
  const next = region[k + 1];
  return isWord(next) && (NOUN_POS.has(next.pos) || next.pos === 'ADJ');
}

/**
 * Whether the "and" and "or" of a task's words join things. One before a verb joins what the
 * things do ("messages in bottles that wash up and answers every one"). Without a verb at the
 * head, a verb before the list is a sentence's ("you trade rivers and bridges"), whose subject
 * and verb no thing after the first would keep, unless what follows is a clause of its own
 * ("... the sofa and she already owns it"). So is a verb after "to": "ask Mum to bring the
 * salad and the dessert" is one ask.
 */
function joinsThings(region: readonly TaggedToken[], verbLed: boolean): boolean {
  let sentenceVerb = false;
  // Within a relative clause, up to the pause that ends it.
  let relative = false;
  for (let k = 0; k < region.length; k++) {
    const token = region[k] as TaggedToken;
    if (token.kind === 'pause') relative = false;
    if (token.kind !== 'word') continue;
    // "tell Dave to grab milk and bread": the things are the second verb's, and one ask.
    if (
      token.lower === 'to' &&
      isWord(region[k + 1]) &&
      (region[k + 1] as TaggedToken).pos === 'VERB'
    ) {
      sentenceVerb = true;
      continue;
    }
    if (token.lower !== 'that' && RELATIVES.has(token.lower)) {
      relative = true;
      continue;
    }
    if (token.lower === 'and' || token.lower === 'or') {
      const next = region[k + 1];
      // "a tool library where people can borrow ladders drills and lawn mowers": things said
      // in a relative clause are its verb's; "the vet who saw Max, the groomer and the
      // sitter", after the pause that ends it, are the task's.
      if (relative && !hasOwnVerb(region, k + 1)) return false;
      if (
        isWord(next) &&
        (next.pos === 'AUX' ||
          asModifier(next, region[k + 2], region[k], region[k - 1]).pos === 'VERB')
      ) {
        return false;
      }
      if (sentenceVerb && !hasOwnVerb(region, k + 1)) return false;
    } else if (!verbLed && isClauseVerb(region, k)) {
      sentenceVerb = true;
    }
  }
  return true;
}

/** Words a list's name may take before its head ("my big weekly grocery list"). */
const LIST_NAME_MAX_WORDS = 4;
/**
 * "grocery list | eggs oat milk", "costco run tomorrow | three avocados": where the things
 * start after the name the speaker gave the list (and the day it is for), or -1.
 */
export function afterListName(tokens: readonly TaggedToken[]): number {
  const end = Math.min(tokens.length - 1, LIST_NAME_MAX_WORDS + 1);
  for (let k = 0; k < end; k++) {
    const word = tokens[k];
    if (!isWord(word)) return -1;
    const before = tokens[k - 1];
    // A run after a thing is an errand ("a grocery run"), never the verb ("dogs run the
    // house"); a bare "list" or "checklist" is the format said aloud ("checklist personal
    // ..."), and "the list" one talked about, not a name.
    const errand =
      word.lower === 'run' &&
      isWord(before) &&
      NOUN_POS.has(before.pos) &&
      !/[^s]s$/u.test(before.lower);
    // "nappy bag for sunday ... so nappies, wipes": a bag named by what it is for, then for when.
    const bag =
      word.lower === 'bag' &&
      k > 0 &&
      tokens[k + 1]?.lower === 'for' &&
      isWord(before) &&
      NOUN_POS.has(before.pos);
    const head =
      (LIST_HEADS.has(word.lower) || bag) &&
      (k > 0 || word.lower === 'groceries') &&
      !(isWord(before) && before.pos === 'DET');
    // "packing for spain | passports ...": a packing list named by where it is for.
    const packing = k === 0 && word.lower === 'packing' && tokens[1]?.lower === 'for';
    if (head || errand || packing) {
      let at = k + 1;
      while (isWord(tokens[at]) && DAY_WORDS.has((tokens[at] as TaggedToken).lower)) at++;
      if (tokens[at]?.lower === 'for') at = afterListTopic(tokens, at);
      // A bag's things follow a pause or "so" ("nappy bag for sunday so nappies ..."): "the
      // laptop bag for work split on the train" is news of the bag.
      const closed = at > 0 && (tokens[at - 1]?.kind === 'pause' || tokens[at - 1]?.lower === 'so');
      if (bag && !closed) return -1;
      const first = tokens[at];
      // "sleeping bags", "frozen peas": a describing form opens a thing as an adjective does.
      const opensThing =
        isWord(first) &&
        (NOUN_PHRASE_START.has(first.pos) ||
          asModifier(first, tokens[at + 1], tokens[at - 1]).pos === 'ADJ');
      if (!opensThing) return -1;
      // "our shopping list the kids wrote is funny": a clause about the list, no things.
      return hasOwnVerb(tokens, at) ? -1 : at;
    }
    if (word.pos === 'VERB' && word.lower !== 'do') return -1;
  }
  return -1;
}

/** Words of whom or where a list is for ("for the lake district", "for trader joe's"). */
const LIST_TOPIC_MAX_WORDS = 5;

/**
 * "grocery list for trader joe's | milk eggs ...", "packing for the lake district so |
 * sleeping bags ...": where the things start after what the list is for, its `for` at
 * `forAt`; -1 when no topic can be told from the things. A pause or "so" said within reach
 * ends the topic; else it is a day, a name, or one thing with its owner's name.
 */
function afterListTopic(tokens: readonly TaggedToken[], forAt: number): number {
  const reach = Math.min(tokens.length, forAt + LIST_TOPIC_MAX_WORDS + 2);
  for (let k = forAt + 2; k < reach; k++) {
    const token = tokens[k] as TaggedToken;
    if (token.kind === 'pause') return k + 1;
    if (!isWord(token)) return -1;
    // "my nappy bag for sunday broke": news of the bag, no list.
    if (isFiniteVerb(token)) return -1;
    // "packing for the weekend so many bags": a "so" that says how many is no list's start.
    if (token.lower === 'so') {
      return SO_KEEP_BEFORE.has(tokens[k + 1]?.lower ?? '') ? -1 : k + 1;
    }
  }
  let at = forAt + 1;
  if (PHRASE_DETERMINERS.has(tokens[at]?.lower ?? '')) at++;
  const first = tokens[at];
  if (!isWord(first)) return -1;
  if (!DAY_WORDS.has(first.lower) && !NOUN_POS.has(first.pos)) return -1;
  at++;
  const wordAt = (k: number): TaggedToken | undefined => {
    const token = tokens[k];
    return k < reach && isWord(token) ? token : undefined;
  };
  // "tom's | party", "the kids' | party": an owner said first holds the next word; said after
  // a word of the name ("trader joe's") it ends a shop's name.
  if (/['’]s?$/u.test(first.lower) && NOUN_POS.has(wordAt(at)?.pos ?? '')) at++;
  while (wordAt(at)?.pos === 'PROPN' || /['’]s$/u.test(wordAt(at)?.lower ?? '')) at++;
  // "sunday brunch", "the school trip", "the dinner party": the occasion the list is for.
  while (LIST_OCCASIONS.has(wordAt(at)?.lemma ?? '')) at++;
  // "the dinner party on friday": and the day it is on.
  if (wordAt(at)?.lower === 'on' && DAY_WORDS.has(wordAt(at + 1)?.lower ?? '')) at += 2;
  // "Packing list for the camping trip.": a word or none left is the topic's own, and the
  // things, if any, follow in another sentence.
  return tokens.slice(at).filter(isWord).length >= LIST_TOPIC_MIN_THINGS_WORDS ? at : -1;
}

/** Words a list's things take at least after its topic ("milk eggs", "the tent"). */
const LIST_TOPIC_MIN_THINGS_WORDS = 2;

/** Events a list is packed or bought for, in a topic or a "For ..." heading. */
const LIST_EVENTS: readonly string[] = [
  'party',
  'trip',
  'holiday',
  'wedding',
  'weekend',
  'sleepover',
  'picnic',
  'bbq',
  'barbecue',
];

/** Occasions a list is for, said after their kind ("sunday brunch", "the hospital bag"). */
const LIST_OCCASIONS: ReadonlySet<string> = new Set([
  ...LIST_EVENTS,
  'dinner',
  'brunch',
  'lunch',
  'breakfast',
  'bag',
  'birthday',
  'shower',
  'night',
]);

/** "things to pack", "stuff to buy": a list named by what is to be done with its things. */
const THINGS_WORDS: ReadonlySet<string> = new Set(['things', 'stuff']);
/** Tags a thing starts with ("Milk", "two towels", "the big tent"). */
const THING_STARTS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'DET', 'NUM', 'ADJ']);

/** "things to pack for Lisbon": the words name a list by what is to be done with its things. */
export function namesThingsTo(words: readonly TaggedToken[]): boolean {
  return THINGS_WORDS.has(words[0]?.lower ?? '') && words[1]?.lower === 'to';
}

/** "the Aldi ones are fine", "the big one is better": said of the thing before, by its kind. */
export function saysOfTheOnes(words: readonly TaggedToken[]): boolean {
  const ones = words.findIndex((word) => word.lower === 'one' || word.lower === 'ones');
  return (
    ones > 0 &&
    ones <= ONES_MAX_WORDS &&
    POINTING_DETERMINERS.has(words[0]?.lower ?? '') &&
    words[ones + 1]?.pos === 'AUX' &&
    !words.some((word) => TASK_VERBS.has(word.lower) && word.pos === 'VERB')
  );
}

/** "the Aldi ones": a determiner and up to two describing words before "ones". */
const ONES_MAX_WORDS = 3;
const POINTING_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'those',
  'these',
  'that',
  'this',
]);

/** Words that name a list said as a heading: "Baby stuff.", "Stuff for Monday.", "Jobs.". */
const LIST_HEADING_WORDS: ReadonlySet<string> = new Set([
  ...LIST_HEADS,
  ...TO_DO_NAMES,
  'bits',
  'bag',
  'errands',
]);
const LIST_HEADING_MAX_WORDS = 8;
/** Occasions a list is for, said in a "For ..." heading ("For the trip.", "For training."). */
const HEADING_OCCASIONS: ReadonlySet<string> = new Set([
  ...LIST_EVENTS,
  'training',
  'move',
  'camping',
  'shoot',
  'gig',
  'rehearsal',
  'course',
]);

/**
 * "Baby stuff.", "Stuff for Monday.", "Packing for Spain.", "Things to pack.": a sentence that
 * only names a list ("Fun stuff happened" and "Things I love" say something of it).
 */
export function namesListHeading(words: readonly TaggedToken[]): boolean {
  if (words.length === 0 || words.length > LIST_HEADING_MAX_WORDS) return false;
  if (namesThingsTo(words)) return true;
  // "For training Wednesday.", "For the trip to Bundoran on the 14th.": the occasion or day a
  // list is for. "For the boys.", "For the win." and "For the record." dedicate a post.
  if (
    words[0]?.lower === 'for' &&
    words.length >= 2 &&
    words.some((word) => DAY_WORDS.has(word.lower) || HEADING_OCCASIONS.has(word.lemma)) &&
    words.every((word) => word.pos !== 'VERB' && word.pos !== 'AUX' && word.pos !== 'PRON')
  ) {
    return true;
  }
  const packing = words[0]?.lower === 'packing' && words[1]?.lower === 'for';
  const start = packing ? 2 : 0;
  // The list's word ends the name or leads into what it is for: "Shopping list: milk, eggs"
  // goes on to the things themselves.
  const named = words.some(
    (word, i) =>
      LIST_HEADING_WORDS.has(word.lower) &&
      (i === words.length - 1 || words[i + 1]?.lower === 'for'),
  );
  return (
    (packing || named) &&
    words.slice(start).every((word) => word.pos !== 'VERB' && word.pos !== 'AUX')
  );
}

/**
 * "Shopping list. Milk, eggs, bread.", "Things to pack for Lisbon. Passport, ...": a sentence
 * that names a list as such, followed by a sentence of things only, with no verb of a clause
 * ("The kids wrote it" is news about the list).
 */
export function thingsFollowListName(
  words: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
  const thingsTo = namesThingsTo(words);
  // "My reading list is getting long": news about a list names none.
  const named =
    (thingsTo || words.some((word) => LIST_HEADS.has(word.lower))) &&
    !words.some((word, i) => isFiniteVerb(word) && !(thingsTo && i === 2));
  const first = next[0];
  // Things, two at least ("Two hundred people." counts one; "Milk eggs bread" three).
  const parts = next.filter(
    (token) => token.kind === 'pause' || token.lower === 'and' || token.lower === 'or',
  ).length;
  const nouns = next.filter((token) => NOUN_POS.has(token.pos)).length;
  return (
    named &&
    (parts > 0 || nouns >= 3) &&
    isWord(first) &&
    (THING_STARTS.has(first.pos) || first.pos === 'VERB') &&
    !next.some(isFiniteVerb)
  );
}

/** A verb of a clause, not a describing form ("frozen", "sleeping"). */
export function isFiniteVerb(token: TaggedToken): boolean {
  return (
    token.pos === 'AUX' ||
    (token.pos === 'VERB' && !token.lower.endsWith('ing') && !token.lower.endsWith('en'))
  );
}

/**
 * "trash bags, the tall ones": a thing named after a pause by what sets it apart from the one
 * before; "the red one and the blue one" are two.
 */
function pointsBack(piece: {
  gap: readonly TaggedToken[];
  tokens: readonly TaggedToken[];
}): boolean {
  if (piece.gap.some((token) => token.kind === 'word')) return false;
  const words = piece.tokens.filter(isWord);
  const last = words[words.length - 1];
  return (
    words.length >= 2 &&
    words[0]?.lower === 'the' &&
    (last?.lower === 'one' || last?.lower === 'ones')
  );
}

/**
 * A task naming several things ("buy batteries tape and a new extension cord") as one task
 * per thing, each with the verb: "buy batteries", "buy tape", "buy a new extension cord".
 * Only a list joined by "and", "or" or commas is split, at a new determiner, adjective or
 * number after a noun, and inside runs of nouns (see nounRunBreaks). Anything that is not a
 * noun phrase after the split joins the thing before it, so "talk to Sam and Priya" and
 * "send the client the quote" stay whole. Things said as `needed` ("we need | sunscreen two
 * towels the cooler") are a list even without "and" or a comma: no verb stands between them.
 */
/** Tags of a preposition's object, up to the "and" that may join a second one to it. */
const PHRASE_OBJECT_POS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'NUM', 'ADJ']);

/**
 * The "and"s and "or"s that join a preposition's objects ("for bays 3 and 4", "with Jamie and
 * Priya", "of twin and earth"), not the verb's things: after a preposition, with nothing but
 * its object said since, and a bare word after them (no determiner: "from school and the dry
 * cleaning" may name a second thing).
 */
function prepositionalJoins(region: readonly TaggedToken[]): {
  joins: Set<number>;
  inside: Set<number>;
} {
  const joins = new Set<number>();
  // Words of an object so joined: "bays 3 and 4" is one object, "3" no new thing.
  const inside = new Set<number>();
  let open = -1;
  for (let k = 0; k < region.length; k++) {
    const token = region[k] as TaggedToken;
    if (!isWord(token)) {
      open = -1;
      continue;
    }
    if (token.lower === 'and' || token.lower === 'or') {
      const next = region[k + 1];
      const last = region[k - 1];
      if (
        open !== -1 &&
        isWord(next) &&
        isWord(last) &&
        // "for bays 3 and 4", "with Jamie and Priya": a number with a number, a name with a
        // name; "a prescription for gran and milk" names a second thing.
        ((last.pos === 'NUM' && next.pos === 'NUM') ||
          (last.pos === 'PROPN' && next.pos === 'PROPN')) &&
        // "after two months of work and signups are up": a clause of its own.
        !hasOwnVerb(region, k + 1)
      ) {
        joins.add(k);
        for (let j = open; j < k; j++) inside.add(j);
      } else {
        open = -1;
      }
      continue;
    }
    if (token.pos === 'ADP' && token.lower !== 'to') open = k + 1;
    else if (!PHRASE_OBJECT_POS.has(token.pos) && token.pos !== 'DET') open = -1;
  }
  return { joins, inside };
}

export function splitList(tokens: readonly TaggedToken[], needed = false): TaggedToken[][] {
  const headLength = verbHead(tokens);
  const head = tokens.slice(0, headLength);
  const region = tokens.slice(headLength);
  const joined = region.some(
    (token) =>
      token.kind === 'pause' ||
      (token.kind === 'word' && (token.lower === 'and' || token.lower === 'or')),
  );
  const firstOfRegion = region.find(isWord);
  if ((!joined && !needed) || firstOfRegion === undefined || firstOfRegion.pos === 'ADP')
    return [tokens.slice()];
  // "pay the field trip fee, which is twenty dollars": a clause about the one thing said is
  // no list ("apples, bananas, the cake, which is paid for" still is).
  const relative = region.findIndex(
    (token, k) => token.text === ',' && NON_RESTRICTIVE.has(region[k + 1]?.lower ?? ''),
  );
  if (
    relative !== -1 &&
    !region
      .slice(0, relative)
      .some((token) => token.kind === 'pause' || token.lower === 'and' || token.lower === 'or')
  ) {
    return [tokens.slice()];
  }
  // "pick it up after ... forty dollars a day": a phrasal verb with its object in the pronoun
  // and a preposition after it has no list of things ("clean it out, the fridge, the
  // freezer" has).
  const at = region.indexOf(firstOfRegion);
  const particle = region[at + 1];
  const afterParticle = region[at + 2];
  if (
    OBJECT_PRONOUNS.has(firstOfRegion.lower) &&
    isWord(particle) &&
    VERB_PARTICLES.has(particle.lower) &&
    isWord(afterParticle) &&
    afterParticle.pos === 'ADP'
  ) {
    return [tokens.slice()];
  }
  if (!joinsThings(region, headLength > 0)) return [tokens.slice()];
  // Without a verb at the head, pieces with a verb of their own are clauses ("... of work and
  // signups are up thirty percent this week"): they part at the joiners only, never inside.
  const clausal = headLength === 0 && region.some((_, k) => isClauseVerb(region, k));
  // A list written with commas has its things parted already: after "the" or "my", nouns in
  // a row are one thing ("check the fridge temperature log, and ..."); "milk, eggs bread and
  // cheese" and "a hammer nails, screws" still part.
  const written = isCommaList(region);

  // Each piece keeps the pause or joiner said before it, for when it joins the thing before.
  const chunks: { gap: TaggedToken[]; tokens: TaggedToken[] }[] = [];
  let chunk: TaggedToken[] = [];
  let gap: TaggedToken[] = [];
  const push = (): void => {
    if (chunk.some(isWord)) {
      chunks.push({ gap, tokens: chunk });
      gap = [];
    }
    chunk = [];
  };
  let run: TaggedToken[] = [];
  let runBreaks = new Set<number>();
  let runIndex = 0;
  const withinPhrase = prepositionalJoins(region);
  const numbered = numberedJoins(region);
  for (let k = 0; k < region.length; k++) {
    const token = asModifier(region[k] as TaggedToken, region[k + 1], region[k - 1], region[k - 2]);
    if (
      token.kind === 'pause' ||
      (token.kind === 'word' &&
        (token.lower === 'and' || token.lower === 'or') &&
        !withinPhrase.joins.has(k) &&
        !numbered.has(k))
    ) {
      push();
      gap.push(token);
      continue;
    }
    if (!isWord(token)) {
      chunk.push(token);
      continue;
    }
    if (NOUN_POS.has(token.pos)) {
      if (
        run.length === 0 ||
        !NOUN_POS.has((region[k - 1] as TaggedToken | undefined)?.pos ?? '')
      ) {
        run = [];
        for (let r = k; r < region.length && NOUN_POS.has((region[r] as TaggedToken).pos); r++) {
          run.push(region[r] as TaggedToken);
        }
        const before = region[k - 1];
        runBreaks =
          written && isWord(before) && DEFINITE_OPENERS.has(before.lower)
            ? new Set()
            : nounRunBreaks(run, isWord(before) && (before.lower === 'a' || before.lower === 'an'));
        runIndex = 0;
      } else {
        runIndex++;
        if (!clausal && runBreaks.has(runIndex)) push();
      }
    } else {
      run = [];
    }
    const prev = chunk[chunk.length - 1];
    const opensThing =
      !clausal &&
      !withinPhrase.inside.has(k) &&
      !numbered.has(k) &&
      // "the green tin one": "one" stands for the thing, no amount of a new one.
      !(token.lower === 'one' && !isWord(region[k + 1])) &&
      // "the Year 8 essays", "Gate 12", and in a written list "in bay three": a number after
      // a name, or ending a noun's phrase, is part of it ("bananas 6 pears" counts pears).
      !(
        token.pos === 'NUM' &&
        isWord(prev) &&
        (prev.text !== prev.lower || (written && !NOUN_POS.has(region[k + 1]?.pos ?? '')))
      ) &&
      isWord(prev) &&
      // "..., mark the essays": in a written list, a known verb said first after a comma
      // takes what follows it, whatever its tag.
      !(
        written &&
        chunk.length === 1 &&
        prev === chunk[0] &&
        gap.some(isPause) &&
        isKnownTaskVerb(prev)
      ) &&
      NOUN_POS.has(prev.pos) &&
      (token.pos === 'DET' ||
        token.pos === 'NUM' ||
        (token.pos === 'ADJ' && describesNext(region, k)));
    if (opensThing) push();
    chunk.push(token);
  }
  push();

  // A piece that does not start like a thing ("to the office", "before then") belongs to the
  // thing before it, and so does one that only points back at it ("trash bags, the tall ones").
  const things: TaggedToken[][] = [];
  for (const piece of chunks) {
    const first = piece.tokens.find(isWord) as TaggedToken;
    const previous = things[things.length - 1];
    if (
      previous !== undefined &&
      (!(NOUN_PHRASE_START.has(first.pos) || first.pos === 'PRON') || pointsBack(piece))
    ) {
      previous.push(...piece.gap, ...piece.tokens);
    } else {
      things.push([...piece.tokens]);
    }
  }
  if (things.length < 2) return [tokens.slice()];
  const headWord = head[0]?.lower;
  return things.map((thing, k) =>
    k > 0 &&
    written &&
    // "phone the bank, phone charger": the verb said again is the thing's own word.
    (opensOwnTask(thing) || thing.find(isWord)?.lower === headWord)
      ? thing
      : [...head, ...thing],
  );
}

/**
 * "chapters 4 and 5", "rooms 3 or 4": numbers joined after a plural name which of them is
 * meant, one thing. The indexes of those numbers and their join.
 */
function numberedJoins(region: readonly TaggedToken[]): Set<number> {
  const inside = new Set<number>();
  for (let k = 1; k + 2 < region.length; k++) {
    const join = region[k + 1] as TaggedToken;
    if (
      region[k]?.pos === 'NUM' &&
      region[k + 2]?.pos === 'NUM' &&
      (join.lower === 'and' || join.lower === 'or') &&
      isPlural(region[k - 1] as TaggedToken) &&
      // "eggs 6 and 2 loaves": the second number counts a thing of its own.
      region[k + 3]?.pos !== 'NOUN'
    ) {
      inside
        .add(k)
        .add(k + 1)
        .add(k + 2);
    }
  }
  return inside;
}

/** Determiners after which a written list's nouns in a row are one thing: all but "a". */
const DEFINITE_OPENERS: ReadonlySet<string> = new Set(
  [...PHRASE_OPENERS].filter((word) => word !== 'a' && word !== 'an'),
);

/** Particles that carry a task's verb on to its object ("hand over the notes", "back up my
 * files"); "in" and "on" say where a thing goes ("eggs in the fridge"). */
const TASK_PARTICLES: ReadonlySet<string> = new Set([
  'up',
  'out',
  'off',
  'back',
  'away',
  'down',
  'over',
]);

/**
 * "photocopy the worksheets, mark the essays, and hand over the notes": in a written list, a
 * piece led by a known verb, in lower case (a name, "Mark", keeps its capital), is a task of
 * its own whatever the tagger made of the verb, when it takes an object ("the", "my", or a
 * particle and then "the") or says more than a thing would (four words or more); the first
 * task's verb is not put before it.
 */
function opensOwnTask(thing: readonly TaggedToken[]): boolean {
  const words = thing.filter(isWord);
  const [verb, next, after] = words;
  if (verb === undefined || next === undefined || verb.text !== verb.lower) return false;
  if (!['NOUN', 'VERB', 'ADJ'].includes(verb.pos)) return false;
  // "shoes my sister lent me", "rollers the big ones": a plural is a thing; a verb said to do
  // a task is never in -s.
  if (/[^s]s$/u.test(verb.lower)) return false;
  if (isCompound(verb, next)) return false;
  // "bread the big loaf", "dad a card": only a word known as a task's verb takes an object.
  if (!isKnownTaskVerb(verb)) return false;
  // A thing in a list is a word or three ("print paper"); a task goes on to say more. A word
  // read as describing ("clean towels for the gym bag") takes its object first.
  if (words.length >= TASK_MIN_WORDS && !DESCRIBING_VERBS.has(verb.lower)) return true;
  const object = (token: TaggedToken | undefined): boolean =>
    token !== undefined && OBJECT_OPENERS.has(token.lower);
  return object(next) || (TASK_PARTICLES.has(next.lower) && object(after));
}

/** Verbs as often a thing's description ("clean towels", "dry socks", "warm gloves"). */
const DESCRIBING_VERBS: ReadonlySet<string> = new Set([
  'clean',
  'dry',
  'warm',
  'clear',
  'empty',
  'open',
  'free',
  'tidy',
  'cool',
  'fresh',
]);

function isKnownTaskVerb(token: TaggedToken): boolean {
  return (
    TASK_VERBS.has(token.lower) ||
    IMPERATIVE_VERBS.has(token.lower) ||
    VERBS_TAGGED_AS_NOUNS.has(token.lower)
  );
}

/** Words from which a piece led by a verb of tasks is a task whatever follows the verb. */
const TASK_MIN_WORDS = 4;

/** Verbs the tagger reads as nouns after a comma ("..., mark the essays, hand over the notes"). */
const VERBS_TAGGED_AS_NOUNS: ReadonlySet<string> = new Set([
  'slice',
  'mark',
  'hand',
  'open',
  'close',
  'dry',
  'prime',
  'warm',
  'water',
  'iron',
  'dust',
  'file',
  'print',
  'text',
  // "seed the database", "portion the hake", "price the earrings".
  'seed',
  'portion',
  'price',
]);
