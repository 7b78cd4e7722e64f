import { open, readFile, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type pg from 'pg';
import { RECORDING_PIECE_BYTES } from '../modules/recordings/postgres-store.js';

/**
 * The audio half of the SQLite -> PostgreSQL move (ADR 120): a SQLite install keeps each
 * recording's bytes in a file under RECORDINGS_DIR named by its id, with tus's record of the
 * upload beside it as `<id>.json`; PostgreSQL keeps them in recording_uploads and
 * recording_chunks. Every recording the target holds whose file is there is copied into those
 * tables in pieces of the store's own size, read one piece at a time so an hour's recording
 * never sits in memory, inside the caller's transaction.
 *
 * Idempotent: a recording whose bytes the target already holds whole is left as it is, and one
 * held in part (a copy that broke off, say) is copied again from the start. So the copy can be
 * run again, and an install moved before audio was copied can bring its audio over later.
 */

export interface AudioCopyReport {
  /** Recordings whose bytes were copied now. */
  copied: number;
  /** Their bytes. */
  bytes: number;
  /** Recordings the target already held whole. */
  alreadyThere: number;
  /** Recordings with no file: their audio was not kept (or never arrived). */
  withoutAudio: number;
}

/** What the file store's `<id>.json` says of an upload (a tus Upload as JSON). */
interface UploadRecord {
  size: number | null;
  metadata: Record<string, string | null>;
  createdAt: string | null;
}

const RECORDING_ID = /^[0-9A-Za-z]+$/;

export async function copyRecordingAudio(
  target: pg.Client,
  directory: string,
  log: (line: string) => void,
): Promise<AudioCopyReport> {
  const dir = resolve(directory);
  const report: AudioCopyReport = { copied: 0, bytes: 0, alreadyThere: 0, withoutAudio: 0 };
  const { rows: recordings } = await target.query<{ id: string; created_at: Date }>(
    'SELECT id, created_at FROM recordings ORDER BY id',
  );
  for (const recording of recordings) {
    const file = RECORDING_ID.test(recording.id) ? join(dir, recording.id) : null;
    const size = file === null ? null : await fileSize(file);
    if (file === null || size === null) {
      report.withoutAudio += 1;
      continue;
    }
    const { rows: held } = await target.query<{ received: string; stored: string | null }>(
      `SELECT u.received_bytes AS received,
          (SELECT sum(length(c.bytes)) FROM recording_chunks c WHERE c.upload_id = u.id) AS stored
        FROM recording_uploads u WHERE u.id = $1`,
      [recording.id],
    );
    const before = held[0];
    if (before && Number(before.received) === size && Number(before.stored ?? 0) === size) {
      report.alreadyThere += 1;
      continue;
    }
    if (before) await target.query('DELETE FROM recording_uploads WHERE id = $1', [recording.id]);

    const record = await uploadRecord(`${file}.json`);
    await target.query(
      `INSERT INTO recording_uploads (id, size_bytes, received_bytes, metadata, created_at)
        VALUES ($1, $2, $3, $4, $5)`,
      [
        recording.id,
        record.size,
        size,
        JSON.stringify(record.metadata),
        record.createdAt ?? recording.created_at,
      ],
    );
    const copied = await copyPieces(target, recording.id, file);
    if (copied !== size) {
      throw new Error(
        `The recording ${recording.id} changed while it was copied (${size} bytes, then ` +
          `${copied}): stop the app first.`,
      );
    }
    report.copied += 1;
    report.bytes += copied;
  }
  log(
    `recordings' audio: ${report.copied} copied (${report.bytes} bytes), ` +
      `${report.alreadyThere} already there, ${report.withoutAudio} without audio`,
  );
  return report;
}

async function fileSize(path: string): Promise<number | null> {
  try {
    const found = await stat(path);
    return found.isFile() ? found.size : null;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * The upload's declared length, metadata and creation time; a record that is missing or
 * unreadable gives what the recordings row knows instead (the length is then the file's own).
 */
async function uploadRecord(path: string): Promise<UploadRecord> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return { size: null, metadata: {}, createdAt: null };
  }
  const record = (typeof parsed === 'object' && parsed !== null ? parsed : {}) as Record<
    string,
    unknown
  >;
  const metadata: Record<string, string | null> = {};
  if (typeof record.metadata === 'object' && record.metadata !== null) {
    for (const [key, value] of Object.entries(record.metadata)) {
      metadata[key] = typeof value === 'string' ? value : null;
    }
  }
  const size =
    typeof record.size === 'number' && Number.isSafeInteger(record.size) && record.size >= 0
      ? record.size
      : null;
  const created =
    typeof record.creation_date === 'string' && !Number.isNaN(Date.parse(record.creation_date))
      ? record.creation_date
      : null;
  return { size, metadata, createdAt: created };
}

async function copyPieces(target: pg.Client, id: string, file: string): Promise<number> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(RECORDING_PIECE_BYTES);
    let position = 0;
    for (;;) {
      let filled = 0;
      while (filled < buffer.length) {
        const { bytesRead } = await handle.read(buffer, filled, buffer.length - filled, position);
        if (bytesRead === 0) break;
        filled += bytesRead;
        position += bytesRead;
      }
      if (filled === 0) return position;
      await target.query(
        'INSERT INTO recording_chunks (upload_id, start_offset, bytes) VALUES ($1, $2, $3)',
        [id, position - filled, buffer.subarray(0, filled)],
      );
      if (filled < buffer.length) return position;
    }
  } finally {
    await handle.close();
  }
}
