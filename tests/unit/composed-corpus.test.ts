import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  compose,
  COMPOSED_COUNT,
  composedText,
  readSituations,
  render,
  seededRandom,
} from '#scripts/learn/compose.js';
import { COMPOSED_FILE, CORPUS_DIR, readComposedCorpus } from '#scripts/learn/corpus-files.js';
import { parseUtterances, saidText } from '#text/learn/corpus.js';

describe('the composed training corpus', () => {
  it('is in the repo exactly as the composer makes it from its parts and seed', () => {
    expect(readFileSync(new URL(COMPOSED_FILE, CORPUS_DIR), 'utf8')).toBe(composedText());
  });

  it('holds its count of different utterances, every one valid markup', () => {
    const corpus = readComposedCorpus();
    expect(corpus).toHaveLength(COMPOSED_COUNT);
    expect(new Set(corpus.map((u) => u.transcript)).size).toBe(COMPOSED_COUNT);
  });

  it('gives the same utterances for the same seed and others for another', () => {
    const situations = readSituations();
    const text = (seed: number) =>
      compose(situations, 40, seed)
        .map((u) => render(u, seededRandom(seed)))
        .join('\n');
    expect(text(3)).toBe(text(3));
    expect(text(3)).not.toBe(text(4));
  });

  it('labels a retraction, its cue and the items of a list so the said words are what was meant', () => {
    const [checklist] = parseUtterances(
      [
        'checklist work whisper | florist',
        render(
          {
            format: 'checklist',
            category: 'work',
            style: 'whisper',
            situation: 'florist',
            sentences: [
              [
                { kind: 'filler', text: 'so' },
                { kind: 'said', text: 'for tomorrow' },
                { kind: 'item' },
                { kind: 'said', text: 'order' },
                { kind: 'retract', text: 'the tulips', cue: 'sorry' },
                { kind: 'said', text: 'the peonies' },
                { kind: 'item' },
                { kind: 'said', text: 'and ribbon' },
              ],
            ],
          },
          seededRandom(1),
        ),
      ].join('\n'),
      'test.txt',
    );
    expect(checklist?.transcript).toBe(
      'So, for tomorrow, order the tulips, sorry, the peonies, and ribbon.',
    );
    expect(checklist && saidText(checklist)).toBe('for tomorrow, order the peonies, and ribbon.');
    expect(checklist?.words.filter((w) => w.itemStart).map((w) => w.text)).toEqual([
      'order',
      'and',
    ]);
  });

  it('makes browser style lower case with no punctuation, and reads a farm and a night shift as work', () => {
    const corpus = readComposedCorpus();
    const browser = corpus.filter((u) => u.style === 'browser');
    expect(browser.every((u) => /^[\p{Ll}\p{N}' ]*$/u.test(u.transcript))).toBe(true);
    for (const trade of ['salon', 'farm', 'physio', 'florist', 'night shift']) {
      const of = corpus.filter((u) => u.situation === trade);
      expect(of.length, trade).toBeGreaterThan(10);
      expect(new Set(of.map((u) => u.category)), trade).toEqual(new Set(['work']));
    }
  });
});
