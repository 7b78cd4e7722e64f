import { readdirSync, readFileSync } from 'node:fs';
import type { Category, Format } from '#contract/taxonomy.js';
import { parseUtterances, type Style, type Utterance } from '#text/learn/corpus.js';

/** Where the training corpus lives (src/text/learn/README.md). */
export const CORPUS_DIR = new URL('../../src/text/learn/corpus/', import.meta.url);
/** The composed part, rebuilt by `npm run learn -- --compose`. */
export const COMPOSED_FILE = 'composed.txt';

function readCorpusFiles(keep: (name: string) => boolean): Utterance[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.endsWith('.txt') && keep(name))
    .sort()
    .flatMap((name) => parseUtterances(readFileSync(new URL(name, CORPUS_DIR), 'utf8'), name));
}

/** The hand-written utterances: every corpus/written*.txt, in name order. */
export function readWrittenCorpus(): Utterance[] {
  return readCorpusFiles((name) => name.startsWith('written'));
}

/** The composed utterances (scripts/learn/compose.ts). */
export function readComposedCorpus(): Utterance[] {
  return readCorpusFiles((name) => name === COMPOSED_FILE);
}

/**
 * The fresh speech sets already spent (tests/fixtures/fresh-speech/2026-12/README.md): each
 * written blind by another author, scored once and rated, so no later figure rests on them.
 * A set joins only after that one scoring; a held-back set never does.
 */
export const SPENT_FRESH_SETS = ['a', 'c', 'e', 'g', 'i', 'k', 'm'] as const;

const FRESH_DIR = new URL('../../tests/fixtures/fresh-speech/2026-12/', import.meta.url);

interface FreshItem {
  id: string;
  style: Style;
  transcript: string;
  format: Format;
  category: Category;
  spokenCommand: boolean;
}

/**
 * The spent sets' notes as heard utterances, labelled for format and category only (their
 * words carry no marks, so only the format and category models learn from them). A note that
 * opens on a spoken command is left out: the command decides it before any model reads it.
 * Each set is a situation of its own, so the folds keep a set together.
 */
export function readHeardCorpus(): Utterance[] {
  return SPENT_FRESH_SETS.flatMap((set) => {
    const source = `set-${set}.json`;
    const items = JSON.parse(readFileSync(new URL(source, FRESH_DIR), 'utf8')) as FreshItem[];
    return items
      .filter((item) => !item.spokenCommand)
      .map((item, i) => ({
        source,
        line: i + 1,
        format: item.format,
        category: item.category,
        style: item.style,
        situation: `fresh set ${set}`,
        transcript: item.transcript,
        words: [],
      }));
  });
}
