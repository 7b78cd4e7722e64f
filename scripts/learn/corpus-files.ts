import { readdirSync, readFileSync } from 'node:fs';
import { parseUtterances, type Utterance } from '#text/learn/corpus.js';

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
