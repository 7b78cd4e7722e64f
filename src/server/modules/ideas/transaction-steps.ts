import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { toIso } from '../../db/rows.js';
import type { DB } from '../../db/schema.js';
import { userOwner } from '../../db/owner.js';
import {
  addressesOfGuestAudio,
  addressRoomKey,
  ideasWhoseAudioDoesNotFit,
  lockRoomOf,
  moveGuestRecordings,
  ownerRoomKey,
  type KeptAudioCaps,
} from '../recordings/transaction-steps.js';
import { countAdoptedUses } from '../usage/transaction-steps.js';

/*
 * The ideas module's steps that another module runs inside its own transaction: the identity
 * module creates an account and adopts the caller's guest ideas in one transaction, and deletes
 * an account with its ideas in one. Everything else about ideas goes through the ideas service.
 */

/** The account's quota period that adopted ideas count towards (ADR 105). */
export interface AdoptionQuota {
  monthlyLimit: number | null;
  periodKey: string;
  /** Ideas the guest made from this instant on are this period's and count. */
  periodStartsAt: Date;
  /** The moment of the move, kept as the moved ideas' joined_at. */
  at: Date;
  /** A free account's caps on the audio its ideas keep; null for Pro, which is not capped. */
  keptAudio: KeptAudioCaps | null;
}

export interface Adoption {
  moved: number;
  /**
   * Ideas that did not fit: this period's past the account's limit, and any whose audio would
   * pass the kept-audio caps. Still the guest's.
   */
  keptAsGuest: number;
}

/**
 * Moves a guest's ideas into an account. Ideas made in the account's current period count
 * towards it like ideas saved there, oldest first, as far as the limit allows; the newer ones
 * past it stay the guest's, so nothing is lost and the account never holds more of this
 * period's ideas than its limit (ADR 105). Ideas from earlier periods were counted then and
 * move freely. In a free account, an idea whose kept audio would pass the account's or its
 * address's cap stays the guest's too, with its recording (ADR 112): the caps hold however the
 * audio came in. The guest's recordings move with their ideas (those of ideas that stay, stay).
 * Run it inside a write transaction: the count and the move are one step.
 */
export async function moveGuestIdeas(
  executor: Kysely<DB>,
  dialect: Dialect,
  userId: string,
  guestId: string,
  quota: AdoptionQuota,
): Promise<Adoption> {
  // The account's and the guest's room, and that of every address the guest's audio came
  // from, as saves from recordings and uploads take them (ideas/repository.ts).
  const addresses =
    quota.keptAudio === null ? new Set<string>() : await addressesOfGuestAudio(executor, guestId);
  await lockRoomOf(dialect, executor, [
    ownerRoomKey(userOwner(userId)),
    ownerRoomKey({ kind: 'guest', guestId }),
    ...[...addresses].map(addressRoomKey),
  ]);
  // Read once, and only these move: on PostgreSQL a guest save committed while this runs
  // would otherwise move in unweighed and uncounted; it stays the guest's.
  const guestIdeas = await executor
    .selectFrom('ideas')
    .select(['id', 'created_at'])
    .where('guest_id', '=', guestId)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
  if (guestIdeas.length === 0) {
    await moveGuestRecordings(executor, userId, guestId, quota.at);
    return { moved: 0, keptAsGuest: 0 };
  }
  const noRoomForAudio = new Set(
    quota.keptAudio === null
      ? []
      : await ideasWhoseAudioDoesNotFit(executor, userId, guestId, quota.keptAudio, addresses),
  );
  const periodStart = quota.periodStartsAt.toISOString();
  const thisPeriod = guestIdeas.filter(
    (idea) => !noRoomForAudio.has(idea.id) && toIso(idea.created_at) >= periodStart,
  );
  const granted = await countAdoptedUses(
    executor,
    userOwner(userId),
    quota.periodKey,
    quota.monthlyLimit,
    thisPeriod.length,
  );
  const kept = new Set([...noRoomForAudio, ...thisPeriod.slice(granted).map((idea) => idea.id)]);
  const moving = guestIdeas.map((idea) => idea.id).filter((id) => !kept.has(id));
  let moved = 0;
  for (let at = 0; at < moving.length; at += MOVE_BATCH) {
    const result = await executor
      .updateTable('ideas')
      .set({ user_id: userId, guest_id: null, joined_at: quota.at.toISOString() })
      .where('guest_id', '=', guestId)
      .where('id', 'in', moving.slice(at, at + MOVE_BATCH))
      .executeTakeFirst();
    moved += Number(result.numUpdatedRows);
  }
  await moveGuestRecordings(executor, userId, guestId, quota.at);
  return { moved, keptAsGuest: guestIdeas.length - moving.length };
}

/** Ids per UPDATE of a move, well inside SQLite's and PostgreSQL's bound parameters. */
const MOVE_BATCH = 500;

/** Deletes every idea of an account; returns how many went. */
export async function deleteIdeasOfUser(executor: Kysely<DB>, userId: string): Promise<number> {
  const result = await executor
    .deleteFrom('ideas')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Deletes the account's ideas that were in it before `instant` (saved, or moved in from a
 * guest, before then); returns how many went.
 */
export async function deleteIdeasHeldBefore(
  executor: Kysely<DB>,
  userId: string,
  instant: string,
): Promise<number> {
  const result = await executor
    .deleteFrom('ideas')
    .where('user_id', '=', userId)
    .where(sql<string>`coalesce(joined_at, created_at)`, '<', instant)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * How many of the account's ideas were in it before `instant` and, with `since`, were made from
 * then on: the ones this period's count holds, since a guest idea moving in counts only when it
 * was made in the period (ADR 105).
 */
export async function countIdeasHeldBefore(
  executor: Kysely<DB>,
  userId: string,
  instant: string,
  since?: string,
): Promise<number> {
  let query = executor
    .selectFrom('ideas')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', userId)
    .where(sql<string>`coalesce(joined_at, created_at)`, '<', instant);
  if (since !== undefined) {
    query = query.where('created_at', '>=', since);
  }
  return Number((await query.executeTakeFirstOrThrow()).n);
}
