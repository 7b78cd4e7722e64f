import type { Format } from '#contract/taxonomy.js';
import { tagTokens } from '#text/nlp.js';
import { lowerWords, tokenize } from '#text/tokenizer.js';

/**
 * What "a writing a person would keep" means, as checks a machine can run on every corpus
 * transcript (src/text/formats/labelled.test.ts) and as the figures `npm run bench` reports.
 *
 * - Invented prose: a word of the output that is not the speaker's. The output is read
 *   without what the format itself adds (the checklist's title line, "- [ ] ", the pitch's
 *   "Problem:", "Solution:" and "Why it matters:" labels, a tweet's hashtags); each remaining
 *   word, lower-cased, must be a word of the transcript, or share its dictionary form (lemma,
 *   from wink-nlp) with one ("print" for "printed", "batteries" for "battery").
 * - Fillers left: a spoken filler or aside still in any format's output.
 * - Checklist items: one-to-one matches between the output's items and the labelled ones;
 *   two items match when their words (lower case, articles and punctuation dropped) are the
 *   same, or when they share at least 3/4 of the words of both (Jaccard >= 0.75).
 */

const HASHTAG = /#[\p{L}\p{N}_]+/gu;
const PITCH_LABEL = /^(?:Problem|Solution|Why it matters): /u;
const CHECKBOX = '- [ ] ';

/** The words of an output that the speaker must have said. */
export function spokenPart(format: Format, output: string): string {
  const lines = output.split('\n');
  switch (format) {
    case 'tweet':
      return output.replace(HASHTAG, ' ');
    case 'checklist':
      return lines
        .slice(1)
        .map((line) => (line.startsWith(CHECKBOX) ? line.slice(CHECKBOX.length) : line))
        .join('\n');
    case 'pitch':
      return lines.map((line) => line.replace(PITCH_LABEL, '')).join('\n');
  }
}

function forms(text: string): { words: Set<string>; lemmas: Map<string, string> } {
  const tagged = tagTokens(tokenize(text));
  const words = new Set<string>();
  const lemmas = new Map<string, string>();
  for (const token of tagged) {
    if (token.kind !== 'word') continue;
    for (const word of lowerWords(token.lower)) {
      words.add(word);
      lemmas.set(word, token.lemma);
    }
  }
  return { words, lemmas };
}

/** Output words that are not the speaker's (see the module comment), in order. */
export function inventedWords(transcript: string, format: Format, output: string): string[] {
  const said = forms(transcript);
  const saidLemmas = new Set(said.lemmas.values());
  const written = forms(spokenPart(format, output));
  const invented: string[] = [];
  for (const word of written.words) {
    const lemma = written.lemmas.get(word) ?? word;
    if (said.words.has(word) || saidLemmas.has(word) || saidLemmas.has(lemma)) continue;
    invented.push(word);
  }
  return invented;
}

/** Spoken fillers and asides; "like" only where commas frame it as one (", like,"). */
const FILLERS =
  /(?<![\p{L}'])(?:um+|uh+|erm|hmm+|basically|you know|oh yeah|oh and|i mean)(?![\p{L}'])|(?:^|[,.] )like,|, like (?=\p{L})/iu;

/** The filler, aside or dropped phrase an output still holds, or null. */
export function fillerLeft(output: string, dropped: readonly string[] = []): string | null {
  const filler = FILLERS.exec(output);
  if (filler !== null) return filler[0];
  const lower = output.toLowerCase();
  for (const phrase of dropped) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u');
    if (pattern.test(lower)) return phrase;
  }
  return null;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
}

const ARTICLES = new Set(['a', 'an', 'the']);

function itemWords(item: string): string[] {
  return lowerWords(item.toLowerCase()).filter((word) => !ARTICLES.has(word));
}

function sameItem(a: string, b: string): boolean {
  const left = itemWords(a);
  const right = itemWords(b);
  if (left.join(' ') === right.join(' ')) return true;
  const leftSet = new Set(left);
  const rightSet = new Set(right);
  let shared = 0;
  for (const word of leftSet) if (rightSet.has(word)) shared++;
  const union = new Set([...leftSet, ...rightSet]).size;
  return union > 0 && shared / union >= 0.75;
}

export interface ItemMatch {
  matched: number;
  produced: number;
  expected: number;
}

/** One-to-one matches between produced and labelled items, in the labels' order. */
export function matchItems(produced: readonly string[], expected: readonly string[]): ItemMatch {
  const free = [...produced];
  let matched = 0;
  for (const label of expected) {
    const at = free.findIndex((item) => sameItem(item, label));
    if (at !== -1) {
      matched++;
      free.splice(at, 1);
    }
  }
  return { matched, produced: produced.length, expected: expected.length };
}

export function checklistItems(checklist: string): string[] {
  return checklist
    .split('\n')
    .filter((line) => line.startsWith(CHECKBOX))
    .map((line) => line.slice(CHECKBOX.length));
}

/** Micro-averaged F1 over many transcripts' item matches. */
export function itemF1(matches: readonly ItemMatch[]): number {
  const matched = matches.reduce((sum, match) => sum + match.matched, 0);
  const produced = matches.reduce((sum, match) => sum + match.produced, 0);
  const expected = matches.reduce((sum, match) => sum + match.expected, 0);
  if (produced === 0 || expected === 0) return 0;
  const precision = matched / produced;
  const recall = matched / expected;
  return precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall);
}
