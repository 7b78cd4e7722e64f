import { OPENERS, OPENERS_BEFORE_PAUSE, SO_KEEP_BEFORE } from './words/fillers.js';
import {
  CONDITION_OPENERS,
  FUNCTION_WORDS,
  QUESTION_AUX,
  QUESTION_SUBJECTS,
  SUBJECT_PRONOUNS,
  WH_WORDS,
  PHRASE_DETERMINERS,
  OBJECT_OPENERS,
} from './words/function-words.js';
import { AMBIGUOUS_MONTHS, MONTHS, WEEKDAYS } from './words/proper-nouns.js';
import { cleanTokens } from './speech.js';
import { tokenize, type Sentence, type Token } from './tokenizer.js';

/**
 * Sentences from cleaned speech tokens: boundaries restored in unpunctuated speech, openers
 * ("so", "okay") dropped, and each sentence rendered with a capital and an end mark.
 */

/** Openers that may follow another ("right so", "well okay"). */
const CHAINED_OPENERS: ReadonlySet<string> = new Set(['so', 'okay', 'ok']);

function stripOpeners(tokens: Token[]): Token[] {
  let start = 0;
  for (;;) {
    const first = tokens[start];
    if (first === undefined) break;
    if (first.kind === 'pause' || first.kind === 'dash') {
      start++;
      continue;
    }
    if (first.kind !== 'word' || start + 1 >= tokens.length) break;
    const next = tokens[start + 1];
    const nextIsPause = next?.kind === 'pause';
    if (first.lower === 'all' && next?.lower === 'right') {
      start += 2;
      continue;
    }
    if (first.lower === 'so' && next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower)) break;
    // "Oh my god, we hit the target!": the exclamation is said, not an opener.
    if (first.lower === 'oh' && next?.lower === 'my') break;
    // "right so ...", "well okay ...": such a word before "so" or "okay" opens the thought
    // too ("now and then", "right so many" are meant).
    const after = tokens[start + 2];
    const nextIsOpener =
      next?.kind === 'word' &&
      CHAINED_OPENERS.has(next.lower) &&
      !(next.lower === 'so' && after?.kind === 'word' && SO_KEEP_BEFORE.has(after.lower));
    if (
      OPENERS.has(first.lower) ||
      ((nextIsPause || nextIsOpener) && OPENERS_BEFORE_PAUSE.has(first.lower))
    ) {
      start++;
      continue;
    }
    break;
  }
  return start === 0 ? tokens : tokens.slice(start);
}

/** A run-on sentence longer than this many words is split before discourse markers. */
const RUN_ON_WORDS = 25;
/** A split leaves at least this many words in the part before it. */
const MIN_SPLIT_WORDS = 8;
/** The same for a split before a subject ("about accessibility | they showed"). */
const MIN_CLAUSE_WORDS = 4;

/**
 * A subject and its verb said as one word: after a content word nothing but a new clause opens
 * with one ("doors at 8 | we've been trying", "87000 words | it's a mess"). "that's" is left
 * out: after a noun it is as often "that is" describing it ("the one that's broken").
 */
const SUBJECT_CONTRACTIONS: ReadonlySet<string> = new Set([
  "i've",
  "we've",
  "they've",
  "you've",
  "i'd",
  "we'd",
  "they'd",
  "they're",
  "you're",
  "he's",
  "she's",
  "it's",
  "it'll",
  "there's",
]);

/**
 * What "it" does as a subject and never as the object before it ("the gate latch | it keeps
 * swinging open", "my novel | it took me two years"): a modal or a verb that takes a subject
 * ("make it work", "let it go" give the object a base form, which is not here).
 */
const IT_SUBJECT_VERBS: ReadonlySet<string> = new Set([
  'would',
  'will',
  'could',
  'can',
  'might',
  'should',
  'must',
  'takes',
  'took',
  'keeps',
  'kept',
  'looks',
  'looked',
  'sounds',
  'sounded',
  'seems',
  'seemed',
  'turned',
  'started',
  'starts',
  'costs',
  'broke',
  'means',
]);

