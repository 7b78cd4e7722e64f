import { sql, type Kysely, type SqlBool } from 'kysely';
import { PRO_PLANS } from '#contract/plans.js';
import { OPEN_UPLOADS_PER_OWNER, UNSAVED_BYTES } from './room.js';
import type { DB } from '../../db/schema.js';

/*
 * What recordings hold of the room, in SQL: the bytes an owner, an address and the server hold
 * of recordings no account's idea accounts for, the audio free accounts keep with their ideas,
 * and the checks made in the transactions that reserve room (docs/api.md, "Recordings").
 */

/** What an owner and the whole server may hold of recordings no idea accounts for. */
export interface UploadRoom {
  openUploadsPerOwner: number;
  unsavedBytesPerOwner: number;
  /** What one address (NewUpload.clientKey) may hold, whatever owners it uploads for. */
  unsavedBytesPerAddress: number;
  unsavedBytesOnServer: number;
}

export type Reservation =
  | { kind: 'reserved' }
  | { kind: 'too_many_uploads' }
  | { kind: 'owner_full'; unsavedBytes: number }
  | { kind: 'address_full'; unsavedBytes: number }
  | { kind: 'server_full' };

/**
 * Recordings that are not an account's idea: no idea was made from them, or they are a guest's.
 * A guest's audio stays one even once saved as an idea: guest ids cost nothing and guest ideas
 * never expire, so saved guest audio counted towards no cap and was kept for ever (one address
 * could add gigabytes a day). It counts, and expires, like audio never saved; signing up moves
 * it into the account, where it stays with its idea.
 */
export const NOT_AN_ACCOUNTS_IDEA = sql<SqlBool>`(recordings.guest_id IS NOT NULL
  OR NOT EXISTS (SELECT 1 FROM ideas WHERE ideas.recording_id = recordings.id))`;

/**
 * Such recordings that still hold bytes: every one but a transcribed recording that keeps no
 * audio (the queue removes its bytes once its transcript is in). One that keeps none still has
 * its audio on disk while it arrives, waits, is transcribed, and after a failure (kept for a
 * try again), so it counts until then whatever keep_audio says.
 */
const HOLDS_AUDIO = sql<SqlBool>`(recordings.status <> 'done' OR recordings.keep_audio = 1)`;
const UNSAVED = sql<SqlBool>`${HOLDS_AUDIO} AND ${NOT_AN_ACCOUNTS_IDEA}`;

/**
 * How long an upload still arriving holds the room of the length it announced. Without an end,
 * creations that announce a length and never send a byte held the room until they expired a
 * day later: two addresses, at their hourly bytes, held all of it for everyone. After this its
 * announcement holds nothing; what it may still send is bounded by its address's bytes an hour,
 * and once finished it counts whole again.
 */
export const ANNOUNCED_LENGTH_HELD_MS = 60 * 60 * 1000;

/**
 * What one recording holds of the room: a finished one its size; an upload still arriving its
 * announced length for ANNOUNCED_LENGTH_HELD_MS, and otherwise (its length deferred, or the
 * hour over) the bytes it received or was let send (`received_bytes`).
 */
export function countedBytes(heldSince: string) {
  return sql<number>`CASE WHEN status = 'uploading' AND ${countsReceived(heldSince)}
    THEN received_bytes ELSE coalesce(size_bytes, 0) END`;
}

/** Whether an upload still arriving holds what it received rather than its announced length. */
export function countsReceived(heldSince: string) {
  return sql<SqlBool>`(size_bytes IS NULL OR created_at < ${heldSince})`;
}

export async function holdings(
  db: Kysely<DB>,
  owned: ReturnType<typeof sql<SqlBool>>,
  at: Date,
): Promise<{ openUploads: number; unsavedBytes: number }> {
  const heldSince = new Date(at.getTime() - ANNOUNCED_LENGTH_HELD_MS).toISOString();
  const result = await sql<{ open_uploads: number | string; unsaved_bytes: number | string }>`
    SELECT
      coalesce(sum(CASE WHEN status = 'uploading' THEN 1 ELSE 0 END), 0) AS open_uploads,
      coalesce(sum(${countedBytes(heldSince)}), 0) AS unsaved_bytes
    FROM recordings
    WHERE ${owned} AND ${UNSAVED}`.execute(db);
  const row = result.rows[0];
  return {
    openUploads: Number(row?.open_uploads ?? 0),
    unsavedBytes: Number(row?.unsaved_bytes ?? 0),
  };
}

/**
 * Whether `addedBytes` more fit what the owner, the address (when known) and, when
 * `checkServer`, the server may hold: the refusal, or null when there is room. The server's
 * total is summed only near its cap (server-room.ts): the sum reads every recording.
 */
