import {
  FUNCTION_WORDS,
  PHRASE_DETERMINERS,
  OBJECT_OPENERS,
  QUESTION_AUX,
  SUBJECT_PRONOUNS,
} from './words/function-words.js';
import { AMBIGUOUS_MONTHS, MONTHS, WEEKDAYS } from './words/proper-nouns.js';
import type { Token } from './tokenizer.js';
import {
  CLAUSE_TAKING_ADJECTIVES,
  DONE_WITH_WORDS,
  IT_SUBJECT_VERBS,
  LEADING_ADVERBS,
  LEAD_PREPOSITIONS,
  LEAD_TIMES,
  NOBODY_VERBS,
  OBJECT_WANTING_PASTS,
  OWNED_SUBJECT_VERBS,
  PAST_VERBS,
  PLACE_PARTICLES,
  REPORTING_VERBS,
  STRANDED_PREPOSITIONS,
  SUBJECT_CONTRACTIONS,
  SUBJECT_DETERMINERS,
  TAKES_YOU,
  TELLING_VERBS,
  THINKING_VERBS,
  TIME_NOUNS,
  YOU_VERBS,
  FINITE_BE_FORMS,
} from './words/clause-subjects.js';
import {
  DESCRIBING_MODALS,
  FEELING_LEADS,
  OWNING_WORDS,
  SHARE_WORDS,
} from './words/clause-subjects.js';

/**
 * Where a new clause's subject opens in speech that says so only by its words (boundaries.ts
 * cuts there): a subject pronoun or a subject said with its verb ("we've", "it's") after a
 * content word, "it" with a modal after a named thing, "there is", "my sister said", and what
 * keeps such a subject in its sentence: a verb of telling or thinking before it, a clause that
 * describes the thing before it, a phrase that leads into it.
 */

/**
 * "i'm so glad | we went", "we're really proud | she did it": the feeling's clause. A feeling
 * said of someone else ends its own ("the dog seems happy | we should ...").
 */
function feelsAbout(tokens: readonly Token[], i: number): boolean {
  const feeling = tokens[i - 1];
  if (feeling === undefined || !CLAUSE_TAKING_ADJECTIVES.has(feeling.lower)) return false;
  const lead = tokens[i - 2]?.lower ?? '';
  if (FEELING_LEADS.has(lead)) return true;
  return (lead === 'so' || lead === 'really') && FEELING_LEADS.has(tokens[i - 3]?.lower ?? '');
}

/** Words a phrase led by such a preposition holds after it at most. */
const LEAD_PHRASE_REACH = 3;

/**
 * "... and in september | i'm starting", "but by friday | we ...": a join, then a preposition
 * and its phrase, lead into the clause after them.
 */
function leadsIntoClause(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1] as Token;
  const joined = (k: number): boolean => PHRASE_JOINERS.has(tokens[k]?.lower ?? '');
  // "we got pizza instead | we were too tired": the adverb ends its own clause.
  if (LEADING_ADVERBS.has(prev.lower)) return joined(i - 2);
  let time = false;
  for (let k = i - 1; k >= Math.max(1, i - 1 - LEAD_PHRASE_REACH); k--) {
    const word = tokens[k] as Token;
    if (word.kind !== 'word') return false;
    time ||= isTimeWord(word.lower);
    // "the kids are fed and in bed | i'm going": a place goes with the clause before it.
    if (LEAD_PREPOSITIONS.has(word.lower)) return time && joined(k - 1);
  }
  return false;
}

/** A word that makes a phrase a time ("in march", "on friday", "after lunch", "by 5"). */
function isTimeWord(word: string): boolean {
  return (
    MONTHS.has(word) ||
    AMBIGUOUS_MONTHS.has(word) ||
    WEEKDAYS.has(word) ||
    TIME_NOUNS.has(word) ||
    LEAD_TIMES.has(word) ||
    /^\d/u.test(word)
  );
}

