import { CATEGORY_LABELS, type Category } from '../../core/taxonomy.js';
import {
  capitalizeFirst,
  isFunctionWord,
  renderTokens,
  startsNewClause,
  trimPauses,
  type Sentence,
  type Token,
} from '../clean.js';
import { cutAtWordBoundary } from '../cut.js';

export const CHECKLIST_TITLE_MAX_CHARS = 50;
export const CHECKLIST_ITEM_PREFIX = '- [ ] ';

/** Clause-opening words that number or chain the tasks ("first", "and then", "finally"). */
const SEQUENCE_WORDS = new Set([
  'first',
  'firstly',
  'second',
  'secondly',
  'third',
  'thirdly',
  'fourth',
  'fifth',
  'next',
  'finally',
  'lastly',
  'then',
  'also',
  'plus',
  'and',
  'or',
  'but',
  'so',
  'oh',
  'okay',
  'ok',
]);

/** Spoken intent before a task: "I need to call mom" is the task "Call mom". */
const INTENT_PREFIXES: readonly (readonly string[])[] = [
  ['i', 'was', 'thinking', 'about'],
  ['i', 'was', 'thinking', 'that'],
  ['i', 'was', 'thinking'],
  ['i', 'think', 'that'],
  ['i', 'think'],
  ['i', 'guess'],
  ['i', 'also', 'need', 'to'],
  ['i', 'really', 'need', 'to'],
  ['we', 'also', 'need', 'to'],
  ["i've", 'got', 'to'],
  ["we've", 'got', 'to'],
  ["i'm", 'going', 'to'],
  ["we're", 'going', 'to'],
  ["i'm", 'gonna'],
  ["we're", 'gonna'],
  ['i', 'need', 'to'],
  ['i', 'have', 'to'],
  ['i', 'got', 'to'],
  ['i', 'gotta'],
  ['i', 'should'],
  ['i', 'must'],
  ['i', 'want', 'to'],
  ['i', 'will'],
  ["i'll"],
  ['we', 'need', 'to'],
  ['we', 'have', 'to'],
  ['we', 'should'],
  ['we', 'must'],
  ['we', 'will'],
  ["we'll"],
  ["don't", 'forget', 'to'],
  ['do', 'not', 'forget', 'to'],
  ['remember', 'to'],
  ['make', 'sure', 'to'],
  ['need', 'to'],
  ['have', 'to'],
  ['got', 'to'],
  ['gotta'],
  ["let's"],
  ['after', 'that'],
  ['after', 'this'],
  ['number', 'one'],
  ['number', 'two'],
  ['number', 'three'],
  ['step', 'one'],
  ['step', 'two'],
  ['step', 'three'],
  // Last, so "we need to" wins over "we need": "we need balloons" is the task "Balloons".
  ['we', 'need'],
  ['i', 'need'],
];

const INTENT_PREFIXES_BY_FIRST_WORD: ReadonlyMap<string, readonly (readonly string[])[]> = (() => {
  const byFirst = new Map<string, (readonly string[])[]>();
  for (const prefix of INTENT_PREFIXES) {
    const first = prefix[0] as string;
    byFirst.set(first, [...(byFirst.get(first) ?? []), prefix]);
  }
  return byFirst;
})();

/** "and" starts a new task when a verb or a subject follows: "buy milk and call mom". */
const TASK_VERBS = new Set([
  'call',
  'buy',
  'book',
  'send',
  'email',
  'text',
  'pick',
  'get',
  'grab',
  'finish',
  'write',
  'review',
  'schedule',
  'clean',
  'fix',
  'check',
  'update',
  'order',
  'pay',
  'prepare',
  'pack',
  'make',
  'take',
  'go',
  'ask',
  'cancel',
  'renew',
  'submit',
  'print',
  'water',
  'feed',
  'walk',
  'drop',
  'return',
  'bring',
  'set',
  'move',
  'sign',
  'file',
  'post',
  'share',
  'draft',
  'record',
  'practice',
  'read',
  'watch',
  'plan',
  'invite',
  'confirm',
  'reply',
  'respond',
  'follow',
  'test',
  'deploy',
  'merge',
  'ship',
  'meet',
  'visit',
  'wash',
  'cook',
  'do',
  'start',
  'try',
  'talk',
  'tell',
  'remind',
  'charge',
  'change',
  'clear',
  'sort',
  'organize',
  'organise',
  'research',
  'find',
  'look',
  'run',
  'i',
  'we',
  "i'll",
  "we'll",
  'then',
  'also',
  'remember',
  'need',
]);

