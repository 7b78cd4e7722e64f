import { readdirSync, readFileSync } from 'node:fs';
import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import { CorpusError, parseUtterances, type Style, type Utterance } from '#text/learn/corpus.js';

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
export const SPENT_FRESH_SETS = ['a', 'c', 'e', 'g', 'i', 'k', 'm', 'o'] as const;

const FRESH_DIR = new URL('../../tests/fixtures/fresh-speech/2026-12/', import.meta.url);

interface FreshItem {
  id: string;
  style: Style;
  transcript: string;
  format: Format;
  category: Category;
  spokenCommand: boolean;
}

/** Notes labelled for format and category only, as JSON items of FreshItem's shape. */
function heardUtterances(
  items: readonly FreshItem[],
  source: string,
  situation: (item: FreshItem) => string,
): Utterance[] {
  items.forEach((item, i) => {
    const at = `${source}, item ${i + 1} (${String(item.id)})`;
    if (!(FORMATS as readonly string[]).includes(item.format)) {
      throw new CorpusError(`${at}: format "${String(item.format)}" is not one of the app's`);
    }
    if (!(CATEGORIES as readonly string[]).includes(item.category)) {
      throw new CorpusError(`${at}: category "${String(item.category)}" is not one of the app's`);
    }
    if (item.style !== 'browser' && item.style !== 'whisper') {
      throw new CorpusError(`${at}: style "${String(item.style)}" is neither browser nor whisper`);
    }
    if (typeof item.transcript !== 'string' || item.transcript.trim() === '') {
      throw new CorpusError(`${at}: no transcript`);
    }
  });
  return items
    .filter((item) => !item.spokenCommand)
    .map((item, i) => ({
      source,
      line: i + 1,
      format: item.format,
      category: item.category,
      style: item.style,
      situation: situation(item),
      transcript: item.transcript,
      words: [],
    }));
}

/**
 * The spent sets' notes as heard utterances, labelled for format and category only (their
 * words carry no marks, so only the format and category models learn from them). A note that
 * opens on a spoken command is left out: the command decides it before any model reads it.
 * Each set is a situation of its own, so the folds keep a set together.
 */
export function readFreshSets(): Utterance[] {
  return SPENT_FRESH_SETS.flatMap((set) => {
    const source = `set-${set}.json`;
    const items = JSON.parse(readFileSync(new URL(source, FRESH_DIR), 'utf8')) as FreshItem[];
    return heardUtterances(items, source, () => `fresh set ${set}`);
  });
}

/**
 * The heard notes written for training (corpus/heard-*.json, src/text/learn/README.md): whole
 * notes labelled for format and category only, like the fresh sets, each its own situation.
 */
export function readHeardNotes(): Utterance[] {
  return readdirSync(CORPUS_DIR)
    .filter((name) => name.startsWith('heard-') && name.endsWith('.json'))
    .sort()
    .flatMap((name) => {
      const items = JSON.parse(readFileSync(new URL(name, CORPUS_DIR), 'utf8')) as FreshItem[];
      return heardUtterances(items, name, (item) => `${name} ${item.id}`);
    });
}
