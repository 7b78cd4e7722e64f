import { HIGH_CONFIDENCE_THRESHOLD, MEDIUM_CONFIDENCE_THRESHOLD } from '#contract/thresholds.js';
import {
  CATEGORIES,
  CATEGORY_SPOKEN_WORDS,
  FORMATS,
  FORMAT_SPOKEN_WORDS,
  type Category,
  type Format,
} from '#contract/taxonomy.js';
import { lowerWords } from '../tokenizer.js';
import {
  CATEGORY_KEYWORDS,
  DETECTOR_MISLEADING_KEYWORDS,
  FORMAT_KEYWORDS,
} from '../words/keywords.js';

/**
 * Format and category detection from speech text (thresholds: src/contract/thresholds.ts).
 * Pure and synchronous: the web app runs it on every transcript and the server runs it for
 * /api/infer-format-category, so both always agree.
 */

export const EXPLICIT_PHRASE_CONFIDENCE = 0.9;
export const FORMAT_MATCH_WEIGHT = 0.4;
export const CATEGORY_MATCH_WEIGHT = 0.4;
export const BOTH_MATCH_BONUS = 0.1;
export const SUBSTRING_MATCH_FACTOR = 0.7;
/**
 * Substring matches (they count 0.7 of a whole-word match) only for keywords this long: shorter ones hide inside
 * unrelated words ("art" in "start", "list" in "listen", "post" in "postpone").
 */
export const MIN_SUBSTRING_KEYWORD_CHARS = 5;

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

export interface PrefixParse {
  format: Format | null;
  category: Category | null;
  content: string;
  wasDetected: boolean;
}

const WORD_CHAR = String.raw`[\p{L}\p{N}\p{M}]`;
const WORD_START = String.raw`(?<![\p{L}\p{N}\p{M}])`;
const WORD_END = String.raw`(?!${WORD_CHAR})`;

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function byWord<T extends string>(words: Record<T, readonly string[]>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [target, list] of Object.entries(words) as [T, readonly string[]][]) {
    for (const word of list) map.set(word, target);
  }
  return map;
}

/** Longest first, so "checklist" is tried before "list". */
function alternation(words: Iterable<string>): string {
  return [...words]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
}

// Every spoken format and category word comes from the taxonomy: a new format is matched by
// the phrasings, the prefix and the keywords as soon as it has its words there.
const FORMAT_BY_WORD: ReadonlyMap<string, Format> = byWord(FORMAT_SPOKEN_WORDS);
const CATEGORY_BY_WORD: ReadonlyMap<string, Category> = byWord(CATEGORY_SPOKEN_WORDS);
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

/** Formats take slots 0..2 and categories 3..5, so one pass scores both. */
const SLOT_TARGETS: readonly (Format | Category)[] = [...FORMATS, ...CATEGORIES];
const CATEGORY_SLOT_OFFSET = FORMATS.length;

interface KeywordEntry {
  slot: number;
  keyword: string;
  tokens: readonly string[];
  weight: number;
}

