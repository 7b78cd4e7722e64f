import { writeFileSync } from 'node:fs';
import {
  GOLDEN_DIR,
  OUTPUT_FIELDS,
  lineDiff,
  readGoldenFiles,
  renderGolden,
  runEngine,
} from '#tests/support/golden.js';

/*
 * The golden corpus (tests/support/golden.ts): runs every entry of tests/golden/*.golden
 * through the engine and prints each output that moved.
 *
 *   npm run golden                 the diff; exits 1 when anything moved
 *   npm run golden -- --update     the diff, then records the new outputs
 *   npm run golden -- --only <id>  one entry (or every id containing the text)
 */
const args = process.argv.slice(2);
const update = args.includes('--update');
const onlyAt = args.indexOf('--only');
const only = onlyAt >= 0 ? args[onlyAt + 1] : undefined;

let entriesSeen = 0;
let moved = 0;
const movedFields = new Map<string, number>();
for (const file of readGoldenFiles()) {
  let fileMoved = false;
  for (const entry of file.entries) {
    if (only !== undefined && !entry.id.includes(only)) continue;
    entriesSeen += 1;
    const now = runEngine(entry.input, entry.category);
    const changed = OUTPUT_FIELDS.filter((field) => entry.outputs[field] !== now[field]);
    if (changed.length === 0) continue;
    moved += 1;
    fileMoved = true;
    console.log(`\n== ${file.name} ${entry.id}\ninput: ${JSON.stringify(entry.input)}`);
    for (const field of changed) {
      movedFields.set(field, (movedFields.get(field) ?? 0) + 1);
      const before = entry.outputs[field];
      console.log(`${field}:${before === undefined ? ' (new)' : ''}`);
      console.log(lineDiff(before ?? '', now[field]).join('\n'));
    }
    entry.outputs = now;
  }
  if (update && fileMoved) writeFileSync(new URL(file.name, GOLDEN_DIR), renderGolden(file));
}
const fields = [...movedFields].map(([field, count]) => `${field} ${count}`).join(', ');
console.log(
  `\n${moved} of ${entriesSeen} entries moved${fields === '' ? '' : ` (${fields})`}` +
    (update && moved > 0 ? '; recorded.' : moved > 0 ? '; run with --update to record.' : '.'),
);
if (!update && moved > 0) process.exitCode = 1;
