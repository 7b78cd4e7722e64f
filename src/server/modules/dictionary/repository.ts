import type { Kysely } from 'kysely';
import type { DictionaryEntry } from '#contract/dictionary.js';
import type { Database } from '../../db/database.js';
import { ownerKey, userOwner, type Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';
import { writeTransaction } from '../../db/transactions.js';
import { parseStoredEntries } from './transaction-steps.js';

export interface DictionaryRepository {
  /** The owner's entries, in their order; none for an owner who never saved any. */
  entriesOf(owner: Owner): Promise<DictionaryEntry[]>;
  replace(owner: Owner, entries: readonly DictionaryEntry[]): Promise<void>;
  remove(owner: Owner): Promise<void>;
  /**
   * Moves `guest`'s entries into the account's list as `merge` joins them, in one transaction that
   * holds the account (and, on PostgreSQL, the guest's row): sign-ins bringing in several guests
   * at once each read what the one before wrote, and none of their words is lost.
   */
  adopt(
    userId: string,
    guest: Owner,
    merge: (kept: DictionaryEntry[], brought: DictionaryEntry[]) => DictionaryEntry[],
  ): Promise<void>;
}

async function entriesIn(
  executor: Kysely<DB>,
  owner: Owner,
  lock: boolean,
): Promise<DictionaryEntry[]> {
  const query = executor
    .selectFrom('dictionaries')
    .select('entries')
    .where('owner_key', '=', ownerKey(owner));
  const row = await (lock ? query.forUpdate() : query).executeTakeFirst();
  return row === undefined ? [] : parseStoredEntries(row.entries);
}

async function replaceIn(
  executor: Kysely<DB>,
  owner: Owner,
  entries: readonly DictionaryEntry[],
  at: string,
): Promise<void> {
  const stored = JSON.stringify(
    entries.map(({ term, soundsLike }) => (soundsLike ? { term, soundsLike } : { term })),
  );
  await executor
    .insertInto('dictionaries')
    .values({
      owner_key: ownerKey(owner),
      user_id: owner.kind === 'user' ? owner.userId : null,
      entries: stored,
      updated_at: at,
    })
    .onConflict((conflict) =>
      conflict.column('owner_key').doUpdateSet({ entries: stored, updated_at: at }),
    )
    .execute();
}

export function createDictionaryRepository(
  database: Database,
  options: { now?: () => Date } = {},
): DictionaryRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  const postgres = database.dialect === 'postgres';
  return {
    entriesOf: (owner) => entriesIn(db, owner, false),

    replace: (owner, entries) => replaceIn(db, owner, entries, now().toISOString()),

    async remove(owner) {
      await db.deleteFrom('dictionaries').where('owner_key', '=', ownerKey(owner)).execute();
    },

    adopt(userId, guest, merge) {
      const account = userOwner(userId);
      // SQLite's write transaction holds the whole database; PostgreSQL locks the account's
      // user row, which exists whether or not it has a list yet.
      return writeTransaction(database, async (trx) => {
        if (postgres) {
          await trx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
        }
        const brought = await entriesIn(trx, guest, postgres);
        if (brought.length === 0) return;
        const kept = await entriesIn(trx, account, postgres);
        await replaceIn(trx, account, merge(kept, brought), now().toISOString());
        await trx.deleteFrom('dictionaries').where('owner_key', '=', ownerKey(guest)).execute();
      });
    },
  };
}
