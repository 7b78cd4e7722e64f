import { z } from 'zod/mini';
import { CATEGORIES, FORMATS } from './taxonomy.js';
import { PLANS } from './plans.js';

/**
 * What the server answers (docs/api.md), defined once for both sides: the server serialises its
 * responses with these schemas (extra fields never leak), and the web app checks every answer
 * against them before anyone reads it. Written with zod/mini, whose functions tree-shake, so
 * the checks fit the page budget (docs/decisions/040-one-schema-both-sides.md). What the server
 * accepts is in api-request-schemas.ts, server only.
 */

// The one lists of formats, categories and plans, as zod/mini enums: taxonomy.ts's schemas are
// full zod, which the page cannot afford.
const FormatEnum = /* @__PURE__ */ z.enum(FORMATS);
const CategoryEnum = /* @__PURE__ */ z.enum(CATEGORIES);
const PlanEnum = /* @__PURE__ */ z.enum(PLANS);
const Count = /* @__PURE__ */ z.int().check(z.nonnegative());

export const ErrorSchema = /* @__PURE__ */ z.object({ error: z.string(), message: z.string() });
export type ApiError = z.infer<typeof ErrorSchema>;

export const MeSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  email: z.string(),
  plan: PlanEnum,
});
export type Me = z.infer<typeof MeSchema>;

/**
 * The answer of a sign-in that adopts the caller's guest ideas (register, login, claim):
 * `guestIdeasKept` did not fit the account (this month's past its limit, or audio past a free
 * account's kept-audio caps) and stay in the guest space (docs/product.md, "Guest ideas at
 * sign-in").
 */
export const SignedInSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  email: z.string(),
  plan: PlanEnum,
  guestIdeasKept: Count,
});
export type SignedIn = z.infer<typeof SignedInSchema>;

export const MessageSchema = /* @__PURE__ */ z.object({ message: z.string() });

/** The account a sign-in link opens, for its confirm page to name before anyone signs in. */
export const SignInLinkAccountSchema = /* @__PURE__ */ z.object({ email: z.string() });

/**
 * What the account had before its e-mail was first proved (by whoever registered the address or
 * paid a checkout for it), which the person has not yet said was theirs: a password, and ideas,
 * dictionary words or recordings.
 */
export const PasswordBeforeProofSchema = /* @__PURE__ */ z.object({
  passwordSetBeforeProof: z.boolean(),
  /** The account held ideas, dictionary words or recordings before the proof. */
  writtenBeforeProof: z.boolean(),
  /** What the account held before the proof, removed if the person says it was not them. */
  ideasBeforeProof: Count,
  dictionaryEntriesBeforeProof: Count,
  recordingsBeforeProof: Count,
});

/** What went when the person said what was there before was not theirs. */
export const NotMyPasswordSchema = /* @__PURE__ */ z.object({
  passwordRemoved: z.boolean(),
  ideasRemoved: Count,
  dictionaryEntriesRemoved: Count,
  recordingsRemoved: Count,
  shareLinksRemoved: Count,
});

export const UsageSchema = /* @__PURE__ */ z.object({
  usedThisMonth: Count,
  monthlyLimit: z.nullable(z.int().check(z.positive())),
  periodEndsAt: z.string(),
});
export type Usage = z.infer<typeof UsageSchema>;

export const IdeaSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  content: z.string(),
  format: FormatEnum,
  category: CategoryEnum,
  transcript: z.nullable(z.string()),
  userId: z.nullable(z.string()),
  createdAt: z.string(),
  /** The recording the idea was made from; the server always sends it (null when none). */
  recordingId: z.optional(z.nullable(z.string())),
});
export type Idea = z.infer<typeof IdeaSchema>;
/** What a new idea is made of; the owner and the id and time come from the server. */
export type NewIdea = Pick<Idea, 'content' | 'format' | 'category' | 'transcript'> & {
  recordingId?: string | null;
};

export const IdeaListSchema = /* @__PURE__ */ z.object({
  items: z.array(IdeaSchema),
  total: Count,
  /** A search stops counting at 1,000: then `total` is 1000 and this is true (docs/api.md). */
  totalCapped: z.optional(z.boolean()),
  nextCursor: z.nullable(z.string()),
});
export type IdeaList = z.infer<typeof IdeaListSchema>;

