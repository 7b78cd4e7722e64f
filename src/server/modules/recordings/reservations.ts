import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import {
  ANNOUNCED_LENGTH_HELD_MS,
  countedBytes,
  countsReceived,
  holdings,
  refusalFor,
  type Reservation,
  type UploadRoom,
} from './held-bytes.js';
import type { NewUpload } from './repository.js';
import {
  addressRoomKey,
  lockRoomOf,
  ownerRoomKey,
  SERVER_ROOM_KEY,
  type RoomKey,
} from './room-locks.js';
import { createServerRoomEstimate } from './server-room.js';

/*
 * Reserving room for recordings: an upload's creation and each PATCH of a deferred one, checked
 * against what its owner, its address and the server may hold (held-bytes.ts) under the room's
 * locks (room-locks.ts, ADR 113), and written in the same transaction.
 */

/** The recordings of one owner, as SQL. */
export function ownedBy(owner: Owner) {
  return owner.kind === 'user'
    ? sql<SqlBool>`recordings.user_id = ${owner.userId}`
    : sql<SqlBool>`recordings.guest_id = ${owner.guestId}`;
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

export interface Reservations {
  reserveUpload(upload: NewUpload, room: UploadRoom): Promise<Reservation>;
  reserveReceived(
    id: string,
    upTo: number,
    room: Omit<UploadRoom, 'openUploadsPerOwner'>,
    mustFit?: number,
  ): Promise<Reservation>;
  serverRoomSurelyFits(bytes: number, cap: number): Promise<boolean>;
}

export function createReservations(database: Database, now: () => Date): Reservations {
  const { db } = database;
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
      if (committed && claim === null) serverRoom.noteReserved(bytes);
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

    async reserveReceived(id, upTo, room, mustFit = upTo) {
      const checked = Math.max(upTo, mustFit);
      // Read before any lock: most PATCHes add nothing that counts (an announced length holds
      // its room already) and need none.
      for (let attempt = 1; ; attempt += 1) {
        const seen = await toReserve(db, id, checked, now());
        if (seen === null) return { kind: 'reserved' };
        const keys = [ownerRoomKey(seen.owner)];
        if (seen.clientKey !== null) keys.push(addressRoomKey(seen.clientKey));
        const reserved = await reserveWithRoom(seen.added, room, keys, async (trx, checkServer) => {
          const locked = await toReserve(trx, id, checked, now());
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
          // What it held before: `checked` less what that adds. Only `upTo` is held from here.
          if (upTo > checked - locked.added) {
            await trx
              .updateTable('recordings')
              .set({ received_bytes: upTo })
              .where('id', '=', id)
              .execute();
          }
          return { kind: 'reserved' };
        });
        if (reserved !== 'moved') return reserved;
        if (attempt >= RESERVE_ATTEMPTS)
          throw new Error(`upload ${id} changed owner while reserved`);
      }
    },

    serverRoomSurelyFits: (bytes, cap) => serverRoom.fitsFarFromCap(bytes, cap),
  };
}
