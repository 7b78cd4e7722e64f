import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ownerKey, userOwner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { toIso } from '../../db/rows.js';
import { countIdeasHeldBefore, deleteIdeasHeldBefore } from '../ideas/transaction-steps.js';

/*
 * What an account held before its e-mail was proved, for the person who proved it
 * (docs/security.md, "A password set before the e-mail was proved"): registering proves nothing,
 * so whoever registered the address may have set its password, written ideas and planted
 * dictionary words that rewrite what the owner later says.
 */

export interface WrittenBeforeProof {
  /** Ideas the account held before the proof: saved there, or moved in from a guest. */
  ideas: number;
  /** The dictionary's words, which are removed whole (see below). */
  dictionaryEntries: number;
}

export interface BeforeProofRepository {
  /** null unless the account has a password set before its e-mail was proved, still asked. */
  writtenBeforeProof(userId: string): Promise<WrittenBeforeProof | null>;
  /**
   * The owner says that password was not theirs: the password goes, with every session but
   * `keepSessionId`, the ideas held before the proof and the dictionary. The dictionary goes
   * whole, since a sign-in merges the owner's own guest words into it and nothing tells its
   * words apart. null when the account is not (or no longer) asked.
   */
  disown(userId: string, keepSessionId: string): Promise<WrittenBeforeProof | null>;
}

function entriesIn(row: { entries: string } | undefined): number {
  if (row === undefined) return 0;
  const parsed: unknown = JSON.parse(row.entries);
  return Array.isArray(parsed) ? parsed.length : 0;
}

export function createBeforeProofRepository(
  database: Database,
  options: { now?: () => Date } = {},
): BeforeProofRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  async function dictionaryEntriesOf(executor: Kysely<DB>, userId: string) {
    const dictionary = await executor
      .selectFrom('dictionaries')
      .select('entries')
      .where('owner_key', '=', ownerKey(userOwner(userId)))
      .executeTakeFirst();
    return entriesIn(dictionary);
  }

  async function held(executor: Kysely<DB>, userId: string, provenAt: string) {
    return {
      ideas: await countIdeasHeldBefore(executor, userId, provenAt),
      dictionaryEntries: await dictionaryEntriesOf(executor, userId),
    };
  }

  async function askedAccount(executor: Kysely<DB>, userId: string, lock: boolean) {
    const read = executor
      .selectFrom('users')
      .select(['email_proven_at', 'password_before_proof'])
      .where('id', '=', userId);
    const row = await (
      lock && database.dialect === 'postgres' ? read.forUpdate() : read
    ).executeTakeFirst();
    if (row?.email_proven_at == null || Number(row.password_before_proof) !== 1) return null;
    return { provenAt: toIso(row.email_proven_at) };
  }

  return {
    async writtenBeforeProof(userId) {
      const account = await askedAccount(db, userId, false);
      return account === null ? null : held(db, userId, account.provenAt);
    },

    async disown(userId, keepSessionId) {
      return writeTransaction(database, async (trx) => {
        const account = await askedAccount(trx, userId, true);
        if (account === null) return null;
        const dictionaryEntries = await dictionaryEntriesOf(trx, userId);
        await trx
          .updateTable('users')
          .set({
            password_hash: null,
            password_before_proof: 0,
            updated_at: now().toISOString(),
          })
          .where('id', '=', userId)
          .execute();
        await trx
          .deleteFrom('sessions')
          .where('user_id', '=', userId)
          .where('id', '!=', keepSessionId)
          .execute();
        const ideas = await deleteIdeasHeldBefore(trx, userId, account.provenAt);
        await trx
          .deleteFrom('dictionaries')
          .where('owner_key', '=', ownerKey(userOwner(userId)))
          .execute();
        return { ideas, dictionaryEntries };
      });
    },
  };
}