export const RECORDING_STATUSES = ['queued', 'transcribing', 'done', 'failed'] as const;
export const RecordingStatusSchema = /* @__PURE__ */ z.enum(RECORDING_STATUSES);
export type RecordingStatus = z.infer<typeof RecordingStatusSchema>;

/** A recording kept by the server (docs/api.md, "Recordings"). */
export const RecordingSchema = /* @__PURE__ */ z.object({
  id: z.string(),
  status: RecordingStatusSchema,
  /** 0..1: the share of the recording's pieces transcribed. */
  progress: z.number().check(z.minimum(0), z.maximum(1)),
  /** The pieces a long recording is cut into, and how many are transcribed; null until known. */
  pieces: z.nullable(
    z.object({ done: z.int().check(z.nonnegative()), total: z.int().check(z.positive()) }),
  ),
  durationMs: z.nullable(z.number().check(z.nonnegative())),
  transcript: z.nullable(z.string()),
  error: z.nullable(ErrorSchema),
  ideaId: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Recording = z.infer<typeof RecordingSchema>;

export const RecordingListSchema = /* @__PURE__ */ z.object({
  items: z.array(RecordingSchema),
  nextCursor: z.nullable(z.string()),
});
export type RecordingList = z.infer<typeof RecordingListSchema>;

export const DeletedCountSchema = /* @__PURE__ */ z.object({ deletedCount: Count });

/** An idea's public read-only link (docs/api.md, "Sharing and the person's own words"). */
export const ShareLinkSchema = /* @__PURE__ */ z.object({ url: z.string() });
export type ShareLink = z.infer<typeof ShareLinkSchema>;

/** The person's names and jargon (docs/api.md, "Sharing and the person's own words"). */
export const DictionarySchema = /* @__PURE__ */ z.object({
  entries: z.array(z.object({ term: z.string(), soundsLike: z.optional(z.string()) })),
});
export type Dictionary = z.infer<typeof DictionarySchema>;

export const FORMAT_MODES = ['smart', 'reliable'] as const;
export const FormatModeSchema = /* @__PURE__ */ z.enum(FORMAT_MODES);
export type FormatMode = z.infer<typeof FormatModeSchema>;
export const FormatPathSchema = /* @__PURE__ */ z.enum(['llm', 'rules', 'llm+fallback']);
export type FormatPath = z.infer<typeof FormatPathSchema>;

export const TranscribeResultSchema = /* @__PURE__ */ z.object({
  transcript: z.string(),
  engine: z.string(),
  durationMs: z.number().check(z.nonnegative()),
});
export type TranscribeResult = z.infer<typeof TranscribeResultSchema>;

export const FormatResultSchema = /* @__PURE__ */ z.object({
  formatted: z.string(),
  path: FormatPathSchema,
  mode: FormatModeSchema,
  notes: z.array(z.string()),
});
export type FormatResult = z.infer<typeof FormatResultSchema>;

export const InferResultSchema = /* @__PURE__ */ z.object({
  format: z.nullable(FormatEnum),
  category: z.nullable(CategoryEnum),
  confidence: z.number().check(z.minimum(0), z.maximum(1)),
});
export type InferResult = z.infer<typeof InferResultSchema>;

export const TranscriptionEngineSchema = /* @__PURE__ */ z.enum(['openai', 'whisper', 'none']);
export type TranscriptionEngineName = z.infer<typeof TranscriptionEngineSchema>;

/** Who writes a smart format: an OpenAI-compatible service, the embedded model, or nobody (rules). */
export const WriterEngineSchema = /* @__PURE__ */ z.enum(['openai', 'local', 'none']);
export type WriterEngineName = z.infer<typeof WriterEngineSchema>;

export const ConfigSchema = /* @__PURE__ */ z.object({
  version: z.string(),
  transcription: z.object({ engine: TranscriptionEngineSchema, available: z.boolean() }),
  formatter: z.object({ smart: z.boolean(), engine: WriterEngineSchema }),
  billing: z.object({ enabled: z.boolean(), priceMonthly: z.number() }),
  freeMonthlyLimit: z.int().check(z.positive()),
});
export type AppConfig = z.infer<typeof ConfigSchema>;

export const HealthSchema = /* @__PURE__ */ z.object({ status: z.literal('ok') });

export const CheckoutResultSchema = /* @__PURE__ */ z.union([
  z.object({ checkoutUrl: z.string() }),
  z.object({ beta: z.literal(true) }),
]);
export const PortalResultSchema = /* @__PURE__ */ z.object({ url: z.string() });
