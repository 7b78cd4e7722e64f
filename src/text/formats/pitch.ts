import type { Category } from '../../core/taxonomy.js';
import {
  capitalizeFirst,
  codePointLength,
  isFunctionWord,
  joinSentences,
  startsNewClause,
  renderSentence,
  type Sentence,
  type Token,
} from '../clean.js';
import { cutAtWordBoundary } from '../cut.js';

export const PITCH_HOOK_MAX_CHARS = 140;
/** A pitch is short: each section keeps its strongest sentences, in spoken order. */
export const PITCH_SECTION_MAX_SENTENCES = 3;
export const PITCH_SECTION_LABELS = ['Problem', 'Solution', 'Why it matters'] as const;

type Section = 0 | 1 | 2;

/** Openers that announce the idea instead of stating it ("So my idea is that ..."). */
const IDEA_OPENERS: readonly (readonly string[])[] = [
  ['my', 'idea', 'is', 'that'],
  ['my', 'idea', 'is'],
  ['the', 'idea', 'is', 'that'],
  ['the', 'idea', 'is'],
  ['here', 'is', 'my', 'idea'],
  ["here's", 'my', 'idea'],
  ["here's", 'the', 'thing'],
  ['i', 'have', 'an', 'idea', 'for'],
  ['i', 'have', 'an', 'idea'],
  ['i', 'had', 'an', 'idea', 'for'],
  ['i', 'had', 'an', 'idea'],
  ['i', 'was', 'thinking', 'about'],
  ['i', 'was', 'thinking', 'of'],
  ['i', 'was', 'thinking', 'that'],
  ['i', 'was', 'thinking'],
  ["i'm", 'thinking', 'about'],
  ["i'm", 'thinking', 'of'],
  ['i', 'think', 'that'],
  ['i', 'think'],
  ['what', 'i', 'want', 'to', 'do', 'is'],
  ['what', 'if', 'we'],
];

const PROBLEM_CUES = new Set([
  'problem',
  'problems',
  'issue',
  'issues',
  'pain',
  'hard',
  'harder',
  'difficult',
  'struggle',
  'struggling',
  'frustrating',
  'frustrated',
  'annoying',
  'waste',
  'wasting',
  'wasted',
  'slow',
  'expensive',
  'costly',
  "can't",
  'cannot',
  "don't",
  "doesn't",
  'never',
  'nobody',
  'lack',
  'missing',
  'broken',
  'tedious',
  'manual',
  'confusing',
  'hassle',
  'tired',
  'hate',
  'stuck',
  'lose',
  'losing',
  'lost',
  'forget',
  'risk',
  'fail',
  'fails',
  'without',
  'currently',
  'nowhere',
  'throw',
  'ignored',
  'awkward',
  'confused',
  'bored',
  'complain',
  'complaining',
  'lonely',
  'overwhelmed',
  'struggles',
  'forgets',
  'forgetting',
  'dropping',
  'costing',
  'costs',
  'no-one',
  'unreliable',
  'worst',
]);

const SOLUTION_CUES = new Set([
  'app',
  'platform',
  'tool',
  'service',
  'product',
  'build',
  'building',
  'create',
  'solution',
  'solve',
  'solves',
  'lets',
  'let',
  'allow',
  'allows',
  'helps',
  'help',
  'helping',
  'using',
  'automatically',
  'automate',
  'simple',
  'easy',
  'instead',
  'subscription',
  'marketplace',
  'website',
  'device',
  'feature',
  'features',
  'connects',
  'matches',
  'offer',
  'offers',
  "we'll",
  'will',
  'would',
  'could',
  'just',
  'scan',
  'tracks',
  'track',
  'sends',
  'reminds',
  'shows',
  'finds',
]);

const WHY_CUES = new Set([
  'because',
  'market',
  'million',
  'millions',
  'billion',
  'billions',
  'percent',
  'save',
  'saves',
  'saving',
  'grow',
  'growth',
  'growing',
  'revenue',
  'money',
  'profit',
  'impact',
  'matters',
  'matter',
  'important',
  'opportunity',
  'demand',
  'everyone',
  'worth',
  'faster',
  'cheaper',
  'better',
  'sustainable',
  'future',
  'happier',
  'healthier',
  'community',
  'means',
  'finally',
  'customers',
  'revenue',
  'users',
]);

/**
 * Two-word cues weigh double: they say more than one word does ("make money" is value even
 * next to "subscription", "app that" is the product, "keep missing" is a pain).
 */
