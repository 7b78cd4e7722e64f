import { z } from 'zod';
import { CategorySchema, FormatSchema } from './taxonomy.js';
import { PlanSchema } from './plans.js';
import {
  EMAIL_MAX_CHARS,
  IDEA_CONTENT_MAX_CHARS,
  IDEA_ID_MAX_CHARS,
  IDEAS_PAGE_DEFAULT,
  IDEAS_PAGE_MAX,
  PASSWORD_MAX_CHARS,
  PASSWORD_MIN_CHARS,
  SEARCH_QUERY_MAX_CHARS,
  TRANSCRIPT_MAX_CHARS,
} from './limits.js';

/**
 * The HTTP contract (docs/api.md) as zod schemas, defined once: the server validates
 * requests and serialises responses with them, the web app types its client with them.
 */

const NUL = String.fromCharCode(0);

/**
 * Text as it arrives from a person, normalised once before any rule looks at it: U+0000 is
 * removed (PostgreSQL text cannot hold it, and SQLite's string functions stop at it), so
 * "\u0000\u0000" is as empty as "" and the length limit counts what is kept.
 */
function personText(maxChars: number) {
  return z
    .string()
    .refine(isWellFormed, { message: WELL_FORMED_MESSAGE })
    .transform((text) => (text.includes(NUL) ? text.split(NUL).join('') : text))
    .pipe(z.string().max(maxChars));
}

/**
 * Half of a surrogate pair on its own is no character: no keyboard types it, only a hand-written
 * JSON escape. It cannot be stored as UTF-8 either (it would come back as three U+FFFD and over
 * the length limit), and in a password it would collide with every other lone half.
 */
const WELL_FORMED_MESSAGE = 'must be valid Unicode text';

// A loop rather than String.prototype.isWellFormed (ES2024) or a look-behind regex, which the
// oldest browsers the app supports cannot parse.
function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i += 1;
  }
  return true;
}

function nonBlankText(maxChars: number, field: string) {
  return personText(maxChars).refine((text) => text.trim().length > 0, {
    message: `${field} must not be empty`,
  });
}

export const ErrorSchema = z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ErrorSchema>;

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_CHARS)
  .pipe(z.email({ message: 'email must be a valid e-mail address' }))
  .transform((email) => email.toLowerCase());

export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN_CHARS)
  .max(PASSWORD_MAX_CHARS)
  .refine(isWellFormed, { message: WELL_FORMED_MESSAGE });

export const MeSchema = z.object({ id: z.string(), email: z.string(), plan: PlanSchema });
export type Me = z.infer<typeof MeSchema>;

export const RegisterBodySchema = z.object({ email: EmailSchema, password: PasswordSchema });
/** An empty password asks for a one-time sign-in link instead. */
export const LoginBodySchema = z.object({
  email: EmailSchema,
  password: z
    .string()
    .max(PASSWORD_MAX_CHARS)
    .refine(isWellFormed, { message: WELL_FORMED_MESSAGE })
    .default(''),
});
export const ForgotPasswordBodySchema = z.object({ email: EmailSchema });
export const ResetPasswordBodySchema = z.object({
  token: z.string().min(1).max(200),
  newPassword: PasswordSchema,
});
export const ClaimBodySchema = z.object({ token: z.string().min(1).max(500) });
export const DeleteAccountBodySchema = z.object({
  password: z.string().max(PASSWORD_MAX_CHARS).default(''),
});
export const MessageSchema = z.object({ message: z.string() });