const LONG_CLAUSE_WORDS = 8;

/** Verbs that are rarely nouns, so a new task can start at them without a comma. */
const IMPERATIVE_VERBS = new Set([
  'call',
  'buy',
  'book',
  'send',
  'pick',
  'grab',
  'finish',
  'write',
  'review',
  'schedule',
  'clean',
  'fix',
  'check',
  'update',
  'pay',
  'prepare',
  'pack',
  'ask',
  'cancel',
  'renew',
  'submit',
  'print',
  'feed',
  'bring',
  'sign',
  'draft',
  'invite',
  'confirm',
  'reply',
  'email',
  'deploy',
  'merge',
  'ship',
  'visit',
  'wash',
  'remind',
  'organize',
  'organise',
  'research',
  'record',
]);

/** Words that make a first clause an introduction ("My packing list:", "For the trip"). */
const LIST_NOUNS = new Set([
  'list',
  'checklist',
  'todo',
  'to-do',
  'todos',
  'tasks',
  'things',
  'stuff',
  'errands',
  'steps',
  'plan',
  'agenda',
  'chores',
  'groceries',
  'shopping',
  'packing',
  'prep',
  'itinerary',
]);
const INTRO_STARTERS = new Set(['for', 'before', 'after', 'things', 'stuff', "here's", 'here']);
const INTRO_MAX_WORDS = 8;
/** "The plan is:" titles the list "Plan", not "Plan is". */
const TITLE_TRAILING_DROP_WORDS = new Set([
  'is',
  'are',
  'was',
  'were',
  'be',
  ':',
  'i',
  'we',
  'need',
]);
const TITLE_DROP_WORDS = new Set(['here', "here's", 'is', 'this', 'my', 'our', 'the', 'a', 'an']);

/** Items that are conversation, not tasks. */
const NON_TASKS = new Set([
  "that's it",
  "that's all",
  'that is it',
  'that is all',
  'i think',
  'yeah',
  'yes',
  'okay',
  'ok',
  'done',
  'thanks',
  'thank you',
  'i think that is it',
  "i think that's it",
  "and that's it",
  'and so on',
  'etc',
]);

const ARTICLES = new Set(['a', 'an', 'the']);
const NON_TASK_KEYS: ReadonlySet<string> = new Set([...NON_TASKS].map((text) => itemKey(text)));

/** Topic words that name the list when the speaker gave no title. */
const TOPIC_TITLES: readonly (readonly [readonly string[], string])[] = [
  [['groceries', 'grocery', 'supermarket', 'milk', 'eggs'], 'Grocery list'],
  [['pack', 'packing', 'passport', 'suitcase', 'luggage'], 'Packing list'],
  [['errands'], 'Errands'],
  [['launch', 'release'], 'Launch checklist'],
  [['movers'], 'Moving checklist'],
  [['wedding'], 'Wedding checklist'],
  [['party', 'birthday'], 'Party prep'],
  [['trip', 'travel', 'vacation', 'flight', 'flights', 'hotel'], 'Trip checklist'],
  [['meeting', 'meetings', 'agenda'], 'Meeting prep'],
  [['clean', 'cleaning', 'laundry', 'chores'], 'Chores'],
];

function wordsOf(tokens: readonly Token[]): string[] {
  const words: string[] = [];
  for (const token of tokens) if (token.kind === 'word') words.push(token.lower);
  return words;
}

function startsWithSequence(tokens: readonly Token[], sequence: readonly string[]): boolean {
  for (let i = 0; i < sequence.length; i++) {
    const token = tokens[i];
    if (token === undefined || token.kind !== 'word' || token.lower !== sequence[i]) return false;
  }
  return true;
}

/** Sequence words that are also adjectives: "first line", "next week", "second hand". */
const ORDINALS = new Set([
  'first',
  'firstly',
  'second',
  'secondly',
  'third',
  'thirdly',
  'fourth',
  'fifth',
  'next',
  'finally',
  'lastly',
]);

function introducesTask(next: Token): boolean {
  return next.kind === 'pause' || (next.kind === 'word' && TASK_VERBS.has(next.lower));
}

