import type { InferResult } from '#contract/api-schemas.js';
import { CATEGORIES, type Category, type Format } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import {
  BOTH_MATCH_BONUS,
  CATEGORY_MATCH_WEIGHT,
  detectFormatAndCategory,
  EXPLICIT_PHRASE_CONFIDENCE,
  FORMAT_MATCH_WEIGHT,
} from './detect/detection.js';
import { saysPrefixCommand } from './detect/commands.js';
import { noteDecision, tracing, withTrace } from './match/trace.js';
import { tagSentences, type TaggedToken } from './nlp.js';
import { cleanSpeech } from './sentences.js';
import { isRhetorical, pitchSignals, tellsWorkAbout } from './infer/pitch-signals.js';
import { containsPhrase, saysFeeling, wordsOf } from './infer/shared.js';
import { countTasks } from './infer/tasks.js';
import { wordsOf as wordsOfTranscript } from './learn/features.js';
import { learnedFormatAndCategory } from './learn/format-category.js';
import type { Sentence } from './tokenizer.js';
import {
  AMBIENT_WORDS,
  ROLE_WORDS,
  ANNOUNCEMENTS,
  CATEGORY_VOCABULARY,
  CHEERS,
  NEUTRAL_PAIRS,
  NEWS_WORDS,
  NOUN_SENSES,
  OPINION_MARKERS,
  OPINION_PHRASES,
  PRIVATE_MARKERS,
  SNAPSHOT_VERBS,
  VEHICLE_NOUNS,
} from './words/inference.js';
import { CATEGORY_KEYWORDS } from './words/keywords.js';
import { CREATIVE_IDEA_NOUNS } from './words/pitch.js';

/**
 * Format and category for POST /api/infer-format-category when no format word was spoken
 * (server only). The learned models answer (inferFormatAndCategory, below); the rules here
 * are the control they are scored against. By the rules, a what-if, a proposal
 * or an "a ... where ..." premise is a pitch; two or more imperative tasks or a list of things
 * is a checklist; a feeling, news or a hot take is a tweet. The category is the one most of
 * the transcript's words belong to.
 *
 * Confidence keeps the detector's weights: 0.4 for a clearly found format, 0.4 for a clearly
 * found category, 0.1 when both are, so 0.9 is a clear answer, and a weak half (0.25 for a
 * format found only by default, 0.3 for a category by a narrow margin, 0.2 for one guessed
 * with no word said for it) keeps the total under the 0.7 at which the app applies it.
 */

const WEAK_FORMAT_WEIGHT = 0.25;
const NARROW_CATEGORY_WEIGHT = 0.3;
const GUESSED_CATEGORY_WEIGHT = 0.2;

interface Found<T> {
  value: T | null;
  clear: boolean;
  /** Found by default, with nothing said for it. */
  guessed?: boolean;
}

function tweetSignals(
  sentences: readonly TaggedToken[][],
  text: string,
  exclaimed: boolean,
): number {
  let score = 0;
  const words = wordsOf(sentences);
  for (const word of words) {
    if (saysFeeling(word)) score++;
    if (NEWS_WORDS.has(word.lower)) score++;
  }
  for (const phrase of OPINION_PHRASES) if (containsPhrase(text, phrase)) score += 2;
  // "we adopted", "I finished": first-person news in the past tense.
  for (let i = 0; i + 1 < words.length; i++) {
    const word = words[i] as TaggedToken;
    const next = words[i + 1] as TaggedToken;
    if (
      (word.lower === 'i' || word.lower === 'we') &&
      next.pos === 'VERB' &&
      next.lemma !== next.lower
    ) {
      score++;
    }
  }
  if (exclaimed) score++;
  return score;
}

/**
 * "our podcast hit episode one hundred", "we finally hit 500 subscribers": a number reached,
 * told as done ("when you hit 10,000 steps" is a condition, not news).
 */
