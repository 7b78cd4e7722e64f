import { sql, type SqlBool } from 'kysely';
import type { Recording } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import type { Owner } from '../../db/owner.js';
import { toRecord, type RecordingRecord } from './recording-rows.js';
import {
  holdings,
  keptAudioFromAddress,
  keptAudioOfAccount,
  NOT_AN_ACCOUNTS_IDEA,
  type Reservation,
  type UploadRoom,
} from './held-bytes.js';
import { createReservations, ownedBy } from './reservations.js';

export type { RecordingRecord } from './recording-rows.js';

export interface NewUpload {
  id: string;
  owner: Owner;
  filename: string | null;
  format: Format | null;
  category: Category | null;
  keepAudio: boolean;
  /** The language spoken, already checked; null when the upload named none. */
  language: string | null;
  sizeBytes: number | null;
  /**
   * The bytes the creation request itself brings (tus creation-with-upload), reserved with it
   * when its length is deferred; set to what was stored once the request ends (noteReceived).
   */
  firstBytes: number;
  expiresAt: Date;
  /** The client address that began it (addressKeyOf): transcription takes turns by it too. */
  clientKey: string;
}

export interface RecordingPage {
  items: Recording[];
  nextCursor: string | null;
}

export interface RecordingsRepository {
  /**
   * Inserts the upload only when the owner, its address and the server have room for it
   * (UploadRoom), checked and inserted in one transaction under the locks of that owner and
   * that address (room-locks.ts; SQLite's write lock already runs it alone): parallel creates
   * cannot all pass a check. The server's total is estimated unless the upload may come near
   * its cap (server-room.ts).
   */
  reserveUpload(upload: NewUpload, room: UploadRoom): Promise<Reservation>;
  /** The bytes of every recording no idea was made from, uploads at their announced length. */
  unsavedBytesOnServer(): Promise<number>;
  /** Whether `bytes` more surely fit the server's room `cap`, from the estimate (no sum). */
  serverRoomSurelyFits(bytes: number, cap: number): Promise<boolean>;
  /**
   * As a PATCH's bytes arrive: lets the upload hold `upTo` bytes when its owner, its address
   * and the server have room for what `mustFit` (by default `upTo`) adds, checked and set in one
   * transaction under the same locks as `reserveUpload`. A PATCH checks its whole body fits as
   * it begins and holds only a step of it (reserving-body.ts). An upload no longer arriving,
   * or one whose announced length already holds that much, reserves nothing.
   */
  reserveReceived(
    id: string,
    upTo: number,
    room: Omit<UploadRoom, 'openUploadsPerOwner'>,
    mustFit?: number,
  ): Promise<Reservation>;
  /**
   * Once a request that wrote to the upload has ended, however it ended: the upload holds what
   * was stored, `offset` bytes, and no reservation of that request outlives it.
   */
  noteReceived(id: string, offset: number): Promise<void>;
  /** Any status, uploads included; null when missing or another owner's. */
  find(owner: Owner, id: string): Promise<RecordingRecord | null>;
  /** Whoever's it is: for the upload hooks, which checked the owner already, and the jobs. */
  findAny(id: string): Promise<RecordingRecord | null>;
  /** These recordings removed, whoever's; the ids that were there. */
  deleteByIds(ids: readonly string[]): Promise<string[]>;
  setContentType(id: string, contentType: string): Promise<void>;
  /** `uploading` -> `queued`, due now; false when it had already moved on (a repeat). */
  finishUpload(id: string, sizeBytes: number): Promise<boolean>;
  /** Completed recordings, newest first; InvalidCursorError for a cursor not handed out. */
  list(owner: Owner, limit: number, cursor: string | undefined): Promise<RecordingPage>;
  delete(owner: Owner, id: string): Promise<boolean>;
  /** Every recording of the owner, uploads included, removed; their ids. */
  deleteAllOf(owner: Owner): Promise<string[]>;
  idsOf(owner: Owner): Promise<string[]>;
  /**
   * What the owner holds that no account's idea accounts for: uploads still arriving, and the
   * bytes of recordings whose audio is still stored (kept, or not yet transcribed) not (yet)
   * made into an idea or a guest's, uploads counted at their announced length.
   */
  holdingsOf(owner: Owner): Promise<{ openUploads: number; unsavedBytes: number }>;
  /** The bytes of audio the account keeps with its own ideas (audio still stored). */
  keptAudioBytesOf(userId: string): Promise<number>;
  /** The bytes of audio free accounts keep with their ideas that one address sent. */
  keptAudioFromAddress(clientKey: string): Promise<number>;
  /** Unfinished uploads whose time ran out, removed; their ids. */
  deleteExpiredUploads(): Promise<string[]>;
  /**
   * Finished recordings that are not an account's idea (none made from them, or a guest's),
   * begun before `before`, removed; their ids. A guest's idea stays, without its audio.
   */
  deleteUnsavedBefore(before: Date): Promise<string[]>;
}