function stripLeadingGlue(tokens: Token[]): Token[] {
  let rest = trimPauses(tokens);
  for (let changed = true; changed && rest.length > 0;) {
    changed = false;
    const first = rest[0] as Token;
    if (
      first.kind === 'word' &&
      SEQUENCE_WORDS.has(first.lower) &&
      rest.length > 1 &&
      (!ORDINALS.has(first.lower) || introducesTask(rest[1] as Token))
    ) {
      rest = trimPauses(rest.slice(1));
      changed = true;
      continue;
    }
    for (const prefix of INTENT_PREFIXES_BY_FIRST_WORD.get(first.lower) ?? []) {
      if (prefix.length < rest.length && startsWithSequence(rest, prefix)) {
        rest = trimPauses(rest.slice(prefix.length));
        changed = true;
        break;
      }
    }
  }
  return rest;
}

function isClauseStart(tokens: readonly Token[], i: number): boolean {
  const prev = tokens[i - 1];
  return prev === undefined || prev.kind !== 'word' || prev.lower === 'and';
}

/** Words a new task can start at: "and <verb>", "then", and ordinals at a clause start. */
const SPLIT_WORDS = new Set([
  'and',
  'then',
  'first',
  'next',
  'finally',
  'lastly',
  'second',
  'secondly',
  'third',
  'thirdly',
]);

interface Clause {
  tokens: Token[];
  /** Ended by a colon: "Packing list: ..." introduces what follows. */
  endsWithColon: boolean;
}

/** Splits one sentence into task clauses at commas, "and <verb>", "then" and ordinals. */
function splitClauses(tokens: readonly Token[]): Clause[] {
  const clauses: Clause[] = [];
  let current: Token[] = [];
  const flush = (endsWithColon: boolean): void => {
    if (current.length > 0) clauses.push({ tokens: current, endsWithColon });
    current = [];
  };
  // Unpunctuated speech ("prepare the room review the contract send the agenda") is split
  // before clear imperative verbs too, but only in long runs where that is the likely reading.
  let longClause = false;
  let runWords = 0;
  for (const token of tokens) {
    if (token.kind === 'word') runWords++;
    else if (token.kind === 'pause' || token.kind === 'dash') runWords = 0;
    if (runWords >= LONG_CLAUSE_WORDS) longClause = true;
  }
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind === 'pause' || token.kind === 'dash') {
      flush(token.text === ':' || token.text === '：');
      continue;
    }
    if (token.kind === 'word' && current.length > 0) {
      const next = tokens[i + 1];
      const lower = token.lower;
      const splitsHere =
        SPLIT_WORDS.has(lower) &&
        next?.kind === 'word' &&
        (lower === 'and'
          ? TASK_VERBS.has(next.lower)
          : lower === 'then'
            ? current.length > 1
            : isClauseStart(tokens, i) || TASK_VERBS.has(next.lower));
      const splitsBeforeClause =
        current.length >= 2 &&
        (startsNewClause(tokens, i) ||
          (longClause &&
            current.length >= 3 &&
            IMPERATIVE_VERBS.has(token.lower) &&
            tokens[i - 1]?.kind === 'word' &&
            !isFunctionWord((tokens[i - 1] as Token).lower) &&
            !TASK_VERBS.has((tokens[i - 1] as Token).lower)));
      if (splitsHere || splitsBeforeClause) {
        if (current[current.length - 1]?.lower === 'and') current.pop();
        flush(false);
      }
    }
    current.push(token);
  }
  flush(false);
  return clauses;
}

/** The spoken-intent prefix starting at token `start` that leaves a task after it, if any. */
function intentAt(tokens: readonly Token[], start: number): readonly string[] | undefined {
  const first = tokens[start];
  if (first === undefined || first.kind !== 'word') return undefined;
  for (const prefix of INTENT_PREFIXES_BY_FIRST_WORD.get(first.lower) ?? []) {
    if (start + prefix.length >= tokens.length) continue;
    let matches = true;
    for (let k = 1; k < prefix.length; k++) {
      const token = tokens[start + k] as Token;
      if (token.kind !== 'word' || token.lower !== prefix[k]) {
        matches = false;
        break;
      }
    }
    if (matches) return prefix;
  }
  return undefined;
}

function isIntro(clause: Clause): boolean {
  const words = wordsOf(clause.tokens);
  if (words.length === 0) return false;
  if (clause.endsWithColon && words.length <= INTRO_MAX_WORDS * 2) return true;
  if (words.length > INTRO_MAX_WORDS) return false;
  if (intentAt(clause.tokens, 0) !== undefined) return false;
  return INTRO_STARTERS.has(words[0] as string) || words.some((word) => LIST_NOUNS.has(word));
}