/**
 * Feelings that take a clause straight after them without "that" ("i'm so glad | we went"):
 * what follows is theirs when the speaker says they feel so (see feelsAbout).
 */
const CLAUSE_TAKING_ADJECTIVES: ReadonlySet<string> = new Set([
  'glad',
  'happy',
  'proud',
  'worried',
  'excited',
  'thankful',
  'grateful',
  'relieved',
  'sure',
]);
/** What says the speaker feels so ("i'm glad", "so glad", "we're really proud"). */
const FEELING_LEADS: ReadonlySet<string> = new Set(["i'm", "we're", 'am', 'so']);

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

/** Adverbs that lead into the clause after them ("and instead | we do ..." is one clause). */
const LEADING_ADVERBS: ReadonlySet<string> = new Set([
  'instead',
  'otherwise',
  'meanwhile',
  'sometimes',
  'anyway',
]);
/** Prepositions of a time or place said before its clause ("and in september i'm starting"). */
const LEAD_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'at',
  'by',
  'after',
  'before',
  'from',
  'since',
  'during',
]);
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
/** Times besides months, weekdays and parts of the day ("after lunch", "by then"). */
const LEAD_TIMES: ReadonlySet<string> = new Set([
  'lunch',
  'dinner',
  'breakfast',
  'then',
  'christmas',
  'easter',
  'tomorrow',
]);

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
    (STRANDED_PREPOSITIONS.has(after.lower) || BE_FORMS.has(after.lower))
  );
}

/** Nouns of time ("in the morning", "after the weekend"). */
const TIME_NOUNS: ReadonlySet<string> = new Set([
  'morning',
  'afternoon',
  'evening',
  'night',
  'week',
  'weekend',
  'month',
  'year',
  'summer',
  'winter',
  'spring',
  'autumn',
  'term',
  'semester',
]);

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

/** Past forms not ending in -ed that take "it" as their object ("broke it", "took it"). */
const PAST_VERBS: ReadonlySet<string> = new Set([
  'broke',
  'took',
  'made',
  'got',
  'bought',
  'found',
  'left',
  'lost',
  'put',
  'brought',
  'caught',
  'sold',
  'won',
  'saw',
  'wrote',
  'read',
  'did',
  'had',
  'kept',
]);

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

/** Whether a verb of telling or thinking stands just before `i`, so what follows is its own. */
function reportedAt(tokens: readonly Token[], i: number): boolean {
  for (let k = i - 1; k >= Math.max(0, i - REPORTED_REACH); k--) {
    const before = tokens[k] as Token;
    if (before.kind !== 'word') return false;
    if (TELLING_VERBS.has(before.lower) || THINKING_VERBS.has(before.lower)) return true;
  }
  return false;
}

/** Determiners that open a subject after "right now" ("right now the night staff ..."). */
const SUBJECT_DETERMINERS: ReadonlySet<string> = new Set([
  'the',
  'this',
  'my',
  'our',
  'your',
  'his',
  'her',
  'their',
]);
/** Verbs "you" does in a clause of its own ("you get seeds", "you scan it"). */
const YOU_VERBS: ReadonlySet<string> = new Set([
  'get',
  'put',
  'pick',
  'choose',
  'scan',
  'snap',
  'play',
  'pay',
  'type',
  'tap',
  'upload',
  'can',
  'could',
  'just',
  'never',
  'always',
]);
/** Verbs whose object "you" is, the verb after it still theirs ("help you get started"). */
const TAKES_YOU: ReadonlySet<string> = new Set([
  'help',
  'let',
  'make',
  'makes',
  'want',
  'need',
  'see',
  'watch',
  'bet',
  'thank',
  'remind',
  'get',
  'have',
  'ask',
]);
/** Shares of people said as a subject ("most people", "half of us"). */
const SHARE_WORDS: ReadonlySet<string> = new Set(['most', 'half', 'many']);
/** What "nobody" does in a clause of its own ("nobody tells you", "nobody cares"). */
const NOBODY_VERBS: ReadonlySet<string> = new Set([
  'tells',
  'told',
  'knows',
  'cares',
  'warns',
  'talks',
  'says',
  'mentions',
  'wants',
  'likes',
]);
/** Particles after which "there" is a place ("over there", "up there"). */
const PLACE_PARTICLES: ReadonlySet<string> = new Set([
  'over',
  'up',
  'out',
  'back',
  'down',
  'in',
  'right',
  'under',
  'around',
]);

