import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * Recordings (docs/api.md, "Recordings"; ADR 120 and 121).
 *
 * recordings: one row per upload, from its creation (status `uploading`) through its
 * transcription. The columns from attempts on are the transcription queue's own: the job lives
 * in the row it is about, so finishing an upload and queueing its job is one statement, and a
 * restart finds every job where it left it.
 * ideas.recording_id: the recording an idea was made from, at most one idea per recording (the
 * unique index is what makes a retried job save one idea, not two). Deleting the recording
 * alone leaves the idea, without it.
 * recording_uploads and recording_chunks: the bytes of each upload on PostgreSQL, where every
 * instance sees them (a SQLite install keeps them in files under RECORDINGS_DIR). A chunk is
 * one piece of a PATCH, at most 1 MiB, so a write never holds a whole recording in memory.
 */

const STATUSES = `'uploading', 'queued', 'transcribing', 'done', 'failed'`;

function recordingsTable(text: string, instant: string, bigint: string): string {
  return `CREATE TABLE recordings (
    id TEXT ${text} PRIMARY KEY,
    user_id TEXT ${text} REFERENCES users (id) ON DELETE CASCADE,
    guest_id TEXT ${text},
    status TEXT NOT NULL CHECK (status IN (${STATUSES})),
    filename TEXT,
    content_type TEXT,
    size_bytes ${bigint},
    format TEXT CHECK (format IN ('tweet', 'checklist', 'pitch')),
    category TEXT CHECK (category IN ('work', 'personal', 'creative')),
    keep_audio INTEGER NOT NULL DEFAULT 1,
    duration_ms ${bigint},
    pieces_done INTEGER NOT NULL DEFAULT 0,
    pieces_total INTEGER NOT NULL DEFAULT 0,
    transcript TEXT,
    error_code TEXT,
    error_message TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    run_after ${instant},
    lease_until ${instant},
    upload_expires_at ${instant},
    created_at ${instant} NOT NULL,
    updated_at ${instant} NOT NULL,
    CHECK ((user_id IS NULL) <> (guest_id IS NULL))
  )`;
}

const commonIndexes = [
  `CREATE INDEX recordings_user_created_idx ON recordings (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX recordings_guest_created_idx ON recordings (guest_id, created_at DESC, id DESC)`,
  `CREATE INDEX recordings_due_idx ON recordings (status, run_after)`,
  `CREATE INDEX recordings_upload_expiry_idx ON recordings (status, upload_expires_at)`,
  `CREATE UNIQUE INDEX ideas_recording_id_key ON ideas (recording_id)`,
];

const sqliteStatements = [
  recordingsTable('', 'TEXT', 'INTEGER'),
  `ALTER TABLE ideas ADD COLUMN recording_id TEXT REFERENCES recordings (id) ON DELETE SET NULL`,
  ...commonIndexes,
];

const postgresStatements = [
  recordingsTable('COLLATE "C"', 'TIMESTAMPTZ', 'BIGINT'),
  `ALTER TABLE ideas ADD COLUMN recording_id TEXT COLLATE "C"
    REFERENCES recordings (id) ON DELETE SET NULL`,
  ...commonIndexes,
  `CREATE TABLE recording_uploads (
    id TEXT COLLATE "C" PRIMARY KEY,
    size_bytes BIGINT,
    received_bytes BIGINT NOT NULL DEFAULT 0,
    metadata TEXT,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE TABLE recording_chunks (
    upload_id TEXT COLLATE "C" NOT NULL REFERENCES recording_uploads (id) ON DELETE CASCADE,
    start_offset BIGINT NOT NULL,
    bytes BYTEA NOT NULL,
    PRIMARY KEY (upload_id, start_offset)
  )`,
  `CREATE INDEX recording_uploads_created_idx ON recording_uploads (created_at)`,
];

export function recordingsMigration(dialect: Dialect) {
  const statements = dialect === 'sqlite' ? sqliteStatements : postgresStatements;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      await sql.raw('DROP INDEX IF EXISTS ideas_recording_id_key').execute(db);
      await sql.raw('ALTER TABLE ideas DROP COLUMN recording_id').execute(db);
      for (const table of ['recording_chunks', 'recording_uploads', 'recordings']) {
        await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
      }
    },
  };
}
