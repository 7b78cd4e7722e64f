import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';

/*
 * The locks under which the room's caps are checked and taken (docs/api.md, "Recordings"): one
 * per owner, one per address, and one for the server's room taken only near its cap. A single
 * server-wide lock serialised every reservation, save from a recording and sign-in with a guest
 * id behind whichever was slowest, so one address looping one-byte PATCHes stalled everyone's.
 * Each cap is a sum over the rows of one key, and every transaction that adds to that sum holds
 * that key's lock, so the check and the write stay one step for each cap; requests of other
 * owners and addresses never wait for each other.
 */

/** What a reservation, a save or an adoption changes the room of. */
export type RoomKey = string;

export function ownerRoomKey(owner: Owner): RoomKey {
  return owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.guestId}`;
}

export function addressRoomKey(clientKey: string): RoomKey {
  return `address:${clientKey}`;
}

/** The server's room, taken only by a reservation that may come near its cap (server-room.ts). */
export const SERVER_ROOM_KEY: RoomKey = 'server';

/**
 * A key's 64-bit advisory lock id. Hashed here, not by PostgreSQL, so that the ids can be sorted
 * before any is taken: every transaction takes its locks in ascending order, so two that share
 * keys cannot each hold one the other waits for.
 */
function lockIdOf(key: RoomKey): bigint {
  return createHash('sha256').update(`voice-ideas room ${key}`).digest().readBigInt64BE(0);
}

/**
 * Takes the locks of `keys` for the rest of the transaction, in ascending order. SQLite's write
 * transaction already runs alone, so there it takes nothing.
 */
export async function lockRoomOf(
  dialect: Dialect,
  trx: Kysely<DB>,
  keys: readonly RoomKey[],
): Promise<void> {
  if (dialect !== 'postgres') return;
  const ids = [...new Set(keys.map(lockIdOf))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const id of ids) {
    await sql`SELECT pg_advisory_xact_lock(${id.toString()}::bigint)`.execute(trx);
  }
}