const PHRASE_CUE_LIST: readonly (readonly [string, Section])[] = [
  ['hard to', 0],
  ['too expensive', 0],
  ['too long', 0],
  ['dropping off', 0],
  ['no way', 0],
  ['idea is', 1],
  ['app that', 1],
  ['tool that', 1],
  ['service that', 1],
  ['platform that', 1],
  ['we should', 1],
  ['we could', 1],
  ["we'd build", 1],
  ['what if', 1],
  ['way to', 1],
  ['so that', 2],
  ['which means', 2],
  ['make money', 2],
  ['makes money', 2],
  ['save time', 2],
  ['saves time', 2],
  ['save money', 2],
  ['it matters', 2],
];
/** First word -> second word -> section, so scoring never builds a string per word. */
const PHRASE_CUES = new Map<string, Map<string, Section>>();
for (const [phrase, section] of PHRASE_CUE_LIST) {
  const [first = '', second = ''] = phrase.split(' ');
  const seconds = PHRASE_CUES.get(first) ?? new Map<string, Section>();
  seconds.set(second, section);
  PHRASE_CUES.set(first, seconds);
}
const PHRASE_WEIGHT = 2;

const HOOK_OPENERS = new Set(['imagine', 'introducing', 'meet', 'picture']);

/**
 * Only for ideas too short to fill a section from their own words, and then phrased around
 * the idea's subject when one can be found ("A dog walking app makes everyday life ...");
 * the fixed sentences are for when none can (a CJK line, a single symbol).
 */
const FALLBACK_PROBLEM = 'There is no simple way to do this today.';
const FALLBACK_WHY: Record<Category, string> = {
  work: 'It saves time and money for the people who need it most.',
  personal: 'It makes everyday life a little easier.',
  creative: 'It gives people a new way to create and share.',
};
/** The same reasons as predicates, for a subject taken from the words. */
const WHY_PREDICATE: Record<Category, readonly [singular: string, plural: string]> = {
  work: [
    'saves time and money for the people who need it',
    'save time and money for the people who need them',
  ],
  personal: ['makes everyday life a little easier', 'make everyday life a little easier'],
  creative: [
    'gives people a new way to create and share',
    'give people a new way to create and share',
  ],
};

function isBareOpener(tokens: readonly Token[]): boolean {
  return IDEA_OPENERS.some(
    (opener) =>
      opener.length === tokens.length &&
      opener.every((word, i) => tokens[i]?.kind === 'word' && tokens[i]?.lower === word),
  );
}

function stripIdeaOpener(sentence: Sentence): Sentence {
  for (const opener of IDEA_OPENERS) {
    if (opener.length >= sentence.tokens.length) continue;
    let matches = true;
    for (let i = 0; i < opener.length; i++) {
      const token = sentence.tokens[i];
      if (token === undefined || token.kind !== 'word' || token.lower !== opener[i]) {
        matches = false;
        break;
      }
    }
    if (!matches) continue;
    let start = opener.length;
    // "What if we ..." keeps its question; only the filler openers go.
    if (opener[0] === 'what') return sentence;
    while (sentence.tokens[start]?.kind === 'pause') start++;
    return { tokens: sentence.tokens.slice(start), end: sentence.end };
  }
  return sentence;
}

/** A hook longer than this is shortened to its first clause. */
const HOOK_CLAUSE_CHARS = 100;
const HOOK_MIN_WORDS = 5;
const CLAUSE_WORDS = new Set([
  'because',
  'so',
  'but',
  'which',
  'while',
  'since',
  'although',
  'though',
]);

/**
 * One line that opens the pitch: the chosen sentence, or for a long one its first clause
 * ("We should fix onboarding for new clients." rather than the whole run with its reasons).
 */
function hookLine(sentence: Sentence | undefined, text: string): string {
  if (sentence === undefined || codePointLength(text) <= HOOK_CLAUSE_CHARS) {
    return cutAtWordBoundary(text, PITCH_HOOK_MAX_CHARS);
  }
  let words = 0;
  for (let i = 0; i < sentence.tokens.length; i++) {
    const token = sentence.tokens[i] as Token;
    const boundary =
      token.kind === 'pause' ||
      token.kind === 'dash' ||
      (token.kind === 'word' && CLAUSE_WORDS.has(token.lower));
    if (boundary && words >= HOOK_MIN_WORDS) {
      const clause = renderSentence({ tokens: sentence.tokens.slice(0, i), end: '' });
      if (codePointLength(clause) <= PITCH_HOOK_MAX_CHARS) return clause;
      break;
    }
    if (token.kind === 'word') words++;
  }
  return cutAtWordBoundary(text, PITCH_HOOK_MAX_CHARS);
}

