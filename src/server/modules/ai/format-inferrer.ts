import { z } from 'zod';
import type { InferResult } from '#contract/api-schemas.js';
import { CategorySchema, FormatSchema } from '#contract/taxonomy.js';
import { SERVER_APPLY_THRESHOLD } from '#contract/thresholds.js';
import type { CancelSignal } from '../../http/client-gone.js';
import type { ChatModel } from './chat-model.js';
import { INFER_SHAPE } from './output-shapes.js';
import { inferMessages } from './prompts.js';
import { inferWithRulesOnWorker } from './rules-thread.js';

export interface FormatInferrer {
  /** Never rejects: a model fault answers with what the rules found. `signal`: as for format. */
  infer(transcript: string, signal?: CancelSignal): Promise<InferResult>;
}

const ModelAnswerSchema = z
  .object({
    format: FormatSchema.nullable(),
    category: CategorySchema.nullable(),
    confidence: z.number().min(0).max(1),
  })
  .strict();

/**
 * The answer's one line of JSON (INFER_SHAPE) is under 100 characters; a reply many times that,
 * fenced and spaced however, is prose, and is not read at all.
 */
const ANSWER_MAX_UNITS = 2_000;

/**
 * Read the model's answer strictly: exactly one JSON object with exactly the three fields and
 * allowed values. Anything else (prose, extra keys, a format we do not have) is not an answer.
 */
export function parseModelAnswer(reply: string): InferResult | null {
  if (reply.length > ANSWER_MAX_UNITS) return null;
  const opened = reply.trim().replace(/^```(?:json)?\s*/i, '');
  // The closing fence is cut by hand: an unanchored /\s*```$/ retries each run of spaces from
  // every one of them, 10^8 steps over 20,000 spaces.
  const trimmed = opened.endsWith('```') ? opened.slice(0, -3).trimEnd() : opened;
  if (!trimmed.startsWith('{') || !trimmed.endsWith('}')) return null;
  let json: unknown;
  try {
    json = JSON.parse(trimmed);
  } catch {
    return null;
  }
  const parsed = ModelAnswerSchema.safeParse(json);
  if (!parsed.success) return null;
  const { format, category, confidence } = parsed.data;
  if (format === null && category === null) return { format: null, category: null, confidence: 0 };
  return { format, category, confidence };
}

/** The rules' answer; a long transcript's may come from a worker thread, hence the promise. */
export type RuleInferrer = (transcript: string) => InferResult | Promise<InferResult>;

export class HybridFormatInferrer implements FormatInferrer {
  constructor(
    private readonly model: ChatModel | null,
    private readonly rules: RuleInferrer = inferWithRulesOnWorker,
  ) {}

  async infer(transcript: string, signal?: CancelSignal): Promise<InferResult> {
    const rules = await this.rules(transcript);
    if (
      rules.confidence >= SERVER_APPLY_THRESHOLD ||
      this.model === null ||
      transcript.trim() === ''
    ) {
      return rules;
    }
    let answer: InferResult | null;
    try {
      const reply = await this.model.complete(
        { messages: inferMessages(transcript), maxTokens: 60, temperature: 0, shape: INFER_SHAPE },
        signal?.(),
      );
      answer = parseModelAnswer(reply);
    } catch {
      // Inference is advisory (the app stays silent on failure): the rules' answer stands.
      return rules;
    }
    if (answer === null || answer.confidence <= rules.confidence) return rules;
    return {
      format: answer.format ?? rules.format,
      category: answer.category ?? rules.category,
      confidence: answer.confidence,
    };
  }
}