const LEADING_CONNECTIVES = /^(?:(?:and|then|also|so|but|or|plus)(?:\s+|$))+/iu;
/** Connectives: never the first or last word of a task or title. */
const TRAILING_CONNECTIVES = new Set(['and', 'or', 'then', 'so', 'but', 'also', 'plus']);

function keptTaskTokens(tokens: readonly Token[]): readonly Token[] {
  let end = tokens.length;
  while (end > 0) {
    const last = tokens[end - 1] as Token;
    if (last.kind === 'word' ? !TRAILING_CONNECTIVES.has(last.lower) : last.kind === 'symbol')
      break;
    end--;
  }
  return end === tokens.length ? tokens : tokens.slice(0, end);
}

function renderTask(tokens: readonly Token[]): string {
  return renderKeptTask(keptTaskTokens(tokens));
}

function renderKeptTask(kept: readonly Token[]): string {
  return capitalizeFirst(trimTrailingPunctuation(renderTokens(kept)));
}

const NOT_ASCII_WORD_CHAR = /[^a-z0-9]/;
const NOT_WORD_CHAR = /[^\p{L}\p{N}]/gu;

/** The same key as itemKey(renderKeptTask(kept)), from the tokens without re-parsing text. */
function taskKey(kept: readonly Token[]): string {
  const words: string[] = [];
  for (const token of kept) {
    if (token.kind !== 'word' || ARTICLES.has(token.lower)) continue;
    const word = NOT_ASCII_WORD_CHAR.test(token.lower)
      ? token.lower.replace(NOT_WORD_CHAR, '')
      : token.lower;
    if (word !== '') words.push(word);
  }
  // join() gives a flat string, which hashes faster in the Set lookups than a concatenation.
  return words.join(' ');
}

/** Words of an intro before the first task: "For the sprint | we need to | fix the login bug". */
const INTRO_BEFORE_INTENT_MAX_WORDS = 6;

/** "This weekend I want to ..." and "Tomorrow we need to ...": a time that titles the list. */
const TIME_STARTERS = new Set(['this', 'today', 'tonight', 'tomorrow', 'on', 'next']);

/** "this weekend | I want to ...": a short time phrase split off before a subject. */
function isTimeBeforeSubject(
  tokens: readonly Token[],
  next: readonly Token[] | undefined,
): boolean {
  const first = tokens[0];
  const nextFirst = next?.[0];
  return (
    first !== undefined &&
    TIME_STARTERS.has(first.lower) &&
    tokens.length <= 4 &&
    nextFirst !== undefined &&
    (nextFirst.lower === 'i' || nextFirst.lower === 'we' || nextFirst.lower.startsWith("i'"))
  );
}

function splitIntroFromTask(tokens: readonly Token[]): { intro: Token[]; task: Token[] } | null {
  const first = tokens[0];
  if (
    first === undefined ||
    first.kind !== 'word' ||
    !(INTRO_STARTERS.has(first.lower) || TIME_STARTERS.has(first.lower))
  ) {
    return null;
  }
  for (let i = 1; i < tokens.length && i <= INTRO_BEFORE_INTENT_MAX_WORDS; i++) {
    const intent = intentAt(tokens, i);
    if (
      intent !== undefined &&
      (intent[0] === 'i' || intent[0] === 'we' || intent[0]?.includes("'"))
    ) {
      return { intro: tokens.slice(0, i), task: tokens.slice(i) };
    }
  }
  return null;
}

function titleFromIntro(intro: Token[]): string {
  const tokens = stripLeadingGlue(intro);
  let start = 0;
  while (
    start < tokens.length - 1 &&
    tokens[start]?.kind === 'word' &&
    (TITLE_DROP_WORDS.has((tokens[start] as Token).lower) ||
      TRAILING_CONNECTIVES.has((tokens[start] as Token).lower)) &&
    // "This weekend" stays; "this is my list" loses "this is".
    ((tokens[start] as Token).lower !== 'this' || tokens[start + 1]?.lower === 'is')
  ) {
    start++;
  }
  if (tokens[start]?.lower === 'for' && tokens.length - start > 1) {
    start++;
    while (
      start < tokens.length - 1 &&
      (TITLE_DROP_WORDS.has((tokens[start] as Token).lower) ||
        TRAILING_CONNECTIVES.has((tokens[start] as Token).lower))
    ) {
      start++;
    }
  }
  let end = tokens.length;
  while (end > start + 1 && TITLE_TRAILING_DROP_WORDS.has((tokens[end - 1] as Token).lower)) end--;
  const text = renderTokens(trimPauses(tokens.slice(start, end)));
  return cutAtWordBoundary(capitalizeFirst(text), CHECKLIST_TITLE_MAX_CHARS);
}

