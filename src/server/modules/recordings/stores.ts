import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createFileRecordingStore } from './file-store.js';
import { createPostgresRecordingStore } from './postgres-store.js';
import type { RecordingStore } from './store.js';

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