const ID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

export function createRecordingsRepository(
  database: Database,
  options: { now?: () => Date } = {},
): RecordingsRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  const reservations = createReservations(database, now);

  function selectRecordings() {
    return db
      .selectFrom('recordings')
      .selectAll('recordings')
      .select(
        sql<
          string | null
        >`(SELECT ideas.id FROM ideas WHERE ideas.recording_id = recordings.id)`.as('idea_id'),
      );
  }

  async function deleteWhere(condition: ReturnType<typeof ownedBy>): Promise<string[]> {
    const rows = await db
      .deleteFrom('recordings')
      .where(condition)
      .returning('recordings.id')
      .execute();
    return rows.map((row) => row.id);
  }

  return {
    ...reservations,

    async noteReceived(id, offset) {
      await db
        .updateTable('recordings')
        .set({ received_bytes: offset })
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .execute();
    },

    async unsavedBytesOnServer() {
      return (await holdings(db, sql<SqlBool>`1 = 1`, now())).unsavedBytes;
    },

    async find(owner, id) {
      if (!ID_PATTERN.test(id)) return null;
      const row = await selectRecordings()
        .where('recordings.id', '=', id)
        .where(ownedBy(owner))
        .executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    holdingsOf: (owner) => holdings(db, ownedBy(owner), now()),

    keptAudioBytesOf: (userId) => keptAudioOfAccount(db, userId),

    keptAudioFromAddress: (clientKey) => keptAudioFromAddress(db, clientKey),

    async findAny(id) {
      if (!ID_PATTERN.test(id)) return null;
      const row = await selectRecordings().where('recordings.id', '=', id).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async deleteByIds(ids) {
      if (ids.length === 0) return [];
      return deleteWhere(sql<SqlBool>`recordings.id IN (${sql.join([...ids])})`);
    },

    async setContentType(id, contentType) {
      await db
        .updateTable('recordings')
        .set({ content_type: contentType, updated_at: now().toISOString() })
        .where('id', '=', id)
        .execute();
    },

    async finishUpload(id, sizeBytes) {
      const at = now().toISOString();
      const result = await db
        .updateTable('recordings')
        .set({
          status: 'queued',
          size_bytes: sizeBytes,
          run_after: at,
          upload_expires_at: null,
          updated_at: at,
        })
        .where('id', '=', id)
        .where('status', '=', 'uploading')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async list(owner, limit, cursor) {
      let query = selectRecordings()
        .where(ownedBy(owner))
        .where('recordings.status', '!=', 'uploading');
      if (cursor !== undefined) {
        const after = decodeCursor(cursor);
        query = query.where(
          sql<SqlBool>`(recordings.created_at, recordings.id) < (${after.createdAt}, ${after.id})`,
        );
      }
      const rows = await query
        .orderBy('recordings.created_at', 'desc')
        .orderBy('recordings.id', 'desc')
        .limit(limit + 1)
        .execute();
      const items = rows.slice(0, limit).map((row) => toRecord(row).recording);
      const last = items.at(-1);
      return {
        items,
        nextCursor:
          rows.length > limit && last !== undefined
            ? encodeCursor({ createdAt: last.createdAt, id: last.id })
            : null,
      };
    },

    async delete(owner, id) {
      if (!ID_PATTERN.test(id)) return false;
      const deleted = await deleteWhere(sql<SqlBool>`recordings.id = ${id} AND ${ownedBy(owner)}`);
      return deleted.length > 0;
    },

    deleteAllOf: (owner) => deleteWhere(ownedBy(owner)),

    async idsOf(owner) {
      const rows = await db.selectFrom('recordings').select('id').where(ownedBy(owner)).execute();
      return rows.map((row) => row.id);
    },

    async deleteExpiredUploads() {
      return deleteWhere(
        sql<SqlBool>`recordings.status = 'uploading' AND recordings.upload_expires_at < ${now().toISOString()}`,
      );
    },

    async deleteUnsavedBefore(before) {
      return deleteWhere(
        sql<SqlBool>`recordings.status <> 'uploading' AND recordings.created_at < ${before.toISOString()}
          AND ${NOT_AN_ACCOUNTS_IDEA}`,
      );
    },
  };
}
