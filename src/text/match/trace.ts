import type { MatchToken } from './pattern.js';

/**
 * Which rule rows and model decisions made an output: off unless a caller asks for it
 * (`formatWithRules(..., { trace: true })`), so the engine pays one null check a decision.
 * The engine is synchronous, so one recording at a time is all there can be.
 */
export interface TraceEvent {
  /** A row's id, or a model's name with what it decided ("model.category: work 0.82"). */
  readonly id: string;
  /** Where in the input the decision was made, when it was about a word. */
  readonly at?: number;
}

export interface TracedLine {
  readonly line: string;
  /** The ids that decided about the words this line was made from, in the order they ran. */
  readonly rules: readonly string[];
}

export interface Trace {
  readonly lines: readonly TracedLine[];
  /** Decisions about the whole input (inference, the format's shape) or about dropped words
   * that no line holds. */
  readonly whole: readonly string[];
}

interface LineSpan {
  line: string;
  from: number;
  to: number;
}

interface Recording {
  events: TraceEvent[];
  spans: LineSpan[];
}

let recording: Recording | null = null;

export function tracing(): boolean {
  return recording !== null;
}

export function noteRule(id: string, token?: MatchToken): void {
  if (recording === null) return;
  recording.events.push(token?.at === undefined ? { id } : { id, at: token.at });
}

/** A decision not made by a row: a model's answer, or a named step of the formatter. */
export function noteDecision(id: string, token?: MatchToken): void {
  noteRule(id, token);
}

/**
 * Says which input words an output line was made from: its tokens' offsets span the line, and
 * the words dropped between them (fillers, a retracted phrase) belong to it too.
 */
export function noteLine(line: string, tokens: readonly MatchToken[]): void {
  if (recording === null) return;
  let from = Infinity;
  let to = -Infinity;
  for (const token of tokens) {
    if (token.at === undefined) continue;
    from = Math.min(from, token.at);
    to = Math.max(to, token.at);
  }
  recording.spans.push({ line, from, to });
}

/** Runs `work` with the trace on; lines noted without words share the decisions with none. */
export function withTrace<T>(
  work: () => T,
  linesOf: (result: T) => readonly string[],
): {
  result: T;
  trace: Trace;
} {
  const outer = recording;
  const mine: Recording = { events: [], spans: [] };
  recording = mine;
  let result: T;
  try {
    result = work();
  } finally {
    recording = outer;
  }
  const spans = mine.spans.filter((span) => span.from <= span.to).sort((a, b) => a.from - b.from);
  const byLine = new Map<string, string[]>();
  const whole: string[] = [];
  for (const event of mine.events) {
    const span =
      event.at === undefined
        ? undefined
        : (spans.find(
            (one) => event.at !== undefined && event.at >= one.from && event.at <= one.to,
          ) ??
          // A word dropped between two lines (a filler after the last word of a task) goes
          // with the line before it.
          [...spans].reverse().find((one) => event.at !== undefined && one.from <= event.at));
    if (span === undefined) {
      if (!whole.includes(event.id)) whole.push(event.id);
      continue;
    }
    const rules = byLine.get(span.line) ?? [];
    if (!rules.includes(event.id)) rules.push(event.id);
    byLine.set(span.line, rules);
  }
  const lines = linesOf(result).map((line) => ({ line, rules: byLine.get(line) ?? [] }));
  return { result, trace: { lines, whole } };
}