/** Possessives that open a subject of someone the speaker knows ("my sister", "our boss"). */
const OWNING_WORDS: ReadonlySet<string> = new Set(['my', 'our', 'your', 'his', 'their']);
/** Words such a subject holds after its possessive at most ("my friend tom", "my head chef"). */
const OWNED_SUBJECT_WORDS = 3;
/**
 * What such a subject said or thought ("my sister said", "my coworkers think"): a verb that
 * never follows a possessive's noun as the object of the verb before it. What they did or are
 * ("my roof has been leaking", "my brother was") reads as often as that object's own clause
 * ("fix our roof | has been ...", "ring my brother | was he ...") and is left alone.
 */
const OWNED_SUBJECT_VERBS: ReadonlySet<string> = new Set([
  'said',
  'says',
  'say',
  'think',
  'thinks',
  'thought',
  'reckons',
  'reckon',
  'told',
  'asked',
]);
/** Words back from a possessive that a verb reporting what follows may stand. */
const REPORTING_REACH = 6;
/** Verbs that report a clause said after them, besides those of telling and thinking. */
const REPORTING_VERBS: ReadonlySet<string> = new Set([
  'confirmed',
  'admitted',
  'announced',
  'explained',
  'discovered',
  'suspected',
  'worried',
  'out',
]);

/**
 * "they're all beautiful | my coworkers think i'm weird", "in the car park | my sister said":
 * someone named by a possessive, then what they said or thought, after a content word. What a
 * verb of telling or reporting says is its own ("the doctor confirmed my dad has ..."); "the
 * pub my dad said was the best", "the film my brother told me about" describe the thing.
 */
