import { SUBJECT_PRONOUNS } from '../words/function-words.js';
import { CHAINED_OPENERS, SENTENCE_OPENING_WORDS } from '../words/run-ons.js';
import { IMPERATIVE_VERBS, SEQUENCE_WORDS, TASK_VERBS } from '../words/tasks.js';
import { loadSoftmax, probabilities, type LoadedSoftmax, type SoftmaxModel } from './softmax.js';
import trained from './boundary-model.json' with { type: 'json' };

/**
 * Where a sentence or a checklist item starts in unpunctuated speech, as a learned tagger
 * reads it (docs/text-engine.md, "The boundary model"; docs/decisions/109): a softmax model
 * over each word and its neighbours, trained on the corpus's "/" and "*" marks by
 * `npm run learn -- --train` and kept in boundary-model.json. It answers P(start) for each
 * word; boundaries.ts cuts where that is high and the rules do not forbid a cut.
 */

/** One word as the tagger reads it. */
export interface BoundaryWord {
  /** Lower case with no punctuation but apostrophes and hyphens. */
  bare: string;
  /** The word's part of speech as wink reads it (nlp.ts). */
  pos: string;
}

export const BOUNDARY_LABELS = ['sentence', 'item', 'none'] as const;
export type BoundaryLabel = (typeof BOUNDARY_LABELS)[number];

export interface BoundaryModel extends SoftmaxModel {
  /** The bar P(start) must reach for a cut, by format, chosen on the held-out folds. */
  bars: Record<string, number>;
  /**
   * Under this P(start) a cut of the rules' own is taken back, by format, chosen on the folds
   * (0: never); a cut at a known task verb or a subject contraction stays (boundaries.ts).
   */
  removalBars: Record<string, number>;
  /** What it was trained on, for the record. */
  trainedOn: Record<string, number>;
}

/** Words a boundary may sit before or after alike: "and then | call mom" = "and then call mom". */
export const GLUE_WORDS: ReadonlySet<string> = new Set([
  'and',
  'then',
  'so',
  'also',
  'plus',
  'okay',
  'ok',
  'alright',
  'right',
  'oh',
  'but',
  'or',
  'next',
  'anyway',
  'now',
]);

const SETS: readonly [string, ReadonlySet<string>][] = [
  ['subject', SUBJECT_PRONOUNS],
  ['opener', SENTENCE_OPENING_WORDS],
  ['chained', CHAINED_OPENERS],
  ['task-verb', TASK_VERBS],
  ['imperative', IMPERATIVE_VERBS],
  ['sequence', SEQUENCE_WORDS],
  ['glue', GLUE_WORDS],
];

/** The word's own form as the tagger compares it: "Tonight," -> "tonight". */
export function bareWord(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}'’-]/gu, '');
}

/**
 * The features of word i: the word, the two before and the one after, the pairs either side,
 * the parts of speech alone, in pairs and a triple, the format crossed with some of them, the
 * engine's word sets for the word and its neighbours, and where it sits.
 */
export function boundaryFeatures(
  words: readonly BoundaryWord[],
  i: number,
  format: string,
): string[] {
  const w = (k: number): string => words[i + k]?.bare ?? (i + k < 0 ? '<s>' : '</s>');
  const p = (k: number): string => words[i + k]?.pos ?? (i + k < 0 ? '<s>' : '</s>');
  const out = [
    `w=${w(0)}`,
    `w-1=${w(-1)}`,
    `w+1=${w(1)}`,
    `w-2=${w(-2)}`,
    `w-1|w=${w(-1)}|${w(0)}`,
    `w|w+1=${w(0)}|${w(1)}`,
    `p=${p(0)}`,
    `p-1|p=${p(-1)}|${p(0)}`,
    `p|p+1=${p(0)}|${p(1)}`,
    `p-2|p-1|p=${p(-2)}|${p(-1)}|${p(0)}`,
    `f=${format}`,
    `f|w=${format}|${w(0)}`,
    `f|w-1=${format}|${w(-1)}`,
    `f|p-1|p=${format}|${p(-1)}|${p(0)}`,
  ];
  for (const [name, set] of SETS) {
    if (set.has(w(0))) out.push(`set=${name}`, `f|set=${format}|${name}`);
    if (set.has(w(-1))) out.push(`set-1=${name}`);
    if (set.has(w(1))) out.push(`set+1=${name}`);
  }
  if (i === 0) out.push('first', `f|first=${format}`);
  else if (i === 1) out.push('second');
  if (i === words.length - 1) out.push('last');
  return out;
}

function checked(model: BoundaryModel): LoadedSoftmax {
  if (model.labels.join() !== BOUNDARY_LABELS.join()) {
    throw new Error('boundary-model.json was trained on other labels than sentence, item, none');
  }
  return loadSoftmax(model);
}

const shipped = trained as BoundaryModel;
interface InPlace {
  model: LoadedSoftmax;
  bars: Record<string, number>;
  removalBars: Record<string, number>;
}

let current: InPlace = {
  model: checked(shipped),
  bars: shipped.bars,
  removalBars: shipped.removalBars,
};

/**
 * P(start) of each word: the chance that a sentence or an item starts there, one minus the
 * chance of none. The same words give the same answer.
 */
export function startProbabilities(words: readonly BoundaryWord[], format: string): number[] {
  const none = BOUNDARY_LABELS.indexOf('none');
  return words.map((_, i) => {
    const p = probabilities(current.model, boundaryFeatures(words, i, format));
    return 1 - (p[none] ?? 1);
  });
}

/** The bar P(start) must reach for the engine to cut, for this format; above 1: never. */
export function startBar(format: string): number {
  return current.bars[format] ?? 2;
}

/** Under this P(start) the engine takes back a cut of the rules' own; 0: never. */
export function removalBar(format: string): number {
  return current.removalBars[format] ?? 0;
}

/**
 * Runs `work` with another model in place of the shipped one (the held-out folds score the
 * engine with a model that never saw the fold), then puts the shipped one back.
 */
export function withBoundaryModel<T>(
  model: SoftmaxModel,
  bars: Record<string, number>,
  removalBars: Record<string, number>,
  work: () => T,
): T {
  const before = current;
  current = { model: loadSoftmax(model), bars, removalBars };
  try {
    return work();
  } finally {
    current = before;
  }
}
