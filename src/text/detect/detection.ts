import { HIGH_CONFIDENCE_THRESHOLD, MEDIUM_CONFIDENCE_THRESHOLD } from '#contract/thresholds.js';
import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import { lowerWords } from '../tokenizer.js';
import { CATEGORY_SLOT_OFFSET, scoreTokens, winner } from './keyword-scoring.js';
import {
  CATEGORY_BY_WORD,
  FORMAT_BY_WORD,
  WORD_END,
  WORD_START,
  alternation,
} from './spoken-words.js';

/**
 * Format and category detection from speech text (thresholds: src/contract/thresholds.ts).
 * Pure and synchronous: the web app runs it on every transcript and the server runs it for
 * /api/infer-format-category, so both always agree.
 */

export const EXPLICIT_PHRASE_CONFIDENCE = 0.9;
export const FORMAT_MATCH_WEIGHT = 0.4;
export const CATEGORY_MATCH_WEIGHT = 0.4;
export const BOTH_MATCH_BONUS = 0.1;

export interface DetectionResult {
  detectedFormat: Format | null;
  detectedCategory: Category | null;
  confidence: number;
  /**
   * The spoken command phrase as it appears in the text (original casing), e.g.
   * "make this a tweet about work"; '' when the result comes from keyword scoring, because
   * keywords are content and must never be stripped.
   */
  matchedText: string;
  /** How the result was found: an explicit phrasing, keyword scoring, or nothing. */
  method?: 'phrase' | 'keywords' | 'none';
  /** The winning keywords (format first, then category) when method is 'keywords'. */
  matchedKeywords?: string[];
}

export type ConfidenceLabel = 'high confidence' | 'medium' | 'low';

const FORMAT_ALTERNATION = alternation(FORMAT_BY_WORD.keys());
const CATEGORY_ALTERNATION = alternation(CATEGORY_BY_WORD.keys());

// The seven explicit phrasings. The group `format` is always the format word, `category` the
// optional category word after it ("a tweet about work") or `kind` the one before it ("turn
// this into a creative pitch", one of the spec's own voice commands). A tail that is not a category word ("about my new app") is left in place:
// it is the content, and stripCommandPhrase drops the leading "about".
const FORMAT_GROUP = String.raw`(?:(?<kind>${CATEGORY_ALTERNATION})\s+)?(?<format>${FORMAT_ALTERNATION})${WORD_END}`;
const ARTICLE = String.raw`(?:a|an)\s+`;
const CATEGORY_TAIL = String.raw`(?:\s+(?:about|for|on|in)\s+(?:my\s+|our\s+|the\s+|a\s+|some\s+)?(?<category>${CATEGORY_ALTERNATION})${WORD_END})?`;
const THIS = String.raw`(?:this|it)\s+(?:into\s+|as\s+)?`;

const EXPLICIT_PHRASES: readonly RegExp[] = [
  // 'can you make this a X' first: it contains 'make this a X' and its "can you" must be stripped too.
  String.raw`(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:make|turn|format)\s+${THIS}${ARTICLE}${FORMAT_GROUP}${CATEGORY_TAIL}`,
  String.raw`(?:record|create|make|write|draft)\s+(?:me\s+|us\s+)?${ARTICLE}${FORMAT_GROUP}${CATEGORY_TAIL}`,
  // "I want to pitch about Y" is the spec's; "I want to pitch this to my brothers" says who
  // hears it, and what is left without the phrase ("this to my brothers") is no content.
  String.raw`i(?:\s+want\s+to|\s+wanna|\s+would\s+like\s+to|['’]d\s+like\s+to)\s+${FORMAT_GROUP}${CATEGORY_TAIL}(?=\s+about${WORD_END}|\s*[.,:;!?]|\s*$)`,
  String.raw`this\s+is\s+${ARTICLE}${FORMAT_GROUP}${CATEGORY_TAIL}`,
  String.raw`(?:turn|format|make)\s+${THIS}${ARTICLE}${FORMAT_GROUP}${CATEGORY_TAIL}`,
  String.raw`i\s+need\s+${ARTICLE}${FORMAT_GROUP}${CATEGORY_TAIL}`,
  String.raw`put\s+(?:this|it)\s+in(?:to)?\s+(?:${ARTICLE})?${FORMAT_GROUP}\s+format${WORD_END}${CATEGORY_TAIL}`,
].map((source) => new RegExp(WORD_START + source, 'iu'));

