import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Recording } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import { decodeCursor, encodeCursor } from '../../db/cursor.js';
import type { Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { toRecord, type RecordingRecord } from './recording-rows.js';
import {
  countedBytes,
  countsReceived,
  holdings,
  keptAudioFromAddress,
  keptAudioOfAccount,
  NOT_AN_ACCOUNTS_IDEA,
  refusalFor,
  ANNOUNCED_LENGTH_HELD_MS,
  type Reservation,
  type UploadRoom,
} from './held-bytes.js';
import {
  addressRoomKey,
  lockRoomOf,
  ownerRoomKey,
  SERVER_ROOM_KEY,
  type RoomKey,
} from './room-locks.js';
import { createServerRoomEstimate } from './server-room.js';

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
   * Before a PATCH: lets the upload hold `upTo` bytes (its offset and the bytes declared) when
   * its owner, its address and the server have room for what that adds, checked and set in one
   * transaction under the same locks as `reserveUpload`. An upload no longer arriving,
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

/** Tries at a reservation whose upload an adoption moved under it (reserveReceived). */
const RESERVE_ATTEMPTS = 3;

/**
 * What a PATCH up to `upTo` would add to the room its upload holds, with whose room it is; null
 * when it adds nothing that counts (no such upload arriving, its announced length still held,
 * or no byte past what it holds).
 */
async function toReserve(
  executor: Kysely<DB>,
  id: string,
  upTo: number,
  at: Date,
): Promise<{ owner: Owner; clientKey: string | null; added: number } | null> {
  const heldSince = new Date(at.getTime() - ANNOUNCED_LENGTH_HELD_MS).toISOString();
  const row = await executor
    .selectFrom('recordings')
    .select(['user_id', 'guest_id', 'client_key'])
    .select(sql<number | string>`${countedBytes(heldSince)}`.as('counted'))
    .select(
      sql<number>`CASE WHEN ${countsReceived(heldSince)} THEN 1 ELSE 0 END`.as('counts_received'),
    )
    .where('id', '=', id)
    .where('status', '=', 'uploading')
    .executeTakeFirst();
  if (row === undefined || Number(row.counts_received) !== 1) return null;
  const added = upTo - Number(row.counted);
  if (added <= 0) return null;
  const owner: Owner =
    row.user_id !== null
      ? { kind: 'user', userId: row.user_id }
      : { kind: 'guest', guestId: row.guest_id ?? '' };
  return { owner, clientKey: row.client_key, added };
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

  const serverRoom = createServerRoomEstimate(
    async () => (await holdings(db, sql<SqlBool>`1 = 1`, now())).unsavedBytes,
  );

  /**
   * Runs a reservation in one write transaction under the room's locks of `keys` (its owner's
   * and its address's), and under the server's too when `bytes` may come near its cap; only
   * then does `work` sum the server's holdings (`checkServer`).
   */
  async function reserveWithRoom<T extends Reservation | 'moved'>(
    bytes: number,
    room: Pick<UploadRoom, 'unsavedBytesOnServer'>,
    keys: RoomKey[],
    work: (trx: Kysely<DB>, checkServer: boolean) => Promise<T>,
  ): Promise<T> {
    const claim = await serverRoom.claimFarFromCap(bytes, room.unsavedBytesOnServer);
    let committed = false;
    try {
      const result = await writeTransaction(database, async (trx) => {
        await lockRoomOf(database.dialect, trx, claim === null ? [...keys, SERVER_ROOM_KEY] : keys);
        return work(trx, claim === null);
      });
      committed = result !== 'moved' && result.kind === 'reserved';
      return result;
    } finally {
      claim?.settle(committed);
    }
  }

  return {
    async reserveUpload(upload, room) {
      const at = now().toISOString();
      const keys = [ownerRoomKey(upload.owner), addressRoomKey(upload.clientKey)];
      return reserveWithRoom(
        upload.sizeBytes ?? upload.firstBytes,
        room,
        keys,
        async (trx, checkServer) => {
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
            checkServer,
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
        },
      );
    },

    async reserveReceived(id, upTo, room) {
      // Read before any lock: most PATCHes add nothing that counts (an announced length holds
      // its room already) and need none.
      for (let attempt = 1; ; attempt += 1) {
        const seen = await toReserve(db, id, upTo, now());
        if (seen === null) return { kind: 'reserved' };
        const keys = [ownerRoomKey(seen.owner)];
        if (seen.clientKey !== null) keys.push(addressRoomKey(seen.clientKey));
        const reserved = await reserveWithRoom(seen.added, room, keys, async (trx, checkServer) => {
          const locked = await toReserve(trx, id, upTo, now());
          if (locked === null) return { kind: 'reserved' };
          // An adoption moved the upload, or another request added to it, since it was read:
          // its locks are not the ones held, so it is read and locked again.
          if (
            ownerRoomKey(locked.owner) !== ownerRoomKey(seen.owner) ||
            locked.clientKey !== seen.clientKey ||
            locked.added > seen.added
          ) {
            return 'moved';
          }
          const refusal = await refusalFor(
            trx,
            ownedBy(locked.owner),
            locked.clientKey,
            locked.added,
            room,
            now(),
            checkServer,
          );
          if (refusal !== null) return refusal;
          await trx
            .updateTable('recordings')
            .set({ received_bytes: upTo })
            .where('id', '=', id)
            .execute();
          return { kind: 'reserved' };
        });
        if (reserved !== 'moved') return reserved;
        if (attempt >= RESERVE_ATTEMPTS)
          throw new Error(`upload ${id} changed owner while reserved`);
      }
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

    serverRoomSurelyFits: (bytes, cap) => serverRoom.fitsFarFromCap(bytes, cap),

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
