import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Idea } from '../../core/api-schemas.js';
import type { Category, Format } from '../../core/taxonomy.js';
import type { Database, Dialect } from '../db/database.js';
import type { DB, IdeasTable } from '../db/schema.js';
import { readTransaction, writeTransaction } from '../db/transactions.js';
import { decodeCursor, encodeCursor } from './cursor.js';
import { newId } from './ids.js';
import type { Owner } from './owner.js';
import { toCount, toIso } from './rows.js';
import { countOneUse } from './usage-repository.js';

export { InvalidCursorError } from './cursor.js';

export interface ListIdeasOptions {
  limit: number;
  /** From a previous page's nextCursor; a malformed one throws InvalidCursorError. */
  cursor?: string | undefined;
  /** Case-insensitive literal substring of content, transcript, format or category. */
  q?: string | undefined;
  category?: Category | undefined;
}

export interface IdeaPage {
  items: Idea[];
  /** Every idea matching owner, q and category, regardless of the cursor. */
  total: number;
  nextCursor: string | null;
}

export interface NewIdea {
  content: string;
  format: Format;
  category: Category;
  transcript: string | null;
}

export interface IdeaPatch {
  content?: string;
  format?: Format;
  category?: Category;
  transcript?: string | null;
}

export interface QuotaCheck {
  /** null: unlimited (the use is still counted). */
  monthlyLimit: number | null;
  periodKey: string;
}

export interface IdeasRepository {
  list(owner: Owner, options: ListIdeasOptions): Promise<IdeaPage>;
  findById(owner: Owner, id: string): Promise<Idea | null>;
  createWithinQuota(
    owner: Owner,
    input: NewIdea,
    quota: QuotaCheck,
  ): Promise<Idea | 'quota_exceeded'>;
  update(owner: Owner, id: string, patch: IdeaPatch): Promise<Idea | null>;
  delete(owner: Owner, id: string): Promise<boolean>;
  deleteAll(owner: Owner): Promise<number>;
  /** Every idea of the owner, newest first. */
  exportAll(owner: Owner): Promise<Idea[]>;
}

/**
 * Queries shorter than this cannot use a trigram index (neither FTS5's trigram tokenizer nor
 * pg_trgm has a trigram to look up), so they fall back to scanning the owner's ideas.
 */
export const TRIGRAM_MIN_QUERY_CHARS = 3;

/**
 * Must stay identical to the expression of ideas_search_trgm_idx (migration 001), or PostgreSQL
 * cannot use the index. The \x01 separator keeps a match from spanning two columns.
 */
const POSTGRES_SEARCH_EXPRESSION = sql`(content || E'\\x01' || coalesce(transcript, '') || E'\\x01' || format || E'\\x01' || category)`;

export function toIdea(row: Selectable<IdeasTable>): Idea {
  return {
    id: row.id,
    content: row.content,
    format: row.format,
    category: row.category,
    transcript: row.transcript,
    userId: row.user_id,
    createdAt: toIso(row.created_at),
  };
}