/** Every explicit phrase contains a format word; texts without any skip the seven regexes. */
const FORMAT_WORD_STEMS: readonly string[] = [...FORMAT_BY_WORD.keys()];

interface ExplicitMatch {
  index: number;
  text: string;
  format: Format;
  category: Category | null;
}

function findExplicitPhrase(text: string, lowerText: string): ExplicitMatch | null {
  if (!FORMAT_WORD_STEMS.some((stem) => lowerText.includes(stem))) return null;
  let found: ExplicitMatch | null = null;
  for (const pattern of EXPLICIT_PHRASES) {
    const match = pattern.exec(text);
    if (match === null) continue;
    const format = FORMAT_BY_WORD.get((match.groups?.['format'] ?? '').toLowerCase());
    if (format === undefined) continue;
    const categoryWord = match.groups?.['category'] ?? match.groups?.['kind'];
    const candidate: ExplicitMatch = {
      index: match.index,
      text: match[0],
      format,
      category:
        categoryWord === undefined
          ? null
          : (CATEGORY_BY_WORD.get(categoryWord.toLowerCase()) ?? null),
    };
    // The earliest phrase wins; at the same position the longer one (it carries more words).
    if (
      found === null ||
      candidate.index < found.index ||
      (candidate.index === found.index && candidate.text.length > found.text.length)
    ) {
      found = candidate;
    }
  }
  return found;
}

function roundConfidence(value: number): number {
  return Math.min(1, Math.max(0, Math.round(value * 100) / 100));
}

/**
 * Finds the format and category a transcript asks for. An explicit phrasing ("make this a
 * checklist for work") scores 0.9; when it names no category, the category comes from keyword
 * scoring of the rest of the text. Otherwise keyword scoring gives 0.4 for a format, 0.4 for a
 * category and 0.1 more when both are found. Case-insensitive; never throws.
 */
export function detectFormatAndCategory(text: string): DetectionResult {
  const input = typeof text === 'string' ? text : '';
  const lowerText = input.toLowerCase();
  const explicit = findExplicitPhrase(input, lowerText);

  if (explicit !== null) {
    let category = explicit.category;
    if (category === null) {
      // Sliced from the original: lower-casing can change lengths ("İ"), and so the indices.
      const rest =
        `${input.slice(0, explicit.index)} ${input.slice(explicit.index + explicit.text.length)}`.toLowerCase();
      category = winner(scoreTokens(lowerWords(rest)), CATEGORIES, CATEGORY_SLOT_OFFSET).target;
    }
    return {
      detectedFormat: explicit.format,
      detectedCategory: category,
      confidence: EXPLICIT_PHRASE_CONFIDENCE,
      matchedText: explicit.text,
      method: 'phrase',
    };
  }

  const tokens = lowerWords(lowerText);
  const scores = scoreTokens(tokens);
  const format = winner(scores, FORMATS, 0);
  const category = winner(scores, CATEGORIES, CATEGORY_SLOT_OFFSET);
  let confidence = 0;
  if (format.target !== null) confidence += FORMAT_MATCH_WEIGHT;
  if (category.target !== null) confidence += CATEGORY_MATCH_WEIGHT;
  if (format.target !== null && category.target !== null) confidence += BOTH_MATCH_BONUS;
  const matchedKeywords = [format.keyword, category.keyword].filter((keyword) => keyword !== '');
  return {
    detectedFormat: format.target,
    detectedCategory: category.target,
    confidence: roundConfidence(confidence),
    matchedText: '',
    method: matchedKeywords.length > 0 ? 'keywords' : 'none',
    matchedKeywords,
  };
}

export function confidenceLabel(confidence: number): ConfidenceLabel {
  if (confidence >= HIGH_CONFIDENCE_THRESHOLD) return 'high confidence';
  if (confidence >= MEDIUM_CONFIDENCE_THRESHOLD) return 'medium';
  return 'low';
}

/** 'Detected: tweet about work', 'tweet format', 'work category' or 'Nothing detected'. */
export function detectionSummary(result: DetectionResult): string {
  const { detectedFormat: format, detectedCategory: category } = result;
  if (format !== null && category !== null) return `Detected: ${format} about ${category}`;
  if (format !== null) return `${format} format`;
  if (category !== null) return `${category} category`;
  return 'Nothing detected';
}
