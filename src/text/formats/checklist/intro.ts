import {
  afterListName,
  isCompound,
  isPlural,
  intentLengthAt,
  namesThingsTo,
  startsVerbPhrase,
  thingsFollowListName,
  type Clause,
} from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import { renderTokens } from '../../sentences.js';
import { CLAUSE_SUBJECTS } from '../../words/function-words.js';
import { WEEKDAYS } from '../../words/proper-nouns.js';
import { DAY_WORDS, TIME_UNITS } from '../../words/time-words.js';
import {
  IMPERATIVE_VERBS,
  INTRO_STARTERS,
  LIST_NOUNS,
  TASK_VERBS,
  TIME_STARTERS,
  TO_DO_NAMES,
} from '../../words/tasks.js';
import { countedStart } from './counts.js';
import { VERB_TAGS, isVerbless, wordsOf } from './task-words.js';
import { CHECKLIST_TITLE_MAX_CHARS, startsObjectAt, toDoNameEnd } from './titles.js';
import { ARTICLES, NOUN_PHRASE_TAGS } from '../../words/checklist.js';
import { OWNING_WORDS } from '../../words/clause-subjects.js';

/**
 * What a checklist is introduced by before its first task: a heading said alone ("Things
 * for the studio day."), a name run into the first task ("For the sprint fix ..."), or one
 * said before what the speaker means to do ("Before we fly I need to ...").
 */

const INTRO_MAX_WORDS = 8;
/** Words of an intro before a first task that starts at a verb: "For the sprint | fix ...". */
const INTRO_BEFORE_VERB_MAX_WORDS = 6;
/** The same where a pause for thought ends it, a surer mark: "for the stamp fair at the civic
 * hall saturday | um the tongs". */
const INTRO_BEFORE_PAUSE_MAX_WORDS = 10;
/** The same before spoken intent, which marks the task's start more surely: "Before we fly
 * to Lisbon on Friday | I've got to | renew the travel insurance". */
const INTRO_BEFORE_INTENT_MAX_WORDS = 10;
/** Tags of the words of a phrase naming a list ("end of quarter stuff", "stuff for the trip"). */
const INTRO_PHRASE_TAGS: ReadonlySet<string> = new Set([...NOUN_PHRASE_TAGS, 'ADP', 'DET']);

export function isIntro(clause: Clause): boolean {
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
export function leadsIntoIntent(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
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
export function isIntroSentence(
  tokens: readonly TaggedToken[],
  next: readonly TaggedToken[],
): boolean {
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
 * "for the beach | the windbreak a frisbee my sunglasses": what the things are for, said without
 * a pause, ends where the first thing opens with an article or whose it is, straight after the
 * purpose's noun; where it ends, or 0. Said before a clause ("the printer is jammed") it is
 * no lead.
 */
/** Words a thing's name opens with after the time a lead ends on: "seed potatoes", "my boots". */
const THING_STARTS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'ADJ', 'DET', 'NUM', 'PRON']);

/** Words after a lead within which an auxiliary makes them news ("the printer is jammed"). */
const NEWS_AUX_REACH = 4;

/** Whether what follows the lead says something happened, no thing or task: a verb of being. */
function saysNews(tokens: readonly TaggedToken[], from: number): boolean {
  const ahead = tokens.slice(from, from + NEWS_AUX_REACH);
  const stop = ahead.findIndex((token) => token.kind !== 'word' || token.lower === 'and');
  return (stop === -1 ? ahead : ahead.slice(0, stop)).some((token) => token.pos === 'AUX');
}

function purposeLeadEnd(tokens: readonly TaggedToken[]): number {
  if (tokens[0]?.lower !== 'for') return 0;
  for (let i = 2; i < tokens.length && i <= INTRO_BEFORE_PAUSE_MAX_WORDS; i++) {
    const token = tokens[i] as TaggedToken;
    const prev = tokens[i - 1] as TaggedToken;
    if (token.kind !== 'word' || !INTRO_PHRASE_TAGS.has(prev.pos)) return 0;
    const within = i <= INTRO_BEFORE_VERB_MAX_WORDS;
    const opensThing =
      ARTICLES.has(token.lower) || (OWNING_WORDS.has(token.lower) && token.pos === 'PRON');
    // "for the allotment this week | seed potatoes": when the things are for ends the lead.
    // "for the bake sale on friday | bake the scones": a task may follow as well as a thing.
    const opensItem = THING_STARTS.has(token.pos) || startsVerbPhrase(tokens, i);
    const afterWhen =
      (DAY_WORDS.has(prev.lower) ||
        (TIME_UNITS.has(prev.lower) && tokens[i - 2]?.lower === 'this')) &&
      opensItem;
    // "for the away match at the crown um text the team": a pause for thought after the
    // purpose's words ends them, as a comma would.
    const afterPause =
      token.hesitated === true && prev.pos !== 'ADP' && prev.pos !== 'DET' && opensItem;
    const opensAfterNoun = opensThing && (prev.pos === 'NOUN' || prev.pos === 'PROPN');
    if (afterPause || (within && (afterWhen || opensAfterNoun))) {
      // "for the love of god | the printer is jammed": news, not things.
      return saysNews(tokens, i) ? 0 : i;
    }
  }
  return 0;
}

/**
 * "For the camping trip | pack the tent", "Before Japan | I've got to renew ...". `listed` when
 * the intro is the list's own name, so the things after it are a list ("grocery list | eggs").
 */
export function splitIntroFromTask(
  tokens: readonly TaggedToken[],
): { intro: TaggedToken[]; task: TaggedToken[]; listed?: true } | null {
  const first = tokens[0];
  if (first === undefined || first.kind !== 'word') return null;
  const named = afterListName(tokens);
  if (named > 0) {
    return { intro: tokens.slice(0, named), task: tokens.slice(named), listed: true };
  }
  const purpose = purposeLeadEnd(tokens);
  if (purpose > 0) {
    const intro = { intro: tokens.slice(0, purpose), task: tokens.slice(purpose) };
    return startsVerbPhrase(tokens, purpose) ? intro : { ...intro, listed: true };
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