function startsOwnedSubjectClause(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  if (token?.kind !== 'word' || !OWNING_WORDS.has(token.lower)) return false;
  const prev = tokens[i - 1];
  if (prev?.kind !== 'word' || isFunctionWord(prev.lower)) return false;
  for (let k = i - 1; k >= Math.max(0, i - REPORTING_REACH); k--) {
    const before = tokens[k] as Token;
    if (before.kind !== 'word') break;
    if (
      TELLING_VERBS.has(before.lower) ||
      THINKING_VERBS.has(before.lower) ||
      REPORTING_VERBS.has(before.lower)
    ) {
      return false;
    }
  }
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
  if (BE_FORMS.has(after.lower) || QUESTION_AUX.has(after.lower)) return false;
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
function startsSubjectClause(tokens: readonly Token[], i: number): boolean {
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
  if (word === 'there') return BE_FORMS.has(next.lower) && !PLACE_PARTICLES.has(prev.lower);
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

/** Modals of a clause that says what can be done with the thing before it. */
const DESCRIBING_MODALS: ReadonlySet<string> = new Set(['can', 'could', 'might']);
/** After "you can make": where a clause describing the thing ends or goes on with its when. */
const DONE_WITH_WORDS: ReadonlySet<string> = new Set([
  'tonight',
  'today',
  'now',
  'later',
  'anywhere',
]);

/** The verb after the modal, then an end, a pause or a word of when and where. */
function canDoWith(tokens: readonly Token[], verbAt: number): boolean {
  const verb = tokens[verbAt];
  const after = tokens[verbAt + 1];
  return (
    verb?.kind === 'word' &&
    (after === undefined || after.kind !== 'word' || DONE_WITH_WORDS.has(after.lower))
  );
}

/** Past forms that want an object ("we had", "she bought"): without one, the thing before is it. */
const OBJECT_WANTING_PASTS: ReadonlySet<string> = new Set([
  'had',
  'made',
  'bought',
  'saw',
  'did',
  'found',
  'took',
  'used',
  'booked',
  'ordered',
  'tried',
  'watched',
  'read',
  'picked',
  'chose',
  'wrote',
]);

/** Words a relative clause without "that" may run to its preposition ("i grew up in"). */
const STRANDED_REACH = 3;
const STRANDED_PREPOSITIONS: ReadonlySet<string> = new Set([
  'in',
  'on',
  'at',
  'with',
  'to',
  'for',
  'from',
  'about',
  'of',
]);

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
/** Verbs that tell someone a clause said without "that" ("told my kids we ..."). */
const TELLING_VERBS: ReadonlySet<string> = new Set([
  'told',
  'tell',
  'tells',
  'telling',
  'promised',
  'reminded',
  'warned',
  'showed',
  'taught',
]);
/** Verbs that take a clause said without "that" straight after them ("i think we ..."). */
const THINKING_VERBS: ReadonlySet<string> = new Set([
  'said',
  'say',
  'says',
  'think',
  'thought',
  'knew',
  'know',
  'hope',
  'guess',
  'realised',
  'realized',
  'noticed',
  'heard',
  'figured',
  'decided',
  'bet',
  'wish',
  'swear',
  // "strangers saying | i love you": what is said follows its verb.
  'saying',
  'whispering',
  'whispered',
  'shouting',
  'shouted',
  'yelling',
  'yelled',
  'asking',
  'asked',
  'thinks',
  'knows',
  'hopes',
  'reckons',
  'believes',
  'suggests',
  'confirm',
  'confirms',
  'check',
  // "i want to suggest | we try", "which means | we can".
  'suggest',
  'suggested',
  'suggesting',
  'propose',
  'proposed',
  'reckon',
  'reckoned',
  'believe',
  'believed',
  'imagine',
  'admit',
  'agree',
  'agreed',
  'pretend',
  'suspect',
  'assume',
  'doubt',
  'remember',
  'forgot',
  'forget',
  'promise',
  'means',
  'learned',
  'learnt',
]);

/** Times that end what was done ("finished my first half marathon today | legs are jelly"). */
const CLAUSE_ENDING_TIMES: ReadonlySet<string> = new Set([
  'today',
  'tonight',
  'yesterday',
  'morning',
  'afternoon',
  'evening',
  'weekend',
]);
const BE_FORMS: ReadonlySet<string> = new Set(['is', 'are', 'was', 'were']);

/** Words that make "morning" or "weekend" a time said of the clause ("this morning"). */
const TIME_DETERMINERS: ReadonlySet<string> = new Set(['this', 'last', 'yesterday', 'tomorrow']);

/**
 * After a time that ends a clause, a word and its "is" or "are" open the next one. "today"
 * always ends one; "morning" or "weekend" only as "this morning", "last weekend" ("the
 * afternoon sun is", "every weekend ritual is" name a thing).
 */
function startsClauseAfterTime(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i];
  const prev = tokens[i - 1];
  const next = tokens[i + 1];
  if (
    token?.kind !== 'word' ||
    prev?.kind !== 'word' ||
    next?.kind !== 'word' ||
    !CLAUSE_ENDING_TIMES.has(prev.lower) ||
    isFunctionWord(token.lower) ||
    !BE_FORMS.has(next.lower)
  ) {
    return false;
  }
  return DAY_TIMES.has(prev.lower) || TIME_DETERMINERS.has(tokens[i - 2]?.lower ?? '');
}

/**
 * "small win today | i ...": two words of content and a day end a clause; "until yesterday",
 * "earlier today", "as of today" lead into the one after them.
 */
function endsShortClause(tokens: readonly Token[], i: number): boolean {
  const day = tokens[i - 1];
  const first = tokens[i - 3];
  const second = tokens[i - 2];
  return (
    day?.kind === 'word' &&
    DAY_TIMES.has(day.lower) &&
    first?.kind === 'word' &&
    second?.kind === 'word' &&
    !isFunctionWord(first.lower) &&
    !isFunctionWord(second.lower) &&
    !LEADING_INTO.has(first.lower) &&
    !LEADING_INTO.has(second.lower)
  );
}

/** Words that lead a time into the clause after it. */
const LEADING_INTO: ReadonlySet<string> = new Set([
  'until',
  'till',
  'since',
  'earlier',
  'later',
  'starting',
  'from',
  'as',
  'of',
]);

/** Times that are a clause's time on their own. */
const DAY_TIMES: ReadonlySet<string> = new Set(['today', 'tonight', 'yesterday']);

/** Words that join a phrase to the next one. */
const PHRASE_JOINERS: ReadonlySet<string> = new Set(['and', 'or', 'but']);

/**
 * Function words, contractions ("they'd", "it's") and -ly adverbs ("honestly", "hopefully"),
 * which lean on the words after them and so never end a clause.
 */
export function isFunctionWord(word: string): boolean {
  return FUNCTION_WORDS.has(word) || word.endsWith('ly') || word.includes("'");
}

function countWords(tokens: readonly Token[]): number {
  let count = 0;
  for (const token of tokens) if (token.kind === 'word') count++;
  return count;
}

/**
 * Unpunctuated speech (browser recognition gives none) arrives as one endless sentence. Split
 * it before "so", "but", "also", "anyway", "and then" and "and I/we ..." once the current part
 * is long enough to stand alone.
 */
function isDiscourseMarker(tokens: readonly Token[], i: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  switch (token.lower) {
    case 'so':
      return !(next?.kind === 'word' && SO_KEEP_BEFORE.has(next.lower)) && !soMeansVery(tokens, i);
    case 'but':
    case 'also':
    case 'anyway':
      return true;
    case 'and':
      return next?.kind === 'word' && (next.lower === 'then' || SUBJECT_PRONOUNS.has(next.lower));
    default:
      return false;
  }
}

/** Verbs after which "so" says how much ("textbooks are so expensive", "i feel so old"). */
const SO_DEGREE_AFTER: ReadonlySet<string> = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  'been',
  'being',
  'am',
  'feel',
  'feels',
  'felt',
  'look',
  'looks',
  'looked',
  'seem',
  'seems',
  'seemed',
  'sound',
  'sounds',
  'sounded',
  'got',
  'get',
  'gets',
  'getting',
  'not',
]);

