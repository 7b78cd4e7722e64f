import type { ColumnType } from 'kysely';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Plan } from '#contract/plans.js';

/**
 * Kysely's view of the tables. Instants are written as ISO-8601 UTC strings on both dialects;
 * SQLite stores them as that text (fixed width, so text order is time order) and PostgreSQL as
 * timestamptz, which the pool reads back as the same ISO text (db/postgres-instants.ts). Rows
 * are mapped to API shapes in the repositories.
 */
type Instant = ColumnType<string | Date, string, string>;
type NullableInstant = ColumnType<string | Date | null, string | null, string | null>;
/** count(*) and bigint columns come back as numbers from SQLite and strings from `pg`. */
type Count = ColumnType<number | string, number, number>;

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  plan: ColumnType<Plan, Plan | undefined, Plan>;
  billing_customer_id: string | null;
  /** The billing subscription as last read from the billing API (migration 004). */
  subscription_id: ColumnType<string | null, string | null | undefined, string | null>;
  subscription_status: ColumnType<string | null, string | null | undefined, string | null>;
  current_period_start: ColumnType<string | Date | null, string | null | undefined, string | null>;
  current_period_end: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** The checkout whose fulfilment created the account; null otherwise (migration 011). */
  created_by_checkout: ColumnType<string | null, string | null | undefined, string | null>;
  /** Every session opened before the current epoch is dead (migration 014, ADR 107). */
  session_epoch: ColumnType<number, number | undefined, number>;
  /** When a mailed link of the account was first used; null: nobody has proved the e-mail. */
  email_proven_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** 1: the first proof found a password set before it, not yet confirmed (migration 015). */
  password_before_proof: ColumnType<number, number | undefined, number>;
  /** 1: the first proof found ideas, dictionary words or recordings, not yet answered (018). */
  written_before_proof: ColumnType<number, number | undefined, number>;
  created_at: Instant;
  updated_at: Instant;
}

export interface SessionsTable {
  id: string;
  token_hash: string;
  user_id: string;
  expires_at: Instant;
  created_at: Instant;
  /** How the session began; a sign-in link's session may delete a password-less account. */
  opened_by: ColumnType<SessionOpening, SessionOpening | undefined, SessionOpening>;
  /** The account's session_epoch when the session was opened (migration 014). */
  epoch: ColumnType<number, number | undefined, number>;
}

export type SessionOpening = 'password' | 'link';

export interface IdeasTable {
  id: string;
  /** Exactly one of user_id and guest_id is set (a CHECK constraint holds it). */
  user_id: string | null;
  guest_id: string | null;
  content: string;
  format: Format;
  category: Category;
  transcript: string | null;
  /** The recording the idea was made from (migration 011); one idea per recording. */
  recording_id: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Instant;
  updated_at: Instant;
  /** When it moved in from a guest (migration 017); null: saved by its owner. */
  joined_at: NullableInstant;
}

export type RecordingStatus = 'uploading' | 'queued' | 'transcribing' | 'done' | 'failed';

/** A recording from its first byte to its transcript; also its transcription job (migration 011). */
export interface RecordingsTable {
  id: string;
  /** Exactly one of user_id and guest_id is set (a CHECK constraint holds it). */
  user_id: string | null;
  guest_id: string | null;
  status: RecordingStatus;
  filename: string | null;
  /** The sniffed container's MIME type, set when the upload is complete. */
  content_type: string | null;
  size_bytes: Count | null;
  format: Format | null;
  category: Category | null;
  /** 0: the audio is removed once the transcript is kept (the person's setting). */
  keep_audio: ColumnType<number, number | undefined, number>;
  /** The language spoken (ISO 639-1) the upload named; null: the engine detects it. */
  language: string | null;
  duration_ms: Count | null;
  pieces_done: ColumnType<number, number | undefined, number>;
  pieces_total: ColumnType<number, number | undefined, number>;
  transcript: string | null;
  error_code: string | null;
  error_message: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  run_after: NullableInstant;
  lease_until: NullableInstant;
  upload_expires_at: NullableInstant;
  created_at: Instant;
  updated_at: Instant;
  /** The address that began the upload (migration 016); null before it. */
  client_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** When it moved in from a guest (migration 018); null: recorded by its owner. */
  joined_at: ColumnType<string | Date | null, string | null | undefined, string | null>;
  /** What an upload still arriving holds: reserved before each PATCH, then its offset (020). */
  received_bytes: ColumnType<number | string, number | undefined, number>;
}

/** An upload's progress in the PostgreSQL byte store (migration 011). */
export interface RecordingUploadsTable {
  id: string;
  size_bytes: Count | null;
  received_bytes: ColumnType<number | string, number | undefined, number>;
  metadata: string | null;
  created_at: Instant;
}

export interface RecordingChunksTable {
  upload_id: string;
  start_offset: ColumnType<number | string, number, number>;
  bytes: Buffer;
}

export interface UsageTable {
  /** `user:<id>` or `guest:<id>` (see repositories/owner.ts). */
  owner_key: string;
  /** The quota period, e.g. the calendar month `2026-11`. */
  period_key: string;
  count: Count;
}

/**
 * How many ideas each owner has per category (migration 003), kept exact by triggers on ideas;
 * an owner/category with no ideas has no row.
 */
export interface IdeaCountsTable {
  /** ownerKey() of repositories/owner.ts. */
  owner_key: string;
  category: Category;
  count: Count;
}

/**
 * What a one-time token is for: the sign-in link, password reset and checkout claim flows
 * (docs/api.md, "Identity").
 */
export type AuthTokenPurpose = 'magic_link' | 'password_reset' | 'checkout_claim';

export interface AuthTokensTable {
  id: string;
  purpose: AuthTokenPurpose;
  token_hash: string;
  user_id: string | null;
  guest_id: string | null;
  email: string | null;
  expires_at: Instant;
  used_at: NullableInstant;
  created_at: Instant;
  /** The checkout a claim token belongs to (migration 004). */
  checkout_session_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A claim token's browser: SHA-256 of the cookie its checkout was started with (migration 011). */
  browser_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One row per processed billing webhook event (migration 004). */
export interface BillingEventsTable {
  event_id: string;
  type: string;
  processed_at: Instant;
}

/** A live share link of an idea (migration 012): the token's hash and the nonce it comes from. */
export interface ShareLinksTable {
  idea_id: string;
  nonce: string;
  token_hash: string;
  created_at: Instant;
}

/** A secret every instance agrees on, made once by the first that needs it (migration 012). */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: Instant;
}

/** An owner's dictionary, its entries as JSON (migration 013). */
export interface DictionariesTable {
  owner_key: string;
  user_id: string | null;
  entries: string;
  updated_at: Instant;
}

/**
 * ideas.seq exists on SQLite only (the stable integer rowid the FTS5 index refers to) and is
 * used in raw SQL there, so it is not typed here.
 */
export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  ideas: IdeasTable;
  usage: UsageTable;
  idea_counts: IdeaCountsTable;
  auth_tokens: AuthTokensTable;
  billing_events: BillingEventsTable;
  recordings: RecordingsTable;
  recording_uploads: RecordingUploadsTable;
  recording_chunks: RecordingChunksTable;
  share_links: ShareLinksTable;
  server_secrets: ServerSecretsTable;
  dictionaries: DictionariesTable;
}
