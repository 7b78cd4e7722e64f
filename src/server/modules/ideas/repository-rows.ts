import { sql, type Selectable, type SqlBool } from 'kysely';
import type { Idea } from '#contract/api-schemas.js';
import type { Category } from '#contract/taxonomy.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import { toIso } from '../../db/rows.js';
import type { IdeasTable } from '../../db/schema.js';
import { encodeCursor, type CursorPosition } from '../../db/cursor.js';

/* Rows to ideas and pages, shared by the listing in repository.ts and the search in
 * repository-search.ts. */

export interface IdeaPage {
  items: Idea[];
  /**
   * Every idea matching owner, q and category, regardless of the cursor; a search stops
   * counting at TOTAL_CAP (repository-search.ts) and then says so in totalCapped.
   */
  total: number;
  totalCapped: boolean;
  nextCursor: string | null;
}

/**
 * The columns an idea is read with. Never `*`: PostgreSQL also keeps search_text (migration 005),
 * a lower-cased copy of the text for search, which no reply needs.
 */
export const IDEA_COLUMNS = [
  'id',
  'user_id',
  'guest_id',
  'content',
  'format',
  'category',
  'transcript',
  'recording_id',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof IdeasTable)[];

/** An idea's row as the repository reads it: IDEA_COLUMNS. */
export type IdeaRow = Pick<Selectable<IdeasTable>, (typeof IDEA_COLUMNS)[number]>;

/** IDEA_COLUMNS for raw SQL, qualified by the ideas table. */
export const ideaColumns = sql.raw(IDEA_COLUMNS.map((column) => `ideas.${column}`).join(', '));

export function toIdea(row: IdeaRow): Idea {
  return {
    id: row.id,
    content: row.content,
    format: row.format,
    category: row.category,
    transcript: row.transcript,
    userId: row.user_id,
    createdAt: toIso(row.created_at),
    recordingId: row.recording_id,
  };
}

/**
 * The owner's number of ideas (in one category, if given) as kept in idea_counts by triggers
 * (ADR 012): a scalar subquery to embed, so it is read in the statement's own snapshot.
 */
export function storedCount(owner: Owner, category: Category | undefined) {
  const inCategory = category === undefined ? sql`` : sql`AND category = ${category}`;
  return sql<number | string>`(SELECT coalesce(sum(count), 0) FROM idea_counts
    WHERE owner_key = ${ownerKey(owner)} ${inCategory})`;
}

export function isAfter(after: CursorPosition) {
  return sql<SqlBool>`(ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`;
}

export function toPage(
  rows: IdeaRow[],
  limit: number,
  total: number,
  totalCapped = false,
): IdeaPage {
  const items = rows.slice(0, limit).map(toIdea);
  const last = items.at(-1);
  return {
    items,
    total,
    totalCapped,
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeCursor({ createdAt: last.createdAt, id: last.id })
        : null,
  };
}