export async function refusalFor(
  trx: Kysely<DB>,
  owned: ReturnType<typeof sql<SqlBool>>,
  clientKey: string | null,
  addedBytes: number,
  room: Omit<UploadRoom, 'openUploadsPerOwner'>,
  at: Date,
  checkServer: boolean,
): Promise<Exclude<Reservation, { kind: 'reserved' }> | null> {
  const held = await holdings(trx, owned, at);
  if (held.unsavedBytes + addedBytes > room.unsavedBytesPerOwner) {
    return { kind: 'owner_full', unsavedBytes: held.unsavedBytes };
  }
  if (clientKey !== null) {
    const fromAddress = await holdings(trx, sql<SqlBool>`recordings.client_key = ${clientKey}`, at);
    if (fromAddress.unsavedBytes + addedBytes > room.unsavedBytesPerAddress) {
      return { kind: 'address_full', unsavedBytes: fromAddress.unsavedBytes };
    }
  }
  if (
    checkServer &&
    (await holdings(trx, sql<SqlBool>`1 = 1`, at)).unsavedBytes + addedBytes >
      room.unsavedBytesOnServer
  ) {
    return { kind: 'server_full' };
  }
  return null;
}

/** Audio kept with an account's own ideas (still stored), and the owner is not on a Pro plan. */
const KEPT_BY_A_FREE_ACCOUNT = sql<SqlBool>`${HOLDS_AUDIO} AND NOT ${NOT_AN_ACCOUNTS_IDEA}
  AND EXISTS (SELECT 1 FROM users WHERE users.id = recordings.user_id
    AND users.plan NOT IN (${sql.join([...PRO_PLANS])}))`;

async function sumOfSizes(executor: Kysely<DB>, where: ReturnType<typeof sql<SqlBool>>) {
  const result = await sql<{ kept: number | string | null }>`
    SELECT coalesce(sum(coalesce(size_bytes, 0)), 0) AS kept FROM recordings
    WHERE ${where}`.execute(executor);
  return Number(result.rows[0]?.kept ?? 0);
}

/** The bytes of audio the account keeps with its own ideas. */
export function keptAudioOfAccount(executor: Kysely<DB>, userId: string): Promise<number> {
  return sumOfSizes(
    executor,
    sql<SqlBool>`recordings.user_id = ${userId} AND ${HOLDS_AUDIO} AND NOT ${NOT_AN_ACCOUNTS_IDEA}`,
  );
}

/**
 * The bytes of audio free accounts keep with their ideas that were sent from one address
 * (addressKeyOf). Accounts cost nothing to make, so a cap per account alone let one address
 * keep everything it could send, for good, by registering account after account.
 */
export function keptAudioFromAddress(executor: Kysely<DB>, clientKey: string): Promise<number> {
  return sumOfSizes(
    executor,
    sql<SqlBool>`recordings.client_key = ${clientKey} AND ${KEPT_BY_A_FREE_ACCOUNT}`,
  );
}

/**
 * The addresses the audio of a guest's ideas was sent from: the room's locks an adoption takes
 * before it weighs that audio (ideasWhoseAudioDoesNotFit).
 */
export async function addressesOfGuestAudio(
  executor: Kysely<DB>,
  guestId: string,
): Promise<Set<string>> {
  const rows = await sql<{ client_key: string }>`
    SELECT DISTINCT recordings.client_key AS client_key
    FROM ideas JOIN recordings ON recordings.id = ideas.recording_id
    WHERE ideas.guest_id = ${guestId} AND recordings.client_key IS NOT NULL
      AND ${HOLDS_AUDIO}`.execute(executor);
  return new Set(rows.rows.map((row) => row.client_key));
}

/** The address a recording was sent from (its room's lock), or null. */
export async function addressOfRecording(
  executor: Kysely<DB>,
  recordingId: string,
): Promise<string | null> {
  const row = await executor
    .selectFrom('recordings')
    .select('client_key')
    .where('id', '=', recordingId)
    .executeTakeFirst();
  return row?.client_key ?? null;
}

/** What a free account, and the free accounts of one address, may keep of audio with ideas. */
export interface KeptAudioCaps {
  perAccount: number;
  perAddress: number;
}

/**
 * The guest's ideas whose audio would take the free account they move into, or the address
 * it was sent from, past its cap (oldest first: an idea that fits is counted before the next
 * is weighed). Ideas without stored audio always fit. Run in the adopting transaction, under the
 * room's locks of the account and of every address the guest's audio came from (room-locks.ts),
 * so uploads, saves and other adoptions cannot pass the caps beside it; an idea whose address
 * is not in `lockedAddresses` (its save committed after they were chosen) stays the guest's.
 */
