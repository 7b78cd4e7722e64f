import { z } from 'zod';
import { DEFAULT_FREE_MONTHLY_LIMIT } from '#contract/plans.js';
import { TranscriptionEngineSchema } from '#contract/api-schemas.js';
import { RECORDING_MAX_BYTES_DEFAULT, UPLOAD_EXPIRY_HOURS_DEFAULT } from '#contract/limits.js';
import { billingConfig, s3Config, type BillingConfig, type S3Config } from './config-services.js';

/**
 * The environment, parsed once at boot (docs/api.md, "Configuration"). Every bad key is listed
 * in one error so a misconfigured deployment fails loudly at start instead of on the first
 * request.
 */

/**
 * The embedded writer's default model, which `npm run models` downloads (scripts/models.mjs;
 * docs/decisions/151-default-writer-model.md).
 */
export const DEFAULT_LOCAL_WRITER_FILE = 'qwen2.5-1.5b-instruct-q4_k_m.gguf';

const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = optionalString.pipe(z.url().optional());

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** An ALLOWED_HOSTS entry: a DNS name (underscores allowed, as container names have them). */
const HOST_NAME_ENTRY =
  /^\.?[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*\.?$/i;

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: optionalUrl,
  ALLOWED_HOSTS: z
    .string()
    .default('')
    .refine(
      (value) =>
        value
          .split(',')
          .map((entry) => entry.trim())
          .every((entry) => entry === '' || entry === '*' || HOST_NAME_ENTRY.test(entry)),
      'must be host names separated by commas (a leading dot for a name and every name under it, or *), without ports',
    ),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/app.db')
    .refine((url) => url.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(url), {
      message: 'must be sqlite:<file> or postgres://…',
    }),
  FREE_MONTHLY_LIMIT: positiveInt(DEFAULT_FREE_MONTHLY_LIMIT),
  SMTP_URL: optionalUrl,
  MAIL_FROM: optionalString,
  MAIL_TIMEOUT_MS: positiveInt(10_000),
  OPENAI_BASE_URL: optionalUrl,
  OPENAI_API_KEY: optionalString,
  LLM_BASE_URL: optionalUrl,
  LLM_API_KEY: optionalString,
  LLM_MODEL: z.string().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: positiveInt(8000),
  LLM_ENGINE: z.enum(['auto', 'openai', 'local', 'none']).default('auto'),
  LLM_MODEL_PATH: z.string().min(1).default(`./models/${DEFAULT_LOCAL_WRITER_FILE}`),
  TRANSCRIBE_ENGINE: z.enum(['auto', ...TranscriptionEngineSchema.options]).default('auto'),
  TRANSCRIBE_BASE_URL: optionalUrl,
  TRANSCRIBE_API_KEY: optionalString,
  TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIBE_TIMEOUT_MS: positiveInt(60_000),
  WHISPER_MODEL_PATH: z.string().min(1).default('./models/ggml-base.en.bin'),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_ID: optionalString,
  STRIPE_API_BASE: optionalUrl.refine(
    (url) => url === undefined || /^https?:\/\//.test(url),
    'must be an http:// or https:// URL',
  ),
  STRIPE_TIMEOUT_MS: positiveInt(8_000),
  REDIS_URL: optionalUrl.refine(
    (url) => url === undefined || /^rediss?:\/\//.test(url),
    'must be redis://… or rediss://…',
  ),
  RATE_LIMIT_AUTH_PER_MIN: positiveInt(10),
  RATE_LIMIT_AI_PER_MIN: positiveInt(30),
  RATE_LIMIT_SAVES_PER_MIN: positiveInt(240),
  RATE_LIMIT_NEW_GUESTS_PER_HOUR: positiveInt(300),
  // 4 MiB: docs/api.md "Rate limits" and ADR 129 derive it.
  RATE_LIMIT_TEXT_BYTES_PER_HOUR: positiveInt(4 * 1024 * 1024),
  TRUST_PROXY: booleanFlag,
  FORMAT_DEBUG_TRACE: booleanFlag,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  RECORDING_MAX_BYTES: positiveInt(RECORDING_MAX_BYTES_DEFAULT),
  UPLOAD_EXPIRY_HOURS: z.coerce.number().positive().default(UPLOAD_EXPIRY_HOURS_DEFAULT),
  RECORDINGS_DIR: z.string().min(1).default('./data/recordings'),
  RECORDING_BYTES_PER_HOUR: positiveInt(1024 * 1024 * 1024),
  TRANSCRIPTION_MINUTES_PER_HOUR: positiveInt(240),
  RECORDINGS_UNSAVED_MAX_BYTES: positiveInt(20 * 1024 * 1024 * 1024),
  UNSAVED_RECORDING_EXPIRY_DAYS: z.coerce.number().positive().default(30),
  RECORDINGS_KEPT_MAX_BYTES_FREE: positiveInt(1024 * 1024 * 1024),
  RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: positiveInt(4 * 1024 * 1024 * 1024),
  SHARE_LINK_SECRET: optionalString.pipe(z.string().min(32).optional()),
  S3_ENDPOINT: optionalUrl,
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
  S3_TIMEOUT_MS: positiveInt(10_000),
});

