import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';
import type { ByteRange, RecordingStore } from './store.js';

/**
 * Recordings inside PostgreSQL, for installs of several instances (ADR 120): any instance
 * resumes an upload another began and serves any recording, with nothing to run beside the
 * database. An upload's progress is a row of recording_uploads; its bytes are rows of
 * recording_chunks of at most RECORDING_PIECE_BYTES, each written in the transaction that moves
 * the upload's offset, and only if the offset is still the one the write started from. So two
 * instances writing one upload at once (a client that resumed on another instance while its
 * first request still ran) cannot interleave bytes: the second is refused with 409.
 */
export const RECORDING_PIECE_BYTES = 1024 * 1024;
/** Chunks read per query while streaming a recording out: a few MiB in memory at most. */
const CHUNKS_PER_READ = 4;

export function createPostgresRecordingStore(options: {
  db: Kysely<DB>;
  expiryMs: number;
}): RecordingStore {
  const { db } = options;
  const datastore = new PostgresDataStore(db, options.expiryMs);
  return {
    kind: 'postgres',
    datastore,
    open: (id, range) => Promise.resolve(Readable.from(readChunks(db, id, range))),
    async withLocalFile(id, use) {
      const dir = await mkdtemp(join(tmpdir(), 'voice-ideas-recording-'));
      try {
        const path = join(dir, 'audio');
        await pipeline(Readable.from(readChunks(db, id)), createWriteStream(path));
        return await use(path);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
    async remove(id) {
      await db.deleteFrom('recording_uploads').where('id', '=', id).execute();
    },
  };
}

async function* readChunks(
  db: Kysely<DB>,
  id: string,
  range?: ByteRange,
): AsyncGenerator<Buffer, void, undefined> {
  const end = range?.end ?? Number.MAX_SAFE_INTEGER;
  let position = range?.start ?? 0;
  while (position <= end) {
    // The chunk holding `position` and those after it: start_offset <= position < its end.
    const rows = await db
      .selectFrom('recording_chunks')
      .select(['start_offset', 'bytes'])
      .where('upload_id', '=', id)
      .where(sql<boolean>`start_offset + length(bytes) > ${position}`)
      .where('start_offset', '<=', end)
      .orderBy('start_offset')
      .limit(CHUNKS_PER_READ)
      .execute();
    if (rows.length === 0) return;
    for (const row of rows) {
      const start = Number(row.start_offset);
      const from = Math.max(0, position - start);
      const to = Math.min(row.bytes.length, end - start + 1);
      if (to > from) yield row.bytes.subarray(from, to);
      position = start + to;
      if (position > end) return;
    }
  }
}

class PostgresDataStore extends DataStore {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly expiryMs: number,
  ) {
    super();
    this.extensions = [
      'creation',
      'creation-with-upload',
      'creation-defer-length',
      'termination',
      'expiration',
    ];
  }

  override async create(upload: Upload): Promise<Upload> {
    await this.db
      .insertInto('recording_uploads')
      .values({
        id: upload.id,
        size_bytes: upload.size ?? null,
        metadata: JSON.stringify(upload.metadata ?? {}),
        created_at: upload.creation_date ?? new Date().toISOString(),
      })
      .execute();
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const row = await this.db
      .selectFrom('recording_uploads')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id,
      size: row.size_bytes === null ? undefined : Number(row.size_bytes),
      offset: Number(row.received_bytes),
      metadata: parseMetadata(row.metadata),
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  override async declareUploadLength(id: string, length: number): Promise<void> {
    await this.db
      .updateTable('recording_uploads')
      .set({ size_bytes: length })
      .where('id', '=', id)
      .execute();
  }

  override async remove(id: string): Promise<void> {
    await this.db.deleteFrom('recording_uploads').where('id', '=', id).execute();
  }

  override getExpiration(): number {
    return this.expiryMs;
  }

  /** Expired uploads are removed by the recordings service, which also owns their rows. */
  override deleteExpired(): Promise<number> {
    return Promise.resolve(0);
  }

  /**
   * Stores the body in pieces as it arrives. A body cut short (the client went away) keeps what
   * arrived: the client resumes from there.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let position = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async (): Promise<void> => {
      if (pendingBytes === 0) return;
      const piece = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      await this.appendPiece(id, position, piece);
      position += piece.length;
    };
    try {
      for await (const chunk of stream) {
        const buffer = chunk as Buffer;
        for (let from = 0; from < buffer.length;) {
          const take = Math.min(buffer.length - from, RECORDING_PIECE_BYTES - pendingBytes);
          pending.push(buffer.subarray(from, from + take));
          pendingBytes += take;
          from += take;
          if (pendingBytes === RECORDING_PIECE_BYTES) await flush();
        }
      }
    } catch (error) {
      // The body broke off: keep what came, then let tus answer the broken request.
      await flush();
      throw error;
    }
    await flush();
    return position;
  }

  private async appendPiece(id: string, at: number, piece: Buffer): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const moved = await trx
        .updateTable('recording_uploads')
        .set({ received_bytes: sql`received_bytes + ${piece.length}` })
        .where('id', '=', id)
        .where('received_bytes', '=', at)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw ERRORS.INVALID_OFFSET;
      await trx
        .insertInto('recording_chunks')
        .values({ upload_id: id, start_offset: at, bytes: piece })
        .execute();
    });
  }
}

function parseMetadata(text: string | null): Record<string, string | null> {
  if (text === null) return {};
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null) return {};
  const metadata: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(parsed)) {
    metadata[key] = typeof value === 'string' ? value : null;
  }
  return metadata;
}