/**
 * "the ships | she's guiding in are ...", "that guy | she's dating is ...", "the best film |
 * i've ever seen": after "the" or "that" and a noun, a contraction whose -ing form is followed
 * by a preposition or "is", or an "ever", describes the thing ("i called the school | she's
 * picking them up" goes on).
 */
function describesWithContraction(tokens: readonly Token[], i: number): boolean {
  const determiner = tokens[i - 2]?.lower;
  if (determiner !== 'the' && determiner !== 'that') return false;
  const participle = tokens[i + 1];
  if (participle?.kind !== 'word') return false;
  if (participle.lower === 'ever') return true;
  const after = tokens[i + 2];
  return (
    participle.lower.endsWith('ing') &&
    after?.kind === 'word' &&
    (STRANDED_PREPOSITIONS.has(after.lower) || FINITE_BE_FORMS.has(after.lower))
  );
}

/** Whether the word at `i` is a subject that opens a clause, as far as its own words tell. */
function opensClauseAsSubject(tokens: readonly Token[], i: number): boolean {
  const word = (tokens[i] as Token).lower;
  if (SUBJECT_PRONOUNS.has(word) || SUBJECT_CONTRACTIONS.has(word)) return true;
  const next = tokens[i + 1];
  return (
    word === 'it' &&
    next?.kind === 'word' &&
    IT_SUBJECT_VERBS.has(next.lower) &&
    endsNamedThing(tokens, i)
  );
}

/** Words back from "it" that the thing before it may take ("the gate latch | it"). */
const NAMED_THING_REACH = 3;

/**
 * Whether the words before `i` end a thing named with its determiner ("my novel", "the gate
 * latch"), which "it" cannot be the object of: after a verb it is one ("companies fighting it
 * will lose", "the dog chewed it should i ...").
 */
function endsNamedThing(tokens: readonly Token[], i: number): boolean {
  const prev = (tokens[i - 1] as Token).lower;
  if (/(?:ing|ed)$/u.test(prev) || PAST_VERBS.has(prev)) return false;
  for (let k = i - 2; k >= Math.max(0, i - NAMED_THING_REACH); k--) {
    const word = tokens[k] as Token;
    if (word.kind !== 'word') return false;
    if (OBJECT_OPENERS.has(word.lower)) return true;
    if (/(?:ing|ed)$/u.test(word.lower)) return false;
  }
  return false;
}

/** A subject pronoun after a content word: unpunctuated speech starting a new clause. */
export function startsNewClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  const prev = tokens[i - 1];
  if (
    token === undefined ||
    token.kind !== 'word' ||
    prev === undefined ||
    prev.kind !== 'word' ||
    isFunctionWord(prev.lower) ||
    !opensClauseAsSubject(tokens, i)
  ) {
    return false;
  }
  // "i told my kids | we were going", "i think | we should": what was told or thought is
  // that verb's; a verb of thinking says it straight after itself ("i heard a noise | i
  // went" is two), as does a feeling ("so glad | we went").
  for (let k = i - 1; k >= Math.max(0, i - REPORTED_REACH); k--) {
    const before = tokens[k] as Token;
    if (before.kind !== 'word') break;
    if (TELLING_VERBS.has(before.lower)) return false;
    if (k === i - 1 && (THINKING_VERBS.has(before.lower) || feelsAbout(tokens, i))) return false;
  }
  if (leadsIntoClause(tokens, i)) return false;
  if (SUBJECT_CONTRACTIONS.has(token.lower) && describesWithContraction(tokens, i)) return false;
  // "buy the treats he likes, and ...", "the first job they ever had": a subject and one word
  // (an "ever" before it aside) that end the phrase describe the thing before them (a
  // relative clause without "that"); a new clause goes on ("she just cried" is one).
  const adverb = tokens[i + 1]?.kind === 'word' && tokens[i + 1]?.lower === 'ever';
  const verb = tokens[adverb ? i + 2 : i + 1];
  const after = tokens[adverb ? i + 3 : i + 2];
  const ends = after === undefined || after.kind !== 'word';
  const endsPhrase = ends || PHRASE_JOINERS.has(after.lower);
  // A verb like "had" or "did" describes too when nothing follows it.
  if (verb?.kind === 'word' && (!isFunctionWord(verb.lower) || ends) && endsPhrase) return false;
  // "the town i grew up in,": only after a thing named with its determiner.
  const named = tokens[i - 2];
  const describes = named?.kind === 'word' && PHRASE_DETERMINERS.has(named.lower);
  if (describes && endsOnPreposition(tokens, i + 2)) return false;
  // "the holiday | we had in wales", "the name | we had at the start": a verb that wants an
  // object, with a preposition where it would be, has the thing before it as its object.
  if (
    describes &&
    verb?.kind === 'word' &&
    OBJECT_WANTING_PASTS.has(verb.lower) &&
    after?.kind === 'word' &&
    // "we had to call a locksmith" goes on with its own verb.
    after.lower !== 'to' &&
    STRANDED_PREPOSITIONS.has(after.lower)
  ) {
    return false;
  }
  // "three dinners you can make tonight with ...": things, then what one can do with them.
  return !(
    (describes || /[^s]s$/u.test(prev.lower)) &&
    verb?.kind === 'word' &&
    DESCRIBING_MODALS.has(verb.lower) &&
    canDoWith(tokens, i + 3)
  );
}