export const UsageSchema = z.object({
  usedThisMonth: z.number().int().nonnegative(),
  monthlyLimit: z.number().int().positive().nullable(),
  periodEndsAt: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const IdeaSchema = z.object({
  id: z.string(),
  content: z.string(),
  format: FormatSchema,
  category: CategorySchema,
  transcript: z.string().nullable(),
  userId: z.string().nullable(),
  createdAt: z.string(),
});
export type Idea = z.infer<typeof IdeaSchema>;

export const IdeaListSchema = z.object({
  items: z.array(IdeaSchema),
  total: z.number().int().nonnegative(),
  nextCursor: z.string().nullable(),
});
export type IdeaList = z.infer<typeof IdeaListSchema>;

export const IdeaIdParamsSchema = z.object({ id: z.string().min(1).max(IDEA_ID_MAX_CHARS) });

export const ListIdeasQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(IDEAS_PAGE_MAX).default(IDEAS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
  q: personText(SEARCH_QUERY_MAX_CHARS).optional(),
  category: CategorySchema.optional(),
});
export type ListIdeasQuery = z.infer<typeof ListIdeasQuerySchema>;

const IdeaContentSchema = nonBlankText(IDEA_CONTENT_MAX_CHARS, 'content');

export const CreateIdeaBodySchema = z.object({
  content: IdeaContentSchema,
  format: FormatSchema,
  category: CategorySchema,
  transcript: personText(TRANSCRIPT_MAX_CHARS).nullable().optional(),
});
export type CreateIdeaBody = z.infer<typeof CreateIdeaBodySchema>;

export const UpdateIdeaBodySchema = z.object({ content: IdeaContentSchema });

export const FormatModeSchema = z.enum(['smart', 'reliable']);
export type FormatMode = z.infer<typeof FormatModeSchema>;
export const FormatPathSchema = z.enum(['llm', 'rules', 'llm+fallback']);
export type FormatPath = z.infer<typeof FormatPathSchema>;

export const ReformatBodySchema = z.object({
  format: FormatSchema.optional(),
  category: CategorySchema.optional(),
  mode: FormatModeSchema.default('smart'),
});

export const DeletedCountSchema = z.object({ deletedCount: z.number().int().nonnegative() });

export const ExportFormatSchema = z.enum(['json', 'markdown', 'csv']);
export const ExportQuerySchema = z.object({ format: ExportFormatSchema.default('json') });

export const TranscribeResultSchema = z.object({
  transcript: z.string(),
  engine: z.string(),
  durationMs: z.number().nonnegative(),
});
export type TranscribeResult = z.infer<typeof TranscribeResultSchema>;

export const FormatBodySchema = z.object({
  transcript: nonBlankText(TRANSCRIPT_MAX_CHARS, 'transcript'),
  format: FormatSchema,
  category: CategorySchema,
  mode: FormatModeSchema.default('smart'),
});
export type FormatBody = z.infer<typeof FormatBodySchema>;

export const FormatResultSchema = z.object({
  formatted: z.string(),
  path: FormatPathSchema,
  mode: FormatModeSchema,
  notes: z.array(z.string()),
});
export type FormatResult = z.infer<typeof FormatResultSchema>;

export const InferBodySchema = z.object({ transcript: personText(TRANSCRIPT_MAX_CHARS) });
export const InferResultSchema = z.object({
  format: FormatSchema.nullable(),
  category: CategorySchema.nullable(),
  confidence: z.number().min(0).max(1),
});
export type InferResult = z.infer<typeof InferResultSchema>;

export const TranscriptionEngineSchema = z.enum(['openai', 'whisper', 'none']);
export type TranscriptionEngineName = z.infer<typeof TranscriptionEngineSchema>;

export const ConfigSchema = z.object({
  version: z.string(),
  transcription: z.object({ engine: TranscriptionEngineSchema, available: z.boolean() }),
  formatter: z.object({ smart: z.boolean() }),
  billing: z.object({ enabled: z.boolean(), priceMonthly: z.number() }),
  freeMonthlyLimit: z.number().int().positive(),
});
export type AppConfig = z.infer<typeof ConfigSchema>;

export const HealthSchema = z.object({ status: z.literal('ok') });

export const CheckoutBodySchema = z.object({ email: EmailSchema });
export const CheckoutResultSchema = z.union([
  z.object({ checkoutUrl: z.string() }),
  z.object({ beta: z.literal(true) }),
]);
export const PortalResultSchema = z.object({ url: z.string() });
