import { z } from 'zod';

/**
 * The one list of formats and categories. Everything else (zod enums, TypeScript types,
 * keyword tables typed as Record<Format, ...>, colours, labels) derives from these tuples,
 * so adding a format is a compile error everywhere it is not yet handled.
 */
export const FORMATS = ['tweet', 'checklist', 'pitch'] as const;
export const CATEGORIES = ['work', 'personal', 'creative'] as const;

export const FormatSchema = /* @__PURE__ */ z.enum(FORMATS);
export const CategorySchema = /* @__PURE__ */ z.enum(CATEGORIES);
export type Format = z.infer<typeof FormatSchema>;
export type Category = z.infer<typeof CategorySchema>;

export const DEFAULT_FORMAT: Format = 'tweet';
export const DEFAULT_CATEGORY: Category = 'work';

/** docs/product.md, Constants and timings: display colours. */
export const FORMAT_COLORS: Record<Format, string> = {
  tweet: '#3B82F6',
  checklist: '#10B981',
  pitch: '#8B5CF6',
};

export const FORMAT_LABELS: Record<Format, string> = {
  tweet: 'Tweet',
  checklist: 'Checklist',
  pitch: 'Pitch',
};

export const CATEGORY_LABELS: Record<Category, string> = {
  work: 'Work',
  personal: 'Personal',
  creative: 'Creative',
};

/**
 * The words a person says to name a format or a category ("post" is a tweet, "life" is
 * personal). The detector builds its explicit phrasings, prefix and keyword lists from these,
 * so a new format or category cannot compile until it has words.
 */
export const FORMAT_SPOKEN_WORDS: Record<Format, readonly string[]> = {
  tweet: ['tweet', 'post'],
  checklist: ['checklist', 'list'],
  pitch: ['pitch', 'presentation'],
};

export const CATEGORY_SPOKEN_WORDS: Record<Category, readonly string[]> = {
  work: ['work', 'business'],
  personal: ['personal', 'life'],
  creative: ['creative', 'art'],
};

export function isFormat(value: unknown): value is Format {
  return typeof value === 'string' && (FORMATS as readonly string[]).includes(value);
}

export function isCategory(value: unknown): value is Category {
  return typeof value === 'string' && (CATEGORIES as readonly string[]).includes(value);
}

/** A tweet's hard length (characters as a person counts them, i.e. code points). */
export const TWEET_MAX_CHARS = 280;
/**
 * The longest tweet the rules and the models write. Past 280 it is offered as a thread of posts
 * (docs/product.md, Threads, thread.ts); past this a thought is cut, since a thread of more than
 * about five posts reads as an article, not a tweet.
 */
export const TWEET_LONGEST_CHARS = 1_400;