/** No words: reportedAt's verbs of telling and thinking alone. */
const NO_WORDS: ReadonlySet<string> = new Set();

/**
 * Whether a verb of telling or thinking (or one of `reporting`) stands within `reach` words
 * before `i`, so what follows is its own.
 */
function reportedAt(
  tokens: readonly Token[],
  i: number,
  reach = REPORTED_REACH,
  reporting: ReadonlySet<string> = NO_WORDS,
): boolean {
  for (let k = i - 1; k >= Math.max(0, i - reach); k--) {
    const before = tokens[k] as Token;
    if (before.kind !== 'word') return false;
    const word = before.lower;
    if (TELLING_VERBS.has(word) || THINKING_VERBS.has(word) || reporting.has(word)) return true;
  }
  return false;
}

/** Words such a subject holds after its possessive at most ("my friend tom", "my head chef"). */
const OWNED_SUBJECT_WORDS = 3;
/** Words back from a possessive that a verb reporting what follows may stand. */
const REPORTING_REACH = 6;

/**
 * "they're all beautiful | my coworkers think i'm weird", "in the car park | my sister said":
 * someone named by a possessive, then what they said or thought, after a content word. What a
 * verb of telling or reporting says is its own ("the doctor confirmed my dad has ..."); "the
 * pub my dad said was the best", "the film my brother told me about" describe the thing.
 */
export function startsOwnedSubjectClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word' || !OWNING_WORDS.has(token.lower)) return false;
  const prev = tokens[i - 1];
  if (prev?.kind !== 'word' || isFunctionWord(prev.lower)) return false;
  if (reportedAt(tokens, i, REPORTING_REACH, REPORTING_VERBS)) return false;
  for (let k = i + 1; k <= i + OWNED_SUBJECT_WORDS; k++) {
    const word = tokens[k];
    if (word?.kind !== 'word') return false;
    if (k > i + 1 && OWNED_SUBJECT_VERBS.has(word.lower)) return saysAClause(tokens, k);
    if (isFunctionWord(word.lower)) return false;
  }
  return false;
}

/**
 * After "my sister said" at `verbAt`: what was said goes on ("said it was fine"). "said was
 * the best" and "told me about" end a clause describing the thing before it.
 */
function saysAClause(tokens: readonly Token[], verbAt: number): boolean {
  const after = tokens[verbAt + 1];
  if (after?.kind !== 'word' || PHRASE_JOINERS.has(after.lower)) return false;
  if (FINITE_BE_FORMS.has(after.lower) || QUESTION_AUX.has(after.lower)) return false;
  const last = tokens[verbAt + 2];
  const ends = last?.kind !== 'word' || PHRASE_JOINERS.has(last.lower);
  return !(ends || STRANDED_PREPOSITIONS.has(last.lower));
}