/** Per cue word, which sections it counts for, as bits; one lookup per spoken word. */
const PROBLEM_BIT = 1;
const SOLUTION_BIT = 2;
const WHY_BIT = 4;
const PHRASE_BIT = 8;
const CUE_BITS = new Map<string, number>();
function markCues(words: Iterable<string>, bit: number): void {
  for (const word of words) CUE_BITS.set(word, (CUE_BITS.get(word) ?? 0) | bit);
}
markCues(PROBLEM_CUES, PROBLEM_BIT);
markCues(SOLUTION_CUES, SOLUTION_BIT);
markCues(WHY_CUES, WHY_BIT);
markCues([...PHRASE_CUES.keys(), 'keep', 'keeps'], PHRASE_BIT);

function cueScores(tokens: readonly Token[]): [number, number, number] {
  const scores: [number, number, number] = [0, 0, 0];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' && token.text !== '%') continue;
    const word = token.lower;
    const bits = CUE_BITS.get(word);
    if (bits === undefined) {
      if (word.endsWith('%')) scores[2]++;
      continue;
    }
    if ((bits & PROBLEM_BIT) !== 0) scores[0]++;
    if ((bits & SOLUTION_BIT) !== 0) scores[1]++;
    if ((bits & WHY_BIT) !== 0) scores[2]++;
    if ((bits & PHRASE_BIT) === 0) continue;
    const next = tokens[i + 1];
    if (next === undefined || next.kind !== 'word') continue;
    const phrase = PHRASE_CUES.get(word)?.get(next.lower);
    if (phrase !== undefined) scores[phrase] += PHRASE_WEIGHT;
    // "keeps crashing", "keep forgetting": a pain that repeats.
    if ((word === 'keep' || word === 'keeps') && next.lower.endsWith('ing')) {
      scores[0] += PHRASE_WEIGHT;
    }
  }
  return scores;
}

function positionSection(index: number, count: number): Section {
  if (count <= 1) return 1;
  const third = count / 3;
  if (index < third) return 0;
  if (index < 2 * third) return 1;
  return 2;
}

function bestSection(scores: readonly [number, number, number], fallback: Section): Section {
  const max = Math.max(...scores);
  if (max === 0) return fallback;
  if (scores[fallback] === max) return fallback;
  return scores.indexOf(max) as Section;
}

interface Scored {
  index: number;
  text: string;
  scores: [number, number, number];
  section: Section;
  /** A split-off "because ..." clause, rejoined to the clause before it when both are kept. */
  continues: boolean;
}

function strongest(entries: readonly Scored[], section: Section): string {
  const top = [...entries]
    .sort((a, b) => b.scores[section] - a.scores[section] || a.index - b.index)
    .slice(0, PITCH_SECTION_MAX_SENTENCES)
    .sort((a, b) => a.index - b.index);
  const texts: string[] = [];
  top.forEach((entry, position) => {
    const previous = texts[texts.length - 1];
    if (
      entry.continues &&
      previous?.endsWith('.') &&
      top[position - 1]?.index === entry.index - 1
    ) {
      texts[texts.length - 1] =
        `${previous.slice(0, -1)} ${entry.text.charAt(0).toLowerCase()}${entry.text.slice(1)}`;
    } else if (entry.continues && entry.text.startsWith('Because ')) {
      // Apart from the clause it explained, "because" would leave a fragment.
      texts.push(capitalizeFirst(entry.text.slice('Because '.length)));
    } else {
      texts.push(entry.text);
    }
  });
  return joinSentences(texts);
}

/** An unpunctuated stretch longer than this many words is split into clauses for the pitch. */
const CLAUSE_SPLIT_WORDS = 10;
const MIN_PITCH_CLAUSE_WORDS = 3;
/** Subjects that open a clause after "and"/"so"/"but" ("and it could make money"). */
const CLAUSE_SUBJECTS = new Set([
  'i',
  'we',
  'they',
  'it',
  'this',
  'you',
  'people',
  "it's",
  "that's",
  "there's",
  "we're",
  "they're",
  "we'll",
  "it'll",
  "we'd",
  'there',
]);
/** After "it"/"this", these show a new clause's verb ("plants | it sends reminders"). */
const IT_CLAUSE_VERBS = new Set([
  'is',
  'was',
  'will',
  'would',
  'could',
  'can',
  'should',
  'might',
  'has',
  'does',
  'makes',
  'saves',
]);