export async function ideasWhoseAudioDoesNotFit(
  executor: Kysely<DB>,
  userId: string,
  guestId: string,
  caps: KeptAudioCaps,
  lockedAddresses: ReadonlySet<string>,
): Promise<string[]> {
  const withAudio = await sql<{
    id: string;
    bytes: number | string | null;
    client_key: string | null;
  }>`
    SELECT ideas.id AS id, recordings.size_bytes AS bytes, recordings.client_key AS client_key
    FROM ideas JOIN recordings ON recordings.id = ideas.recording_id
    WHERE ideas.guest_id = ${guestId} AND ${HOLDS_AUDIO}
    ORDER BY ideas.created_at, ideas.id`.execute(executor);
  if (withAudio.rows.length === 0) return [];
  let account = await keptAudioOfAccount(executor, userId);
  const addresses = new Map<string, number>();
  const staying: string[] = [];
  for (const row of withAudio.rows) {
    const bytes = Number(row.bytes ?? 0);
    const key = row.client_key;
    if (key !== null && !lockedAddresses.has(key)) {
      staying.push(row.id);
      continue;
    }
    let address = 0;
    if (key !== null) {
      address = addresses.get(key) ?? (await keptAudioFromAddress(executor, key));
    }
    if (account + bytes > caps.perAccount || (key !== null && address + bytes > caps.perAddress)) {
      staying.push(row.id);
      if (key !== null) addresses.set(key, address);
      continue;
    }
    account += bytes;
    if (key !== null) addresses.set(key, address + bytes);
  }
  return staying;
}

/**
 * Whether the account may keep this recording's audio with an idea made from it: its stored
 * bytes fit the account's cap and the cap of the address it was sent from. One already an
 * idea's is counted in both, so it is let through for the unique index to refuse as in use
 * (409), never saved a second time without it. Run in the
 * transaction that makes the idea, under the room's locks of the account and of the
 * recording's address, so parallel saves cannot each see room that only one of them has.
 */
export async function recordingAudioFits(
  executor: Kysely<DB>,
  userId: string,
  recordingId: string,
  caps: KeptAudioCaps,
): Promise<boolean> {
  const row = await sql<{ bytes: number | string | null; client_key: string | null }>`
    SELECT size_bytes AS bytes, client_key FROM recordings
    WHERE id = ${recordingId} AND user_id = ${userId} AND ${HOLDS_AUDIO}
      AND NOT EXISTS (SELECT 1 FROM ideas WHERE ideas.recording_id = recordings.id)`.execute(
    executor,
  );
  const recording = row.rows[0];
  if (recording === undefined) return true;
  const bytes = Number(recording.bytes ?? 0);
  if ((await keptAudioOfAccount(executor, userId)) + bytes > caps.perAccount) return false;
  return (
    recording.client_key === null ||
    (await keptAudioFromAddress(executor, recording.client_key)) + bytes <= caps.perAddress
  );
}

/**
 * Moves a guest's recordings into the account, except those of ideas that stay the guest's
 * (past the account's limit or its kept-audio caps), and those no idea was made from that would
 * take the account past its own room: its uploads arriving at once and its recordings not saved
 * as ideas (room.ts). Without that, guests signing in one after another left an account with 27
 * uploads arriving and 2.3 GiB unsaved against its 3 and 2 GiB. Oldest first; those that stay
 * are the guest's, expiring as a guest's do. Run in the transaction that moves the ideas, under
 * the account's and the guest's locks: apart, a parallel adoption read the moved ideas' audio
 * as still the guest's, counted towards no cap, and passed them.
 */
export async function moveGuestRecordings(
  executor: Kysely<DB>,
  userId: string,
  guestId: string,
  at: Date,
): Promise<number> {
  const heldSince = new Date(at.getTime() - ANNOUNCED_LENGTH_HELD_MS).toISOString();
  const unsaved = await sql<{ id: string; uploading: number; bytes: number | string }>`
    SELECT id, CASE WHEN status = 'uploading' THEN 1 ELSE 0 END AS uploading,
      ${countedBytes(heldSince)} AS bytes
    FROM recordings
    WHERE guest_id = ${guestId} AND ${HOLDS_AUDIO}
      AND NOT EXISTS (SELECT 1 FROM ideas WHERE ideas.recording_id = recordings.id)
    ORDER BY created_at, id`.execute(executor);
  const staying: string[] = [];
  if (unsaved.rows.length > 0) {
    const account = await holdings(executor, sql<SqlBool>`recordings.user_id = ${userId}`, at);
    let open = account.openUploads;
    let bytes = account.unsavedBytes;
    for (const row of unsaved.rows) {
      const uploading = Number(row.uploading) === 1;
      const size = Number(row.bytes);
      if ((uploading && open >= OPEN_UPLOADS_PER_OWNER) || bytes + size > UNSAVED_BYTES.user) {
        staying.push(row.id);
        continue;
      }
      if (uploading) open += 1;
      bytes += size;
    }
  }
  let query = executor
    .updateTable('recordings')
    .set({ user_id: userId, guest_id: null, joined_at: at.toISOString() })
    .where('guest_id', '=', guestId)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('ideas')
            .select('ideas.id')
            .where('ideas.guest_id', '=', guestId)
            .whereRef('ideas.recording_id', '=', 'recordings.id'),
        ),
      ),
    );
  // A guest holds at most its own room, so this list stays short (3 uploads, 256 MiB).
  if (staying.length > 0) query = query.where('id', 'not in', staying);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
