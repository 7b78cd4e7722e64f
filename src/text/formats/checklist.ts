import { CATEGORY_LABELS, type Category } from '#contract/taxonomy.js';
import {
  afterListName,
  isCompound,
  isFiniteVerb,
  isPlural,
  namesListHeading,
  saysOfTheOnes,
  intentLengthAt,
  namesThingsTo,
  splitClauses,
  splitList,
  startsVerbPhrase,
  thingsFollowListName,
  type Clause,
} from '../clauses.js';
import { DAY_WORDS } from '../words/time-words.js';
import { cutAtWordBoundary } from '../cut.js';
import { noteLine, tracing } from '../match/trace.js';
import type { Decision } from '../match/matcher.js';
import { LIST_TABLE, type OpensCountedTask } from '../rows/list.js';
import { ABBREVIATIONS } from '../words/abbreviations.js';
import type { TaggedToken } from '../nlp.js';
import { isAside } from './checklist-asides.js';
import { joinedAtUnsettledNo } from './unsettled-no.js';
import {
  capitalizeFirst,
  isSeparator,
  renderTokens,
  trimPauses,
  withoutStrayCloser,
} from '../sentences.js';
import { CLAUSE_SUBJECTS } from '../words/function-words.js';
import { WEEKDAYS } from '../words/proper-nouns.js';
import {
  COUNT_LEAD_INS,
  ENUMERATORS,
  IMPERATIVE_VERBS,
  INTRO_STARTERS,
  LABELLED_NOUNS,
  LIST_NOUNS,
  NEED_WORDS,
  NON_TASKS,
  ORDINALS,
  SEQUENCE_WORDS,
  TASK_VERBS,
  TIME_STARTERS,
  TO_DO_NAMES,
  TITLE_DROP_WORDS,
  TITLE_TRAILING_DROP_WORDS,
  TOPIC_TITLES,
} from '../words/tasks.js';

export const CHECKLIST_TITLE_MAX_CHARS = 50;
export const CHECKLIST_ITEM_PREFIX = '- [ ] ';

const INTRO_MAX_WORDS = 8;
/** Words of an intro before a first task that starts at a verb: "For the sprint | fix ...". */
const INTRO_BEFORE_VERB_MAX_WORDS = 6;
/** The same before spoken intent, which marks the task's start more surely: "Before we fly
 * to Lisbon on Friday | I've got to | renew the travel insurance". */
