import { CATEGORIES, FORMATS, type Category, type Format } from '#contract/taxonomy.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';

/*
 * Which rule rows and model decisions made each line of the rule engine's output
 * (docs/text-engine.md, "Tracing a bad output").
 *
 *   npm run trace -- "<transcript>"                     every format, with inference
 *   npm run trace -- "<transcript>" --format checklist --category work
 */
const args = process.argv.slice(2);
const option = (name: string): string | undefined => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const transcript = args.find((arg, i) => !arg.startsWith('--') && !args[i - 1]?.startsWith('--'));
if (transcript === undefined) {
  console.error('usage: npm run trace -- "<transcript>" [--format F] [--category C]');
  process.exit(2);
}
const formatOption = option('format');
const categoryOption = option('category');
if (formatOption !== undefined && !(FORMATS as readonly string[]).includes(formatOption)) {
  console.error(`--format is one of ${FORMATS.join(', ')}`);
  process.exit(2);
}
if (categoryOption !== undefined && !(CATEGORIES as readonly string[]).includes(categoryOption)) {
  console.error(`--category is one of ${CATEGORIES.join(', ')}`);
  process.exit(2);
}

const inferred = inferFormatAndCategory(transcript, { trace: true });
console.log(
  `inferred: ${inferred.format ?? '-'} ${inferred.category ?? '-'} ${inferred.confidence}`,
);
for (const id of inferred.trace) console.log(`  ${id}`);
const category = (categoryOption as Category | undefined) ?? inferred.category ?? 'personal';
const formats = formatOption === undefined ? FORMATS : [formatOption as Format];
for (const format of formats) {
  const { trace } = formatWithRules(transcript, format, category, { trace: true });
  console.log(`\n${format} (${category}):`);
  for (const { line, rules } of trace.lines) {
    console.log(`  ${line}`);
    for (const id of rules) console.log(`      <- ${id}`);
  }
  if (trace.whole.length > 0) console.log(`  whole: ${trace.whole.join(', ')}`);
}
