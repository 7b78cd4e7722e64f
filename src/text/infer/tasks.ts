import {
  afterListName,
  intentLengthAt,
  isFiniteVerb,
  namesListHeading,
  splitClauses,
  splitList,
  thingsFollowListName,
  verbHead,
} from '../clauses.js';
import { DAY_WORDS } from '../words/time-words.js';
import type { TaggedToken } from '../nlp.js';
import { CLAUSE_SUBJECTS } from '../words/function-words.js';
import { MONTHS } from '../words/proper-nouns.js';
import { isRemark } from '../formats/checklist/remarks.js';
import { namesToDoList } from '../formats/checklist/titles.js';
import { INVITATIONS, NEWS_WORDS } from '../words/inference.js';
import { NEED_WORDS, SEQUENCE_WORDS } from '../words/tasks.js';
import { ideaList } from './pitch-signals.js';
import { isWord, saysFeeling } from './shared.js';
import {
  COUNTED_FACTS,
  JUDGING_ADJECTIVES,
  THOUGHT_WORDS,
  WHEN_IT_HAPPENED,
} from '../words/inference.js';

/**
 * Tasks said as imperatives or intent, and the things of a list named before them, counted
 * for formatFromMeaning in ../infer.ts.
 */

/**
 * Where a task's words start after a time or place said first ("before that I've got to
 * find ...", "on saturday I need to ..."): the intent a few words on, or the clause's start.
 */
function afterSettingPhrase(rest: readonly TaggedToken[]): readonly TaggedToken[] {
  if (rest[0]?.pos !== 'ADP') return rest;
  for (let at = 2; at <= SETTING_MAX_WORDS && at < rest.length; at++) {
    if (intentLengthAt(rest, at) > 0) return rest.slice(at);
  }
  return rest;
}

const SETTING_MAX_WORDS = 4;

function isInvitation(rest: readonly TaggedToken[]): boolean {
  const opening = rest
    .slice(0, 2)
    .map((token) => token.lower)
    .join(' ');
  return INVITATIONS.includes(opening) || (rest.length === 1 && rest[0]?.lower === 'come');
}

interface TaskCount {
  tasks: number;
  others: number;
  /** Sentences that invite the audience ("come down and bring your friends"). */
  invitations: number;
}

/** "Don't forget the camp stove": a reminder of a thing is a task. */
function remindsOf(words: readonly TaggedToken[]): boolean {
  const first = words[0]?.lower;
  const forget = first !== 'do' ? words[1] : words[1]?.lower === 'not' ? words[2] : undefined;
  const thing = words.slice(first === 'do' ? 3 : 2);
  // "Don't forget how far you've come", "the reason you started": a thought, not a thing.
  return (
    (first === "don't" || first === 'dont' || first === 'don’t' || first === 'do') &&
    forget?.lower === 'forget' &&
    thing.length > 0 &&
    !THOUGHT_WORDS.has(thing[0]?.lower ?? '') &&
    !thing.some((word) => CLAUSE_SUBJECTS.has(word.lower))
  );
}

function isFeeling(word: TaggedToken): boolean {
  return saysFeeling(word) || JUDGING_ADJECTIVES.has(word.lower);
}

/**
 * "Sun cream", "the factor 50", "Calpol": a thing to get or pack. "So tired", "Great team
 * though", "Bag ready", "Any day now" and "First smile today" say how something is or went.
 */
function isListThing(words: readonly TaggedToken[]): boolean {
  const last = words[words.length - 1];
  // "Twelve kids.", "Two hours.": how many or how long is news of the day, not a thing to get.
  const counted = words[0]?.pos === 'NUM' && COUNTED_FACTS.has(words[1]?.lemma ?? '');
  return (
    !counted &&
    words.some((word) => word.pos === 'NOUN' || word.pos === 'PROPN' || word.pos === 'NUM') &&
    last?.pos !== 'ADJ' &&
    // "Car seat fitted.": how a thing is now, not one to get ("crib bed", "bird seed" are).
    !/[a-z]{2}[^e]ed$/u.test(last?.lower ?? '') &&
    !words.some((word) => WHEN_IT_HAPPENED.has(word.lower)) &&
    !words.some(
      (word) =>
        // "the ripe ones not the green ones" says which; "so tired", "any day now" say how.
        (word.pos === 'ADV' && word.lower !== 'not') ||
        isFeeling(word) ||
        NEWS_WORDS.has(word.lower) ||
        // "Exam Monday.", "Venue in June.": when something is, not a thing.
        DAY_WORDS.has(word.lower) ||
        MONTHS.has(word.lower),
    )
  );
}

