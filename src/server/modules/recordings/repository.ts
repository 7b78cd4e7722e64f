import { sql, type SqlBool } from 'kysely';
import type { Recording } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import type { Owner } from '../../db/owner.js';
import { writeTransaction } from '../../db/transactions.js';
import { toRecord, type RecordingRecord } from './recording-rows.js';
import {
  countedBytes,
  countsReceived,
  holdings,
  keptAudioFromAddress,
  keptAudioOfAccount,
  lockReservations,
  NOT_AN_ACCOUNTS_IDEA,
  refusalFor,
  ANNOUNCED_LENGTH_HELD_MS,
  type Reservation,
  type UploadRoom,
} from './held-bytes.js';

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
   * Inserts the upload only when the owner and the server have room for it (UploadRoom),
   * checked and inserted in one transaction that no other reservation runs beside: parallel
   * creates cannot all pass the check (SQLite's write lock, a PostgreSQL advisory lock).
   */
  reserveUpload(upload: NewUpload, room: UploadRoom): Promise<Reservation>;
  /** The bytes of every recording no idea was made from, uploads at their announced length. */
  unsavedBytesOnServer(): Promise<number>;
  /**
   * Before a PATCH: lets the upload hold `upTo` bytes (its offset and the bytes declared) when
   * its owner, its address and the server have room for what that adds, checked and set in one
   * transaction beside no other reservation, as `reserveUpload`. An upload no longer arriving,
   * or one whose announced length already holds that much, reserves nothing.
   */
  reserveReceived(
    id: string,
    upTo: number,
    room: Omit<UploadRoom, 'openUploadsPerOwner'>,
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

  function ownedBy(owner: Owner) {
    return owner.kind === 'user'
      ? sql<SqlBool>`recordings.user_id = ${owner.userId}`
      : sql<SqlBool>`recordings.guest_id = ${owner.guestId}`;
  }

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
    async reserveUpload(upload, room) {
      const at = now().toISOString();
      return writeTransaction(database, async (trx) => {
        await lockReservations(database.dialect, trx);
        const owned = ownedBy(upload.owner);
        const held = await holdings(trx, owned, now());
        if (held.openUploads >= room.openUploadsPerOwner) return { kind: 'too_many_uploads' };
        const refusal = await refusalFor(
          trx,
          owned,
          upload.clientKey,
          upload.sizeBytes ?? upload.firstBytes,
          room,
          now(),
        );
        if (refusal !== null) return refusal;
        await trx
          .insertInto('recordings')
          .values({
            id: upload.id,
            user_id: upload.owner.kind === 'user' ? upload.owner.userId : null,
            guest_id: upload.owner.kind === 'guest' ? upload.owner.guestId : null,
            status: 'uploading',
            filename: upload.filename,
            content_type: null,
            size_bytes: upload.sizeBytes,
            format: upload.format,
            category: upload.category,
            keep_audio: upload.keepAudio ? 1 : 0,
            language: upload.language,
            duration_ms: null,
            transcript: null,
            error_code: null,
            error_message: null,
            run_after: null,
            lease_until: null,
            upload_expires_at: upload.expiresAt.toISOString(),
            client_key: upload.clientKey,
            received_bytes: upload.sizeBytes === null ? upload.firstBytes : 0,
            created_at: at,
            updated_at: at,
          })
          .execute();
        return { kind: 'reserved' };
      });
    },

    async reserveReceived(id, upTo, room) {
      return writeTransaction(database, async (trx) => {
        await lockReservations(database.dialect, trx);
        const heldSince = new Date(now().getTime() - ANNOUNCED_LENGTH_HELD_MS).toISOString();
        const row = await trx
          .selectFrom('recordings')
          .select(['user_id', 'guest_id', 'client_key', 'size_bytes'])
          .select(sql<number | string>`${countedBytes(heldSince)}`.as('counted'))
          .select(
            sql<number>`CASE WHEN ${countsReceived(heldSince)} THEN 1 ELSE 0 END`.as(
              'counts_received',
            ),
          )
          .where('id', '=', id)
          .where('status', '=', 'uploading')
          .executeTakeFirst();
        if (row === undefined || Number(row.counts_received) !== 1) return { kind: 'reserved' };
        const added = upTo - Number(row.counted);
        if (added <= 0) return { kind: 'reserved' };
        const owner: Owner =
          row.user_id !== null
            ? { kind: 'user', userId: row.user_id }
            : { kind: 'guest', guestId: row.guest_id ?? '' };
        const refusal = await refusalFor(trx, ownedBy(owner), row.client_key, added, room, now());
        if (refusal !== null) return refusal;
        await trx
          .updateTable('recordings')
          .set({ received_bytes: upTo })
          .where('id', '=', id)
          .execute();
        return { kind: 'reserved' };
      });
    },

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
