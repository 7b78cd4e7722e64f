import type { InferResult } from '#contract/api-schemas.js';
import { CATEGORIES, type Category, type Format } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import {
  BOTH_MATCH_BONUS,
  CATEGORY_MATCH_WEIGHT,
  detectFormatAndCategory,
  FORMAT_MATCH_WEIGHT,
} from './detect/detection.js';
import { intentLengthAt, splitClauses, splitList, verbHead } from './clauses.js';
import { tagSentences, type TaggedToken } from './nlp.js';
import { announcementLength } from './formats/pitch.js';
import { cleanSpeech } from './sentences.js';
import type { Sentence } from './tokenizer.js';
import {
  CATEGORY_VOCABULARY,
  FEELING_WORDS,
  NEWS_WORDS,
  OPINION_MARKERS,
  OPINION_PHRASES,
  PITCH_PHRASES,
  PRODUCT_NOUNS,
  REASON_PHRASES,
  WISH_PHRASES,
} from './words/inference.js';
import { CATEGORY_KEYWORDS } from './words/keywords.js';
import { CREATIVE_IDEA_NOUNS, IDEA_NOUNS, PROBLEM_CUES } from './words/pitch.js';
import { NEED_WORDS, SEQUENCE_WORDS } from './words/tasks.js';

/**
 * Format and category from what a transcript means, for POST /api/infer-format-category
 * when no format word was spoken (server only: it tags with wink-nlp). A what-if, a proposal
 * or an "a ... where ..." premise is a pitch; two or more imperative tasks or a list of things
 * is a checklist; a feeling, news or a hot take is a tweet. The category is the one most of
 * the transcript's words belong to.
 *
 * Confidence keeps the detector's weights: 0.4 for a clearly found format, 0.4 for a clearly
 * found category, 0.1 when both are, so 0.9 is a clear answer, and a weak half (0.25 for a
 * format found only by default, 0.3 for a category by a narrow margin) keeps the total under
 * the 0.7 at which the app applies it.
 */

const WEAK_FORMAT_WEIGHT = 0.25;
const NARROW_CATEGORY_WEIGHT = 0.3;
const RELATIVE_WORDS: ReadonlySet<string> = new Set(['where', 'that', 'who', 'which', 'whose']);

interface Found<T> {
  value: T | null;
  clear: boolean;
}

function wordsOf(sentences: readonly TaggedToken[][]): TaggedToken[] {
  return sentences.flat().filter((token) => token.kind === 'word');
}

function containsPhrase(text: string, phrase: string): boolean {
  const at = text.indexOf(phrase);
  if (at === -1) return false;
  const before = text.charAt(at - 1);
  const after = text.charAt(at + phrase.length);
  return !/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after);
}

/** "a board game where players ...", "an app that reminds ...": an idea named as a thing. */
function isPremise(tokens: readonly TaggedToken[]): boolean {
  const words = tokens.filter((token) => token.kind === 'word');
  const first = words[0];
  if (first === undefined || (first.lower !== 'a' && first.lower !== 'an')) return false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as TaggedToken;
    if (RELATIVE_WORDS.has(word.lower)) return true;
    if (word.pos !== 'VERB' && word.pos !== 'AUX') continue;
    const next = words[i + 1];
    // "a show told through letters", "a podcast recorded live": a participle describing the
    // idea, not a verb telling what happened to it ("a magazine accepted my poem").
    return (
      word.lower.endsWith('ing') || next === undefined || next.pos === 'ADP' || next.pos === 'ADV'
    );
  }
  return true;
}

/** Tasks said as imperatives or intent ("I need to ..."), each thing of a list counted. */
function countTasks(sentences: readonly TaggedToken[][]): { tasks: number; others: number } {
  let tasks = 0;
  let others = 0;
  for (const tokens of sentences) {
    for (const clause of splitClauses(tokens, 'tasks')) {
      let rest = clause.tokens.filter((token) => token.kind === 'word');
      while (rest.length > 1 && SEQUENCE_WORDS.has((rest[0] as TaggedToken).lower)) {
        rest = rest.slice(1);
      }
      const intent = intentLengthAt(rest, 0);
      const needsThing = intent > 0 && NEED_WORDS.has((rest[intent - 1] as TaggedToken).lower);
      rest = rest.slice(intent);
      if (verbHead(rest) > 0 || (needsThing && rest.length > 0)) {
        tasks += splitList(
          clause.tokens.slice(clause.tokens.indexOf(rest[0] as TaggedToken)),
        ).length;
      } else {
        others++;
      }
    }
  }
  return { tasks, others };
}

function pitchSignals(sentences: readonly TaggedToken[][], text: string): number {
  let score = 0;
  for (const phrase of PITCH_PHRASES) if (containsPhrase(text, phrase)) score += 2;
  const first = sentences[0];
  if (first !== undefined && isPremise(first)) score += 2;
  const words = wordsOf(sentences);
  const proposes = words.some((word) => word.lower === 'should' || word.lower === 'could');
  const reason = REASON_PHRASES.some((phrase) => containsPhrase(text, phrase));
  if (proposes && reason) score += 2;
  // "the tool sends ...", "an app": a product introduced as a thing, next to a pain or wished
  // for ("I'd love a mural of ...").
  const names = words.some(
    (word, i) =>
      word.pos === 'NOUN' &&
      isIdeaNoun(word) &&
      ['a', 'an', 'the', 'our'].includes(words[i - 1]?.lower ?? ''),
  );
  const pains = words.some((word) => PROBLEM_CUES.has(word.lower));
  const wished = WISH_PHRASES.some((phrase) => containsPhrase(text, phrase));
  if (names && (pains || wished)) score += 2;
  // "Game idea: ...", "Short film idea.", "Idea for the book club.": a sentence that opens by
  // naming the kind of idea, then the idea ("I had no idea for the lunch" names none).
  if (sentences.some((tokens) => announcementLength(tokens) > 0)) score += 2;
  return score;
}