/**
 * The things a clause under a list's heading names ("nappies the size two ones wipes the
 * spare onesie", "first aid kit, wetsuits for the ones who ..."), each a thing to get or pack.
 */
function thingsIn(tokens: readonly TaggedToken[]): number {
  const pieces = splitList(tokens, true).filter((piece) => isListThing(piece.filter(isWord)));
  return Math.max(1, pieces.length);
}

/** Tasks said as imperatives or intent ("I need to ..."), each thing of a list counted. */
export function countTasks(sentences: readonly TaggedToken[][]): TaskCount {
  let tasks = 0;
  let others = 0;
  let invitations = 0;
  // "Packing for Spain. Passports, obviously. Sun cream, the factor 50.": a list named on its
  // own, then its things a sentence or a pause at a time.
  const first = (sentences[0] ?? []).filter(isWord);
  // "Favourite things. Coffee. Rainy mornings.": a heading with a feeling names no list.
  // "Stuff for the new flat." is no feeling: "new" counts as news, not as a heading's feeling.
  const feels = (words: readonly TaggedToken[]): boolean =>
    words.some((word) => word.lower !== 'new' && isFeeling(word));
  const headingSentence = sentences.length > 1 && namesListHeading(first) && !feels(first);
  // "shopping list for saturday um rice the big bag ...": or its first clause, its things
  // said in the clauses after it.
  const firstClauses = headingSentence ? [] : splitClauses(sentences[0] ?? [], 'tasks');
  const headingClause = firstClauses[0];
  const clauseWords = headingClause?.tokens.filter(isWord) ?? [];
  // "shopping list for tesco milk eggs bread and we are out of coffee": a name with its things
  // in the same clause is counted as a list there, not as a heading.
  const headedClause =
    firstClauses.length > 1 &&
    namesListHeading(clauseWords) &&
    !feels(clauseWords) &&
    afterListName(clauseWords) < 0;
  const heading = headingSentence || headedClause;
  let things = 0;
  for (const [index, tokens] of sentences.entries()) {
    if (headingSentence && index === 0) continue;
    const ideas = ideaList(tokens);
    if (ideas !== null) {
      tasks += ideas.length;
      continue;
    }
    // "Shopping list. Milk, eggs, bread.": the list's name, then its things.
    const next = sentences[index + 1];
    if (next !== undefined && thingsFollowListName(tokens.filter(isWord), next)) continue;
    const before = sentences[index - 1];
    if (before !== undefined && thingsFollowListName(before.filter(isWord), tokens)) {
      tasks += splitList(tokens, true).length;
      continue;
    }
    let sentenceTasks = 0;
    let invites = false;
    const clauses =
      index > 0
        ? splitClauses(tokens, 'tasks')
        : headedClause
          ? firstClauses.slice(1)
          : firstClauses;
    for (const clause of clauses) {
      const words = clause.tokens.filter((token) => token.kind === 'word');
      // "mark the essays | there's about 30 of them": a remark on the task before it says
      // nothing against a list.
      if (tasks + sentenceTasks > 0 && isRemark(words)) continue;
      if (namesToDoList(words)) continue;
      let first = 0;
      // "and sort out the register": the join before a task says nothing of it.
      if (words[0]?.lower === 'and' && words.length > 1) first = 1;
      while (first < words.length - 1 && SEQUENCE_WORDS.has((words[first] as TaggedToken).lower)) {
        first++;
      }
      let rest = words.slice(first);
      rest = [...afterSettingPhrase(rest)];
      const named = Math.max(0, afterListName(rest));
      const intent = named > 0 ? 0 : intentLengthAt(rest, 0);
      const needsThing =
        named > 0 || (intent > 0 && NEED_WORDS.has((rest[intent - 1] as TaggedToken).lower));
      rest = rest.slice(named + intent);
      if (isInvitation(rest)) invites = true;
      if (verbHead(rest) > 0 || (needsThing && rest.length > 0) || remindsOf(rest)) {
        sentenceTasks += splitList(
          clause.tokens.slice(clause.tokens.indexOf(rest[0] as TaggedToken)),
          needsThing,
        ).length;
      } else if (heading && rest.length > 0 && !rest.some(isFiniteVerb) && isListThing(rest)) {
        things += thingsIn(clause.tokens);
      } else {
        others++;
      }
    }
    // What else the invitation asks ("and bring your loud friends") is part of it.
    if (invites) invitations++;
    else tasks += sentenceTasks;
  }
  // "Our wedding guest list. Two hundred people.": one thing under a list's name is news.
  if (things >= 2) tasks += things;
  else others += things;
  return { tasks, others, invitations };
}