function isClauseStart(tokens: readonly Token[], i: number, words: number): boolean {
  const token = tokens[i] as Token;
  const next = tokens[i + 1];
  if (next?.kind !== 'word' || words < MIN_PITCH_CLAUSE_WORDS) return false;
  const word = token.lower;
  if (word === 'so' && next.lower === 'that') return true;
  if (word === 'and' || word === 'so' || word === 'but') return CLAUSE_SUBJECTS.has(next.lower);
  if (word === 'which') return next.lower === 'means';
  if (word === 'because') return true;
  if (startsNewClause(tokens, i)) return true;
  const prev = tokens[i - 1];
  if (word === 'nobody' || word === 'everyone') {
    return prev?.kind === 'word' && !isFunctionWord(prev.lower);
  }
  if (word !== 'it' && word !== 'this') return false;
  return (
    prev?.kind === 'word' &&
    !isFunctionWord(prev.lower) &&
    (IT_CLAUSE_VERBS.has(next.lower) || (next.lower.endsWith('s') && !next.lower.endsWith('ss')))
  );
}

/**
 * Unpunctuated speech (browser recognition) reaches the pitch as one long sentence holding
 * problem, product and payoff at once; splitting it at clause starts lets each part go to
 * its own section. Punctuated sentences are left as the speaker ended them.
 */
function splitClauses(sentence: Sentence): Sentence[] {
  if (sentence.end !== '') return [sentence];
  const { tokens } = sentence;
  let total = 0;
  for (const token of tokens) if (token.kind === 'word') total++;
  if (total <= CLAUSE_SPLIT_WORDS) return [sentence];
  const parts: Sentence[] = [];
  let start = 0;
  let words = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word') continue;
    if (total - words >= MIN_PITCH_CLAUSE_WORDS && isClauseStart(tokens, i, words)) {
      parts.push({ tokens: tokens.slice(start, i), end: '' });
      // "and"/"so" only joined the clauses; "but", "because", "which means" carry meaning.
      const joiner =
        token.lower === 'and' || (token.lower === 'so' && tokens[i + 1]?.lower !== 'that');
      start = joiner ? i + 1 : i;
      total -= words;
      words = 0;
    }
    words++;
  }
  parts.push({ tokens: tokens.slice(start), end: '' });
  return parts;
}

/** Words that end the noun phrase before "who" when walking back ("helps | people who"). */
const HEAD_STOP = new Set(['for', 'to', 'that', 'which', 'is', 'are', 'with', 'of', 'and', 'by']);
const DETERMINERS = new Set(['a', 'an', 'the', 'all', 'many', 'most', 'some']);
const MAX_HEAD_WORDS = 3;

/**
 * The pain inside a product sentence: "an app that helps people who forget to water their
 * plants" holds "People forget to water their plants". Used when no sentence states the
 * problem on its own.
 */
function relativeProblem(tokens: readonly Token[]): string | undefined {
  for (let i = 1; i < tokens.length - 2; i++) {
    if (tokens[i]?.lower !== 'who') continue;
    let end = i + 1;
    while (end < tokens.length && tokens[end]?.kind === 'word') end++;
    const rest = tokens.slice(i + 1, end);
    if (rest.length < 2 || cueScores(rest)[0] === 0) continue;
    let head = i;
    while (head > 0 && i - head < MAX_HEAD_WORDS) {
      const before = tokens[head - 1] as Token;
      if (before.kind !== 'word' || HEAD_STOP.has(before.lower) || SOLUTION_CUES.has(before.lower))
        break;
      head--;
      if (DETERMINERS.has(before.lower)) break;
    }
    if (head === i) continue;
    return renderSentence({ tokens: [...tokens.slice(head, i), ...rest], end: '' });
  }
  return undefined;
}

