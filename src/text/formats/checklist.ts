import type { Category } from '#contract/taxonomy.js';
import {
  isFiniteVerb,
  isKnownTaskVerb,
  isWord,
  namesListHeading,
  namesWhatTheListIsFor,
  saysOfTheOnes,
  splitClauses,
  verbHead,
  type Clause,
} from '../clauses.js';
import { detailCommas } from '../clauses/one-item-sentences.js';
import { noteLine, tracing } from '../match/trace.js';
import type { TaggedToken } from '../nlp.js';
import { isAside } from './checklist-asides.js';
import { joinedAtUnsettledNo } from './checklist/unsettled-no.js';
import { capitalizeFirst, renderTokens } from '../sentences.js';
import { SEQUENCE_WORDS, SIGN_OFFS, VERB_PARTICLES } from '../words/tasks.js';
import { CLAUSE_SUBJECTS } from '../words/function-words.js';
import { splitAtEnumerators } from './checklist/counts.js';
import {
  isIntro,
  isIntroSentence,
  leadsIntoIntent,
  splitIntroFromTask,
} from './checklist/intro.js';
import { isConditionAfter, isRemark, tellsWhichOne } from './checklist/remarks.js';
import { COMMENT_ADVERBS, TRAILING_ADVERBS } from '../words/asides.js';
import {
  CONNECTIVES,
  NON_TASK_KEYS,
  itemKey,
  renderTask,
  stripLeadingGlue,
  tasksOf,
} from './checklist/task-words.js';
import {
  colonHeadingEnd,
  defaultTitle,
  namesWhatTheNeedIsFor,
  splitAtNeed,
  titleFromIntro,
} from './checklist/titles.js';

export const CHECKLIST_ITEM_PREFIX = '- [ ] ';

/**
 * A thing said as a piece of a sentence's list ("the mallet", "two muslins"): it opens like a
 * thing and holds no verb. A noun the tagger read as a verb ("tent pegs") is missed, which only
 * leaves a verb where it was (see the verb's rule below).
 */
function isThing(tokens: readonly TaggedToken[]): boolean {
  const words = stripLeadingGlue(tokens).tokens.filter(isWord);
  const first = words[0];
  return (
    first !== undefined &&
    THING_OPENERS.has(first.pos) &&
    !CLAUSE_SUBJECTS.has(first.lower) &&
    // "blow up the balloons", "chase the quote": a verb the tagger read as a noun still leads
    // a task when it is known as one, or takes a particle and an object.
    !isKnownTaskVerb(first) &&
    !(VERB_PARTICLES.has(words[1]?.lower ?? '') && ['DET', 'PRON'].includes(words[2]?.pos ?? '')) &&
    !words.some((word) => word.pos === 'VERB' || word.pos === 'AUX') &&
    !isIntro({ tokens: [...tokens], lead: '', endsWithColon: false })
  );
}

const THING_OPENERS: ReadonlySet<string> = new Set(['NOUN', 'PROPN', 'DET', 'NUM', 'ADJ', 'PRON']);

/**
 * "Baby stuff. Nappies, size 4.", "For the start of my shift. Pager, a pen.": a list named on
 * its own, or what it is for, its things after it.
 */
function headsTheList(tokens: readonly TaggedToken[], next: readonly TaggedToken[]): boolean {
  const spoken = tokens.filter((token) => token.kind === 'word');
  return namesListHeading(spoken) || namesWhatTheListIsFor(spoken, next);
}

/** "and buy candles", "then email Sam": the last piece of a sentence's list, opened by its joiner. */
function closesTheList(tokens: readonly TaggedToken[]): boolean {
  const first = tokens.find(isWord)?.lower;
  return first === 'and' || first === 'then';
}

/**
 * A piece joined onto the item before it, in lower case but for "I" and a name said first:
 * "It was leaking" -> "it was leaking".
 */
function lowerFirst(text: string, first: TaggedToken | undefined): string {
  if (/^(?:I\b|I')/u.test(text)) return text;
  if (first !== undefined && first.pos === 'PROPN' && first.text !== first.lower) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Sign-offs, longest first, so "that's it i think" goes whole before "that's it". */
const SIGN_OFFS_LONGEST_FIRST = [...SIGN_OFFS].sort((a, b) => b.length - a.length);

function withoutSignOff(item: string): string {
  const lower = item.toLowerCase().replaceAll('’', "'");
  for (const signOff of SIGN_OFFS_LONGEST_FIRST) {
    if (!lower.endsWith(signOff)) continue;
    const rest = item.slice(0, item.length - signOff.length);
    if (!/[\s,]$/u.test(rest)) continue;
    const kept = rest.replace(/[\s,]+$/u, '');
    if (kept !== '') return kept;
  }
  return item;
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
      (isIntroSentence(tokens, next) || leadsIntoIntent(tokens, next) || headsTheList(tokens, next))
    ) {
      title = titleFromIntro(tokens);
      titleTokens = tokens;
      return;
    }
    // Read on the whole sentence: a colon before its things makes it a list.
    const details = detailCommas(said);
    const { clauses, unsettled } = joinedAtUnsettledNo(splitClauses(tokens, 'tasks', details));
    // Whether the clause before, in this sentence, was a thing with no verb.
    let thingBefore = false;
    // Whether a thing of this sentence already stands as an item of its own.
    let thingListed = false;
    const verbLed = clauses.map((clause) => verbHead(stripLeadingGlue(clause.tokens).tokens) > 0);
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
      // "Lanyards, if they don't post them": a condition said last is the item's own; one
      // said before a task ("if it rains, bring the tarp") is that task's.
      const condition =
        clauseIndex > 0 && clauseIndex === clauses.length - 1 && isConditionAfter(words);
      const remark =
        (clauseIndex > 0 || (sentenceIndex > 0 && !saysOfTheOnes(words))) &&
        items.length > 0 &&
        (isRemark(words) || condition)
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
        items[items.length - 1] += `${but ? '' : ','} ${lowerFirst(aside, words[0])}`;
        madeFrom(taskTokens);
        thingBefore = false;
        return;
      }
      if (remark !== '' && !NON_TASK_KEYS.has(itemKey(remark))) {
        items[items.length - 1] += `, ${lowerFirst(remark, words[0])}`;
        madeFrom(taskTokens);
        // "Not the small one, the big one": which one, said after what it is not.
        thingBefore = words[0]?.lower === 'not';
        return;
      }
      if (unsettled.has(clause)) add(stripLeadingGlue(taskTokens).tokens);
      else {
        // "Raffle tickets, the drum, collect the prizes, sticky tape", "sharpen the skates, the
        // size fives, top up the grit bin, cones, skating aids": after things, or among tasks
        // listed with commas (not the last one, opened by "and"), what follows a task is the
        // sentence's list, and its verb is not put before it.
        const listedOn = clauses.some(
          (other, k) => k > clauseIndex && verbLed[k] === true && !closesTheList(other.tokens),
        );
        const giveVerb =
          !thingListed &&
          !listedOn &&
          (closesTheList(taskTokens) || !verbLed.slice(0, clauseIndex).some(Boolean));
        for (const task of tasksOf(taskTokens, listed, details, giveVerb)) {
          const before = items.length;
          add(task);
          if (items.length > before && isThing(task)) thingListed = true;
        }
      }
    });
  });

  // "... print the inventory sheets thats it i think": the list said to be done, run on to
  // its last item.
  const last = items.length - 1;
  if (last >= 0) items[last] = withoutSignOff(items[last] as string);

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
