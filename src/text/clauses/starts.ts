import {
  CONTENT_POS,
  NOUN_PHRASE_START,
  NOUN_POS,
  intentLengthAt,
  isBaseVerb,
  isCompound,
  isKnownTaskVerb,
  isPlural,
  isVerbish,
  isWord,
  startsObject,
} from './tokens.js';
import type { TaggedToken } from '../nlp.js';
import { PURPOSE_MODALS, PURPOSE_SUBJECT_MAX_WORDS } from '../words/run-ons.js';
import {
  CLAUSE_CONNECTIVES,
  CLAUSE_SUBJECTS,
  FUNCTION_WORDS,
  OBJECT_PRONOUNS,
  PHRASE_DETERMINERS,
  PHRASE_END_PRONOUNS,
  PLURAL_VERBS,
  POSSESSIVES,
} from '../words/function-words.js';
import { IMPERATIVE_VERBS, SEQUENCE_WORDS, TASK_VERBS, VERB_PARTICLES } from '../words/tasks.js';
import { TIME_UNITS } from '../words/time-words.js';
import {
  BASE_FORM_PASTS,
  CAUSATIVE_PERSONS,
  CAUSATIVE_VERBS,
  PHRASAL_PARTICLES,
  PRE_VERB_ADVERBS,
  REMINDING_VERBS,
  TASK_ADVERBS,
  THOUGHT_TAKING,
} from '../words/verbs.js';

/**
 * Where a new task or clause starts inside unpunctuated speech: a verb after a finished noun
 * phrase, a subject with its verb, a reminder, a lead a pitch is built from; and what goes on
 * with the clause before (a reason, a purpose, a causative verb's object).
 */

/** The leads a pitch is built from, by their first word, in list order. */

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
export function resumesTaskAfterHesitation(tokens: readonly TaggedToken[], i: number): boolean {
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

/** "mum", "the kids", "dad's": someone a causative verb may make do the next verb. */
function isCausativePerson(word: string): boolean {
  return CAUSATIVE_PERSONS.has(word) || /^[a-z]+'s$/u.test(word);
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
    isCausativePerson(tokens[i - 1]?.lower ?? '')
  );
}

/**
 * "pack the car and don't forget the dog's lead", "and do not leave the keys": a reminder,
 * a task of its own. "and don't know which seats yet" and "don't worry" say something else.
 */
export function forbidsAt(tokens: readonly TaggedToken[], at: number): boolean {
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

/** "because we're out", "so the kitchen is done by Friday": why, not a new task. */
export function isReasonAt(tokens: readonly TaggedToken[], at: number): boolean {
  const word = tokens[at];
  if (!isWord(word)) return false;
  if (word.lower === 'because' || word.lower === 'cause' || word.lower === 'since') return true;
  return word.lower === 'so' && isPurpose(tokens, at + 1);
}

/**
 * "so we are not digging for mugs", "so people can try things on": a subject's own clause
 * after "so" says why, no new task; a subject that is no pronoun shows it by a modal of
 * purpose within a few words (PURPOSE_MODALS).
 */
export function isPurpose(tokens: readonly TaggedToken[], j: number): boolean {
  const subject = tokens[j];
  if (!isWord(subject)) return false;
  if (CLAUSE_SUBJECTS.has(subject.lower)) return intentLengthAt(tokens, j) === 0;
  for (let k = j + 1; k <= j + PURPOSE_SUBJECT_MAX_WORDS; k++) {
    const token = tokens[k];
    if (!isWord(token)) return false;
    if (PURPOSE_MODALS.has(token.lower)) return true;
  }
  return false;
}

/**
 * Unpunctuated speech runs tasks together ("return the library books call mom"): a task verb
 * right after the end of a noun phrase, before its own object, starts a new task.
 */
export function verbAfterNounPhrase(
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

/** A subject pronoun and its verb after a content word: a new clause ("... six | I need"). */
export function subjectAfterContent(tokens: readonly TaggedToken[], i: number): boolean {
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
