import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import { createFileRecordingStore } from './file-store.js';
import { createPostgresRecordingStore } from './postgres-store.js';
import type { RecordingStore } from './store.js';

/**
 * The store this install keeps recordings in (ADR 120): on PostgreSQL the database itself,
 * which every instance shares; otherwise files under RECORDINGS_DIR.
 */
export function createRecordingStore(config: Config, database: Database): Promise<RecordingStore> {
  const { directory, uploadExpiryMs } = config.recordings;
  if (database.dialect === 'postgres') {
    return Promise.resolve(
      createPostgresRecordingStore({ db: database.db, expiryMs: uploadExpiryMs }),
    );
  }
  return createFileRecordingStore({ directory, expiryMs: uploadExpiryMs });
}