/** Topic word -> position of its title in TOPIC_TITLES (earlier titles win). */
const TOPIC_TITLE_BY_WORD: ReadonlyMap<string, number> = new Map(
  TOPIC_TITLES.flatMap(([words], position) =>
    words.map((word) => [word, position] as const),
  ).reverse(),
);

function defaultTitle(sentences: readonly Sentence[], category: Category): string {
  let best = TOPIC_TITLES.length;
  for (const sentence of sentences) {
    for (const token of sentence.tokens) {
      const position = TOPIC_TITLE_BY_WORD.get(token.lower);
      if (position !== undefined && position < best) best = position;
    }
  }
  const topic = TOPIC_TITLES[best];
  return topic !== undefined ? topic[1] : `${CATEGORY_LABELS[category]} checklist`;
}

/** Identity of a task for merging duplicates: case, punctuation and articles ignored. */
function itemKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .split(/\s+/u)
    .filter((word) => word !== '' && !ARTICLES.has(word))
    .join(' ');
}

/** Characters a task never ends with: whitespace, . , ; : and dashes. */
const TRAILING_ITEM_CHARS = new Set([' ', '\t', '.', ',', ';', ':', '—', '–', '-']);

/** A loop rather than /[...]+$/, which would be retried from every position of the text. */
function trimTrailingPunctuation(text: string): string {
  let end = text.length;
  while (end > 0 && TRAILING_ITEM_CHARS.has(text.charAt(end - 1))) end--;
  return end === text.length ? text : text.slice(0, end);
}

/**
 * A checklist: a short title line (the spoken intro such as "Packing list for Lisbon:", else
 * a topic or category title), then one "- [ ] Task" per clause. Clauses split at sentence
 * ends, commas, "and" before a verb, "then" and ordinals; spoken intent ("I need to") and
 * chaining words are dropped, so each task starts with its verb, capitalised; empty,
 * conversational and duplicate tasks are left out.
 */
export function formatChecklist(
  sentences: readonly Sentence[],
  category: Category,
  fallbackText: string,
): string {
  let title: string | null = null;
  const items: string[] = [];
  const seen = new Set<string>();

  for (let sentenceIndex = 0; sentenceIndex < sentences.length; sentenceIndex++) {
    const clauses = splitClauses((sentences[sentenceIndex] as Sentence).tokens);
    for (let clauseIndex = 0; clauseIndex < clauses.length; clauseIndex++) {
      const clause = clauses[clauseIndex] as Clause;
      let taskTokens = clause.tokens;
      if (title === null && sentenceIndex === 0 && clauseIndex === 0) {
        const split = splitIntroFromTask(clause.tokens);
        if (split !== null) {
          title = titleFromIntro(split.intro);
          seen.add(itemKey(title));
          taskTokens = split.task;
        } else if (isIntro(clause) || isTimeBeforeSubject(clause.tokens, clauses[1]?.tokens)) {
          title = titleFromIntro(clause.tokens);
          seen.add(itemKey(title));
          continue;
        }
      }
      const task = keptTaskTokens(stripLeadingGlue(taskTokens));
      const key = taskKey(task);
      if (key === '' || NON_TASK_KEYS.has(key) || seen.has(key)) continue;
      seen.add(key);
      items.push(renderKeptTask(task));
    }
  }

  // A lone "Groceries" is the task itself, not a title over nothing.
  if (items.length === 0 && title !== null && title !== '') {
    items.push(title);
    title = null;
  }
  if (items.length === 0) {
    // Nothing task-like was said ("okay, yeah"): keep what was said rather than nothing.
    const cleaned = sentences.map((sentence) => renderTask(sentence.tokens)).join(' ');
    const said = (cleaned.trim() || fallbackText.trim()).replace(/\s+/gu, ' ');
    // Only connectives ("and then"): the last of them is all there is to keep.
    const fallback = said.replace(LEADING_CONNECTIVES, '') || (said.split(/\s+/u).pop() ?? said);
    if (fallback === '') return '';
    items.push(capitalizeFirst(fallback));
  }
  const heading = title !== null && title !== '' ? title : defaultTitle(sentences, category);
  let checklist = heading;
  for (const item of items) checklist += `\n${CHECKLIST_ITEM_PREFIX}${item}`;
  return checklist;
}