export type Env = z.infer<typeof EnvSchema>;

/**
 * Hours one address must send its whole budget for to fill the server's room for recordings no
 * idea was made from: a day touches at most 25 hourly windows, so 48 leaves one address short of
 * the cap for a day with room to spare for everyone else (ADR 117).
 */
export const ADDRESS_HOURS_TO_FILL_SERVER = 48;

/**
 * An address's bytes an hour: RECORDING_BYTES_PER_HOUR, but at most the server's cap over
 * ADDRESS_HOURS_TO_FILL_SERVER hours, and never less than one recording of the largest size.
 */
export function recordingBytesPerHour(
  env: Pick<
    Env,
    'RECORDING_BYTES_PER_HOUR' | 'RECORDINGS_UNSAVED_MAX_BYTES' | 'RECORDING_MAX_BYTES'
  >,
): number {
  const share = Math.floor(env.RECORDINGS_UNSAVED_MAX_BYTES / ADDRESS_HOURS_TO_FILL_SERVER);
  return Math.min(env.RECORDING_BYTES_PER_HOUR, Math.max(share, env.RECORDING_MAX_BYTES));
}

export type { BillingConfig, S3Config } from './config-services.js';

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  /**
   * Host names the server answers to besides loopback, IP literals, PUBLIC_URL's and the
   * machine's own (http/host-allow-list.ts): exact, `.suffix`, or `*` for any.
   */
  allowedHosts: string[];
  databaseUrl: string;
  freeMonthlyLimit: number;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /**
   * Whether `POST /api/format` answers `debug: true` with the rule engine's trace
   * (docs/api.md, "Extensions"): for whoever runs the server, never on by default.
   */
  formatDebugTrace: boolean;
  webDistDir: string;
  /** timeoutMs bounds each send, from connecting to the server's last answer. */
  mail: { smtpUrl: string | undefined; from: string; timeoutMs: number };
  llm: {
    engine: Env['LLM_ENGINE'];
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    /** The embedded writer's GGUF model (LLM_ENGINE=local). */
    modelPath: string;
  };
  transcription: {
    engine: Env['TRANSCRIBE_ENGINE'];
    baseUrl: string | undefined;
    apiKey: string | undefined;
    model: string;
    timeoutMs: number;
    whisperModelPath: string;
  };
  /** null when billing is off: all three Stripe keys are set, or none is (billingConfig). */
  billing: BillingConfig | null;
  rateLimits: {
    authPerMinute: number;
    aiPerMinute: number;
    savesPerMinute: number;
    newGuestsPerHour: number;
    textBytesPerHour: number;
    /** Minutes of audio one address may have transcribed an hour. */
    transcriptionMinutesPerHour: number;
  };
  /** Where instances share their rate-limit counts (ADR 070); unset: the database or memory. */
  redisUrl: string | undefined;
  /**
   * ADR 120: where recordings are kept and how big and how old an upload may be. ADR 106: the
   * bytes one address may send an hour, the most the server keeps of recordings no idea was
   * made from, and how long such a recording is kept.
   */
  recordings: {
    maxBytes: number;
    uploadExpiryMs: number;
    directory: string;
    bytesPerHourPerAddress: number;
    unsavedMaxBytes: number;
    unsavedExpiryMs: number;
    /**
     * The most audio a free account, and the free accounts of one address together, keep with
     * their ideas (an account's idea keeps its audio for good, outside the room for unsaved
     * recordings, and accounts cost nothing to make); Pro accounts are not capped.
     */
    keptAudioFree: { perAccount: number; perAddress: number };
    /** ADR 128: the bucket recordings are kept in when S3_BUCKET is set, else undefined. */
    s3: S3Config | undefined;
  };
  /** ADR 170: the key share links' tokens are derived with; unset, one kept in the database. */
  shareLinkSecret: string | undefined;
}

