import type { Category, Format } from '#contract/taxonomy.js';
import type { Database } from '../../db/database.js';

/** What a share page shows: the idea's words, format and category, nothing of its owner. */
export interface SharedIdea {
  content: string;
  format: Format;
  category: Category;
}

export interface ShareLinkRow {
  nonce: string;
  tokenHash: string;
}

export interface ShareLinksRepository {
  /** The idea's live link, or null. */
  linkOf(ideaId: string): Promise<ShareLinkRow | null>;
  /**
   * Keeps the idea's live link if there is one, else stores this one; returns the link that
   * lives afterwards, so two parallel first shares agree on one.
   */
  keepOrCreate(ideaId: string, link: ShareLinkRow): Promise<ShareLinkRow>;
  /** Replaces the idea's link (its token no longer matched the server secret). */
  replace(ideaId: string, link: ShareLinkRow): Promise<void>;
  /** true when a link was removed. */
  remove(ideaId: string): Promise<boolean>;
  findShared(tokenHash: string): Promise<SharedIdea | null>;
  /** The named secret, made from `fresh` by the first caller on any instance. */
  secret(name: string, fresh: () => string): Promise<string>;
}

export function createShareLinksRepository(
  database: Database,
  options: { now?: () => Date } = {},
): ShareLinksRepository {
  const { db } = database;
  const now = options.now ?? (() => new Date());

  async function linkOf(ideaId: string): Promise<ShareLinkRow | null> {
    const row = await db
      .selectFrom('share_links')
      .select(['nonce', 'token_hash'])
      .where('idea_id', '=', ideaId)
      .executeTakeFirst();
    return row === undefined ? null : { nonce: row.nonce, tokenHash: row.token_hash };
  }

  return {
    linkOf,

    async keepOrCreate(ideaId, link) {
      await db
        .insertInto('share_links')
        .values({
          idea_id: ideaId,
          nonce: link.nonce,
          token_hash: link.tokenHash,
          created_at: now().toISOString(),
        })
        .onConflict((conflict) => conflict.column('idea_id').doNothing())
        .execute();
      // Revoked between the insert and this read: the caller treats null as a fresh try.
      return (await linkOf(ideaId)) ?? link;
    },

    async replace(ideaId, link) {
      await db
        .updateTable('share_links')
        .set({ nonce: link.nonce, token_hash: link.tokenHash, created_at: now().toISOString() })
        .where('idea_id', '=', ideaId)
        .execute();
    },

    async remove(ideaId) {
      const result = await db
        .deleteFrom('share_links')
        .where('idea_id', '=', ideaId)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async findShared(tokenHash) {
      const row = await db
        .selectFrom('share_links')
        .innerJoin('ideas', 'ideas.id', 'share_links.idea_id')
        .select(['ideas.content', 'ideas.format', 'ideas.category'])
        .where('share_links.token_hash', '=', tokenHash)
        .executeTakeFirst();
      return row ?? null;
    },

    async secret(name, fresh) {
      await db
        .insertInto('server_secrets')
        .values({ name, value: fresh(), created_at: now().toISOString() })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
      const row = await db
        .selectFrom('server_secrets')
        .select('value')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.value;
    },
  };
}
