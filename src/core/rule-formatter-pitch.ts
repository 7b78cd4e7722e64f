import type { Category } from './taxonomy.js';
import {
  codePointLength,
  joinSentences,
  renderSentence,
  type Sentence,
  type Token,
} from './text-clean.js';
import { cutAtWordBoundary } from './text-cut.js';

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
]);

const HOOK_OPENERS = new Set(['imagine', 'introducing', 'meet', 'picture']);

/** Only for ideas too short to fill a section from their own words. */
const FALLBACK_PROBLEM = 'There is no simple way to do this today.';
const FALLBACK_WHY: Record<Category, string> = {
  work: 'It saves time and money for the people who need it most.',
  personal: 'It makes everyday life a little easier.',
  creative: 'It gives people a new way to create and share.',
};

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

function cueScores(tokens: readonly Token[]): [number, number, number] {
  const scores: [number, number, number] = [0, 0, 0];
  for (const token of tokens) {
    if (token.kind !== 'word' && token.text !== '%') continue;
    const word = token.lower;
    if (PROBLEM_CUES.has(word)) scores[0]++;
    if (SOLUTION_CUES.has(word)) scores[1]++;
    if (WHY_CUES.has(word) || word.endsWith('%')) scores[2]++;
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
}

function strongest(entries: readonly Scored[], section: Section): string {
  const top = [...entries]
    .sort((a, b) => b.scores[section] - a.scores[section] || a.index - b.index)
    .slice(0, PITCH_SECTION_MAX_SENTENCES)
    .sort((a, b) => a.index - b.index);
  return joinSentences(top.map((entry) => entry.text));
}

/**
 * A pitch: a one-line hook, then Problem, Solution and Why it matters. Each spoken sentence
 * goes to the section its words point to (pain words, product words, impact words), by
 * position when they say nothing; an empty section borrows from the fullest one, and only a
 * one-sentence idea gets a generic problem or reason.
 */
export function formatPitch(sentences: readonly Sentence[], category: Category): string {
  const cleaned = sentences
    .map(stripIdeaOpener)
    .filter((sentence) =>
      sentence.tokens.some((token) => token.kind === 'word' || token.kind === 'symbol'),
    );
  if (cleaned.length === 0) return '';
  // A sentence said twice is pitched once.
  const seen = new Set<string>();
  const unique: Sentence[] = [];
  const texts: string[] = [];
  for (const sentence of cleaned) {
    const text = renderSentence(sentence);
    if (seen.has(text)) continue;
    seen.add(text);
    unique.push(sentence);
    texts.push(text);
  }
  const scored: Scored[] = unique.map((sentence, index) => {
    const scores = cueScores(sentence.tokens);
    return {
      index,
      text: texts[index] ?? '',
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
  const pool =
    openerHook !== undefined && scored.length > 1
      ? scored.filter((entry) => entry !== openerHook)
      : scored;
  const bySection: Scored[][] = [[], [], []];
  if (pool.length === 1) (bySection[1] as Scored[]).push(pool[0] as Scored);
  else for (const entry of pool) bySection[entry.section]?.push(entry);
  // An empty Solution takes the most solution-like sentence from the other sections (it is
  // the heart of a pitch; the generic lines can stand in elsewhere). An empty Problem or Why
  // only borrows from a section that has sentences to spare.
  for (const section of [1, 0, 2] as const) {
    const target = bySection[section] as Scored[];
    if (target.length > 0) continue;
    let donor: Scored[] | undefined;
    let pick = -1;
    let pickFit = -Infinity;
    for (const list of bySection) {
      if (list === target || list.length === 0 || (section !== 1 && list.length < 2)) continue;
      list.forEach((entry, position) => {
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
  const hook = hookLine(unique[hookEntry.index], hookEntry.text);
  const problem = strongest(bySection[0] as Scored[], 0) || FALLBACK_PROBLEM;
  const solution = strongest(bySection[1] as Scored[], 1) || hookEntry.text;
  const why = strongest(bySection[2] as Scored[], 2) || FALLBACK_WHY[category];
  const [problemLabel, solutionLabel, whyLabel] = PITCH_SECTION_LABELS;
  return [
    hook,
    '',
    `${problemLabel}: ${problem}`,
    `${solutionLabel}: ${solution}`,
    `${whyLabel}: ${why}`,
  ].join('\n');
}
