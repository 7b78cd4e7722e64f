import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/*
 * The ideas module's steps that another module runs inside its own transaction: the identity
 * module creates an account and adopts the caller's guest ideas in one transaction, and deletes
 * an account with its ideas in one. Everything else about ideas goes through the ideas service.
 */

/** Moves every idea of a guest into an account; returns how many moved. */
export async function moveGuestIdeas(
  executor: Kysely<DB>,
  userId: string,
  guestId: string,
): Promise<number> {
  const result = await executor
    .updateTable('ideas')
    .set({ user_id: userId, guest_id: null })
    .where('guest_id', '=', guestId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes every idea of an account; returns how many went. */
export async function deleteIdeasOfUser(executor: Kysely<DB>, userId: string): Promise<number> {
  const result = await executor
    .deleteFrom('ideas')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