interface KeywordIndex {
  /** Single-word keywords by word. */
  words: Map<string, KeywordEntry[]>;
  /** Multi-word keywords by their first word. */
  phrases: Map<string, KeywordEntry[]>;
  /** Single-word keywords long enough to count inside longer words. */
  substrings: Map<string, KeywordEntry[]>;
  substringList: KeywordEntry[];
  /** The first MIN_SUBSTRING_KEYWORD_CHARS characters of every substring keyword. */
  substringStarts: Set<string>;
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

function buildIndex(): KeywordIndex {
  const index: KeywordIndex = {
    words: new Map(),
    phrases: new Map(),
    substrings: new Map(),
    substringList: [],
    substringStarts: new Set(),
  };
  const detectorList = (target: Format | Category, keywords: readonly string[]): string[] => {
    const misleading = new Set(DETECTOR_MISLEADING_KEYWORDS[target] ?? []);
    return keywords.filter((keyword) => !misleading.has(keyword));
  };
  const lists: (readonly string[])[] = [
    ...FORMATS.map((format) => detectorList(format, FORMAT_KEYWORDS[format])),
    ...CATEGORIES.map((category) => detectorList(category, CATEGORY_KEYWORDS[category])),
  ];
  lists.forEach((keywords, slot) => {
    for (const keyword of keywords) {
      const tokens = lowerWords(keyword.toLowerCase().replace(/-/g, ' '));
      const first = tokens[0];
      if (first === undefined) continue;
      const entry: KeywordEntry = { slot, keyword, tokens, weight: tokens.join(' ').length };
      if (tokens.length > 1) {
        pushTo(index.phrases, first, entry);
      } else {
        pushTo(index.words, first, entry);
        if (first.length >= MIN_SUBSTRING_KEYWORD_CHARS) {
          pushTo(index.substrings, first, entry);
          index.substringList.push(entry);
          index.substringStarts.add(first.slice(0, MIN_SUBSTRING_KEYWORD_CHARS));
        }
      }
    }
  });
  return index;
}

const KEYWORD_INDEX = buildIndex();

/** Above this a word is scanned keyword by keyword instead of enumerating its substrings. */
const SUBSTRING_ENUMERATION_MAX_CHARS = 24;

interface KeywordScores {
  best: number[];
  total: number[];
  bestKeyword: string[];
}

function record(scores: KeywordScores, entry: KeywordEntry, score: number): void {
  scores.total[entry.slot] = (scores.total[entry.slot] ?? 0) + score;
  if (score > (scores.best[entry.slot] ?? 0)) {
    scores.best[entry.slot] = score;
    scores.bestKeyword[entry.slot] = entry.keyword;
  }
}

function scoreTokens(tokens: readonly string[]): KeywordScores {
  const slots = SLOT_TARGETS.length;
  const scores: KeywordScores = {
    best: new Array<number>(slots).fill(0),
    total: new Array<number>(slots).fill(0),
    bestKeyword: new Array<string>(slots).fill(''),
  };
  const index = KEYWORD_INDEX;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const whole = index.words.get(token);
    if (whole !== undefined) for (const entry of whole) record(scores, entry, entry.weight);

    const phrases = index.phrases.get(token);
    if (phrases !== undefined) {
      for (const entry of phrases) {
        let matches = true;
        for (let k = 1; k < entry.tokens.length; k++) {
          if (tokens[i + k] !== entry.tokens[k]) {
            matches = false;
            break;
          }
        }
        if (matches) record(scores, entry, entry.weight);
      }
    }

    if (token.length <= MIN_SUBSTRING_KEYWORD_CHARS) continue;
    if (token.length <= SUBSTRING_ENUMERATION_MAX_CHARS) {
      for (let start = 0; start + MIN_SUBSTRING_KEYWORD_CHARS <= token.length; start++) {
        if (!index.substringStarts.has(token.slice(start, start + MIN_SUBSTRING_KEYWORD_CHARS))) {
          continue;
        }
        const maxLength = token.length - start - (start === 0 ? 1 : 0);
        for (let length = MIN_SUBSTRING_KEYWORD_CHARS; length <= maxLength; length++) {
          const inner = index.substrings.get(token.slice(start, start + length));
          if (inner === undefined) continue;
          for (const entry of inner) record(scores, entry, entry.weight * SUBSTRING_MATCH_FACTOR);
        }
      }
    } else {
      for (const entry of index.substringList) {
        if (token.includes(entry.tokens[0] as string)) {
          record(scores, entry, entry.weight * SUBSTRING_MATCH_FACTOR);
        }
      }
    }
  }
  return scores;
}

interface KeywordWinner<T extends string> {
  target: T | null;
  keyword: string;
}

/**
 * Scoring: a whole-word match counts the keyword's length, a match inside a longer word
 * 0.7 of it, and the target with the longest (highest scoring) single match wins. Ties go to
 * the higher total over all matches, then to the taxonomy order, so results are deterministic.
 */
function winner<T extends Format | Category>(
  scores: KeywordScores,
  targets: readonly T[],
  offset: number,
): KeywordWinner<T> {
  let winnerSlot = -1;
  for (let i = 0; i < targets.length; i++) {
    const slot = offset + i;
    const score = scores.best[slot] ?? 0;
    if (score === 0) continue;
    const winnerScore = winnerSlot === -1 ? 0 : (scores.best[winnerSlot] ?? 0);
    if (
      winnerSlot === -1 ||
      score > winnerScore ||
      (score === winnerScore && (scores.total[slot] ?? 0) > (scores.total[winnerSlot] ?? 0))
    ) {
      winnerSlot = slot;
    }
  }
  if (winnerSlot === -1) return { target: null, keyword: '' };
  return {
    target: targets[winnerSlot - offset] ?? null,
    keyword: scores.bestKeyword[winnerSlot] ?? '',
  };
}

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

