import type { InferResult } from '#contract/api-schemas.js';
import type { Format } from '#contract/taxonomy.js';
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
import { isRhetorical, pitchSignals } from './infer/pitch-signals.js';
import { categoryFromVocabulary } from './infer/category.js';
import { containsPhrase, saysFeeling, wordsOf, type Found } from './infer/shared.js';
import { countTasks } from './infer/tasks.js';
import { wordsOf as wordsOfTranscript } from './learn/features.js';
import { learnedFormatAndCategory } from './learn/format-category.js';
import type { Sentence } from './tokenizer.js';
import {
  ANNOUNCEMENTS,
  CHEERS,
  NEWS_WORDS,
  OPINION_MARKERS,
  OPINION_PHRASES,
  PRIVATE_MARKERS,
} from './words/inference.js';
import { CONDITIONS, TELLING_SUBJECTS } from './words/inference.js';

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
