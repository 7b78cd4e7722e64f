import { describe, expect, it } from 'vitest';
import { TRANSCRIPTS } from '#tests/fixtures/transcripts/corpus.js';
import { HELD_OUT, LABELLED } from '#tests/fixtures/transcripts/labelled.js';
import { OUTPUT_FIELDS, readGoldenFiles, runEngine } from '#tests/support/golden.js';

// Every output of the rules engine for every transcript the repo has (tests/support/golden.ts).
// A failure here is a changed output: `npm run golden` shows the diff, and once it has been
// read and is meant, `npm run golden -- --update` records it.

const files = readGoldenFiles();
const entries = files.flatMap((file) => file.entries.map((entry) => [file.name, entry] as const));

describe('golden corpus', () => {
  it('holds every labelled, held-out and speech-engine transcript, over a thousand inputs', () => {
    const inputs = new Set(entries.map(([, entry]) => entry.input));
    const missing = [...LABELLED, ...HELD_OUT, ...TRANSCRIPTS]
      .filter((item) => !inputs.has(item.transcript))
      .map((item) => item.id);
    expect(missing).toEqual([]);
    expect(inputs.size).toBeGreaterThanOrEqual(1000);
    const ids = entries.map(([, entry]) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(entries.map(([name, entry]) => [`${name} ${entry.id}`, entry] as const))(
    '%s writes what it recorded',
    (_name, entry) => {
      const now = runEngine(entry.input, entry.category);
      for (const field of OUTPUT_FIELDS) {
        expect(now[field], `${field} (npm run golden shows the diff)`).toBe(entry.outputs[field]);
      }
    },
  );
});
