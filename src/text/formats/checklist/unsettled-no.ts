import type { Clause } from '../../clauses.js';
import type { TaggedToken } from '../../nlp.js';
import { TAKE_BACK_OPENERS } from '../../words/asides.js';

/**
 * "Fix the gate, no, just tie it up for now": a bare "no" the corrections left in place (no
 * word of one kind said again, no reason after it) leaves it unsure what replaces what. The
 * clauses it joins stay one item as said, rather than the task's verb going to "no" ("Fix
 * no") and the task taken back standing as a task of its own.
 */
export interface JoinedAtNo {
  clauses: Clause[];
  /** The clauses made by joining, kept whole as one item. */
  unsettled: Set<Clause>;
}

function endsInBareNo(tokens: readonly TaggedToken[]): TaggedToken | undefined {
  const last = tokens.at(-1);
  const before = tokens.at(-2);
  return last?.kind === 'word' && last.lower === 'no' && before?.kind === 'pause'
    ? before
    : undefined;
}

/** Only words said around a marker ("actually", "wait"): nothing of a task of their own. */
function onlyMarkerWords(clause: Clause): boolean {
  const words = clause.tokens.filter((token) => token.kind === 'word');
  return words.length > 0 && words.every((word) => TAKE_BACK_OPENERS.has(word.lower));
}

export function joinedAtUnsettledNo(clauses: readonly Clause[]): JoinedAtNo {
  const out: Clause[] = [];
  const unsettled = new Set<Clause>();
  let open: { clause: Clause; pause: TaggedToken } | undefined;
  for (const clause of clauses) {
    if (open !== undefined && clause.lead === '') {
      const joined: Clause = {
        ...open.clause,
        tokens: [...open.clause.tokens, open.pause, ...clause.tokens],
        endsWithColon: clause.endsWithColon,
      };
      out[out.length - 1] = joined;
      unsettled.delete(open.clause);
      unsettled.add(joined);
      open = onlyMarkerWords(clause) ? { clause: joined, pause: open.pause } : undefined;
      continue;
    }
    out.push(clause);
    const pause = endsInBareNo(clause.tokens);
    open = pause === undefined ? undefined : { clause, pause };
  }
  return { clauses: out, unsettled };
}
