import { CorpusError } from '#text/learn/corpus.js';
import { readWrittenCorpus } from './corpus-files.js';

/*
 * The training corpus's tool (src/text/learn/README.md).
 *
 *   npm run learn -- --check    reads every corpus file, names the line of each mistake,
 *                               and counts the utterances by format, category, style and situation
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

if (args.includes('--check')) {
  try {
    const written = readWrittenCorpus();
    console.log(`${written.length} written utterances`);
    console.log(`  format: ${count(written, (u) => u.format)}`);
    console.log(`  category: ${count(written, (u) => u.category ?? 'none')}`);
    console.log(`  style: ${count(written, (u) => u.style)}`);
    console.log(
      `  situations (${new Set(written.map((u) => u.situation)).size}): ${count(written, (u) => u.situation)}`,
    );
  } catch (error) {
    if (!(error instanceof CorpusError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
} else {
  console.log('npm run learn -- --check');
}
