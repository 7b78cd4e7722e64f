import { CATEGORY_LABELS, type Category } from '#contract/taxonomy.js';
import { intentLengthAt } from '../../clauses.js';
import { cutAtWordBoundary } from '../../cut.js';
import type { TaggedToken } from '../../nlp.js';
import { capitalizeFirst, renderTokens, trimPauses } from '../../sentences.js';
import {
  TASK_VERBS,
  TO_DO_NAMES,
  TITLE_DROP_WORDS,
  TITLE_TRAILING_DROP_WORDS,
  TOPIC_TITLES,
} from '../../words/tasks.js';
import { CONNECTIVES, trimTrailingPunctuation } from './task-words.js';

/**
 * A checklist's title: the speaker's own heading or list name when they say one (before a
 * colon, before "we need", a to-do list named), else a topic the list opens on, else the
 * category's.
 */

export const CHECKLIST_TITLE_MAX_CHARS = 50;

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
export function toDoNameEnd(tokens: readonly TaggedToken[]): number {
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

export function startsObjectAt(tokens: readonly TaggedToken[], i: number): boolean {
  const token = tokens[i];
  return token !== undefined && token.kind === 'word' && ['DET', 'PRON', 'NUM'].includes(token.pos);
}

export function titleFromIntro(intro: readonly TaggedToken[]): string {
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

export function defaultTitle(sentences: readonly TaggedToken[][], category: Category): string {
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
export function namesWhatTheNeedIsFor(
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
export function splitAtNeed(
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
export function colonHeadingEnd(tokens: readonly TaggedToken[]): number {
  const colon = tokens.findIndex((token) => token.kind === 'pause' && token.text === ':');
  if (colon <= 0) return 0;
  const before = tokens.slice(0, colon);
  const words = before.filter((token) => token.kind === 'word').length;
  if (words === 0 || words > COLON_TITLE_MAX_WORDS) return 0;
  if (before.some((token) => token.kind === 'pause')) return 0;
  return tokens.slice(colon + 1).some((token) => token.kind === 'word') ? colon : 0;
}
