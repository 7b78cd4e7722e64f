import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { guestOwner, userOwner, type Owner } from '../../db/owner.js';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createIdeasRepository } from '../ideas/repository.js';
import type { UploadRoom } from './held-bytes.js';
import { createRecordingsRepository, type NewUpload } from './repository.js';

/**
 * The room's caps are checked under locks of the owner and the address they are about, so one
 * address's reservation, however long it takes, holds up only what shares its owner or its
 * address: other people's uploads, saves from recordings and sign-ins go on beside it. A
 * single server-wide lock once let one address looping one-byte PATCHes stall all of them.
 * PostgreSQL only: SQLite runs one write transaction at a time by design.
 */

const ROOM: UploadRoom = {
  openUploadsPerOwner: 3,
  unsavedBytesPerOwner: 256 * 1024 * 1024,
  unsavedBytesPerAddress: 1024 * 1024 * 1024,
  unsavedBytesOnServer: 20 * 1024 * 1024 * 1024,
};
const CAPS = { perAccount: 1024 * 1024 * 1024, perAddress: 4 * 1024 * 1024 * 1024 };
const QUOTA = { monthlyLimit: 10, periodKey: '2026-12' };

/** Long enough for any of these small transactions on an idle database; a wait is far longer. */
const GOES_ON_WITHIN_MS = 5_000;

const newAddress = () => `198.51.100.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`;
const newGuestId = () => randomBytes(16).toString('hex');
const newGuest = () => guestOwner(newGuestId());

function upload(owner: Owner, clientKey: string, sizeBytes: number | null): NewUpload {
  return {
    id: newId(),
    owner,
    filename: null,
    format: null,
    category: null,
    keepAudio: true,
    language: null,
    sizeBytes,
    firstBytes: 0,
    expiresAt: new Date(Date.now() + 60_000),
    clientKey,
  };
}

/** 'waiting' when `work` has not finished within GOES_ON_WITHIN_MS. */
async function within<T>(work: Promise<T>): Promise<T | 'waiting'> {
  let timer: NodeJS.Timeout | undefined;
  const waiting = new Promise<'waiting'>((resolve) => {
    timer = setTimeout(() => resolve('waiting'), GOES_ON_WITHIN_MS);
  });
  try {
    return await Promise.race([work, waiting]);
  } finally {
    clearTimeout(timer);
  }
}

describe.skipIf(TEST_DATABASE_URL === undefined)('the room’s locks on PostgreSQL', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  /** A finished recording of `owner`'s, sent from `clientKey`, no idea made from it yet. */
  async function finishedRecording(owner: Owner, clientKey: string): Promise<string> {
    const recordings = createRecordingsRepository(database);
    const made = upload(owner, clientKey, 1000);
    expect(await recordings.reserveUpload(made, ROOM)).toEqual({ kind: 'reserved' });
    await database.db
      .updateTable('recordings')
      .set({ status: 'done', transcript: 'said' })
      .where('id', '=', made.id)
      .execute();
    return made.id;
  }

  /**
   * A deferred upload's PATCH reservation from `clientKey`, stopped inside its transaction after
   * its locks are taken: its write waits on the row, which another connection holds.
   */
  async function stalledReservation(clientKey: string) {
    const recordings = createRecordingsRepository(database);
    const stalled = upload(newGuest(), clientKey, null);
    expect(await recordings.reserveUpload(stalled, ROOM)).toEqual({ kind: 'reserved' });
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query('SELECT id FROM recordings WHERE id = $1 FOR UPDATE', [stalled.id]);
    const reservation = recordings.reserveReceived(stalled.id, 4096, ROOM);
    for (;;) {
      // The holder's transaction would otherwise read one snapshot of the activity for good.
      await holder.query('SELECT pg_stat_clear_snapshot()');
      const waiting = await holder.query<{ n: string }>(
        "SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND query LIKE 'update \"recordings\"%'",
      );
      if (Number(waiting.rows[0]?.n) > 0) break;

      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return {
      reservation,
      async release() {
        await holder.query('COMMIT');
        await holder.end();
        return reservation;
      },
    };
  }

  it('lets other addresses’ uploads, saves from recordings and sign-ins go on beside one held', async () => {
    const user = await createTestUser(database);
    const recordingId = await finishedRecording(userOwner(user.id), newAddress());
    const adopter = await createTestUser(database);
    const guestId = newGuestId();
    const guest = guestOwner(guestId);
    const guestRecording = await finishedRecording(guest, newAddress());
    const ideas = createIdeasRepository(database);
    const saved = await ideas.createWithinQuota(
      guest,
      {
        content: 'Said',
        format: 'tweet',
        category: 'work',
        transcript: null,
        recordingId: guestRecording,
      },
      QUOTA,
    );
    expect(saved).toMatchObject({ recordingId: guestRecording });

    const stall = await stalledReservation(newAddress());
    try {
      const recordings = createRecordingsRepository(database);
      expect(
        await within(recordings.reserveUpload(upload(newGuest(), newAddress(), 1000), ROOM)),
      ).toEqual({
        kind: 'reserved',
      });
      expect(
        await within(
          ideas.createWithinQuota(
            userOwner(user.id),
            { content: 'Said', format: 'tweet', category: 'work', transcript: null, recordingId },
            QUOTA,
            CAPS,
          ),
        ),
      ).toMatchObject({ recordingId });
      expect(
        await within(
          ideas.adoptGuestIdeas(adopter.id, guestId, {
            monthlyLimit: 10,
            periodKey: QUOTA.periodKey,
            periodStartsAt: new Date(Date.now() - 60_000),
            at: new Date(),
            keptAudio: CAPS,
          }),
        ),
      ).toEqual({ moved: 1, keptAsGuest: 0 });
    } finally {
      expect(await stall.release()).toEqual({ kind: 'reserved' });
    }
  });

  it('keeps what shares the held reservation’s address waiting until it ends', async () => {
    const address = newAddress();
    const stall = await stalledReservation(address);
    const recordings = createRecordingsRepository(database);
    const sameAddress = recordings.reserveUpload(upload(newGuest(), address, 1000), ROOM);
    const early = await Promise.race([
      sameAddress.then(() => 'done'),
      new Promise((resolve) => setTimeout(() => resolve('waiting'), 300)),
    ]);
    expect(early).toBe('waiting');
    expect(await stall.release()).toEqual({ kind: 'reserved' });
    expect(await sameAddress).toEqual({ kind: 'reserved' });
  });
});
