import { sql, type Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/*
 * The recordings module's steps that another module runs inside its own transaction: the
 * identity module deletes an account with its recordings in one, and what an account held
 * before its e-mail was proved in another. Their bytes are removed by the recordings service
 * once that transaction has committed.
 */

/** Deletes every recording row of an account; returns how many went. */
export async function deleteRecordingsOfUser(
  executor: Kysely<DB>,
  userId: string,
): Promise<number> {
  const result = await executor
    .deleteFrom('recordings')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the account's recordings that were in it before `instant` (recorded there, or moved
 * in from a guest, before then); returns their ids, whose bytes the caller removes after commit.
 */
export async function deleteRecordingsHeldBefore(
  executor: Kysely<DB>,
  userId: string,
  instant: string,
): Promise<string[]> {
  const rows = await executor
    .deleteFrom('recordings')
    .where('user_id', '=', userId)
    .where(sql<string>`coalesce(joined_at, created_at)`, '<', instant)
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether the account holds any recording at all, uploads still arriving included. */
export async function holdsRecordings(executor: Kysely<DB>, userId: string): Promise<boolean> {
  const row = await executor
    .selectFrom('recordings')
    .select('id')
    .where('user_id', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

// Adopting guest ideas (the ideas module's moveGuestIdeas) and making an idea from a recording
// hold the kept-audio caps in their own transactions, under the room's locks that upload
// reservations take.
export {
  addressesOfGuestAudio,
  addressOfRecording,
  ideasWhoseAudioDoesNotFit,
  moveGuestRecordings,
  recordingAudioFits,
  type KeptAudioCaps,
} from './held-bytes.js';
export { addressRoomKey, lockRoomOf, ownerRoomKey } from './room-locks.js';
