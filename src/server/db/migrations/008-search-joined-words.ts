import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * PostgreSQL: the search index reads the text with its spaces removed (ADR 014). pg_trgm makes
 * trigrams within words only, so for "call cl" the index of migration 005 could only ask for
 * rows that have a word with "cal", "all" and one starting with "cl": 45% of an account written
 * in everyday words, every one of them read and rechecked. Without spaces "callcl" has trigrams
 * across the words ("llc", "lcl") that only rows with those words side by side contain.
 * Removing spaces from both the text and the query keeps every real match among the candidates
 * (a substring stays a substring when the same characters are removed from both), and the
 * exact LIKE over search_text still decides. SQLite needs nothing here: FTS5's trigram
 * tokenizer already makes trigrams across spaces.
 */

/** The same owner key expression as migration 005 and POSTGRES_OWNER_KEY. */
const OWNER_KEY = `(CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'guest:' || guest_id END)`;

export function searchJoinedWordsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      // The expression must stay identical to POSTGRES_JOINED_TEXT in
      // modules/ideas/repository-search.ts, or PostgreSQL cannot use the index.
      await sql
        .raw(
          `CREATE INDEX ideas_owner_joined_search_idx ON ideas USING gin (
            ${OWNER_KEY}, (replace(search_text, ' ', '')) gin_trgm_ops
          )`,
        )
        .execute(db);
      await sql`DROP INDEX ideas_owner_search_idx`.execute(db);
    },
    async down(db: Kysely<unknown>): Promise<void> {
      if (dialect !== 'postgres') return;
      await sql
        .raw(
          `CREATE INDEX IF NOT EXISTS ideas_owner_search_idx ON ideas USING gin (
            ${OWNER_KEY}, search_text gin_trgm_ops
          )`,
        )
        .execute(db);
      await sql`DROP INDEX IF EXISTS ideas_owner_joined_search_idx`.execute(db);
    },
  };
}