// Only the format and category names themselves make a prefix ("Tweet work: ..."), not
// their other spoken words: "post" or "life" at the start of a thought is content.
const PREFIX_CATEGORY = String.raw`(${alternation(CATEGORIES)})${WORD_END}`;
const PREFIX_MARK = String.raw`[,.:;—–\-]`;
// Speech-to-text punctuates what was spoken as "tweet work: ...": "Tweet, work: ..." and
// "Tweet. Work. ..." mean the same, so punctuation may separate the two words too, but then
// the category word must be followed by punctuation as well ("Tweet. Work is busy" is a
// tweet whose content starts with "Work is busy").
const PREFIX_PATTERN = new RegExp(
  String.raw`^\s*(${alternation(FORMATS)})${WORD_END}(?:\s+${PREFIX_CATEGORY}|\s*${PREFIX_MARK}[\s,.:;—–\-]*${PREFIX_CATEGORY}(?=\s*${PREFIX_MARK}|\s*$))?`,
  'iu',
);
const PREFIX_SEPARATORS = /^[\s:—–\-,.;]+/u;

/**
 * "Tweet work: shipped the beta" -> tweet, work, "shipped the beta". Only the three format
 * names count as a prefix; the category is optional. Leading spaces,
 * colons, dashes (and the commas and full stops transcription adds) are stripped from the
 * content; when nothing is left, the full text is the content.
 */
export function parsePrefix(text: string): PrefixParse {
  const input = typeof text === 'string' ? text : '';
  const match = PREFIX_PATTERN.exec(input);
  if (match === null) return { format: null, category: null, content: input, wasDetected: false };
  const format = FORMAT_BY_WORD.get((match[1] ?? '').toLowerCase()) ?? null;
  const categoryWord = match[2] ?? match[3];
  const category =
    categoryWord === undefined ? null : (CATEGORY_BY_WORD.get(categoryWord.toLowerCase()) ?? null);
  const rest = input.slice(match[0].length).replace(PREFIX_SEPARATORS, '').trim();
  return { format, category, content: rest === '' ? input : rest, wasDetected: format !== null };
}

// Words that only glue the command to the content: "make a tweet about | our launch",
// "okay so | make this a checklist". One character or word per repetition, so a failed match
// cannot backtrack through nested quantifiers.
const LEADING_GLUE = new RegExp(
  String.raw`^(?:[\s,:;.!?—–\-]|(?:about|on|for|of|regarding|that\s+says|which\s+says|saying|says|that|please|so|and|then|okay|ok|alright)${WORD_END})+`,
  'iu',
);
const TRAILING_GLUE_WORD = new RegExp(
  String.raw`${WORD_START}(?:so|and|okay|ok|alright|please|hey|um|uh|well|now)$`,
  'iu',
);
const TRAILING_GLUE_CHARS = ' \t\n\r,:;—–-';
/** Longest glue word, plus room: the word test only looks at the end of the text. */
const TRAILING_GLUE_WINDOW = 12;

export function stripTrailingGlue(text: string): string {
  let end = text.length;
  for (;;) {
    while (end > 0 && TRAILING_GLUE_CHARS.includes(text.charAt(end - 1))) end--;
    const tail = text.slice(Math.max(0, end - TRAILING_GLUE_WINDOW), end);
    const word = TRAILING_GLUE_WORD.exec(tail);
    if (word === null) return text.slice(0, end);
    end -= word[0].length;
  }
}

/**
 * Removes the spoken command phrase (and the words gluing it to the content) from a
 * transcript. When nothing is left, or the phrase is not in the transcript, the full
 * transcript is returned.
 */
export function stripCommandPhrase(transcript: string, matchedText: string): string {
  const input = typeof transcript === 'string' ? transcript : '';
  const phrase = typeof matchedText === 'string' ? matchedText.trim() : '';
  if (phrase === '') return input.trim();
  const match = new RegExp(escapeRegExp(phrase), 'iu').exec(input);
  if (match === null) return input.trim();
  const before = stripTrailingGlue(input.slice(0, match.index)).trim();
  const after = input
    .slice(match.index + match[0].length)
    .replace(LEADING_GLUE, '')
    .trim();
  const joined = before === '' ? after : after === '' ? before : `${before} ${after}`;
  return joined === '' ? input.trim() : joined;
}
