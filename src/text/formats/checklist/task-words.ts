import { intentLengthAt, splitList } from '../../clauses.js';
import { DAY_WORDS } from '../../words/time-words.js';
import { ABBREVIATIONS } from '../../words/abbreviations.js';
import type { TaggedToken } from '../../nlp.js';
import {
  capitalizeFirst,
  isSeparator,
  renderTokens,
  trimPauses,
  withoutStrayCloser,
} from '../../sentences.js';
import { CLAUSE_SUBJECTS } from '../../words/function-words.js';
import {
  IMPERATIVE_VERBS,
  NEED_WORDS,
  NON_TASKS,
  ORDINALS,
  SEQUENCE_WORDS,
  TASK_VERBS,
} from '../../words/tasks.js';
import { ARTICLES } from '../../words/checklist.js';

/**
 * A checklist task's own words (formats/checklist.ts): the glue said before it ("first",
 * "I need to") dropped, a verb said after its thing put first, what is left rendered as the
 * item, and the items of a clause that names several things.
 */

/** Tags of a word that makes a clause say something happen. */
export const VERB_TAGS: ReadonlySet<string> = new Set(['VERB', 'AUX']);

/** Most words need no cleaning; the Unicode-aware replace is only for the others. */
const PLAIN_WORD = /^[a-z0-9']+$/;
/** Most tasks are plain words: then no word needs its own test. */
const PLAIN_TEXT = /^[a-z0-9' ]*$/;
const NOT_WORD_CHARS = /[^\p{L}\p{N}']/gu;
/** Connectives: never the first or last word of a task or title. */
export const CONNECTIVES: ReadonlySet<string> = new Set([
  'and',
  'or',
  'then',
  'so',
  'but',
  'also',
  'plus',
]);

/** Identity of a task for merging duplicates: case, punctuation and articles ignored. */
export function itemKey(text: string): string {
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

export const NON_TASK_KEYS: ReadonlySet<string> = new Set([...NON_TASKS].map(itemKey));

export function wordsOf(tokens: readonly TaggedToken[]): string[] {
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
export function stripLeadingGlue(tokens: readonly TaggedToken[]): Stripped {
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

export function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_ITEM_CHARS.has(text.charAt(end - 1))) {
    if (endsWithAbbreviation(text.slice(0, end))) break;
    end--;
  }
  return end === text.length ? text : text.slice(0, end);
}

export function renderTask(tokens: readonly TaggedToken[]): string {
  const kept = withoutStrayCloser(keptTaskTokens(tokens));
  return capitalizeFirst(trimTrailingPunctuation(renderTokens(kept)));
}

/** No word the tagger reads as a verb, and none of the verbs that start tasks. */
export function isVerbless(tokens: readonly TaggedToken[]): boolean {
  return tokens.every(
    (token) =>
      token.kind !== 'word' || (!VERB_TAGS.has(token.pos) && !IMPERATIVE_VERBS.has(token.lower)),
  );
}

/**
 * The tasks of one clause: one per thing when it names several ("buy X, Y and Z"); `listed`
 * when its words follow the list's name ("grocery list | eggs ...").
 */
export function tasksOf(
  tokens: readonly TaggedToken[],
  listed = false,
  details?: ReadonlySet<TaggedToken>,
  giveVerb = true,
): TaggedToken[][] {
  const { tokens: task, needsThing } = stripLeadingGlue(tokens);
  if (task.length === 0) return [];
  const shaped = needsThing ? frontParticiple(task) : task;
  const fronted = shaped[0] !== task[0] ? shaped[0] : undefined;
  // "the banners printed, the gazebo, the float counted": a verb said after its one thing is
  // that thing's, and the rest of the list keeps its words as said.
  return splitList(shaped, needsThing || listed, details, giveVerb).map(
    (item, k) => stripLeadingGlue(k > 0 && item[0] === fronted ? item.slice(1) : item).tokens,
  );
}