/** The words startsSubjectClause opens a clause at. */
const SUBJECT_CLAUSE_WORDS: ReadonlySet<string> = new Set([
  'there',
  'you',
  'right',
  'nobody',
  ...SHARE_WORDS,
]);

/**
 * "the market | there is a stall ...", "the library | nobody tells you", "every morning |
 * you put in your street", "after every walk | right now owners ...", "| most people give
 * up": a subject and its verb after a content word start a new clause in unpunctuated
 * speech, unless they are what a verb of telling or thinking says. A determiner's subject
 * ("the twist is", "today was") is not read so: it as often describes the noun before it
 * ("the guy my sister is dating") or asks how much ("how long the queue is").
 */
export function startsSubjectClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  // Read for every word of unpunctuated speech: the word itself rules out almost all of them
  // before the look back for a verb of telling.
  if (token?.kind !== 'word' || !SUBJECT_CLAUSE_WORDS.has(token.lower)) return false;
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (
    prev?.kind !== 'word' ||
    next?.kind !== 'word' ||
    isFunctionWord(prev.lower) ||
    reportedAt(tokens, i)
  ) {
    return false;
  }
  const word = token.lower;
  // "standing over there was", "lives up there is": after a particle "there" is a place.
  if (word === 'there') return FINITE_BE_FORMS.has(next.lower) && !PLACE_PARTICLES.has(prev.lower);
  // "every morning | you put in your street": "you" and its verb, unless a verb before it
  // takes "you" as its object ("help you get", "let you know").
  if (word === 'you') return YOU_VERBS.has(next.lower) && !TAKES_YOU.has(prev.lower);
  // "after every walk | right now owners have no idea": a time that opens the clause after it.
  if (word === 'right' && next.lower === 'now') {
    // "free right now using the badge readers" goes on with its clause.
    const subject = tokens[i + 2];
    return (
      subject?.kind === 'word' &&
      (SUBJECT_PRONOUNS.has(subject.lower) ||
        SUBJECT_DETERMINERS.has(subject.lower) ||
        subject.lower === 'nobody' ||
        /[^s]s$/u.test(subject.lower))
    );
  }
  // "most people give up", "half of us were engineers": a share of people as the subject.
  if (SHARE_WORDS.has(word)) return next.lower === 'people' || next.lower === 'of';
  // "the library | nobody tells you": "everyone" and "somebody" are as often objects ("buy
  // everyone drinks").
  return word === 'nobody' && NOBODY_VERBS.has(next.lower);
}

/** The verb after the modal, then an end, a pause or a word of when and where. */
function canDoWith(tokens: readonly Token[], verbAt: number): boolean {
  const verb = tokens[verbAt];
  const after = tokens[verbAt + 1];
  return (
    verb?.kind === 'word' &&
    (after === undefined || after.kind !== 'word' || DONE_WITH_WORDS.has(after.lower))
  );
}

/** Words a relative clause without "that" may run to its preposition ("i grew up in"). */
const STRANDED_REACH = 3;

/**
 * "the town i grew up in, and ...": a subject and verb whose clause ends on a preposition at
 * a pause describe the thing before them; the preposition's object is that thing ("today | i
 * went in and sat down" goes on past it).
 */
function endsOnPreposition(tokens: readonly Token[], from: number): boolean {
  for (let k = from; k < from + STRANDED_REACH; k++) {
    const token = tokens[k];
    if (token === undefined || token.kind !== 'word') return false;
    if (!STRANDED_PREPOSITIONS.has(token.lower)) continue;
    const after = tokens[k + 1];
    return after === undefined || after.kind !== 'word';
  }
  return false;
}

/** Words back from a subject that a verb of telling may stand ("told my kids | we ..."). */
const REPORTED_REACH = 3;

/** Words that join a phrase to the next one. */
export const PHRASE_JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'but']);

/**
 * Function words, contractions ("they'd", "it's") and -ly adverbs ("honestly", "hopefully"),
 * which lean on the words after them and so never end a clause.
 */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word) || word.endsWith('ly') || word.includes("'");
}