function isIdeaNoun(word: TaggedToken): boolean {
  return (
    IDEA_NOUNS.has(word.lower) ||
    IDEA_NOUNS.has(word.lemma) ||
    PRODUCT_NOUNS.has(word.lower) ||
    PRODUCT_NOUNS.has(word.lemma)
  );
}

function tweetSignals(
  sentences: readonly TaggedToken[][],
  text: string,
  exclaimed: boolean,
): number {
  let score = 0;
  const words = wordsOf(sentences);
  for (const word of words) {
    if (FEELING_WORDS.has(word.lemma) || FEELING_WORDS.has(word.lower)) score++;
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
 * A pitch needs one strong sign (a lead phrase, a premise, a proposal with its reason: 2
 * points each) and wins over a few tasks, since an idea is often told as steps; a checklist
 * needs two tasks at least as many as the other clauses, unless feelings and news outweigh
 * them; then a tweet.
 */
function formatFromMeaning(
  sentences: readonly TaggedToken[][],
  text: string,
  exclaimed: boolean,
): Found<Format> {
  const pitch = pitchSignals(sentences, text);
  const { tasks, others } = countTasks(sentences);
  const tweet = tweetSignals(sentences, text, exclaimed);
  // "hot take", "unpopular opinion": said as a tweet, whatever imperatives follow.
  if (OPINION_MARKERS.some((phrase) => containsPhrase(text, phrase)) && pitch < 2) {
    return { value: 'tweet', clear: true };
  }
  if (pitch >= 2 && (tasks < 3 || pitch >= 4)) return { value: 'pitch', clear: true };
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

function categoryFromVocabulary(
  sentences: readonly TaggedToken[][],
  format: Format | null,
): Found<Category> {
  const counts = new Map<Category, number>(CATEGORIES.map((category) => [category, 0]));
  for (const tokens of sentences) {
    const words = tokens.filter((token) => token.kind === 'word');
    words.forEach((word, i) => {
      const pair = `${word.lower} ${words[i + 1]?.lower ?? ''}`;
      // "our band's playing": the band votes as "band" would.
      const owner = word.lower.endsWith("'s") ? word.lower.slice(0, -2) : word.lower;
      for (const category of CATEGORIES) {
        const vocabulary = CATEGORY_WORDS.get(category) as ReadonlySet<string>;
        if (
          vocabulary.has(word.lower) ||
          vocabulary.has(word.lemma) ||
          vocabulary.has(owner) ||
          vocabulary.has(pair)
        ) {
          counts.set(category, (counts.get(category) ?? 0) + 1);
        }
      }

      // A story, a game or a mural pitched is creative whatever it is about; named as the
      // kind of idea ("game idea: ..."), all the more.
      if (
        format === 'pitch' &&
        word.pos === 'NOUN' &&
        (CREATIVE_IDEA_NOUNS.has(word.lower) || CREATIVE_IDEA_NOUNS.has(word.lemma))
      ) {
        const named = words[i + 1]?.lemma === 'idea';
        counts.set('creative', (counts.get('creative') ?? 0) + (named ? 4 : 2));
      }
    });
  }
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]);
  const [best, second] = ranked;
  if (best === undefined || best[1] === 0 || best[1] === second?.[1]) {
    return { value: null, clear: false };
  }
  return { value: best[0], clear: best[1] >= 2 && best[1] >= 2 * (second?.[1] ?? 0) };
}

/** Tags cleaned sentences; a parameter so scripts/bench/nlp-compare.ts can try another library. */
export type SentenceTagger = (sentences: readonly Sentence[]) => TaggedToken[][];

/**
 * The server's rules answer: the detector's for an explicit phrasing ("make this a pitch"),
 * else the meaning of the words, with the detector's keyword guess only filling a format the
 * meaning left open. Keywords alone mislead ("marketing" holds "market", a pitch keyword), so
 * they no longer settle the answer here. Blank or wordless input is nulls and 0.
 */
export function inferFormatAndCategory(
  transcript: string,
  tag: SentenceTagger = tagSentences,
): InferResult {
  const input = typeof transcript === 'string' ? transcript : '';
  const detected = detectFormatAndCategory(input);
  if (detected.method === 'phrase' && detected.confidence >= SERVER_APPLY_THRESHOLD) {
    return {
      format: detected.detectedFormat,
      category: detected.detectedCategory,
      confidence: detected.confidence,
    };
  }
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
  // The detector's category comes from the same keyword lists the vocabulary holds: when the
  // vocabulary is split evenly, the detector's single longest keyword is no better a guess.
  const categoryValue = category.value;
  if (category.value !== null) {
    confidence += category.clear ? CATEGORY_MATCH_WEIGHT : NARROW_CATEGORY_WEIGHT;
  }
  if (formatClear && category.clear) confidence += BOTH_MATCH_BONUS;
  return {
    format: formatValue,
    category: categoryValue,
    confidence: Math.round(Math.min(1, confidence) * 100) / 100,
  };
}
