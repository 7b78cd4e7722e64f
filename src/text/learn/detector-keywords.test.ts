import { describe, expect, it } from 'vitest';
import {
  CATEGORIES,
  CATEGORY_SPOKEN_WORDS,
  FORMAT_SPOKEN_WORDS,
  FORMATS,
} from '#contract/taxonomy.js';
import { readComposedCorpus, readWrittenCorpus } from '#scripts/learn/corpus-files.js';
import { detectFormatAndCategory } from '../detect/detection.js';
import { lowerWords } from '../tokenizer.js';
import {
  CATEGORY_KEYWORDS,
  DETECTOR_KEYWORD_BAR,
  DETECTOR_MISLEADING_KEYWORDS,
  FORMAT_KEYWORDS,
} from '../words/keywords.js';

/** docs/product.md's keyword examples, which the detector keeps whatever the corpus says. */
const SPEC_EXAMPLES = [
  'todo',
  'tasks',
  'steps',
  'agenda',
  'proposal',
  'startup idea',
  'meeting',
  'client',
  'deadline',
  'family',
  'health',
  'errands',
  'design',
  'music',
  'story',
];

const spaced = (text: string): string =>
  ` ${lowerWords(text.toLowerCase().replace(/-/g, ' ')).join(' ')} `;

describe('the keyword detector', () => {
  it('leaves out every keyword that the corpus finds of its format or category less often than the bar', () => {
    const corpus = [...readWrittenCorpus(), ...readComposedCorpus()];
    const said = corpus.map((utterance) => spaced(utterance.transcript));
    const kept = new Set([
      ...SPEC_EXAMPLES,
      ...Object.values(FORMAT_SPOKEN_WORDS).flat(),
      ...Object.values(CATEGORY_SPOKEN_WORDS).flat(),
    ]);
    kept.delete('post');
    const unsure: string[] = [];
    for (const target of [...FORMATS, ...CATEGORIES]) {
      const isFormat = (FORMATS as readonly string[]).includes(target);
      const keywords = isFormat
        ? FORMAT_KEYWORDS[target as (typeof FORMATS)[number]]
        : CATEGORY_KEYWORDS[target as (typeof CATEGORIES)[number]];
      const left = new Set(DETECTOR_MISLEADING_KEYWORDS[target] ?? []);
      for (const keyword of keywords) {
        if (kept.has(keyword) || left.has(keyword)) continue;
        const needle = spaced(keyword);
        let holding = 0;
        let right = 0;
        corpus.forEach((utterance, at) => {
          if (!said[at]?.includes(needle)) return;
          holding += 1;
          if ((isFormat ? utterance.format : utterance.category) === target) right += 1;
        });
        if (
          holding >= DETECTOR_KEYWORD_BAR.minUtterances &&
          right / holding < DETECTOR_KEYWORD_BAR.precision
        ) {
          unsure.push(`${target}: ${keyword} (${right}/${holding})`);
        }
      }
    }
    expect(unsure).toEqual([]);
  });

  it('gives no format or category from a word said in another sense', () => {
    // "to do" in "nothing to do", "dentist" in a set list, "school" in a pitch.
    for (const said of [
      'so the idea is a homework club at the library because theres nothing to do after school round here',
      'set list for friday open with the dentist bit then the one about my nan',
      'what if the school ran a breakfast club so the kids get one proper meal',
      'drop the parcel at the post office and get stamps',
    ]) {
      const detected = detectFormatAndCategory(said);
      expect(detected.confidence, said).toBeLessThan(0.6);
    }
  });
});
