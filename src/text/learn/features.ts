/**
 * The features the learned format and category models read from a transcript, the same at
 * training and at inference: its words (lower case, apostrophes kept), each pair of neighbours,
 * the first word and pair (how an utterance opens says much of what it is), a question or an
 * exclamation, and a rough length. Fillers are not taken out first: a model learns what they
 * carry (nothing) on its own, and the transcript is read as the speech engine gave it.
 *
 * Each word or pair also names the categories the engine's word lists (words/keywords.ts,
 * words/inference.ts) put it in, once and twice: a trade the corpus never spoke of still
 * reads as work when the lists know its words.
 */

import { CATEGORIES, type Category } from '#contract/taxonomy.js';
import { CATEGORY_VOCABULARY } from '../words/inference.js';
import { CATEGORY_KEYWORDS } from '../words/keywords.js';

const WORD = /[\p{L}\p{N}]+(?:'[\p{L}]+)*/gu;
/** Word counts where the length feature changes: a quick remark, a note, a ramble. */
const LENGTHS = [12, 30, 60];

const VOCABULARY: ReadonlyMap<string, readonly Category[]> = (() => {
  const map = new Map<string, Category[]>();
  for (const category of CATEGORIES) {
    for (const word of [...CATEGORY_KEYWORDS[category], ...CATEGORY_VOCABULARY[category]]) {
      const key = word.toLowerCase();
      const known = map.get(key) ?? [];
      if (!known.includes(category)) map.set(key, [...known, category]);
    }
  }
  return map;
})();

function vocabularyOf(words: readonly string[]): Category[] {
  const found: Category[] = [];
  words.forEach((word, i) => {
    const next = words[i + 1];
    const keys = [word, /[^s]s$/u.test(word) ? word.slice(0, -1) : word];
    if (next !== undefined) keys.push(`${word} ${next}`);
    const categories = new Set(keys.flatMap((key) => VOCABULARY.get(key) ?? []));
    found.push(...categories);
  });
  return found;
}

export function wordsOf(transcript: string): string[] {
  return transcript.toLowerCase().match(WORD) ?? [];
}

export function featuresOf(transcript: string): string[] {
  const words = wordsOf(transcript);
  const features = new Set<string>();
  words.forEach((word, i) => {
    features.add(word);
    const next = words[i + 1];
    if (next !== undefined) features.add(`${word} ${next}`);
  });
  if (words[0] !== undefined) features.add(`^${words[0]}`);
  if (words[1] !== undefined) features.add(`^${words[0]} ${words[1]}`);
  if (transcript.includes('?')) features.add('#question');
  if (transcript.includes('!')) features.add('#exclaimed');
  const counts = new Map<Category, number>();
  for (const category of vocabularyOf(words)) counts.set(category, (counts.get(category) ?? 0) + 1);
  for (const [category, n] of counts) {
    features.add(`#vocabulary ${category}`);
    if (n >= 2) features.add(`#vocabulary ${category} twice`);
  }
  const length = LENGTHS.findIndex((limit) => words.length <= limit);
  features.add(`#length ${length < 0 ? LENGTHS.length : length}`);
  return [...features];
}