/**
 * "so" as "very" after a verb of being ("it's so good", "are so expensive") or as "too" before
 * one ("and honestly so are we"): no clause of its own starts there.
 */
function soMeansVery(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  if (
    prev?.kind === 'word' &&
    (SO_DEGREE_AFTER.has(prev.lower) || /['’](?:s|m|re)$/u.test(prev.lower))
  ) {
    return true;
  }
  const verb = tokens[i + 1];
  const subject = tokens[i + 2];
  const after = tokens[i + 3];
  return (
    verb?.kind === 'word' &&
    QUESTION_AUX.has(verb.lower) &&
    subject?.kind === 'word' &&
    (SUBJECT_PRONOUNS.has(subject.lower) || subject.lower === 'you') &&
    (after === undefined || after.kind !== 'word' || PHRASE_JOINERS.has(after.lower))
  );
}

/** A join that a sentence cannot end on ("or" stays: "three hours or so"). */
const TRAILING_JOINS: ReadonlySet<string> = new Set(['and']);

/** Words that open a phrase said before its clause ("for this weekend | i need to ..."). */
const LEAD_PHRASE_OPENERS: ReadonlySet<string> = new Set([
  'for',
  'on',
  'this',
  'next',
  'by',
  'before',
  'after',
  'tomorrow',
  'tonight',
  'today',
]);
/** Words such a phrase holds at most. */
const LEAD_PHRASE_MAX_WORDS = 4;

/**
 * "okay so for this weekend i need to ...": a short phrase of time or purpose said before the
 * clause it sets, openers aside, is no sentence of its own.
 */
function isLeadPhrase(part: readonly Token[]): boolean {
  const kept = stripOpeners(part as Token[]);
  const first = kept.find((token) => token.kind === 'word');
  return (
    first !== undefined &&
    LEAD_PHRASE_OPENERS.has(first.lower) &&
    countWords(kept) <= LEAD_PHRASE_MAX_WORDS &&
    // "tomorrow is my birthday | i can't wait": a clause of its own.
    !kept.some(
      (token) =>
        token.kind === 'word' &&
        (BE_FORMS.has(token.lower) || /['’](?:m|re|ll|ve|d)$|n['’]t$/u.test(token.lower)),
    )
  );
}

function splitRunOn(tokens: Token[], unpunctuated: boolean, afterSo: Set<Token[]>): Token[][] {
  const runOn = countWords(tokens) > RUN_ON_WORDS;
  if (!runOn && !unpunctuated) return [tokens];
  const parts: Token[][] = [];
  let current: Token[] = [];
  let words = 0;
  // "if we raised prices by ten percent | we would ...": the main clause is still to come.
  let awaitingMain = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'word') {
      const next = tokens[i + 1];
      // "because of the rain", "when is the fair": no clause waiting.
      if (words === 0) {
        awaitingMain =
          CONDITION_OPENERS.has(token.lower) &&
          next?.kind === 'word' &&
          next.lower !== 'of' &&
          !(token.lower === 'when' && QUESTION_AUX.has(next.lower));
      }
      const newClause =
        startsNewClause(tokens, i) ||
        (unpunctuated && (startsSubjectClause(tokens, i) || startsOwnedSubjectClause(tokens, i)));
      const mainClause = newClause && awaitingMain;
      if (mainClause) awaitingMain = false;
      const marker =
        (unpunctuated &&
          !mainClause &&
          // "small win today | i finally ran five k": a day ends even a short clause.
          (words >= MIN_CLAUSE_WORDS || endsShortClause(tokens, i)) &&
          (newClause || startsClauseAfterTime(tokens, i))) ||
        (runOn && !mainClause && words >= MIN_SPLIT_WORDS && newClause) ||
        (words >= MIN_SPLIT_WORDS &&
          runOn &&
          isDiscourseMarker(tokens, i) &&
          // "three hours or so we were tired": "or so" says about, it joins nothing.
          !(token.lower === 'so' && tokens[i - 1]?.lower === 'or'));
      if (marker && !isLeadPhrase(current)) {
        // "... at 10 and | also renew ...": the join said before the new sentence joins nothing.
        const last = current[current.length - 1];
        if (last?.kind === 'word' && TRAILING_JOINS.has(last.lower)) current.pop();
        parts.push(current);
        current = [];
        words = 0;
        // "and" and "so" only joined the parts; "but", "also", "then" still carry meaning. What
        // follows a "so" is what came of the part before ("... | so you never overbuy"), which
        // a pitch tells as why it matters.
        if (token.lower === 'so') afterSo.add(current);
        if (token.lower === 'and' || token.lower === 'so' || token.lower === 'anyway') continue;
      }
    }
    if (token.kind === 'word') words++;
    current.push(token);
  }
  parts.push(current);
  return parts;
}

