import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { DictionaryEntry } from '#contract/dictionary.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import type { DB } from '../../db/schema.js';

/*
 * The dictionary module's steps that another module runs inside its own transaction: the
 * identity module counts an account's words when it asks about what the account held before
 * its e-mail was proved.
 */

const StoredEntriesSchema = z.array(
  z.object({ term: z.string(), soundsLike: z.string().optional() }),
);

/**
 * A stored row's entries. Written only by the repository's replace(); parsed anyway, so a
 * hand-edited row cannot break a page.
 */
export function parseStoredEntries(stored: string): DictionaryEntry[] {
  return StoredEntriesSchema.parse(JSON.parse(stored));
}

/** How many words the owner's dictionary holds. */
export async function dictionaryEntryCount(executor: Kysely<DB>, owner: Owner): Promise<number> {
  const row = await executor
    .selectFrom('dictionaries')
    .select('entries')
    .where('owner_key', '=', ownerKey(owner))
    .executeTakeFirst();
  return row === undefined ? 0 : parseStoredEntries(row.entries).length;
}
