import type {
  AppConfig,
  FormatResult,
  Idea,
  IdeaList,
  InferResult,
  Me,
  TranscribeResult,
  Usage,
} from '../../core/api-schemas';
import { isCategory, isFormat } from '../../core/taxonomy';

/**
 * Checks of the server's answers at the edge of the app. The shared zod schemas stay on the
 * server: zod would take half of the 120 KB budget for `/`, so the web checks shapes by hand,
 * against the same types.
 */
export type Parser<T> = (value: unknown) => T;

export class ResponseShapeError extends Error {
  constructor(what: string) {
    super(`Unexpected response from the server (${what})`);
    this.name = 'ResponseShapeError';
  }
}

type Fields = Record<string, unknown>;

function object(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ResponseShapeError(what);
  }
  return value as Fields;
}

function string(value: unknown, what: string): string {
  if (typeof value !== 'string') throw new ResponseShapeError(what);
  return value;
}

function number(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new ResponseShapeError(what);
  return value;
}

function nullableString(value: unknown, what: string): string | null {
  return value === null || value === undefined ? null : string(value, what);
}

function boolean(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') throw new ResponseShapeError(what);
  return value;
}

const TRANSCRIPTION_ENGINES = ['openai', 'whisper', 'none'] as const;

export const parseConfig: Parser<AppConfig> = (value) => {
  const o = object(value, 'config');
  const transcription = object(o.transcription, 'config.transcription');
  const engine = TRANSCRIPTION_ENGINES.find((name) => name === transcription.engine);
  if (!engine) throw new ResponseShapeError('config.transcription.engine');
  const formatter = object(o.formatter, 'config.formatter');
  const billing = object(o.billing, 'config.billing');
  return {
    version: string(o.version, 'config.version'),
    transcription: {
      engine,
      available: boolean(transcription.available, 'config.transcription.available'),
    },
    formatter: { smart: boolean(formatter.smart, 'config.formatter.smart') },
    billing: {
      enabled: boolean(billing.enabled, 'config.billing.enabled'),
      priceMonthly: number(billing.priceMonthly, 'config.billing.priceMonthly'),
    },
    freeMonthlyLimit: number(o.freeMonthlyLimit, 'config.freeMonthlyLimit'),
  };
};

export const parseMe: Parser<Me> = (value) => {
  const o = object(value, 'me');
  const plan = string(o.plan, 'me.plan');
  if (!['guest', 'free', 'active', 'beta', 'pro'].includes(plan))
    throw new ResponseShapeError('me.plan');
  return {
    id: string(o.id, 'me.id'),
    email: string(o.email, 'me.email'),
    plan: plan as Me['plan'],
  };
};

export const parseUsage: Parser<Usage> = (value) => {
  const o = object(value, 'usage');
  return {
    usedThisMonth: number(o.usedThisMonth, 'usage.usedThisMonth'),
    monthlyLimit: o.monthlyLimit === null ? null : number(o.monthlyLimit, 'usage.monthlyLimit'),
    periodEndsAt: string(o.periodEndsAt, 'usage.periodEndsAt'),
  };
};

export const parseIdea: Parser<Idea> = (value) => {
  const o = object(value, 'idea');
  if (!isFormat(o.format)) throw new ResponseShapeError('idea.format');
  if (!isCategory(o.category)) throw new ResponseShapeError('idea.category');
  return {
    id: string(o.id, 'idea.id'),
    content: string(o.content, 'idea.content'),
    format: o.format,
    category: o.category,
    transcript: nullableString(o.transcript, 'idea.transcript'),
    userId: nullableString(o.userId, 'idea.userId'),
    createdAt: string(o.createdAt, 'idea.createdAt'),
  };
};

export const parseIdeaList: Parser<IdeaList> = (value) => {
  const o = object(value, 'idea list');
  if (!Array.isArray(o.items)) throw new ResponseShapeError('idea list.items');
  return {
    items: o.items.map(parseIdea),
    total: number(o.total, 'idea list.total'),
    nextCursor: nullableString(o.nextCursor, 'idea list.nextCursor'),
  };
};

export const parseTranscribeResult: Parser<TranscribeResult> = (value) => {
  const o = object(value, 'transcription');
  return {
    transcript: string(o.transcript, 'transcript'),
    engine: typeof o.engine === 'string' ? o.engine : 'unknown',
    durationMs: typeof o.durationMs === 'number' ? o.durationMs : 0,
  };
};

export const parseFormatResult: Parser<FormatResult> = (value) => {
  const o = object(value, 'format result');
  const path = string(o.path, 'format.path');
  if (path !== 'llm' && path !== 'rules' && path !== 'llm+fallback') {
    throw new ResponseShapeError('format.path');
  }
  const mode = o.mode === 'reliable' ? 'reliable' : 'smart';
  const notes = Array.isArray(o.notes)
    ? o.notes.filter((n): n is string => typeof n === 'string')
    : [];
  return { formatted: string(o.formatted, 'format.formatted'), path, mode, notes };
};

/** Spec section 8: an unusable inference answer means "nothing found", never an error. */
export const parseInferResult: Parser<InferResult> = (value) => {
  const o = object(value, 'inference');
  const confidence = typeof o.confidence === 'number' ? Math.min(1, Math.max(0, o.confidence)) : 0;
  return {
    format: isFormat(o.format) ? o.format : null,
    category: isCategory(o.category) ? o.category : null,
    confidence,
  };
};
