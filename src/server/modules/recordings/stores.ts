import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createFileRecordingStore } from './file-store.js';
import { createPostgresRecordingStore } from './postgres-store.js';
import type { RecordingStore } from './store.js';
import { createPostgresUploadLocker, type UploadLocker } from './upload-locks.js';

/**
 * The store this install keeps recordings in: an S3-compatible bucket when S3_BUCKET is set
 * (ADR 128), whatever the database; else on PostgreSQL the database itself, which every
 * instance shares (ADR 120); otherwise files under RECORDINGS_DIR.
 */
export async function createRecordingStore(
  config: Config,
  database: Database,
): Promise<RecordingStore> {
  const { directory, uploadExpiryMs, s3, maxBytes } = config.recordings;
  if (s3 !== undefined) {
    // Loaded only here: the AWS SDK takes about 0.4 s to import, which no other install needs.
    const { createS3RecordingStore } = await import('./s3-store.js');
    return createS3RecordingStore({ settings: s3, expiryMs: uploadExpiryMs, maxBytes });
  }
  if (database.dialect === 'postgres') {
    return createPostgresRecordingStore({ db: database.db, expiryMs: uploadExpiryMs });
  }
  return createFileRecordingStore({ directory, expiryMs: uploadExpiryMs });
}

/**
 * What keeps two requests from writing one upload at once. On PostgreSQL, where several
 * instances may serve one install, a lock in the database, whatever store holds the bytes (ADR
 * 128): PostgreSQL's own store also refuses a write whose offset moved, but a bucket has no such
 * check. null: tus's lock in memory, enough for SQLite's one process.
 */
export function createUploadLocker(database: Database): UploadLocker | null {
  return database.openSession === null ? null : createPostgresUploadLocker(database.openSession);
}