/** Splits cleaned tokens into sentences without leading openers or empty sentences. */
export function toSentences(tokens: readonly Token[]): Sentence[] {
  // Not a single comma or full stop: browser recognition, which never punctuates.
  const unpunctuated = !tokens.some((token) => token.kind === 'pause' || token.kind === 'end');
  const sentences: Sentence[] = [];
  let current: Token[] = [];
  const flush = (end: string): void => {
    const afterSo = new Set<Token[]>();
    const parts = splitRunOn(current, unpunctuated, afterSo);
    parts.forEach((part, index) => {
      const stripped = trimPauses(stripOpeners(part));
      if (stripped.some((token) => token.kind === 'word' || token.kind === 'symbol')) {
        const sentence: Sentence = { tokens: stripped, end: index === parts.length - 1 ? end : '' };
        if (afterSo.has(part)) sentence.joinedBy = 'so';
        sentences.push(sentence);
      }
    });
    current = [];
  };
  for (const token of tokens) {
    if (token.kind === 'end') flush(token.text);
    else current.push(token);
  }
  if (current.length > 0) flush('');
  return sentences;
}

export function trimPauses<T extends Token>(tokens: T[]): T[] {
  let start = 0;
  let end = tokens.length;
  while (start < end && isSeparator(tokens[start] as T)) start++;
  while (end > start && isSeparator(tokens[end - 1] as T)) end--;
  return start === 0 && end === tokens.length ? tokens : tokens.slice(start, end);
}

