import { parsePattern, type MatchToken, type Pattern, type Term } from './pattern.js';
import { noteRule } from './trace.js';

/**
 * One matcher for every rule of the engine that is a pattern over words: a rule is a row of a
 * table, and a table answers "which row, if any, decides here?". Rows are tried in order and
 * the first whose bracketed group starts at the position decides, so a narrow row ("like"
 * meant literally after "I'd") goes above the wide one it narrows. Every decision is noted in
 * the trace (match/trace.ts) under the row's id.
 */
export interface Row<A> {
  /** `family.what-it-decides`, unique in the engine; the trace names it. */
  readonly id: string;
  readonly pattern: string;
  readonly action: A;
  /** Speech on which this row decides: rows.test.ts runs each one. */
  readonly examples: readonly string[];
  /** Speech meant otherwise, on which it must not decide. */
  readonly counter?: readonly string[];
}

export interface Decision<A> {
  readonly row: Row<A>;
  /** Where the row's group starts and ends (exclusive). */
  readonly start: number;
  readonly end: number;
}

interface Compiled<A> {
  readonly row: Row<A>;
  readonly pattern: Pattern;
  readonly order: number;
}

type Continue = (position: number) => boolean;

function atEdge(term: Term, left: MatchToken | undefined, right: MatchToken | undefined): boolean {
  return term.edge === 'start'
    ? left === undefined || left.kind === 'end'
    : right === undefined || right.kind === 'end';
}

/**
 * Matches `terms[k..]` from `position`, one token a step in `step`'s direction (-1 reads the
 * words before the group, nearest first), backtracking over quantifiers; `then` receives the
 * position after the last term and says whether the rest of the pattern matched.
 */
function matchFrom(
  tokens: readonly MatchToken[],
  terms: readonly Term[],
  k: number,
  position: number,
  step: 1 | -1,
  then: Continue,
): boolean {
  const term = terms[k];
  if (term === undefined) return then(position);
  if (term.edge !== undefined) {
    const left = step === 1 ? tokens[position - 1] : tokens[position];
    const right = step === 1 ? tokens[position] : tokens[position + 1];
    return atEdge(term, left, right) && matchFrom(tokens, terms, k + 1, position, step, then);
  }
  let count = 0;
  while (count < term.max) {
    const token = tokens[position + count * step];
    if (token === undefined || !term.test(token)) break;
    count++;
  }
  for (let n = count; n >= term.min; n--) {
    if (matchFrom(tokens, terms, k + 1, position + n * step, step, then)) return true;
  }
  if (count === 0 && term.orEdge === true && tokens[position] === undefined) {
    return matchFrom(tokens, terms, k + 1, position, step, then);
  }
  return false;
}

/** Where `pattern`'s group ends when it starts at `start`, or -1. */
export function matchAt(pattern: Pattern, tokens: readonly MatchToken[], start: number): number {
  let end = -1;
  const matched = matchFrom(tokens, pattern.group, 0, start, 1, (groupEnd) => {
    if (groupEnd === start) return false;
    const after = matchFrom(tokens, pattern.after, 0, groupEnd, 1, () => true);
    if (after) end = groupEnd;
    return after;
  });
  if (!matched) return -1;
  return matchFrom(tokens, pattern.beforeNearestFirst, 0, start - 1, -1, () => true) ? end : -1;
}

export class RuleTable<A> {
  private readonly byWord = new Map<string, Compiled<A>[]>();
  private readonly unindexed: Compiled<A>[] = [];
  readonly rows: readonly Row<A>[];

  constructor(
    readonly name: string,
    rows: readonly Row<A>[],
  ) {
    this.rows = rows;
    const compiled = rows.map((row, order) => ({ row, pattern: parsePattern(row.pattern), order }));
    const ids = new Set<string>();
    for (const entry of compiled) {
      if (ids.has(entry.row.id))
        throw new Error(`${name}: the row id ${entry.row.id} is used twice`);
      ids.add(entry.row.id);
      const first = entry.pattern.group[0];
      if (first?.words !== undefined && first.min > 0) {
        for (const word of first.words) {
          const list = this.byWord.get(word) ?? [];
          list.push(entry);
          this.byWord.set(word, list);
        }
      } else this.unindexed.push(entry);
    }
    // A word's list holds the rows indexed by it and every unindexed row, in table order.
    for (const [word, list] of this.byWord) {
      this.byWord.set(
        word,
        [...list, ...this.unindexed].sort((a, b) => a.order - b.order),
      );
    }
  }

  /** The row that decides at `start` (the first whose group starts there), or null. */
  decide(tokens: readonly MatchToken[], start: number): Decision<A> | null {
    const decision = this.find(tokens, start);
    if (decision !== null) noteRule(decision.row.id, tokens[start]);
    return decision;
  }

  /**
   * The row that would decide at `start`, not yet traced: for a caller whose own condition
   * settles whether the row acts (a count said in order), which then calls `note`. With
   * `accepts`, a match the condition refuses is passed over for the next row.
   */
  find(
    tokens: readonly MatchToken[],
    start: number,
    accepts?: (decision: Decision<A>) => boolean,
  ): Decision<A> | null {
    const token = tokens[start];
    if (token === undefined) return null;
    const candidates = this.byWord.get(token.lower) ?? this.unindexed;
    for (const { row, pattern } of candidates) {
      const end = matchAt(pattern, tokens, start);
      if (end < 0) continue;
      const decision = { row, start, end };
      if (accepts === undefined || accepts(decision)) return decision;
    }
    return null;
  }

  /** Traces a decision `find` gave, once the caller acts on it. */
  note(decision: Decision<A>, tokens: readonly MatchToken[]): void {
    noteRule(decision.row.id, tokens[decision.start]);
  }

  /** Whether any row could decide at a token of this word (a cheap check before `decide`). */
  mayDecide(token: MatchToken): boolean {
    return this.unindexed.length > 0 || this.byWord.has(token.lower);
  }
}
