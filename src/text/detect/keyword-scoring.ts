import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import { lowerWords } from '../tokenizer.js';
import {
  CATEGORY_KEYWORDS,
  DETECTOR_MISLEADING_KEYWORDS,
  FORMAT_KEYWORDS,
} from '../words/keywords.js';

/**
 * The detector's keyword scoring (docs/product.md D6): every format's and category's keywords
 * in one index, so a transcript is scored for all of them in one pass over its words.
 */

export const SUBSTRING_MATCH_FACTOR = 0.7;
/**
 * Substring matches (they count 0.7 of a whole-word match) only for keywords this long: shorter ones hide inside
 * unrelated words ("art" in "start", "list" in "listen", "post" in "postpone").
 */
export const MIN_SUBSTRING_KEYWORD_CHARS = 5;

/** Formats take slots 0..2 and categories 3..5, so one pass scores both. */
const SLOT_TARGETS: readonly (Format | Category)[] = [...FORMATS, ...CATEGORIES];
export const CATEGORY_SLOT_OFFSET = FORMATS.length;

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

export interface KeywordScores {
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

export function scoreTokens(tokens: readonly string[]): KeywordScores {
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

export interface KeywordWinner<T extends string> {
  target: T | null;
  keyword: string;
}

/**
 * Scoring: a whole-word match counts the keyword's length, a match inside a longer word
 * 0.7 of it, and the target with the longest (highest scoring) single match wins. Ties go to
 * the higher total over all matches, then to the taxonomy order, so results are deterministic.
 */
export function winner<T extends Format | Category>(
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