/** A pause, a dash or an end mark: what a sentence or a task never starts or ends on. */
export function isSeparator(token: Token): boolean {
  return token.kind === 'pause' || token.kind === 'dash' || token.kind === 'end';
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
const CJK_PUNCTUATION = /^[。！？，；：、]/u;

export function endsWithCjk(text: string): boolean {
  const last = text.slice(-2);
  return CJK.test(last.slice(-1)) || (last.length === 2 && CJK.test(last));
}

/** Joins tokens with normalised spacing: none before punctuation, one after it. */
export function renderTokens(tokens: readonly Token[]): string {
  let out = '';
  let prev: Token | undefined;
  for (const token of tokens) {
    if (prev !== undefined) {
      let space: boolean;
      if (token.kind === 'pause' || token.kind === 'end') space = false;
      else if (token.kind === 'dash') space = token.space || prev.kind !== 'word';
      else if (token.kind === 'symbol' || prev.kind === 'symbol') space = token.space;
      else if (prev.kind === 'word') space = true;
      else if (prev.kind === 'dash') space = prev.space || token.space;
      else space = !CJK_PUNCTUATION.test(prev.text);
      if (space) out += ' ';
    }
    out += token.text;
    prev = token;
  }
  return out;
}

/** Upper-cases the first letter when the word is all lower case ("iPhone" stays as it is). */
export function capitalizeFirst(text: string): string {
  const first = text.codePointAt(0);
  if (first === undefined) return text;
  const char = String.fromCodePoint(first);
  const upper = char.toUpperCase();
  if (upper === char || upper.length !== char.length) return text;
  const space = text.indexOf(' ');
  const firstWord = space === -1 ? text : text.slice(0, space);
  if (firstWord !== firstWord.toLowerCase()) return text;
  return upper + text.slice(char.length);
}

export function looksLikeQuestion(tokens: readonly Token[]): boolean {
  const words: string[] = [];
  for (const token of tokens) {
    if (token.kind !== 'word') break;
    words.push(token.lower);
    if (words.length === 3) break;
  }
  const [first, second, third] = words;
  if (first === undefined || second === undefined) return false;
  // "what if every office had a nap room": a what-if asks, whatever follows.
  if ((first === 'what' || first === 'how') && (second === 'if' || second === 'about')) {
    return third !== undefined;
  }
  if (QUESTION_AUX.has(first)) return QUESTION_SUBJECTS.has(second);
  if (WH_WORDS.has(first)) {
    return QUESTION_AUX.has(second) && third !== undefined && QUESTION_SUBJECTS.has(third);
  }
  return false;
}

/** A sentence as text: capitalised, with its end mark or a restored '.', '?' or '。'. */
export function renderSentence(sentence: Sentence): string {
  const body = capitalizeFirst(renderTokens(sentence.tokens));
  const last = sentence.tokens[sentence.tokens.length - 1];
  // "at 10 p.m.", "paper, etc." end with the full stop the abbreviation shares with the sentence.
  const stopped = last?.kind === 'word' && last.text.endsWith('.');
  if (sentence.end !== '') return stopped && sentence.end === '.' ? body : body + sentence.end;
  if (last === undefined || last.kind !== 'word' || stopped) return body;
  if (endsWithCjk(body)) return `${body}。`;
  return body + (looksLikeQuestion(sentence.tokens) ? '?' : '.');
}

/** Sentences joined as prose; no space after a CJK full stop. */
export function joinSentences(rendered: readonly string[]): string {
  let out = '';
  let previous = '';
  for (const sentence of rendered) {
    if (previous !== '' && !endsWithFullWidthStop(previous)) out += ' ';
    out += sentence;
    previous = sentence;
  }
  return out;
}

/** Whether a rendered sentence ends with "。", "！" or "？", after which no space follows. */
export function endsWithFullWidthStop(sentence: string): boolean {
  const last = sentence.charCodeAt(sentence.length - 1);
  return last === 0x3002 || last === 0xff01 || last === 0xff1f;
}

/** Tokens, corrected and cleaned, split into sentences: the shared first step of every format. */
export function cleanSpeech(text: string): Sentence[] {
  return toSentences(cleanTokens(tokenize(text)));
}

/** Length as a person counts characters (code points, so an emoji is one). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) count++;
  }
  return count;
}