export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((issue) => `  - ${issue}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(
  source: NodeJS.ProcessEnv | Record<string, string | undefined> = process.env,
): Config {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.') || '(env)'}: ${issue.message}`),
    );
  }
  const env = parsed.data;
  const { billing, issues: billingIssues } = billingConfig(env);
  const { s3, issues: s3Issues } = s3Config(env);
  const keptIssues =
    env.RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS < env.RECORDINGS_KEPT_MAX_BYTES_FREE
      ? [
          'RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS: must be at least RECORDINGS_KEPT_MAX_BYTES_FREE, or one account could never reach its own cap',
        ]
      : [];
  if (billingIssues.length + s3Issues.length + keptIssues.length > 0) {
    throw new ConfigError([...billingIssues, ...s3Issues, ...keptIssues]);
  }
  const port = env.PORT;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    env: env.NODE_ENV,
    port,
    host: env.HOST,
    publicUrl,
    allowedHosts: env.ALLOWED_HOSTS.split(',')
      .map((entry) => entry.trim().toLowerCase().replace(/\.$/, ''))
      .filter((entry) => entry !== ''),
    databaseUrl: env.DATABASE_URL,
    freeMonthlyLimit: env.FREE_MONTHLY_LIMIT,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    formatDebugTrace: env.FORMAT_DEBUG_TRACE,
    webDistDir: env.WEB_DIST_DIR,
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM ?? 'Voice Ideas <no-reply@localhost>',
      timeoutMs: env.MAIL_TIMEOUT_MS,
    },
    llm: {
      engine: env.LLM_ENGINE,
      baseUrl: env.LLM_BASE_URL ?? env.OPENAI_BASE_URL,
      apiKey: env.LLM_API_KEY ?? env.OPENAI_API_KEY,
      model: env.LLM_MODEL,
      timeoutMs: env.LLM_TIMEOUT_MS,
      modelPath: env.LLM_MODEL_PATH,
    },
    transcription: {
      engine: env.TRANSCRIBE_ENGINE,
      baseUrl: env.TRANSCRIBE_BASE_URL ?? env.OPENAI_BASE_URL,
      apiKey: env.TRANSCRIBE_API_KEY ?? env.OPENAI_API_KEY,
      model: env.TRANSCRIBE_MODEL,
      timeoutMs: env.TRANSCRIBE_TIMEOUT_MS,
      whisperModelPath: env.WHISPER_MODEL_PATH,
    },
    billing,
    rateLimits: {
      authPerMinute: env.RATE_LIMIT_AUTH_PER_MIN,
      aiPerMinute: env.RATE_LIMIT_AI_PER_MIN,
      savesPerMinute: env.RATE_LIMIT_SAVES_PER_MIN,
      newGuestsPerHour: env.RATE_LIMIT_NEW_GUESTS_PER_HOUR,
      textBytesPerHour: env.RATE_LIMIT_TEXT_BYTES_PER_HOUR,
      transcriptionMinutesPerHour: env.TRANSCRIPTION_MINUTES_PER_HOUR,
    },
    redisUrl: env.REDIS_URL,
    recordings: {
      maxBytes: env.RECORDING_MAX_BYTES,
      uploadExpiryMs: Math.round(env.UPLOAD_EXPIRY_HOURS * 60 * 60 * 1000),
      directory: env.RECORDINGS_DIR,
      bytesPerHourPerAddress: recordingBytesPerHour(env),
      unsavedMaxBytes: env.RECORDINGS_UNSAVED_MAX_BYTES,
      unsavedExpiryMs: Math.round(env.UNSAVED_RECORDING_EXPIRY_DAYS * 24 * 60 * 60 * 1000),
      keptAudioFree: {
        perAccount: env.RECORDINGS_KEPT_MAX_BYTES_FREE,
        perAddress: env.RECORDINGS_KEPT_MAX_BYTES_PER_ADDRESS,
      },
      s3,
    },
    shareLinkSecret: env.SHARE_LINK_SECRET,
  };
}

/** A configuration for tests: the defaults plus overrides, never reading process.env. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...overrides });
}
