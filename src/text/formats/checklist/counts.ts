import type { Decision } from '../../match/matcher.js';
import { LIST_TABLE, type OpensCountedTask } from '../../rows/list.js';
import type { TaggedToken } from '../../nlp.js';
import { trimPauses } from '../../sentences.js';
import {
  COUNT_LEAD_INS,
  ENUMERATORS,
  LABELLED_NOUNS,
  SEQUENCE_WORDS,
  TASK_VERBS,
} from '../../words/tasks.js';

/**
 * Tasks counted aloud ("step one ... step two", "first ... second"): where each opens a
 * task, with the counts' order checked, through the `list` rows (rows/list.ts).
 */

/**
 * Whether the count at `at` counts a task: said on its own before the task's verb, a pause
 * between them aside ("two, chase payroll"). "the first clean", "the other two take the
 * bus", "chapter one" and "one pack of wipes" count or name something else.
 */
function countsTask(tokens: readonly TaggedToken[], at: number): boolean {
  const before = tokens[at - 1];
  if (
    before !== undefined &&
    before.kind === 'word' &&
    (['DET', 'ADJ', 'ADP', 'PRON'].includes(before.pos) || LABELLED_NOUNS.has(before.lower))
  ) {
    return false;
  }
  const verbAt = tokens[at + 1]?.kind === 'pause' ? at + 2 : at + 1;
  const verb = tokens[verbAt];
  return (
    verb !== undefined &&
    verb.kind === 'word' &&
    (TASK_VERBS.has(verb.lower) || verb.pos === 'VERB') &&
    tokens[verbAt + 1]?.lower !== 'of'
  );
}

/** Where a sentence's words start after a count said first ("First, review the PR."). */
export function countedStart(tokens: readonly TaggedToken[]): number {
  let at = 0;
  for (let token = tokens[at]; token !== undefined; token = tokens[at]) {
    if (token.kind !== 'pause' && !SEQUENCE_WORDS.has(token.lower)) break;
    at++;
  }
  return at;
}

/** Where a count said aloud opens a task: the words from `start` to `end` are no task's. */
interface CountCut {
  readonly start: number;
  readonly end: number;
  /** The row that found it, traced once the counts are known to be in order. */
  readonly row?: Decision<OpensCountedTask>;
}

/**
 * Where the count `count` opens a task at `i`, if it does: a row of rows/list.ts ("and then
 * step three"), or the count said on its own before the task's verb ("two, chase payroll").
 */
function countCutAt(tokens: readonly TaggedToken[], i: number, count: string): CountCut | null {
  const row = LIST_TABLE.mayDecide(tokens[i] as TaggedToken)
    ? LIST_TABLE.find(tokens, i, ({ start, end }) =>
        tokens.slice(start, end).some((token) => token.kind === 'word' && token.lower === count),
      )
    : null;
  if (row !== null) {
    // "... and then the second step is to ...": the joins and the article go with the count.
    let start = row.start;
    while (start > 0 && COUNT_LEAD_INS.has((tokens[start - 1] as TaggedToken).lower)) start--;
    return { start, end: row.end, row };
  }
  const token = tokens[i] as TaggedToken;
  if (token.kind !== 'word' || token.lower !== count || !countsTask(tokens, i)) return null;
  // "... in the back room and four sit down": the join goes with the count.
  return { start: tokens[i - 1]?.lower === 'and' ? i - 1 : i, end: i + 1 };
}

/**
 * "to do tomorrow one send the rota two chase payroll three do the stock count", "One, send the
 * rota. Two, ...", "step one is to back up ... step two ...": tasks counted aloud, each count
 * before its task, start a task each and are not part of it. At least "one" and "two" (or
 * "first" and "second") must be said, in order: "buy one loaf two pints" counts things, and a
 * lone "first" is a task's order.
 */
export function splitAtEnumerators(sentences: readonly TaggedToken[][]): TaggedToken[][] {
  for (const counts of ENUMERATORS) {
    const cuts = new Map<readonly TaggedToken[], CountCut[]>();
    let found = 0;
    for (const tokens of sentences) {
      const mine: CountCut[] = [];
      for (let i = 0; i < tokens.length; i++) {
        const count = counts[found];
        if (count === undefined) break;
        const cut = countCutAt(tokens, i, count);
        if (cut === null) continue;
        mine.push(cut);
        found++;
        i = cut.end - 1;
      }
      cuts.set(tokens, mine);
    }
    if (found < 2) continue;
    return sentences.flatMap((tokens) => {
      const parts: TaggedToken[][] = [];
      let from = 0;
      for (const cut of cuts.get(tokens) ?? []) {
        if (cut.row !== undefined) LIST_TABLE.note(cut.row, tokens);
        parts.push(tokens.slice(from, cut.start));
        from = cut.end;
      }
      parts.push(tokens.slice(from));
      return parts
        .map((part) => trimPauses(part))
        .filter((part) => part.some((token) => token.kind === 'word'));
    });
  }
  return [...sentences];
}