function reachesMilestone(tokens: readonly TaggedToken[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  // Once a condition is said, every "hit" after it is one: noted in passing, not rescanned.
  let conditional = false;
  return words.some((word, i) => {
    if (CONDITIONS.has(word.lower)) conditional = true;
    if (conditional || word.lemma !== 'hit') return false;
    const subject = words[i - 1]?.pos === 'ADV' ? words[i - 2] : words[i - 1];
    return (
      subject !== undefined &&
      (subject.pos === 'NOUN' || subject.pos === 'PROPN' || TELLING_SUBJECTS.has(subject.lower)) &&
      words.slice(i + 1, i + 1 + MILESTONE_REACH).some((after) => after.pos === 'NUM')
    );
  });
}

const TELLING_SUBJECTS: ReadonlySet<string> = new Set(['i', 'we', 'she', 'he', 'they', 'it']);
const CONDITIONS: ReadonlySet<string> = new Set([
  'if',
  'when',
  'whenever',
  'once',
  'until',
  'till',
  'unless',
  'before',
  'after',
]);
/** "hit 500", "hit a million", "hit episode one hundred". */
const MILESTONE_REACH = 2;

/** News announced: "Big news: ...", "We did it!", a milestone reached. */
function announces(sentences: readonly TaggedToken[][], text: string): boolean {
  return (
    ANNOUNCEMENTS.some((phrase) => containsPhrase(text, phrase)) ||
    sentences.some((tokens) => {
      const said = tokens
        .filter((token) => token.kind === 'word')
        .map((word) => word.lower)
        .join(' ');
      return CHEERS.includes(said) || reachesMilestone(tokens);
    })
  );
}

/**
 * A pitch needs one strong sign (a lead phrase, a premise, a proposal with its reason: 2
 * points each) and wins over a few tasks, since an idea is often told as steps; a checklist
 * needs two tasks at least as many as the other clauses, unless feelings and news outweigh
 * them; then a tweet. A note to self is never posted; news announced is, unless it proposes.
 */
function formatFromMeaning(
  sentences: readonly TaggedToken[][],
  text: string,
  exclaimed: boolean,
): Found<Format> {
  const rhetorical = isRhetorical(text);
  const privately = PRIVATE_MARKERS.some((phrase) => containsPhrase(text, phrase));
  const announced = !privately && announces(sentences, text);
  const pitch = pitchSignals(sentences, text, rhetorical, announced);
  const { tasks, others, invitations } = countTasks(sentences);
  const tweet = tweetSignals(sentences, text, exclaimed) + invitations;
  const pitched = pitch >= 2 && (tasks < 3 || pitch >= 4);
  if (privately) {
    return pitched ? { value: 'pitch', clear: true } : { value: 'checklist', clear: tasks >= 1 };
  }
  // "hot take", "unpopular opinion", "big news": said as a tweet, whatever imperatives follow.
  if (
    (rhetorical || announced || OPINION_MARKERS.some((phrase) => containsPhrase(text, phrase))) &&
    pitch < 2
  ) {
    return { value: 'tweet', clear: true };
  }
  if (pitched) return { value: 'pitch', clear: true };
  if (tasks >= 2 && tasks >= others && tweet < 2 * tasks) {
    return { value: 'checklist', clear: true };
  }
  if (tweet >= 1) return { value: 'tweet', clear: pitch === 0 };
  if (tasks >= 1 && tasks >= others) return { value: 'checklist', clear: false };
  if (pitch >= 1) return { value: 'pitch', clear: false };
  // A statement with no other sign: what is left of what a person shares is a tweet.
  return { value: 'tweet', clear: false };
}

const CATEGORY_WORDS: ReadonlyMap<Category, ReadonlySet<string>> = new Map(
  CATEGORIES.map((category) => [
    category,
    new Set([...CATEGORY_KEYWORDS[category], ...CATEGORY_VOCABULARY[category]]),
  ]),
);

/** The categories a word or a two-word phrase belongs to. */
function categoriesOf(...keys: string[]): Category[] {
  return CATEGORIES.filter((category) => {
    const vocabulary = CATEGORY_WORDS.get(category) as ReadonlySet<string>;
    return keys.some((key) => vocabulary.has(key));
  });
}

/** "you play a mail carrier", "you play as the ghost": the grammar of a game's premise. */
function castsThePlayer(words: readonly TaggedToken[], i: number): boolean {
  const word = words[i] as TaggedToken;
  if (word.lemma !== 'play' || words[i - 1]?.lower !== 'you') return false;
  const next = words[i + 1];
  if (next?.lower === 'as') return true;
  const role = words[i + 2];
  return (
    (next?.lower === 'a' || next?.lower === 'an') &&
    role !== undefined &&
    role.pos === 'NOUN' &&
    !PLAYED_THINGS.has(role.lemma)
  );
}

/** What is played rather than who: "you play a game", "you play a part in it". */
const PLAYED_THINGS: ReadonlySet<string> = new Set([
  'game',
  'round',
  'match',
  'part',
  'role',
  'song',
  'set',
  'trick',
  'joke',
  'card',
]);

/**
 * The words of an opening "for the conference", "for the shoot on sunday": what the tasks
 * after it serve. Up to the first preposition, pronoun or auxiliary, or 0.
 */
function topicLength(words: readonly TaggedToken[]): number {
  if (words[0]?.lower !== 'for') return 0;
  let at = 1;
  while (at < words.length && !TOPIC_ENDS.has((words[at] as TaggedToken).pos)) at++;
  return at < words.length ? at : 0;
}

const TOPIC_ENDS: ReadonlySet<string> = new Set(['ADP', 'PRON', 'AUX', 'SCONJ', 'CCONJ']);

/**
 * A plural the tagger does not know ("standups", "retros") keeps its "s" in the lemma: without
 * it, the word votes as its singular would.
 */
function singularOf(word: TaggedToken): string {
  return word.lemma === word.lower && /[^s]s$/u.test(word.lower)
    ? word.lower.slice(0, -1)
    : word.lemma;
}

/** Kinds of idea that earn a living ("side hustle idea", "business idea", "startup idea"). */
const EARNING_IDEA_KINDS: ReadonlySet<string> = new Set(['business', 'hustle', 'startup', 'saas']);

/**
 * "a client", "the customers", "my patients": the people the speaker works for, said as such.
 * "so patient", "her patients", "a tough customer" and "one very patient cat" are not.
 */
function isRole(
  word: TaggedToken,
  before: TaggedToken | undefined,
  next: TaggedToken | undefined,
): boolean {
  return (
    ROLE_WORDS.has(word.lower) &&
    word.pos === 'NOUN' &&
    ROLE_DETERMINERS.has(before?.lower ?? '') &&
    !(next !== undefined && (next.pos === 'NOUN' || next.pos === 'PROPN'))
  );
}

const ROLE_DETERMINERS: ReadonlySet<string> = new Set(['a', 'the', 'my', 'our', 'every']);

const FIRST_PERSON: ReadonlySet<string> = new Set(['i', 'my', 'me', "i'm", "i've", "i'd"]);

function categoryFromVocabulary(
  sentences: readonly TaggedToken[][],
  format: Format | null,
): Found<Category> {
  const counts = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  // Words said for each category, whatever their weight: two ambient words ("sunday",
  // "pancakes" and "coffee") still make a clear answer when nothing speaks against them.
  const said = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  const vote = (category: Category, weight: number): void => {
    counts.set(category, (counts.get(category) ?? 0) + weight);
    said.set(category, (said.get(category) ?? 0) + Math.ceil(weight));
  };
  let firstPerson = false;
  // The people the speaker works for, said as such ("a client", "our customers").
  let roles = 0;
  for (const [index, tokens] of sentences.entries()) {
    const words = tokens.filter((token) => token.kind === 'word');
    const topic = index === 0 ? topicLength(words) : 0;
    // "kids book about a sock who ...": a work's premise is creative whatever it is about.
    if (index === 0 && format === 'pitch' && tellsWorkAbout(tokens)) vote('creative', 2);
    // The second word of a phrase read as one thing ("video call", "short story") does not
    // vote again on its own.
    let consumed = -1;
    words.forEach((word, i) => {
      if (FIRST_PERSON.has(word.lower)) firstPerson = true;
      const next = words[i + 1];
      const pair = next === undefined ? '' : `${word.lower} ${next.lower}`;
      // A pitched idea and a premise are creative whatever they are about, all the more when
      // named as the kind of idea ("game idea: ..."); so is "you play a ..." in a pitch.
      if (format === 'pitch') {
        // "Podcast idea: ...": capitalised first, the tagger reads the kind as a name.
        const noun = word.pos === 'NOUN' || (i === 0 && word.pos === 'PROPN');
        if (noun && (CREATIVE_IDEA_NOUNS.has(word.lower) || CREATIVE_IDEA_NOUNS.has(word.lemma))) {
          vote('creative', next?.lemma === 'idea' ? 4 : 2);
        }
        if (castsThePlayer(words, i)) vote('creative', 2);
        // "Side hustle idea: ...", "business idea": a way to earn, whatever it is about.
        if (EARNING_IDEA_KINDS.has(word.lower) && next?.lemma === 'idea') vote('work', 4);
      }
      if (i === consumed) return;
      if (NEUTRAL_PAIRS.has(pair)) {
        consumed = i + 1;
        return;
      }
      // What the whole list is for ("for the conference, I need to ...") counts twice.
      const stress = i < topic ? 2 : 1;
      const pairCategories = categoriesOf(pair);
      if (pairCategories.length > 0) {
        for (const category of pairCategories) vote(category, stress);
        consumed = i + 1;
        return;
      }
      if (format === 'pitch' && (VEHICLE_NOUNS.has(word.lower) || VEHICLE_NOUNS.has(word.lemma))) {
        return;
      }
      const before = words[i - 2];
      if (
        before !== undefined &&
        SNAPSHOT_VERBS.has(before.lemma) &&
        ['a', 'the'].includes(words[i - 1]?.lower ?? '')
      ) {
        return;
      }
      if (word.pos !== 'NOUN' && NOUN_SENSES.has(word.lemma)) return;
      // "our band's playing": the band votes as "band" would.
      const owner = word.lower.endsWith("'s") ? word.lower.slice(0, -2) : word.lower;
      if (isRole(word, words[i - 1], next)) roles++;
      const weight =
        (AMBIENT_WORDS.has(word.lower) || AMBIENT_WORDS.has(word.lemma) ? 0.5 : 1) * stress;
      const keys = [word.lower, word.lemma, owner, singularOf(word)];
      for (const category of categoriesOf(...keys)) vote(category, weight);
    });
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best === undefined || best[1] === 0) {
    // Nothing said belongs to a category: a moment told in the first person ("the barista
    // remembered my order") is the speaker's own day. A guess, so never clear.
    return format === 'tweet' && firstPerson
      ? { value: 'personal', clear: false, guessed: true }
      : { value: null, clear: false };
  }
  if (best[1] === second?.[1]) {
    // "a client asked me to make the logo pop": even with a thing of another kind, the
    // people one works for say it is work.
    const tiedWithWork = best[0] === 'work' || second[0] === 'work';
    return roles > 0 && tiedWithWork
      ? { value: 'work', clear: false }
      : { value: null, clear: false };
  }
  return {
    value: best[0],
    clear: (said.get(best[0]) ?? 0) >= 2 && best[1] >= 2 * (second?.[1] ?? 0),
  };
}

/** Tags cleaned sentences; a parameter so scripts/bench/nlp-compare.ts can try another library. */
export type SentenceTagger = (sentences: readonly Sentence[]) => TaggedToken[][];

/**
 * The server's answer: the detector's for an explicit phrasing ("make this a pitch"), else the
 * learned models' (learn/format-category.ts), which beat the rules below on speech held out
 * from their training (docs/benchmarks.md, "The text engine's learned parts"). The category
 * is given only at the app's own bar, so a doubtful one leaves the person's setting; the
 * confidence is the format's probability, or the lower of the two when a category is given.
 * Blank or wordless input is nulls and 0.
 */
export type TracedInference = InferResult & { trace: readonly string[] };

export function inferFormatAndCategory(transcript: string): InferResult;
export function inferFormatAndCategory(
  transcript: string,
  options: { trace: true },
): TracedInference;
export function inferFormatAndCategory(
  transcript: string,
  options?: { trace: true },
): InferResult | TracedInference {
  if (options?.trace !== true) return inferLearned(transcript);
  const { result, trace } = withTrace(
    () => inferLearned(transcript),
    () => [],
  );
  return { ...result, trace: trace.whole };
}

/**
 * Below this many words the corpus has almost nothing to learn from (1 in 20 composed
 * utterances and 2 of 856 written ones are shorter), so the models' confidence there is not
 * earned ("call mom" read as a tweet at 0.82) and the rules answer.
 */
const LEARNED_MIN_WORDS = 12;

/** Confidence in hundredths, floored: 0.695 never reads as the app's 0.7. */
const CONFIDENCE_STEP = 100;

function inferLearned(transcript: string): InferResult {
  const input = typeof transcript === 'string' ? transcript : '';
  const outright = saidOutright(input);
  if (outright !== null) return outright;
  const words = wordsOfTranscript(input).length;
  if (words === 0) return { format: null, category: null, confidence: 0 };
  if (words < LEARNED_MIN_WORDS) {
    noteDecision(`infer.rules: ${words} words, fewer than the models learned from`);
    return inferWithRules(input);
  }
  const learned = learnedFormatAndCategory(input);
  const { category, categoryConfidence } = learned;
  if (tracing()) {
    noteDecision(`infer.format.learned: ${learned.format} ${learned.formatConfidence.toFixed(2)}`);
    noteDecision(
      category === null
        ? 'infer.category.learned: - (below the bar: the setting stands)'
        : `infer.category.learned: ${category} ${categoryConfidence.toFixed(2)}`,
    );
  }
  const confidence =
    category === null
      ? learned.formatConfidence
      : Math.min(learned.formatConfidence, categoryConfidence);
  return {
    format: learned.format,
    category,
    confidence: Math.floor(confidence * CONFIDENCE_STEP) / CONFIDENCE_STEP,
  };
}

/** "make this a pitch", "work checklist: ...": what the person said outright stands. */
function saidOutright(input: string): InferResult | null {
  // "tweet creative the sky ...", "Checklist work: ...": the prefix is the command.
  const prefix = saysPrefixCommand(input);
  if (prefix?.format != null) {
    // A prefix without a category ("Tweet: ...") leaves it to what was said after it.
    const rest = prefix.category === null ? inferLearned(prefix.content) : null;
    const category =
      prefix.category ??
      (rest !== null && rest.confidence >= SERVER_APPLY_THRESHOLD ? rest.category : null);
    noteDecision(`infer.said-outright: prefix ${prefix.format} ${category}`);
    return { format: prefix.format, category, confidence: EXPLICIT_PHRASE_CONFIDENCE };
  }
  const detected = detectFormatAndCategory(input);
  if (detected.method !== 'phrase' || detected.confidence < SERVER_APPLY_THRESHOLD) return null;
  noteDecision(`infer.said-outright: ${detected.detectedFormat} ${detected.detectedCategory}`);
  return {
    format: detected.detectedFormat,
    category: detected.detectedCategory,
    confidence: detected.confidence,
  };
}

/**
 * The rules' answer, kept as the control the learned models are scored against
 * (`npm run learn -- --train`) and for scripts/bench/nlp-compare.ts: the meaning of the
 * words, with the detector's keyword guess only filling a format the meaning left open.
 * Keywords alone mislead ("marketing" holds "market", a pitch keyword), so they do not settle
 * the answer.
 */
export function inferWithRules(
  transcript: string,
  tag: SentenceTagger = tagSentences,
): InferResult {
  const input = typeof transcript === 'string' ? transcript : '';
  const outright = saidOutright(input);
  if (outright !== null) return outright;
  const detected = detectFormatAndCategory(input);
  const sentences = tag(cleanSpeech(input));
  if (!sentences.some((tokens) => tokens.some((token) => token.kind === 'word'))) {
    return { format: null, category: null, confidence: 0 };
  }
  const text = sentences
    .flat()
    .map((token) => token.lower)
    .join(' ');
  const format = formatFromMeaning(sentences, text, input.includes('!'));
  const category = categoryFromVocabulary(sentences, format.value);
  const formatValue = format.value ?? detected.detectedFormat;
  const formatClear = format.clear;
  let confidence = formatClear ? FORMAT_MATCH_WEIGHT : WEAK_FORMAT_WEIGHT;
  if (category.value !== null) {
    confidence += category.clear
      ? CATEGORY_MATCH_WEIGHT
      : category.guessed === true
        ? GUESSED_CATEGORY_WEIGHT
        : NARROW_CATEGORY_WEIGHT;
  }
  if (formatClear && category.clear) confidence += BOTH_MATCH_BONUS;
  return {
    format: formatValue,
    category: category.value,
    confidence: Math.round(Math.min(1, confidence) * 100) / 100,
  };
}
