import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newId } from '../../db/ids.js';
import { guestOwner, userOwner, type Owner } from '../../db/owner.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { createTestUser } from '../../test-support/users.js';
import { createIdeasRepository } from '../ideas/repository.js';
import type { UploadRoom } from './held-bytes.js';
import { createRecordingsRepository, type NewUpload } from './repository.js';

/**
 * The server's room is estimated far from its cap and summed near it; one instance never
 * passes it, whichever path each reservation took. A sign-in brings a guest's recordings into
 * the account only as far as the account's own room.
 */

const CAP = 1000;
const ROOM: UploadRoom = {
  openUploadsPerOwner: 3,
  unsavedBytesPerOwner: CAP,
  unsavedBytesPerAddress: CAP,
  unsavedBytesOnServer: CAP,
};

function upload(
  sizeBytes: number,
  owner: Owner = guestOwner(randomBytes(16).toString('hex')),
): NewUpload {
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
    clientKey: `203.0.113.${randomBytes(1)[0]}-${randomBytes(4).toString('hex')}`,
  };
}

forEachDialect((dialect) => {
  describe(`the room reservations and sign-ins take (${dialect})`, () => {
    const database = useTestDatabase(dialect);

    it('is never passed by one instance, after reservations both far from its cap and near it', async () => {
      const recordings = createRecordingsRepository(database());
      // Far from the cap, on the estimate.
      for (let i = 0; i < 4; i += 1) {
        expect(await recordings.reserveUpload(upload(200), ROOM)).toEqual({ kind: 'reserved' });
      }
      // Within its last tenth: summed exactly, 999 of 1000.
      expect(await recordings.reserveUpload(upload(199), ROOM)).toEqual({ kind: 'reserved' });
      // The estimate knows of that one too, so this goes to the sum and is refused.
      expect(await recordings.reserveUpload(upload(99), ROOM)).toEqual({ kind: 'server_full' });
      expect(await recordings.unsavedBytesOnServer()).toBe(999);
    });
    it('brings a guest’s uploads into an account at sign-in only as far as its own room', async () => {
      const recordings = createRecordingsRepository(database());
      const user = await createTestUser(database());
      const guestId = randomBytes(16).toString('hex');
      const room = { ...ROOM, unsavedBytesOnServer: 1024 ** 3, unsavedBytesPerAddress: 1024 ** 3 };
      for (const owner of [userOwner(user.id), ...[1, 2, 3].map(() => guestOwner(guestId))]) {
        expect(await recordings.reserveUpload(upload(10, owner), room)).toEqual({
          kind: 'reserved',
        });
      }
      await createIdeasRepository(database()).adoptGuestIdeas(user.id, guestId, {
        monthlyLimit: 10,
        periodKey: '2026-12',
        periodStartsAt: new Date(Date.now() - 60_000),
        at: new Date(),
        keptAudio: null,
      });
      expect((await recordings.holdingsOf(userOwner(user.id))).openUploads).toBe(3);
      expect((await recordings.holdingsOf(guestOwner(guestId))).openUploads).toBe(1);
    });
  });
});
