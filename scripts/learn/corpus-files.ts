import { readdirSync, readFileSync } from 'node:fs';
import { parseUtterances, type Utterance } from '#text/learn/corpus.js';

/** Where the training corpus lives (src/text/learn/README.md). */
export const CORPUS_DIR = new URL('../../src/text/learn/corpus/', import.meta.url);

/** The hand-written utterances: every corpus/written*.txt, in name order. */
export function readWrittenCorpus(): Utterance[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.startsWith('written') && name.endsWith('.txt'))
    .sort()
    .flatMap((name) => parseUtterances(readFileSync(new URL(name, CORPUS_DIR), 'utf8'), name));
}
