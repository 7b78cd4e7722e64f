import { writeFileSync } from 'node:fs';
import { CorpusError } from '#text/learn/corpus.js';
import { COMPOSED_COUNT, composedText } from './compose.js';
import {
  COMPOSED_FILE,
  CORPUS_DIR,
  readComposedCorpus,
  readFreshSets,
  readHeardNotes,
  readWrittenCorpus,
} from './corpus-files.js';

/*
 * The training corpus's tool (src/text/learn/README.md).
 *
 *   npm run learn -- --check    reads every corpus file, names the line of each mistake,
 *                               and counts the utterances by format, category, style and situation
 *   npm run learn -- --compose  rebuilds corpus/composed.txt from scripts/learn/parts/
 *   npm run learn -- --train    scores the learners against the rules on held-out situations,
 *                               prints the figures, and writes the winner trained on the whole
 *                               corpus to src/text/learn/format-category-model.json
 *   npm run learn -- --write    writes that model with the kept learners, without the report
 */
const args = process.argv.slice(2);

function count<T>(items: readonly T[], key: (item: T) => string): string {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
}

if (args.includes('--compose')) {
  writeFileSync(new URL(COMPOSED_FILE, CORPUS_DIR), composedText());
  console.log(`${COMPOSED_COUNT} composed utterances written to corpus/${COMPOSED_FILE}`);
}
if (args.includes('--check')) {
  try {
    for (const [name, corpus] of [
      ['written', readWrittenCorpus()],
      ['composed', readComposedCorpus()],
      ['heard (spent fresh sets)', readFreshSets()],
      ['heard (notes)', readHeardNotes()],
    ] as const) {
      console.log(`${corpus.length} ${name} utterances`);
      console.log(`  format: ${count(corpus, (u) => u.format)}`);
      console.log(`  category: ${count(corpus, (u) => u.category ?? 'none')}`);
      console.log(`  style: ${count(corpus, (u) => u.style)}`);
      console.log(
        `  situations (${new Set(corpus.map((u) => u.situation)).size}): ${count(corpus, (u) => u.situation)}`,
      );
    }
  } catch (error) {
    if (!(error instanceof CorpusError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
if (args.length === 0) console.log('npm run learn -- --check | --compose | --train | --write');
if (args.includes('--write')) {
  // The kept learners trained on the whole corpus and written, with no report.
  const { writeModel } = await import('./write-model.js');
  console.log(
    writeModel(readWrittenCorpus(), readComposedCorpus(), [
      ...readFreshSets(),
      ...readHeardNotes(),
    ]),
  );
}
if (args.includes('--train')) {
  const { evaluate } = await import('./evaluate.js');
  const started = Date.now();
  // --softmax-only: the kept learner alone, for a quick rebuild; the report then has no loser.
  const [written, composed] = [readWrittenCorpus(), readComposedCorpus()];
  const [fresh, notes] = [readFreshSets(), readHeardNotes()];
  const report = evaluate(
    written,
    composed,
    fresh,
    notes,
    args.includes('--softmax-only') ? ['softmax'] : undefined,
  );
  console.log(report.lines.join('\n'));
  const { writeModel } = await import('./write-model.js');
  console.log(writeModel(written, composed, [...fresh, ...notes]));
  console.log(`\n(${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