const TOPIC_STOP = new Set([
  'that',
  'which',
  'who',
  'for',
  'to',
  'with',
  'where',
  'so',
  'because',
  'and',
  'but',
  'in',
  'on',
  'from',
  'by',
]);
const TOPIC_MAX_WORDS = 6;
const TOPIC_MAX_CHARS = 48;
const ACTION_OPENERS = new Set(['should', 'could', 'can', "let's", 'want', 'need', 'will']);
const LATIN_WORD = /^[\p{Script=Latin}\p{N}'-]+$/u;

interface Topic {
  words: string;
  kind: 'thing' | 'action';
}

/**
 * What the idea is about, for the generic lines: a noun phrase ("dog walking app" from "a dog
 * walking app that ...") or an action ("fix onboarding" from "we should fix onboarding").
 */
function ideaTopic(tokens: readonly Token[]): Topic | undefined {
  let start = 0;
  let kind: Topic['kind'] = 'thing';
  for (let i = 0; i < Math.min(tokens.length, 4); i++) {
    const word = tokens[i]?.lower ?? '';
    if (ACTION_OPENERS.has(word)) {
      start = tokens[i + 1]?.lower === 'to' ? i + 2 : i + 1;
      kind = 'action';
      break;
    }
  }
  if (kind === 'thing')
    while (
      DETERMINERS.has(tokens[start]?.lower ?? '') ||
      tokens[start]?.lower === 'our' ||
      tokens[start]?.lower === 'my'
    )
      start++;
  const words: string[] = [];
  for (let i = start; i < tokens.length && words.length < TOPIC_MAX_WORDS; i++) {
    const token = tokens[i] as Token;
    if (token.kind !== 'word' || TOPIC_STOP.has(token.lower) || !LATIN_WORD.test(token.text)) break;
    words.push(token.text);
  }
  const first = words[0]?.toLowerCase();
  if (first === undefined || (kind === 'thing' && isFunctionWord(first))) return undefined;
  const text = words.join(' ');
  if (codePointLength(text) > TOPIC_MAX_CHARS) return undefined;
  return { words: text, kind };
}

function isPlural(noun: string): boolean {
  return noun.endsWith('s') && !noun.endsWith('ss') && !noun.endsWith('us');
}

function topicProblem(topic: Topic | undefined): string {
  if (topic === undefined) return FALLBACK_PROBLEM;
  if (topic.kind === 'action') return `Today there is no simple way to ${topic.words}.`;
  return `Without a good ${topic.words}, people make do with workarounds.`;
}

function topicWhy(topic: Topic | undefined, category: Category): string {
  if (topic === undefined) return FALLBACK_WHY[category];
  const [singular, plural] = WHY_PREDICATE[category];
  if (topic.kind === 'action') return capitalizeFirst(`being able to ${topic.words} ${singular}.`);
  const last = topic.words.slice(topic.words.lastIndexOf(' ') + 1).toLowerCase();
  if (isPlural(last)) return `${capitalizeFirst(topic.words)} ${plural}.`;
  const article = /^[aeiou]/iu.test(topic.words) ? 'An' : 'A';
  return `${article} ${topic.words} ${singular}.`;
}

function firstRelativeProblem(sentences: readonly Sentence[]): string {
  for (const sentence of sentences) {
    const problem = relativeProblem(sentence.tokens);
    if (problem !== undefined) return problem;
  }
  return '';
}

/**
 * A pitch: a one-line hook, then Problem, Solution and Why it matters. Each spoken sentence
 * goes to the section its words point to (pain words, product words, impact words), by
 * position when they say nothing; an empty section borrows from the fullest one, and only a
 * one-sentence idea gets a generic problem or reason.
 */
export function formatPitch(sentences: readonly Sentence[], category: Category): string {
  const announced = new Set<Sentence>();
  const clauses = sentences.flatMap(splitClauses);
  // A split can leave a bare "I was thinking" before the idea itself: it says nothing.
  const spoken =
    clauses.length > 1 ? clauses.filter((clause) => !isBareOpener(clause.tokens)) : clauses;
  const cleaned = spoken
    .map((sentence) => {
      const stripped = stripIdeaOpener(sentence);
      if (stripped !== sentence) announced.add(stripped);
      return stripped;
    })
    .filter((sentence) =>
      sentence.tokens.some((token) => token.kind === 'word' || token.kind === 'symbol'),
    );
  if (cleaned.length === 0) return '';
  // A sentence said twice is pitched once.
  const seen = new Set<string>();
  const unique: Sentence[] = [];
  const texts: string[] = [];
  for (const sentence of cleaned) {
    // A split-off "which means more people finish" stands alone as "More people finish.",
    // "so that they get paid" as "They get paid."
    const opening = sentence.tokens[0]?.lower;
    const lead =
      sentence.end === '' &&
      (opening === 'which' || (opening === 'so' && sentence.tokens[1]?.lower === 'that'))
        ? 2
        : 0;
    const text = renderSentence(
      lead === 0 ? sentence : { tokens: sentence.tokens.slice(lead), end: sentence.end },
    );
    if (seen.has(text)) continue;
    seen.add(text);
    unique.push(sentence);
    texts.push(text);
  }
  const scored: Scored[] = unique.map((sentence, index) => {
    const scores = cueScores(sentence.tokens);
    // "My idea is ..." announces the product itself.
    if (announced.has(sentence)) scores[1] += PHRASE_WEIGHT;
    const first = sentence.tokens[0]?.lower;
    return {
      index,
      text: texts[index] ?? '',
      continues: first === 'because' && sentence.end === '',
      scores,
      section: bestSection(scores, positionSection(index, unique.length)),
    };
  });

  const openerHook = scored.find((entry) => {
    const tokens = unique[entry.index]?.tokens;
    const first = tokens?.[0];
    return (
      first !== undefined &&
      (HOOK_OPENERS.has(first.lower) || (first.lower === 'what' && tokens?.[1]?.lower === 'if'))
    );
  });

  // An "Imagine ..." sentence is the hook and nothing else; otherwise the hook is the
  // sentence that best states the solution, and it stays in its section too.
  // A "What if we built a service ..." question names the product, so it also stays in the
  // pool; "What if a heist movie ..." without product words is the hook only.
  const hookOnly =
    openerHook !== undefined &&
    (HOOK_OPENERS.has(unique[openerHook.index]?.tokens[0]?.lower ?? '') ||
      openerHook.scores[1] <= PHRASE_WEIGHT);
  const pool =
    hookOnly && scored.length > 1 ? scored.filter((entry) => entry !== openerHook) : scored;
  const bySection: Scored[][] = [[], [], []];
  if (pool.length === 1) (bySection[1] as Scored[]).push(pool[0] as Scored);
  else for (const entry of pool) bySection[entry.section]?.push(entry);
  // An empty Solution takes the most solution-like sentence from the other sections (it is
  // the heart of a pitch; the generic lines can stand in elsewhere). An empty Problem or Why
  // only borrows from a section that has sentences to spare. A pain named inside the product sentence ("helps people who forget ...") states the
  // problem better than a sentence borrowed from another section.
  const innerProblem = bySection[0]?.length === 0 ? firstRelativeProblem(unique) : '';
  for (const section of [1, 0, 2] as const) {
    const target = bySection[section] as Scored[];
    if (target.length > 0 || (section === 0 && innerProblem !== '')) continue;
    let donor: Scored[] | undefined;
    let pick = -1;
    let pickFit = -Infinity;
    for (const list of bySection) {
      if (list === target || list.length === 0 || (section !== 1 && list.length < 2)) continue;
      list.forEach((entry, position) => {
        // A Problem or Why borrowed from another section must at least mention a pain or a
        // gain; otherwise a line drawn from the idea's subject says more.
        if (section !== 1 && entry.scores[section] === 0) return;
        const fit = entry.scores[section] - entry.scores[entry.section];
        // On a tie: the earliest sentence for Problem, the latest otherwise (spoken order).
        const better =
          fit > pickFit ||
          (fit === pickFit &&
            donor !== undefined &&
            (section === 0
              ? entry.index < (donor[pick] as Scored).index
              : entry.index > (donor[pick] as Scored).index));
        if (better) {
          donor = list;
          pick = position;
          pickFit = fit;
        }
      });
    }
    if (donor !== undefined) {
      const [taken] = donor.splice(pick, 1);
      if (taken !== undefined) target.push(taken);
    }
  }

  const hookEntry =
    openerHook ??
    [...(bySection[1] as Scored[])].sort(
      (a, b) => b.scores[1] - a.scores[1] || a.index - b.index,
    )[0] ??
    (scored[0] as Scored);
  const hookTokens = unique[hookEntry.index]?.tokens ?? [];
  const hook = hookLine(unique[hookEntry.index], hookEntry.text);
  const problem =
    strongest(bySection[0] as Scored[], 0) || innerProblem || topicProblem(ideaTopic(hookTokens));
  const solution = strongest(bySection[1] as Scored[], 1) || hookEntry.text;
  const why = strongest(bySection[2] as Scored[], 2) || topicWhy(ideaTopic(hookTokens), category);
  const [problemLabel, solutionLabel, whyLabel] = PITCH_SECTION_LABELS;
  return [
    hook,
    '',
    `${problemLabel}: ${problem}`,
    `${solutionLabel}: ${solution}`,
    `${whyLabel}: ${why}`,
  ].join('\n');
}