const INTRO_BEFORE_INTENT_MAX_WORDS = 10;
/** Tags of a word that makes a clause say something happen. */
const VERB_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX']);
/** Tags of the words of a bare noun phrase ("camping trip stuff"). */
const NOUN_PHRASE_TAGS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'NUM']);
/** Tags of the words of a phrase naming a list ("end of quarter stuff", "stuff for the trip"). */
const INTRO_PHRASE_TAGS: ReadonlySet<string> = new Set([...NOUN_PHRASE_TAGS, 'ADP', 'DET']);
/** Most words need no cleaning; the Unicode-aware replace is only for the others. */
const PLAIN_WORD = /^[a-z0-9']+$/;
/** Most tasks are plain words: then no word needs its own test. */
const PLAIN_TEXT = /^[a-z0-9' ]*$/;
const NOT_WORD_CHARS = /[^\p{L}\p{N}']/gu;
const ARTICLES: ReadonlySet<string> = new Set(['a', 'an', 'the']);
/** Connectives: never the first or last word of a task or title. */
const CONNECTIVES: ReadonlySet<string> = new Set([
  'and',
  'or',
  'then',
  'so',
  'but',
  'also',
  'plus',
]);

/** Identity of a task for merging duplicates: case, punctuation and articles ignored. */
function itemKey(text: string): string {
  const words: string[] = [];
  const lower = text.toLowerCase();
  const folded = lower.includes('’') ? lower.replaceAll('’', "'") : lower;
  const plain = PLAIN_TEXT.test(folded);
  for (const word of folded.split(' ')) {
    const bare = plain || PLAIN_WORD.test(word) ? word : word.replace(NOT_WORD_CHARS, '');
    if (bare !== '' && !ARTICLES.has(bare)) words.push(bare);
  }
  return words.join(' ');
}

const NON_TASK_KEYS: ReadonlySet<string> = new Set([...NON_TASKS].map(itemKey));

function wordsOf(tokens: readonly TaggedToken[]): string[] {
  const words: string[] = [];
  for (const token of tokens) if (token.kind === 'word') words.push(token.lower);
  return words;
}

/** After an ordinal, what makes it a sequence word: a pause, a verb, a subject ("first, I ..."). */
function introducesTask(next: TaggedToken): boolean {
  return (
    next.kind === 'pause' ||
    (next.kind === 'word' &&
      (TASK_VERBS.has(next.lower) || CLAUSE_SUBJECTS.has(next.lower) || next.lower === 'remember'))
  );
}

interface Stripped {
  tokens: TaggedToken[];
  /** The intent was "need", "want" or "have" with no "to": what follows is a thing to get. */
  needsThing: boolean;
}

/** Drops sequence words ("first", "then") and spoken intent ("I need to") before a task. */
function stripLeadingGlue(tokens: readonly TaggedToken[]): Stripped {
  const all = trimPauses(tokens as TaggedToken[]);
  // Read from an index and cut once: a clause of hundreds of "then next" would otherwise be
  // copied once per word.
  let at = 0;
  const skipPauses = (): void => {
    while (at < all.length && isSeparator(all[at] as TaggedToken)) at++;
  };
  let needsThing = false;
  // "before then I need to clear out the cupboard": the time goes after the task it times.
  let when: TaggedToken[] = [];
  const time = all[at];
  if (
    time?.kind === 'word' &&
    time.pos === 'ADP' &&
    all[at + 1]?.lower === 'then' &&
    intentLengthAt(all, at + 2) > 0
  ) {
    when = [{ ...time, text: time.lower, space: true }, all[at + 1] as TaggedToken];
    at += 2;
  }
  for (let changed = true; changed && at < all.length;) {
    changed = false;
    const first = all[at] as TaggedToken;
    if (
      first.kind === 'word' &&
      (SEQUENCE_WORDS.has(first.lower) || CONNECTIVES.has(first.lower)) &&
      at + 1 < all.length &&
      (!ORDINALS.has(first.lower) || introducesTask(all[at + 1] as TaggedToken))
    ) {
      at++;
      skipPauses();
      changed = true;
      continue;
    }
    const intent = intentLengthAt(all, at);
    if (intent > 0) {
      needsThing = NEED_WORDS.has((all[at + intent - 1] as TaggedToken).lower);
      at += intent;
      skipPauses();
      changed = true;
    }
  }
  const task = at === 0 ? all : all.slice(at);
  return { tokens: when.length > 0 ? [...task, ...when] : task, needsThing };
}

/**
 * "the statements printed before then" after "I need": the thing and what must happen to it,
 * said as the task "print the statements before then" (the verb's own dictionary form).
 */
function frontParticiple(tokens: readonly TaggedToken[]): TaggedToken[] {
  const at = tokens.findIndex(
    (token, index) =>
      index > 0 && token.pos === 'VERB' && token.lemma !== token.lower && /ed$/u.test(token.lower),
  );
  if (at === -1) return tokens.slice();
  // "frozen peas grated cheese": before a thing the participle describes it.
  const next = tokens[at + 1];
  if (next?.pos === 'NOUN' && !DAY_WORDS.has(next.lower)) return tokens.slice();
  const before = tokens.slice(0, at);
  if (
    !before.every((token) => ['DET', 'ADJ', 'NOUN', 'PROPN', 'NUM', 'PRON'].includes(token.pos))
  ) {
    return tokens.slice();
  }
  const verb = tokens[at] as TaggedToken;
  const fronted: TaggedToken = { ...verb, text: verb.lemma, lower: verb.lemma, space: true };
  return [fronted, ...before, ...tokens.slice(at + 1)];
}

function keptTaskTokens(tokens: readonly TaggedToken[]): TaggedToken[] {
  let end = tokens.length;
  while (end > 0) {
    const last = tokens[end - 1] as TaggedToken;
    if (last.kind === 'word' ? !CONNECTIVES.has(last.lower) : last.kind === 'symbol') break;
    // "before then", "by then": a time, not a dangling connective.
    if (last.lower === 'then' && tokens[end - 2]?.pos === 'ADP') break;
    end--;
  }
  return tokens.slice(0, end);
}

/** Characters a task never ends with: whitespace, . , ; : and dashes. */
const TRAILING_ITEM_CHARS = new Set([' ', '\t', '.', ',', ';', ':', '—', '–', '-']);

/** "for 8 a.m.", "call the Dr.": the full stop is the abbreviation's own. */
function endsWithAbbreviation(text: string): boolean {
  if (!text.endsWith('.')) return false;
  return ABBREVIATIONS.has(text.slice(text.lastIndexOf(' ') + 1, -1).toLowerCase());
}

function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_ITEM_CHARS.has(text.charAt(end - 1))) {
    if (endsWithAbbreviation(text.slice(0, end))) break;
    end--;
  }
  return end === text.length ? text : text.slice(0, end);
}

function renderTask(tokens: readonly TaggedToken[]): string {
  const kept = withoutStrayCloser(keptTaskTokens(tokens));
  return capitalizeFirst(trimTrailingPunctuation(renderTokens(kept)));
}

/** No word the tagger reads as a verb, and none of the verbs that start tasks. */
function isVerbless(tokens: readonly TaggedToken[]): boolean {
  return tokens.every(
    (token) =>
      token.kind !== 'word' || (!VERB_TAGS.has(token.pos) && !IMPERATIVE_VERBS.has(token.lower)),
  );
}

function isIntro(clause: Clause): boolean {
  const words = wordsOf(clause.tokens);
  if (words.length === 0) return false;
  if (clause.endsWithColon && words.length <= INTRO_MAX_WORDS * 2) return true;
  if (words.length > INTRO_MAX_WORDS) return false;
  if (intentLengthAt(clause.tokens, 0) > 0) return false;
  const lead = words[0] as string;
  // "move the old stuff to the new place": a task verb with its object is a task.
  const second = clause.tokens.find((token, index) => index > 0 && token.kind === 'word');
  if (
    TASK_VERBS.has(lead) &&
    second !== undefined &&
    (second.pos === 'DET' || second.pos === 'PRON')
  ) {
    return false;
  }
  return (
    INTRO_STARTERS.has(lead) ||
    // "jobs for monday", "to do before the move": a list named by when or what it is for.
    (TO_DO_NAMES.has(lead) && words[1] === 'for') ||
    toDoNameEnd(clause.tokens) > 0 ||
    // "Tomorrow", "on the way home": a time or a place to do the tasks, not a task.
    (TIME_STARTERS.has(lead) && (words.length <= 3 || isVerbless(clause.tokens))) ||
    words.some((word) => LIST_NOUNS.has(word))
  );
}

/**
 * "before the new tenants move in on the first | i have to replace ...": a time or occasion,
 * however long, and then the speaker's intent opening the tasks.
 */
function leadsIntoIntent(tokens: readonly TaggedToken[], next: readonly TaggedToken[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const first = words[0];
  return (
    first !== undefined &&
    (INTRO_STARTERS.has(first.lower) || TIME_STARTERS.has(first.lower)) &&
    words.length <= INTRO_BEFORE_INTENT_MAX_WORDS &&
    words.length === tokens.length &&
    // "before I forget the boiler needs servicing", "this morning the car would not start":
    // news of the speaker's, not the occasion the tasks are for.
    !words.some(
      (word) => CLAUSE_SUBJECTS.has(word.lower) || word.pos === 'AUX' || word.lower === 'not',
    ) &&
    // "after lunch email the supplier" orders a task; "the new tenants move in" is news.
    !words.some((word, i) => {
      const before = words[i - 1];
      const subject =
        before !== undefined && before.pos === 'NOUN' && before.lemma !== before.lower;
      return i > 0 && TASK_VERBS.has(word.lower) && !subject;
    }) &&
    intentLengthAt(next, 0) > 0 &&
    renderTokens(tokens).length <= CHECKLIST_TITLE_MAX_CHARS
  );
}

/**
 * A first sentence that names what the tasks are for, when the tasks follow in sentences of
 * their own: "Things for the weekend. Mow the lawn, ...", "Right, launch prep. Update ...",
 * "Before the client call on Thursday. I have to ...". It holds no pause (then it is a list
 * itself), no task verb and no other verb but one naming the list ("launch prep"), and it
 * names a list ("prep", "steps") or sets the time or occasion.
 */
function isIntroSentence(tokens: readonly TaggedToken[], next: readonly TaggedToken[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const first = words[0];
  if (first === undefined || words.length > INTRO_MAX_WORDS || words.length < tokens.length) {
    return false;
  }
  // "Shopping list. Milk, eggs, bread.", "Things to pack for Lisbon. Passport, ...": a list
  // named as such comes before its things as well as before tasks.
  const thingsTo = namesThingsTo(words);
  // "To do tomorrow.": the list named by what is to be done, its "do" no task.
  const toDo = toDoNameEnd(words);
  if (!thingsFollowListName(words, next) && !startsVerbPhrase(next, countedStart(next))) {
    return false;
  }
  // A task verb orders something where it leads or has an object: "Pick up groceries",
  // "Review the chores chart"; in "the client call on Thursday" it names the meeting, and in
  // "things to pack" the things.
  // "Okay, grocery run.": an errand named by its run, the tasks after it.
  // "The dogs run." tells what they do.
  const before = words.at(-2);
  const errand =
    words.at(-1)?.lower === 'run' && before?.pos === 'NOUN' && before.lemma === before.lower;
  const ordersSomething = words.some(
    (word, i) =>
      i >= toDo &&
      !(thingsTo && i === 2) &&
      !(errand && i === words.length - 1) &&
      ((TASK_VERBS.has(word.lower) && (i === 0 || startsObjectAt(words, i + 1))) ||
        (VERB_TAGS.has(word.pos) && !LIST_NOUNS.has(words[i + 1]?.lower ?? ''))),
  );
  if (ordersSomething) return false;
  const namesList =
    toDo > 0 ||
    errand ||
    (TO_DO_NAMES.has(first.lower) && words[1]?.lower === 'for') ||
    words.some((word) => LIST_NOUNS.has(word.lower)) ||
    INTRO_STARTERS.has(first.lower) ||
    TIME_STARTERS.has(first.lower);
  return namesList && renderTokens(tokens).length <= CHECKLIST_TITLE_MAX_CHARS;
}

/**
 * "For the camping trip | pack the tent", "Before Japan | I've got to renew ...". `listed` when
 * the intro is the list's own name, so the things after it are a list ("grocery list | eggs").
 */
function splitIntroFromTask(
  tokens: readonly TaggedToken[],
): { intro: TaggedToken[]; task: TaggedToken[]; listed?: true } | null {
  const first = tokens[0];
  if (first === undefined || first.kind !== 'word') return null;
  const named = afterListName(tokens);
  if (named > 0) {
    return { intro: tokens.slice(0, named), task: tokens.slice(named), listed: true };
  }
  const toDo = toDoNameEnd(tokens);
  for (
    let i = toDo;
    toDo > 0 && i < tokens.length && i <= toDo + INTRO_BEFORE_INTENT_MAX_WORDS;
    i++
  ) {
    const token = tokens[i] as TaggedToken;
    if (token.kind !== 'word') break;
    const verb =
      TASK_VERBS.has(token.lower) &&
      // "to do before the move | book the van": after "the" the word is a thing.
      !['DET', 'ADP'].includes(tokens[i - 1]?.pos ?? '');
    if (intentLengthAt(tokens, i) > 0 || (verb && startsVerbPhrase(tokens, i))) {
      return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    }
  }
  const startersLed =
    INTRO_STARTERS.has(first.lower) ||
    // "jobs for monday | fix the leaking tap": a list of jobs named by when or whom they are for.
    (TO_DO_NAMES.has(first.lower) && tokens[1]?.lower === 'for') ||
    TIME_STARTERS.has(first.lower) ||
    // "Saturday morning | I gotta return ...": the day the tasks are for.
    WEEKDAYS.has(first.lower);
  // A spoken intent within reach marks where the task starts more surely than a verb does:
  // "before the client call on Thursday | I have to | update ..." ("call" is the meeting).
  if (startersLed) {
    for (let i = 1; i < tokens.length && i <= INTRO_BEFORE_INTENT_MAX_WORDS; i++) {
      if (intentLengthAt(tokens, i) > 0)
        return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    }
  }
  // "end of quarter stuff | I have to | submit ...": a phrase naming the list, then intent;
  // "pack the camping stuff" is a task, not such a phrase.
  let namesList = false;
  const verbLed = TASK_VERBS.has(first.lower) || first.pos === 'VERB';
  for (let i = 1; !verbLed && i < tokens.length && i <= INTRO_BEFORE_INTENT_MAX_WORDS; i++) {
    const prev = tokens[i - 1] as TaggedToken;
    if (prev.kind !== 'word' || !INTRO_PHRASE_TAGS.has(prev.pos)) break;
    if (LIST_NOUNS.has(prev.lower)) namesList = true;
    if (namesList && intentLengthAt(tokens, i) > 0) {
      return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    }
  }
  // "camping trip stuff | pack the tent": a bare noun phrase naming the list.
  let nounIntro = false;
  for (let i = 1; i < tokens.length && i <= INTRO_BEFORE_VERB_MAX_WORDS; i++) {
    const token = tokens[i] as TaggedToken;
    if (token.kind !== 'word' || i + 1 >= tokens.length) continue;
    const prev = tokens[i - 1] as TaggedToken;
    if (!NOUN_PHRASE_TAGS.has(prev.pos)) break;
    if (LIST_NOUNS.has(prev.lower)) nounIntro = true;
    // "admin stuff um invoice greenleaf chase ...": after a pause for thought, a task's verb
    // starts the tasks, with an object or with a name and the next task after it ("school
    // things um book bags pencil cases" names things).
    const object = tokens[i + 1];
    const hesitatedVerb =
      token.hesitated === true &&
      TASK_VERBS.has(token.lower) &&
      object !== undefined &&
      object.kind === 'word' &&
      !isCompound(token, object) &&
      (startsObjectAt(tokens, i + 1) ||
        (object.pos === 'NOUN' &&
          !isPlural(object) &&
          (i + 2 === tokens.length ||
            TASK_VERBS.has((tokens[i + 2] as TaggedToken | undefined)?.lower ?? ''))));
    if (
      nounIntro &&
      ((IMPERATIVE_VERBS.has(token.lower) && startsObjectAt(tokens, i + 1)) || hesitatedVerb)
    ) {
      return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    }
  }
  for (let i = 1; i < tokens.length && i <= INTRO_BEFORE_VERB_MAX_WORDS; i++) {
    const token = tokens[i] as TaggedToken;
    if (token.kind !== 'word' || i + 1 >= tokens.length) continue;
    const prev = tokens[i - 1] as TaggedToken;
    const verb =
      IMPERATIVE_VERBS.has(token.lower) ||
      (token.pos === 'VERB' && token.lemma === token.lower && TASK_VERBS.has(token.lower));
    // "the action items are | email the vendor": a list named, then its first task.
    const namedList =
      (prev.lower === 'are' || prev.lower === 'is') &&
      tokens.slice(0, i).some((word) => LIST_NOUNS.has(word.lower));
    if (namedList && verb) return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    const startsTask =
      intentLengthAt(tokens, i) > 0 ||
      (verb && !['DET', 'ADP', 'AUX', 'PRON', 'PART', 'CCONJ'].includes(prev.pos));
    if (startersLed && startsTask) return { intro: tokens.slice(0, i), task: tokens.slice(i) };
  }
  return null;
}

/** Adverbs said after a task, behind a pause, that are still the task's ("..., again,"). */
const TRAILING_ADVERBS: ReadonlySet<string> = new Set(['again', 'too', 'asap']);

/** Adverbs that say what the speaker thinks of the thing before them ("Passports, obviously"). */
const COMMENT_ADVERBS: ReadonlySet<string> = new Set([
  'obviously',
  'definitely',
  'probably',
  'ideally',
  'hopefully',
]);

/** Words of "the factor 50", "the big one": which one of the thing said before. */
const WHICH_ONE_MAX_WORDS = 4;

/**
 * "size 4", "the factor 50", "the warm one": a name and its number, or a phrase opened by
 * "the" that counts or says "one", as the only other piece of its sentence ("Milk, the bread"
 * and "Adapters, the kids' iPads, chargers" name things of their own).
 */
function tellsWhichOne(words: readonly TaggedToken[], pieces: number): boolean {
  if (words.length === 2 && words[0]?.pos === 'NOUN' && words[1]?.pos === 'NUM') return true;
  const last = words[words.length - 1];
  return (
    pieces === 2 &&
    words[0]?.lower === 'the' &&
    words.length <= WHICH_ONE_MAX_WORDS &&
    (last?.pos === 'NUM' || last?.lower === 'one' || last?.lower === 'ones')
  );
}

/** "it's her birthday", "they're in my email": a clause about the thing just named. */
const REMARK_OPENERS: ReadonlySet<string> = new Set([
  "it's",
  "they're",
  "that's",
  "she's",
  "he's",
  "there's",
]);

/** Words that make a clause a task of its own after all ("it's time to book", "she's got to"). */
const REMARK_TASK_WORDS: ReadonlySet<string> = new Set([
  'to',
  'need',
  'needs',
  'should',
  'must',
  'gotta',
  'gonna',
]);

/** Subjects said with "have", their participle what was done ("I've put that off"). */
const HAVE_OPENERS: ReadonlySet<string> = new Set(["i've", "we've", "they've"]);

/** Whether a clause only says something of the task before it: no task, verb or intent. */
export function isRemark(said: readonly TaggedToken[]): boolean {
  // "I think there's one in Peckham": the remark with the speaker's doubt on it.
  const hedged = said[0]?.lower === 'i' && HEDGING_VERBS.has(said[1]?.lower ?? '');
  const words = hedged ? said.slice(2) : said;
  const first = words[0];
  if (first === undefined) return false;
  // "Not the small one": what the thing before is not.
  if (saysOfTheOnes(words) || (!hedged && first.lower === 'not' && words.length > 1)) return true;
  // "they said they have loads": what someone said of it, with no task in it.
  if (
    HEARSAY_SUBJECTS.has(first.lower) &&
    words[1]?.lower === 'said' &&
    !words.some((word) => TASK_VERBS.has(word.lower) || REMARK_TASK_WORDS.has(word.lower))
  ) {
    return true;
  }
  // "I hate doing that", "I always forget those": the speaker's feeling about the task.
  const feeling = first.lower === 'i' ? speakerFeelingEnd(words) : 0;
  const have = HAVE_OPENERS.has(first.lower);
  // The tokenizer's lower case already reads "it’s" as "it's".
  if (feeling === 0 && !have && !REMARK_OPENERS.has(first.lower)) return false;
  // "she's been waiting a week", "hate doing it": what is going on, or what is hated.
  const ongoing = (word: TaggedToken): boolean =>
    word.lower.endsWith('ing') || word.lower === 'been' || word.lower === 'being';
  // "it's broken again", "she's grown": a participle says how the thing is.
  const participle = (word: TaggedToken): boolean =>
    /[a-z](?:ed|en)$/u.test(word.lower) ||
    ongoing(word) ||
    (word.lemma !== word.lower && !word.lower.endsWith('s'));
  const rest = words.slice(Math.max(1, feeling));
  // "I've put that off": after "have" its first verb is what was done, whatever its form.
  const done = have ? rest.findIndex((word) => word.pos === 'VERB' || word.pos === 'AUX') : -1;
  return rest.every(
    (word, k) =>
      k === done ||
      (!REMARK_TASK_WORDS.has(word.lower) &&
        (word.pos !== 'AUX' || ongoing(word)) &&
        (word.pos !== 'VERB' || participle(word)) &&
        // "I always forget those | print the set list": a task run on after the remark.
        !((feeling > 0 || have) && TASK_VERBS.has(word.lower))),
  );
}

/** "I think", "I reckon": doubt said before a remark, which stays a remark. */
const HEDGING_VERBS: ReadonlySet<string> = new Set(['think', 'reckon', 'guess']);
/** Who says something of the task ("they said they have loads"). */
const HEARSAY_SUBJECTS: ReadonlySet<string> = new Set(['they', 'she', 'he']);

/** Verbs of how the speaker feels about a task ("I hate doing that", "I always forget it"). */
const FEELING_VERBS: ReadonlySet<string> = new Set(['hate', 'love', 'forget', 'dread']);

/** What a feeling about the task before it is about ("hate doing that", "forget those"). */
const TASK_POINTERS: ReadonlySet<string> = new Set(['it', 'that', 'this', 'those', 'them']);

/**
 * After "I" (and one adverb), a verb of feeling about the task: where it ends, or 0. "I love
 * you" and "I love the new kitchen" are about something else.
 */
function speakerFeelingEnd(words: readonly TaggedToken[]): number {
  const at = words[1]?.pos === 'ADV' ? 2 : 1;
  if (!FEELING_VERBS.has(words[at]?.lower ?? '')) return 0;
  const about = words[at + 1]?.lower ?? '';
  return TASK_POINTERS.has(about) || about.endsWith('ing') ? at + 1 : 0;
}

/**
 * "things to do before monday", "to do tomorrow": a clause that only names the list by what is
 * to be done, no task and no statement against a list.
 */
export function namesToDoList(words: readonly TaggedToken[]): boolean {
  const end = toDoNameEnd(words);
  return end > 0 && words.slice(end).every((word) => word.pos !== 'VERB' && word.pos !== 'AUX');
}

/**
 * "stuff to get done on the game before the playtest | fix the jump bug", "to do for the
 * album release | order 200 vinyl copies": where the words after a list named by what is to be
 * done start (its occasion follows, then the first task), or 0.
 */
function toDoNameEnd(tokens: readonly TaggedToken[]): number {
  let at = 0;
  if (TO_DO_NAMES.has(tokens[0]?.lower ?? '')) at = 1;
  if (tokens[at]?.lower !== 'to') return 0;
  const verb = tokens[at + 1];
  if (verb === undefined || verb.kind !== 'word') return 0;
  if (verb.lower === 'do') return at + 2;
  // "to get done", "to sort", "to sort out": the name's own verb, never a task.
  if (at === 0 || (verb.pos !== 'VERB' && !TASK_VERBS.has(verb.lower))) return 0;
  const after = tokens[at + 2]?.lower;
  return after === 'done' || after === 'out' || after === 'up' ? at + 3 : at + 2;
}

function startsObjectAt(tokens: readonly TaggedToken[], i: number): boolean {
  const token = tokens[i];
  return token !== undefined && token.kind === 'word' && ['DET', 'PRON', 'NUM'].includes(token.pos);
}

function titleFromIntro(intro: readonly TaggedToken[]): string {
  const tokens = trimPauses(intro as TaggedToken[]);
  let start = 0;
  const droppable = (token: TaggedToken | undefined): boolean =>
    token !== undefined &&
    token.kind === 'word' &&
    (TITLE_DROP_WORDS.has(token.lower) || CONNECTIVES.has(token.lower));
  while (
    start < tokens.length - 1 &&
    droppable(tokens[start]) &&
    // "This weekend" stays; "this is my list" loses "this is".
    ((tokens[start] as TaggedToken).lower !== 'this' || tokens[start + 1]?.lower === 'is')
  ) {
    start++;
  }
  if (tokens[start]?.lower === 'for' && tokens.length - start > 1) {
    start++;
    while (start < tokens.length - 1 && droppable(tokens[start])) start++;
  }
  let end = tokens.length;
  while (end > start + 1 && TITLE_TRAILING_DROP_WORDS.has((tokens[end - 1] as TaggedToken).lower)) {
    end--;
  }
  const text = renderTokens(trimPauses(tokens.slice(start, end)));
  return cutAtWordBoundary(
    capitalizeFirst(trimTrailingPunctuation(text)),
    CHECKLIST_TITLE_MAX_CHARS,
  );
}

/** Topic word -> position of its title in TOPIC_TITLES (earlier titles win). */
const TOPIC_TITLE_BY_WORD: ReadonlyMap<string, number> = new Map(
  TOPIC_TITLES.flatMap(([words], position) =>
    words.map((word) => [word, position] as const),
  ).reverse(),
);

/**
 * Words from the start within which a topic word names what the list is for ("wedding buffet
 * on Sunday ..."); said later, it is one task's ("charge the bed movers", "the hotel, the
 * pump's making that noise") and a title from it would misname the list.
 */
const TOPIC_TITLE_REACH_WORDS = 8;

function defaultTitle(sentences: readonly TaggedToken[][], category: Category): string {
  let words = 0;
  for (const tokens of sentences) {
    for (const [i, token] of tokens.entries()) {
      if (token.kind !== 'word') continue;
      if (++words > TOPIC_TITLE_REACH_WORDS) return `${CATEGORY_LABELS[category]} checklist`;
      // "a pack of burger buns" counts buns; it packs nothing.
      if (tokens[i + 1]?.lower === 'of') continue;
      const position = TOPIC_TITLE_BY_WORD.get(token.lower);
      const topic = position === undefined ? undefined : TOPIC_TITLES[position];
      if (topic !== undefined) return topic[1];
    }
  }
  return `${CATEGORY_LABELS[category]} checklist`;
}

/** The tasks of one clause: one per thing when it names several ("buy X, Y and Z"). */
/** A task's items; `listed` when its words follow the list's name ("grocery list | eggs ..."). */
function tasksOf(tokens: readonly TaggedToken[], listed = false): TaggedToken[][] {
  const { tokens: task, needsThing } = stripLeadingGlue(tokens);
  if (task.length === 0) return [];
  const shaped = needsThing ? frontParticiple(task) : task;
  const fronted = shaped[0] !== task[0] ? shaped[0] : undefined;
  // "the banners printed, the gazebo, the float counted": a verb said after its one thing is
  // that thing's, and the rest of the list keeps its words as said.
  return splitList(shaped, needsThing || listed).map(
    (item, k) => stripLeadingGlue(k > 0 && item[0] === fronted ? item.slice(1) : item).tokens,
  );
}

/**
 * Whether the count at `at` counts a task: said on its own before the task's verb, a pause
 * between them aside ("two, chase payroll"). "the first clean", "the other two take the
 * bus", "chapter one" and "one pack of wipes" count or name something else.
 */
function countsTask(tokens: readonly TaggedToken[], at: number): boolean {
  const before = tokens[at - 1];
  if (
    before !== undefined &&
    before.kind === 'word' &&
    (['DET', 'ADJ', 'ADP', 'PRON'].includes(before.pos) || LABELLED_NOUNS.has(before.lower))
  ) {
    return false;
  }
  const verbAt = tokens[at + 1]?.kind === 'pause' ? at + 2 : at + 1;
  const verb = tokens[verbAt];
  return (
    verb !== undefined &&
    verb.kind === 'word' &&
    (TASK_VERBS.has(verb.lower) || verb.pos === 'VERB') &&
    tokens[verbAt + 1]?.lower !== 'of'
  );
}

/** Where a sentence's words start after a count said first ("First, review the PR."). */
function countedStart(tokens: readonly TaggedToken[]): number {
  let at = 0;
  for (let token = tokens[at]; token !== undefined; token = tokens[at]) {
    if (token.kind !== 'pause' && !SEQUENCE_WORDS.has(token.lower)) break;
    at++;
  }
  return at;
}

/** Where a count said aloud opens a task: the words from `start` to `end` are no task's. */
interface CountCut {
  readonly start: number;
  readonly end: number;
  /** The row that found it, traced once the counts are known to be in order. */
  readonly row?: Decision<OpensCountedTask>;
}

/**
 * Where the count `count` opens a task at `i`, if it does: a row of rows/list.ts ("and then
 * step three"), or the count said on its own before the task's verb ("two, chase payroll").
 */
function countCutAt(tokens: readonly TaggedToken[], i: number, count: string): CountCut | null {
  const row = LIST_TABLE.mayDecide(tokens[i] as TaggedToken)
    ? LIST_TABLE.find(tokens, i, ({ start, end }) =>
        tokens.slice(start, end).some((token) => token.kind === 'word' && token.lower === count),
      )
    : null;
  if (row !== null) {
    // "... and then the second step is to ...": the joins and the article go with the count.
    let start = row.start;
    while (start > 0 && COUNT_LEAD_INS.has((tokens[start - 1] as TaggedToken).lower)) start--;
    return { start, end: row.end, row };
  }
  const token = tokens[i] as TaggedToken;
  if (token.kind !== 'word' || token.lower !== count || !countsTask(tokens, i)) return null;
  // "... in the back room and four sit down": the join goes with the count.
  return { start: tokens[i - 1]?.lower === 'and' ? i - 1 : i, end: i + 1 };
}

/**
 * "to do tomorrow one send the rota two chase payroll three do the stock count", "One, send the
 * rota. Two, ...", "step one is to back up ... step two ...": tasks counted aloud, each count
 * before its task, start a task each and are not part of it. At least "one" and "two" (or
 * "first" and "second") must be said, in order: "buy one loaf two pints" counts things, and a
 * lone "first" is a task's order.
 */
function splitAtEnumerators(sentences: readonly TaggedToken[][]): TaggedToken[][] {
  for (const counts of ENUMERATORS) {
    const cuts = new Map<readonly TaggedToken[], CountCut[]>();
    let found = 0;
    for (const tokens of sentences) {
      const mine: CountCut[] = [];
      for (let i = 0; i < tokens.length; i++) {
        const count = counts[found];
        if (count === undefined) break;
        const cut = countCutAt(tokens, i, count);
        if (cut === null) continue;
        mine.push(cut);
        found++;
        i = cut.end - 1;
      }
      cuts.set(tokens, mine);
    }
    if (found < 2) continue;
    return sentences.flatMap((tokens) => {
      const parts: TaggedToken[][] = [];
      let from = 0;
      for (const cut of cuts.get(tokens) ?? []) {
        if (cut.row !== undefined) LIST_TABLE.note(cut.row, tokens);
        parts.push(tokens.slice(from, cut.start));
        from = cut.end;
      }
      parts.push(tokens.slice(from));
      return parts
        .map((part) => trimPauses(part))
        .filter((part) => part.some((token) => token.kind === 'word'));
    });
  }
  return [...sentences];
}

/**
 * A checklist: a short title line (the spoken intro such as "For the camping trip", else a
 * topic or category title), then one "- [ ] Task" per task. Tasks are the clauses of
 * src/text/clauses.ts, a list of things split into one task each with its verb; spoken intent
 * ("I need to") and sequence words are dropped so each task starts with its verb, capitalised;
 * conversational and duplicate tasks are left out. Every word of a task is the speaker's.
 */
/** The longest name said before "we need" read as the list's title. */
const NEED_TITLE_MAX_WORDS = 5;

/**
 * "grocery run | we need oat milk ...", "the bake sale | I have to ...": a short noun phrase
 * said before the speaker's need names what the list is for. A verb in it may only be a
 * plain form that names the errand ("run", "shop"); "mum called | we need ..." is news.
 */
function namesWhatTheNeedIsFor(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const first = words[0];
  if (first === undefined || words.length > NEED_TITLE_MAX_WORDS) return false;
  // "the kitchen | I need to ...": a thing named, with or without its article.
  const named = first.pos === 'NOUN' || (first.pos === 'DET' && words[1]?.pos === 'NOUN');
  if (!named || words.length < tokens.length) return false;
  const plainNoun = words.every(
    (word, k) =>
      word.pos !== 'AUX' &&
      word.pos !== 'PRON' &&
      (word.pos !== 'VERB' || (k === words.length - 1 && word.lemma === word.lower)),
  );
  return plainNoun && intentLengthAt(next, 0) > 0;
}

/** "school trip | we need packed lunches ...": the name and the need said in one clause. */
function splitAtNeed(
  tokens: readonly TaggedToken[],
): { intro: TaggedToken[]; task: TaggedToken[]; listed?: boolean } | null {
  for (let at = 1; at <= NEED_TITLE_MAX_WORDS && at < tokens.length; at++) {
    if (intentLengthAt(tokens, at) === 0) continue;
    const intro = tokens.slice(0, at);
    const task = tokens.slice(at);
    return namesWhatTheNeedIsFor(intro, task) ? { intro, task, listed: true } : null;
  }
  return null;
}

/** The longest heading before a colon read as the list's title. */
const COLON_TITLE_MAX_WORDS = 8;

/**
 * Where a heading said before a colon ends ("Things I need for the hike: ..."), or 0: a colon
 * after one to eight words and no other pause, with words after it.
 */
function colonHeadingEnd(tokens: readonly TaggedToken[]): number {
  const colon = tokens.findIndex((token) => token.kind === 'pause' && token.text === ':');
  if (colon <= 0) return 0;
  const before = tokens.slice(0, colon);
  const words = before.filter((token) => token.kind === 'word').length;
  if (words === 0 || words > COLON_TITLE_MAX_WORDS) return 0;
  if (before.some((token) => token.kind === 'pause')) return 0;
  return tokens.slice(colon + 1).some((token) => token.kind === 'word') ? colon : 0;
}

/** "It was leaking" -> "it was leaking"; "I" and a name keep their capital. */
function lowerFirst(text: string): string {
  if (/^(?:I\b|I')/u.test(text)) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

export function formatChecklist(said: readonly TaggedToken[][], category: Category): string {
  const sentences = splitAtEnumerators(said);
  let title: string | null = null;
  const items: string[] = [];
  // What each line was made from, for the trace (match/trace.ts).
  let titleTokens: readonly TaggedToken[] = [];
  const itemTokens: TaggedToken[][] = [];
  const madeFrom = (tokens: readonly TaggedToken[]): void => {
    itemTokens[items.length - 1]?.push(...tokens);
  };
  const seen = new Set<string>();
  const add = (tokens: readonly TaggedToken[]): void => {
    const text = renderTask(tokens);
    const key = itemKey(text);
    if (key === '' || NON_TASK_KEYS.has(key) || seen.has(key)) return;
    seen.add(key);
    items.push(text);
    itemTokens.push([...tokens]);
  };

  sentences.forEach((said, sentenceIndex) => {
    let tokens = said;
    // "Things I need for the hike: water bottles, ...": what the speaker puts before a colon
    // heading what follows names the list, whatever its words (an "I need" in it is no task).
    const colonTitle = sentenceIndex === 0 ? colonHeadingEnd(tokens) : 0;
    if (colonTitle > 0) {
      title = titleFromIntro(tokens.slice(0, colonTitle));
      titleTokens = tokens.slice(0, colonTitle);
      tokens = tokens.slice(colonTitle + 1);
    }
    const next = sentences[1];
    if (
      title === null &&
      sentenceIndex === 0 &&
      next !== undefined &&
      (isIntroSentence(tokens, next) ||
        leadsIntoIntent(tokens, next) ||
        // "Baby stuff. Nappies, size 4.": a list named on its own, its things after it.
        namesListHeading(tokens.filter((token) => token.kind === 'word')))
    ) {
      title = titleFromIntro(tokens);
      titleTokens = tokens;
      return;
    }
    const { clauses, unsettled } = joinedAtUnsettledNo(splitClauses(tokens, 'tasks'));
    // Whether the clause before, in this sentence, was a thing with no verb.
    let thingBefore = false;
    clauses.forEach((clause, clauseIndex) => {
      let taskTokens = clause.tokens;
      let listed = false;
      if (title === null && sentenceIndex === 0 && clauseIndex === 0) {
        const split = splitIntroFromTask(clause.tokens) ?? splitAtNeed(clause.tokens);
        if (split !== null) {
          title = titleFromIntro(split.intro);
          titleTokens = split.intro;
          taskTokens = split.task;
          listed = split.listed === true;
        } else if (
          clauses.length > 1 &&
          (isIntro(clause) ||
            leadsIntoIntent(clause.tokens, (clauses[1] as Clause).tokens) ||
            namesWhatTheNeedIsFor(clause.tokens, (clauses[1] as Clause).tokens))
        ) {
          title = titleFromIntro(clause.tokens);
          titleTokens = clause.tokens;
          return;
        }
      }
      // "chase the card machine people, uh, again,": a lone adverb said after a pause is
      // the task's before it.
      const words = taskTokens.filter((token) => token.kind === 'word');
      // "First, review the PR": the count said before its task, behind a pause, is no task.
      if (words.every((word) => SEQUENCE_WORDS.has(word.lower))) return;
      const only = words[0];
      if (
        clauseIndex > 0 &&
        words.length === 1 &&
        only !== undefined &&
        (TRAILING_ADVERBS.has(only.lower) || COMMENT_ADVERBS.has(only.lower)) &&
        items.length > 0
      ) {
        // "Passports, obviously": what the speaker thinks of it keeps its comma.
        items[items.length - 1] += COMMENT_ADVERBS.has(only.lower)
          ? `, ${only.lower}`
          : ` ${only.lower}`;
        madeFrom(taskTokens);
        return;
      }
      const thing = words.length > 0 && !words.some(isFiniteVerb);
      // "Nappies, size 4", "Sun cream, the factor 50": which one, said after the thing.
      if (thingBefore && thing && items.length > 0 && tellsWhichOne(words, clauses.length)) {
        const which = renderTask(taskTokens);
        items[items.length - 1] += `, ${which.charAt(0).toLowerCase()}${which.slice(1)}`;
        madeFrom(taskTokens);
        thingBefore = false;
        return;
      }
      thingBefore = thing && !listed;
      // "ring my sister on Wednesday, it's her birthday", "send the invoice. it's 450.": a
      // remark on the task before it goes with that task, not in a box of its own.
      // "the old one was better" is said of a thing only in its own sentence.
      const remark =
        (clauseIndex > 0 || (sentenceIndex > 0 && !saysOfTheOnes(words))) &&
        items.length > 0 &&
        isRemark(words)
          ? renderTask(taskTokens)
          : '';
      // "check the trough, it was leaking yesterday", "he's brutal | but fair": an aside.
      const aside =
        remark === '' &&
        items.length > 0 &&
        (clauseIndex > 0 || sentenceIndex > 0) &&
        isAside(words, clause.lead)
          ? `${clause.lead === 'but' ? 'but ' : ''}${renderTask(taskTokens)}`
          : '';
      if (aside !== '') {
        const but = clause.lead === 'but' || words[0]?.lower === 'but';
        items[items.length - 1] += `${but ? '' : ','} ${lowerFirst(aside)}`;
        madeFrom(taskTokens);
        thingBefore = false;
        return;
      }
      if (remark !== '' && !NON_TASK_KEYS.has(itemKey(remark))) {
        const joined = /^I\b/u.test(remark)
          ? remark
          : remark.charAt(0).toLowerCase() + remark.slice(1);
        items[items.length - 1] += `, ${joined}`;
        madeFrom(taskTokens);
        // "Not the small one, the big one": which one, said after what it is not.
        thingBefore = words[0]?.lower === 'not';
        return;
      }
      if (unsettled.has(clause)) add(stripLeadingGlue(taskTokens).tokens);
      else for (const task of tasksOf(taskTokens, listed)) add(task);
    });
  });

  if (items.length === 0 && title !== null) {
    // A lone "Groceries" is the task itself, not a title over nothing.
    items.push(title);
    title = null;
  }
  if (items.length === 0) {
    // Nothing task-like was said ("okay, yeah"): keep what was said rather than nothing, each
    // sentence once ("$? $" says one thing twice, and no word key can tell the two apart).
    const kept = new Set<string>();
    for (const tokens of sentences) {
      const text = renderTask(tokens.filter((token) => !CONNECTIVES.has(token.lower)));
      const key = text.toLowerCase();
      if (text === '' || kept.has(key)) continue;
      kept.add(key);
      items.push(text);
    }
  }
  if (items.length === 0) {
    // Only connectives ("and then"): the last of them is all there is to keep.
    const last = sentences
      .flat()
      .filter((token) => token.kind === 'word')
      .pop();
    if (last !== undefined) items.push(capitalizeFirst(last.text));
  }
  if (items.length === 0) {
    // Only marks ("...", "!"): the characters as they are are the one item.
    const marks = renderTokens(sentences.flat()).trim();
    if (marks !== '') items.push(marks);
  }
  if (items.length === 0) return '';
  const heading = title !== null && title !== '' ? title : defaultTitle(sentences, category);
  const lines = [heading, ...items.map((item) => `${CHECKLIST_ITEM_PREFIX}${item}`)];
  if (tracing()) {
    noteLine(heading, titleTokens);
    // The items kept when nothing task-like was said were made from every sentence.
    lines.slice(1).forEach((line, i) => noteLine(line, itemTokens[i] ?? sentences.flat()));
  }
  return lines.join('\n');
}