export function createIdeasRepository(
  database: Database,
  options: { now?: () => Date } = {},
): IdeasRepository {
  const { db, dialect } = database;
  const now = options.now ?? (() => new Date());

  function ownedBy(owner: Owner) {
    return owner.kind === 'user'
      ? sql<SqlBool>`ideas.user_id = ${owner.userId}`
      : sql<SqlBool>`ideas.guest_id = ${owner.guestId}`;
  }

  function matchingIdeas(
    executor: Kysely<DB>,
    owner: Owner,
    q: string | undefined,
    category?: Category,
  ) {
    let query = executor.selectFrom('ideas').where(ownedBy(owner));
    if (category !== undefined) query = query.where('ideas.category', '=', category);
    if (q !== undefined && q !== '') query = query.where(searchCondition(dialect, q));
    return query;
  }

  return {
    async list(owner, { limit, cursor, q, category }) {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      return readTransaction(database, async (trx) => {
        const matches = matchingIdeas(trx, owner, q, category);
        let pageQuery = matches.selectAll('ideas');
        if (after !== null) {
          pageQuery = pageQuery.where(
            sql<SqlBool>`(ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`,
          );
        }
        const rows = await pageQuery
          .orderBy('ideas.created_at', 'desc')
          .orderBy('ideas.id', 'desc')
          .limit(limit + 1)
          .execute();
        const counted = await matches
          .select((eb) => eb.fn.countAll().as('total'))
          .executeTakeFirstOrThrow();
        const items = rows.slice(0, limit).map(toIdea);
        const last = items.at(-1);
        return {
          items,
          total: toCount(counted.total as number | string),
          nextCursor:
            rows.length > limit && last !== undefined
              ? encodeCursor({ createdAt: last.createdAt, id: last.id })
              : null,
        };
      });
    },

    async findById(owner, id) {
      const row = await db
        .selectFrom('ideas')
        .selectAll('ideas')
        .where('ideas.id', '=', id)
        .where(ownedBy(owner))
        .executeTakeFirst();
      return row ? toIdea(row) : null;
    },

    async createWithinQuota(owner, input, quota) {
      const createdAt = now();
      const at = createdAt.toISOString();
      return writeTransaction(database, async (trx) => {
        const used = await countOneUse(trx, owner, quota.periodKey, quota.monthlyLimit);
        if (used === null) return 'quota_exceeded' as const;
        const row = await trx
          .insertInto('ideas')
          .values({
            id: newId(createdAt.getTime()),
            user_id: owner.kind === 'user' ? owner.userId : null,
            guest_id: owner.kind === 'guest' ? owner.guestId : null,
            content: input.content,
            format: input.format,
            category: input.category,
            transcript: input.transcript,
            created_at: at,
            updated_at: at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        return toIdea(row);
      });
    },

    async update(owner, id, patch) {
      const changes = {
        ...(patch.content !== undefined ? { content: patch.content } : {}),
        ...(patch.format !== undefined ? { format: patch.format } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.transcript !== undefined ? { transcript: patch.transcript } : {}),
      };
      if (Object.keys(changes).length === 0) return this.findById(owner, id);
      const row = await db
        .updateTable('ideas')
        .set({ ...changes, updated_at: now().toISOString() })
        .where('ideas.id', '=', id)
        .where(ownedBy(owner))
        .returningAll()
        .executeTakeFirst();
      return row ? toIdea(row) : null;
    },

    async delete(owner, id) {
      const result = await db
        .deleteFrom('ideas')
        .where('ideas.id', '=', id)
        .where(ownedBy(owner))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    async deleteAll(owner) {
      const result = await db.deleteFrom('ideas').where(ownedBy(owner)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async exportAll(owner) {
      const rows = await db
        .selectFrom('ideas')
        .selectAll('ideas')
        .where(ownedBy(owner))
        .orderBy('ideas.created_at', 'desc')
        .orderBy('ideas.id', 'desc')
        .execute();
      return rows.map(toIdea);
    },
  };
}

/**
 * Case-insensitive literal substring over content, transcript, format and category (ADR 002).
 * SQLite: a phrase query against the FTS5 trigram index, or for 1-2 characters a scan with
 * instr() over lower-cased columns (no LIKE, so % and _ need no escaping). PostgreSQL: ILIKE
 * over the indexed expression with %, _ and \ escaped.
 */
function searchCondition(dialect: Dialect, q: string): Expression<SqlBool> {
  if (dialect === 'postgres') {
    const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return sql<SqlBool>`${POSTGRES_SEARCH_EXPRESSION} ILIKE ${pattern} ESCAPE '\\'`;
  }
  if ([...q].length >= TRIGRAM_MIN_QUERY_CHARS) {
    const phrase = `"${q.replace(/"/g, '""')}"`;
    return sql<SqlBool>`ideas.seq IN (SELECT rowid FROM ideas_fts WHERE ideas_fts MATCH ${phrase})`;
  }
  const needle = q.toLowerCase();
  return sql<SqlBool>`(instr(lower(ideas.content), ${needle}) > 0
    OR instr(lower(coalesce(ideas.transcript, '')), ${needle}) > 0
    OR instr(ideas.format, ${needle}) > 0
    OR instr(ideas.category, ${needle}) > 0)`;
}
