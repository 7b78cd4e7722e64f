import { describe, expect, it } from 'vitest';
import { FORMATS } from '#contract/taxonomy.js';
import { formatWithRules } from '../formats/format-with-rules.js';
import { ROW_TABLES } from './index.js';

/** Every id that decided anything while the transcript was formatted in each format. */
function decidedBy(transcript: string): Set<string> {
  const ids = new Set<string>();
  for (const format of FORMATS) {
    const { trace } = formatWithRules(transcript, format, 'personal', { trace: true });
    for (const id of trace.whole) ids.add(id);
    for (const line of trace.lines) for (const id of line.rules) ids.add(id);
  }
  return ids;
}

const rows = Object.entries(ROW_TABLES).flatMap(([family, table]) =>
  table.map((row) => [row.id, family, row] as const),
);

describe('rule rows', () => {
  it('are named by their family, each id once in the engine', () => {
    const ids = rows.map(([id]) => id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [id, family] of rows) expect(id.startsWith(`${family}.`), id).toBe(true);
  });

  it.each(rows.filter(([, , row]) => row.examples.length > 0 || (row.counter?.length ?? 0) > 0))(
    '%s decides on its examples and not on its counter-examples',
    (id, _family, row) => {
      for (const example of row.examples) expect(decidedBy(example), example).toContain(id);
      for (const counter of row.counter ?? [])
        expect(decidedBy(counter), counter).not.toContain(id);
    },
  );
});
