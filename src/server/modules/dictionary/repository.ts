import type { DictionaryEntry } from '#contract/dictionary.js';
import type { Database } from '../../db/database.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import { parseStoredEntries } from './transaction-steps.js';

export interface DictionaryRepository {
  /** The owner's entries, in their order; none for an owner who never saved any. */
  entriesOf(owner: Owner): Promise<DictionaryEntry[]>;
  replace(owner: Owner, entries: readonly DictionaryEntry[]): Promise<void>;
  remove(owner: Owner): Promise<void>;
}

export function createDictionaryRepository(
  database: Database,
  options: { now?: () => Date } = {},
): DictionaryRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());
  return {
    async entriesOf(owner) {
      const row = await db
        .selectFrom('dictionaries')
        .select('entries')
        .where('owner_key', '=', ownerKey(owner))
        .executeTakeFirst();
      return row === undefined ? [] : parseStoredEntries(row.entries);
    },

    async replace(owner, entries) {
      const stored = JSON.stringify(
        entries.map(({ term, soundsLike }) => (soundsLike ? { term, soundsLike } : { term })),
      );
      const at = now().toISOString();
      await db
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
    },

    async remove(owner) {
      await db.deleteFrom('dictionaries').where('owner_key', '=', ownerKey(owner)).execute();
    },
  };
}
