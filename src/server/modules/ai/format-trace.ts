import { z } from 'zod';
import { FormatBodySchema } from '#contract/api-request-schemas.js';
import { FormatResultSchema, type FormatResult } from '#contract/api-schemas.js';
import { formatWithRules } from '#text/formats/format-with-rules.js';
import { inferFormatAndCategory } from '#text/infer.js';
import type { FormatBody } from '#contract/api-request-schemas.js';

/*
 * The debug extension of POST /api/format (docs/api.md, "Extensions"): with FORMAT_DEBUG_TRACE
 * set, `debug: true` adds which rule rows and model decisions made each line of a rules answer
 * (docs/text-engine.md, "Tracing a bad output"). It lives here, not in the contract, because the
 * web app never asks for it and nobody's screen shows it.
 */

export const DebugFormatBodySchema = FormatBodySchema.extend({ debug: z.boolean().optional() });

export const FormatTraceSchema = z.object({
  /** What inference would say of the transcript, and the decisions behind it. */
  inference: z.object({
    format: z.string().nullable(),
    category: z.string().nullable(),
    confidence: z.number(),
    decisions: z.array(z.string()),
  }),
  lines: z.array(z.object({ line: z.string(), rules: z.array(z.string()) })),
  whole: z.array(z.string()),
});
export type FormatTrace = z.infer<typeof FormatTraceSchema>;

export const DebugFormatResultSchema = z.object({
  ...FormatResultSchema.shape,
  /** null when a model wrote the answer: no rule decided any of it. */
  trace: FormatTraceSchema.nullable().optional(),
});

/**
 * The trace of the rules' answer to `body`. The engine is deterministic, so tracing it again on
 * this thread gives the lines the worker wrote; a mismatch would mean the trace describes
 * another answer, so it is refused rather than shown.
 */
export function traceRulesAnswer(body: FormatBody, answer: FormatResult): FormatTrace | null {
  if (answer.path === 'llm') return null;
  const traced = formatWithRules(body.transcript, body.format, body.category, { trace: true });
  if (traced.text !== answer.formatted) {
    throw new Error('the traced rules answer differs from the one given');
  }
  const inferred = inferFormatAndCategory(body.transcript, { trace: true });
  return {
    inference: {
      format: inferred.format,
      category: inferred.category,
      confidence: inferred.confidence,
      decisions: [...inferred.trace],
    },
    lines: traced.trace.lines.map(({ line, rules }) => ({ line, rules: [...rules] })),
    whole: [...traced.trace.whole],
  };
}
