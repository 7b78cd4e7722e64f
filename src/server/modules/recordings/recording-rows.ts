import type { Selectable } from 'kysely';
import type { Recording } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Owner } from '../../db/owner.js';
import { toIso } from '../../db/rows.js';
import type { RecordingsTable } from '../../db/schema.js';

/** A recording's row as the service needs it: the API shape plus what only the server sees. */
export interface RecordingRecord {
  recording: Recording;
  owner: Owner;
  uploading: boolean;
  contentType: string | null;
  sizeBytes: number | null;
  format: Format | null;
  category: Category | null;
  keepAudio: boolean;
  filename: string | null;
}

type Row = Selectable<RecordingsTable> & { idea_id: string | null };

export function toRecord(row: Row): RecordingRecord {
  const status = row.status;
  const total = row.pieces_total;
  const progress = status === 'done' ? 1 : total > 0 ? Math.min(1, row.pieces_done / total) : 0;
  return {
    recording: {
      id: row.id,
      // An upload is never shown as a recording; the service hides it before it gets here.
      status: status === 'uploading' ? 'queued' : status,
      progress,
      pieces:
        total > 0
          ? { done: status === 'done' ? total : Math.min(total, row.pieces_done), total }
          : null,
      durationMs: row.duration_ms === null ? null : Number(row.duration_ms),
      transcript: row.transcript,
      error:
        row.error_code === null || status !== 'failed'
          ? null
          : { error: row.error_code, message: row.error_message ?? 'The transcription failed.' },
      ideaId: row.idea_id,
      createdAt: toIso(row.created_at),
    },
    owner:
      row.user_id !== null
        ? { kind: 'user', userId: row.user_id }
        : { kind: 'guest', guestId: row.guest_id ?? '' },
    uploading: status === 'uploading',
    contentType: row.content_type,
    sizeBytes: row.size_bytes === null ? null : Number(row.size_bytes),
    format: row.format,
    category: row.category,
    keepAudio: row.keep_audio !== 0,
    filename: row.filename,
  };
}
