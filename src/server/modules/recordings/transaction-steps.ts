import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.js';

/*
 * The recordings module's steps that another module runs inside its own transaction: the
 * identity module deletes an account with its recordings in one. Their bytes are removed by
 * the recordings service once that transaction has committed.
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
