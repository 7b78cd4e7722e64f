import type { Insertable } from 'kysely';
import type { Idea } from '#contract/api-schemas.js';
import type { Database } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';
import type { IdeasTable } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import {
  addressOfRecording,
  addressRoomKey,
  lockRoomOf,
  ownerRoomKey,
  recordingAudioFits,
  type KeptAudioCaps,
} from '../recordings/transaction-steps.js';
import { countOneUseQuery } from '../usage/transaction-steps.js';
import type { QuotaCheck } from './repository.js';
import { IDEA_COLUMNS, toIdea } from './repository-rows.js';

/**
 * The path of an idea made from a recording: under the room's locks of the saver and of the
 * recording's address, which uploads and adoption take too (recordings/room-locks.ts), the
 * recording is read again as still the saver's (a sign-in may have moved a guest's recordings
 * into the account since the route checked), and for a free account the kept-audio caps are
 * read, then the idea inserted, in one transaction: parallel saves, an upload or an adoption
 * beside them cannot each see the same room or the same recording. A recording no longer the
 * saver's, or past the caps, is not named: the idea is saved without it.
 */
export async function createFromRecording(
  database: Database,
  owner: Owner,
  values: Insertable<IdeasTable> & { recording_id: string },
  quota: QuotaCheck,
  caps: KeptAudioCaps | null,
): Promise<Idea | 'quota_exceeded'> {
  if (quota.monthlyLimit !== null && quota.monthlyLimit <= 0) return 'quota_exceeded';
  const recordingId = values.recording_id;
  return writeTransaction(database, async (trx) => {
    // A recording's address never changes, so it can be read before its lock is taken.
    const address = await addressOfRecording(trx, recordingId);
    await lockRoomOf(database.dialect, trx, [
      ownerRoomKey(owner),
      ...(address === null ? [] : [addressRoomKey(address)]),
    ]);
    const stillOwned =
      (await trx
        .selectFrom('recordings')
        .select('id')
        .where('id', '=', recordingId)
        .where(
          owner.kind === 'user' ? 'user_id' : 'guest_id',
          '=',
          owner.kind === 'user' ? owner.userId : owner.guestId,
        )
        .executeTakeFirst()) !== undefined;
    const fits =
      stillOwned &&
      (caps === null ||
        owner.kind !== 'user' ||
        (await recordingAudioFits(trx, owner.userId, recordingId, caps)));
    const counted = await countOneUseQuery(
      trx,
      owner,
      quota.periodKey,
      quota.monthlyLimit,
    ).executeTakeFirst();
    if (counted === undefined) return 'quota_exceeded';
    const idea = await trx
      .insertInto('ideas')
      .values(fits ? values : { ...values, recording_id: null })
      .returning(IDEA_COLUMNS)
      .executeTakeFirstOrThrow();
    return toIdea(idea);
  });
}
