import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Idea } from '../../core/api-schemas.js';
import type { Category, Format } from '../../core/taxonomy.js';
import type { Database, Dialect } from '../db/database.js';
import type { DB, IdeasTable } from '../db/schema.js';
import { createReadCache } from '../db/read-cache.js';
import { readTransaction, writeTransaction } from '../db/transactions.js';
import { decodeCursor, encodeCursor, type CursorPosition } from './cursor.js';
import { newId } from '../db/ids.js';
import { ownerKey, type Owner } from '../db/owner.js';
import { toCount, toIso } from '../db/rows.js';
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
  /**
   * Every idea of the owner, newest first, in batches of at most `batchSize`, each read when the
   * previous one has been consumed, so an export of 100,000 ideas never holds them all.
   */
  exportBatches(owner: Owner, batchSize?: number): AsyncGenerator<Idea[], void, undefined>;
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

/** Rows per read of an export: big enough to keep round trips few, small enough to stream. */
export const EXPORT_BATCH_SIZE = 1_000;

/**
 * SQLite full-text listing (ADR 002, ADR 012). The page comes from the cheaper of two routes:
 * sorting every match of the owner by date (its cost grows with the number of matches), or
 * walking the owner's ideas newest first and testing each row until the page is full (its cost
 * grows with how far apart the matches lie). Matches spread evenly through the owner's ideas
 * lie about ownerIdeas / total rows apart, so the walk is chosen when the rows it should read are
 * few (at most walkExpectedRowsMax) and fewer than the matches a sort would order; it still gives
 * up after walkBudgetRows rows (matches bunched in old ideas) and sorts instead.
 */
export interface FullTextTuning {
  walkExpectedRowsMax: number;
  /**
   * Reading a row and testing it on the walk costs about two thirds of placing one match in the
   * sort (100,000 ideas: 1.0 ms to walk 1,050 rows, 3.2 ms to sort 1,989 matches), so the walk
   * wins while it reads fewer than 1.5 rows per match there is to sort.
   */
  walkRowsPerSortedMatch: number;
  walkBudgetRows: number;
}
const DEFAULT_FULL_TEXT_TUNING: FullTextTuning = {
  walkExpectedRowsMax: 2_000,
  walkRowsPerSortedMatch: 1.5,
  walkBudgetRows: 4_000,
};

function usesTrigramIndex(q: string): boolean {
  return [...q].length >= TRIGRAM_MIN_QUERY_CHARS;
}

/** An FTS5 string: one phrase, matched literally (only the double quote needs doubling). */
function ftsPhrase(q: string): string {
  return `"${q.replace(/"/g, '""')}"`;
}

/**
 * The owner's number of ideas (in one category, if given) as kept in idea_counts by triggers
 * (ADR 012): a scalar subquery to embed, so it is read in the statement's own snapshot.
 */
function storedCount(owner: Owner, category: Category | undefined) {
  const inCategory = category === undefined ? sql`` : sql`AND category = ${category}`;
  return sql<number | string>`(SELECT coalesce(sum(count), 0) FROM idea_counts
    WHERE owner_key = ${ownerKey(owner)} ${inCategory})`;
}

function isAfter(after: CursorPosition) {
  return sql<SqlBool>`(ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`;
}

function toPage(rows: Selectable<IdeasTable>[], limit: number, total: number): IdeaPage {
  const items = rows.slice(0, limit).map(toIdea);
  const last = items.at(-1);
  return {
    items,
    total,
    nextCursor:
      rows.length > limit && last !== undefined
        ? encodeCursor({ createdAt: last.createdAt, id: last.id })
        : null,
  };
}

/**
 * One page and the total for a query of 3+ characters on SQLite. The total starts from the FTS5
 * match list and keeps the owner's matches, probing the narrow ideas_search_probe_idx rather
 * than the wide rows; the page comes from the route FullTextTuning describes. The walk tests
 * rows with LIKE, which folds ASCII case only, so it is used for ASCII queries, where that is
 * exactly the index's case folding.
 */
async function listSqliteFullText(
  trx: Kysely<DB>,
  owner: Owner,
  options: {
    limit: number;
    after: CursorPosition | null;
    q: string;
    category?: Category | undefined;
  },
  tuning: FullTextTuning,
): Promise<IdeaPage> {
  const { limit, after, q, category } = options;
  const ownerColumn = owner.kind === 'user' ? sql.ref('i.user_id') : sql.ref('i.guest_id');
  const ownerId = owner.kind === 'user' ? owner.userId : owner.guestId;
  const categoryFilter = category === undefined ? sql`` : sql`AND i.category = ${category}`;
  const ownedMatches = sql`SELECT i.seq AS seq, i.created_at AS created_at, i.id AS id
    FROM (SELECT rowid AS seq FROM ideas_fts WHERE ideas_fts MATCH ${ftsPhrase(q)}) AS m
    CROSS JOIN ideas AS i INDEXED BY ideas_search_probe_idx ON i.seq = m.seq
    WHERE ${ownerColumn} = ${ownerId} ${categoryFilter}`;
  const counted = await sql<{
    total: number | string;
    owned: number | string;
  }>`SELECT (SELECT count(*) FROM (${ownedMatches})) AS total,
      ${storedCount(owner, category)} AS owned`.execute(trx);
  const total = toCount(counted.rows[0]?.total);
  if (total === 0) return { items: [], total, nextCursor: null };

  const expectedWalkRows = ((limit + 1) * toCount(counted.rows[0]?.owned)) / total;
  if (
    isAscii(q) &&
    expectedWalkRows <= tuning.walkExpectedRowsMax &&
    expectedWalkRows <= total * tuning.walkRowsPerSortedMatch
  ) {
    const walkOwner = owner.kind === 'user' ? sql.ref('user_id') : sql.ref('guest_id');
    const walkCategory = category === undefined ? sql`` : sql`AND category = ${category}`;
    const walkAfter =
      after === null ? sql`` : sql`AND (created_at, id) < (${after.createdAt}, ${after.id})`;
    // The budget's far end, read from the owner index alone; none means fewer rows remain.
    const boundary = await sql<{ created_at: string; id: string }>`SELECT created_at, id
      FROM ideas WHERE ${walkOwner} = ${ownerId} ${walkCategory} ${walkAfter}
      ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${tuning.walkBudgetRows - 1}`.execute(trx);
    const bound = boundary.rows[0];
    const walkBound =
      bound === undefined ? sql`` : sql`AND (created_at, id) >= (${bound.created_at}, ${bound.id})`;
    // Walks the owner index newest first and stops at the (limit + 1)th match.
    const walked = await sql<Selectable<IdeasTable>>`SELECT * FROM ideas
      WHERE ${walkOwner} = ${ownerId} ${walkCategory} ${walkAfter} ${walkBound}
        AND ${searchCondition('sqlite', q)}
      ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`.execute(trx);
    if (walked.rows.length > limit || bound === undefined) {
      return toPage(walked.rows, limit, total);
    }
  }
  const afterFilter =
    after === null ? sql`` : sql`AND (p.created_at, p.id) < (${after.createdAt}, ${after.id})`;
  const sorted = await sql<Selectable<IdeasTable>>`SELECT ideas.* FROM ideas WHERE ideas.seq IN (
      SELECT p.seq FROM (${ownedMatches}) AS p WHERE 1 = 1 ${afterFilter}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}
    ) ORDER BY ideas.created_at DESC, ideas.id DESC`.execute(trx);
  return toPage(sorted.rows, limit, total);
}

/**
 * U+0000 is dropped from stored text and from queries alike: PostgreSQL text cannot hold it (the
 * insert would fail) and SQLite's string functions and FTS5 query parser stop at it. Requests
 * arrive already without it (their schemas normalise text before validating it); this keeps the
 * same rule for text that did not come from a request, such as a language model's reply.
 */
const NUL = String.fromCharCode(0);

function withoutNul(text: string): string {
  return text.includes(NUL) ? text.split(NUL).join('') : text;
}

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

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

/** A rough in-memory size of a page: its text twice (as strings and as the serialized reply). */
function pageBytes(page: IdeaPage): number {
  let chars = 64;
  for (const idea of page.items) {
    chars += 160 + idea.content.length + (idea.transcript?.length ?? 0);
  }
  return 2 * 2 * chars;
}

export function createIdeasRepository(
  database: Database,
  options: { now?: () => Date; fullTextTuning?: FullTextTuning; cacheBytes?: number } = {},
): IdeasRepository {
  const { db, dialect } = database;
  const now = options.now ?? (() => new Date());
  const fullTextTuning = options.fullTextTuning ?? DEFAULT_FULL_TEXT_TUNING;
  // Pages as served (ADR 013): the same listing or search asked again before anything is
  // written costs no query. Entries go the moment any write happens.
  const pages = createReadCache<IdeaPage>(database.dataVersion, {
    maxBytes: options.cacheBytes ?? 0,
    sizeOf: pageBytes,
  });

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

  /**
   * The unfiltered (or category-filtered) listing: the total is read from idea_counts (kept by
   * triggers, ADR 012) instead of counting the owner's index entries, as a scalar subquery of
   * the page query, so page and total come from one statement, one snapshot, with no
   * transaction. (Joining the page to the total instead made SQLite copy and re-sort the page:
   * 2.5 times the cost.) Only an empty page needs the total on its own.
   */
  async function listWithStoredTotal(
    owner: Owner,
    limit: number,
    after: CursorPosition | null,
    category: Category | undefined,
  ): Promise<IdeaPage> {
    const storedTotal = storedCount(owner, category);
    const pageCategory = category === undefined ? sql`` : sql`AND ideas.category = ${category}`;
    const pageAfter = after === null ? sql`` : sql`AND ${isAfter(after)}`;
    const page = await sql<Selectable<IdeasTable> & { total: number | string }>`
      SELECT ideas.*, ${storedTotal} AS total FROM ideas
      WHERE ${ownedBy(owner)} ${pageCategory} ${pageAfter}
      ORDER BY ideas.created_at DESC, ideas.id DESC LIMIT ${limit + 1}`.execute(db);
    const first = page.rows[0];
    if (first !== undefined) return toPage(page.rows, limit, toCount(first.total));
    const counted = await sql<{ total: number | string }>`SELECT ${storedTotal} AS total`.execute(
      db,
    );
    return toPage([], limit, toCount(counted.rows[0]?.total));
  }

  function loadPage(
    owner: Owner,
    limit: number,
    after: CursorPosition | null,
    q: string | undefined,
    category: Category | undefined,
  ): Promise<IdeaPage> {
    if (dialect === 'sqlite' && q !== undefined && usesTrigramIndex(q)) {
      return readTransaction(database, (trx) =>
        listSqliteFullText(trx, owner, { limit, after, q, category }, fullTextTuning),
      );
    }
    if (q === undefined) return listWithStoredTotal(owner, limit, after, category);
    return readTransaction(database, async (trx) => {
      if (dialect === 'postgres' && usesTrigramIndex(q)) {
        // The planner prices ILIKE over the joined columns as cheap per row and picks a
        // sequential scan for the total: 134 ms against 13 ms through the trigram index for
        // 20,000 ideas (EXPLAIN ANALYZE, ADR 012). Scoped to this read-only transaction.
        await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      }
      const matches = matchingIdeas(trx, owner, q, category);
      let pageQuery = matches.selectAll('ideas');
      if (after !== null) pageQuery = pageQuery.where(isAfter(after));
      const rows = await pageQuery
        .orderBy('ideas.created_at', 'desc')
        .orderBy('ideas.id', 'desc')
        .limit(limit + 1)
        .execute();
      const counted = await matches
        .select((eb) => eb.fn.countAll().as('total'))
        .executeTakeFirstOrThrow();
      return toPage(rows, limit, toCount(counted.total as number | string));
    });
  }

  return {
    async list(owner, { limit, cursor, q: rawQuery, category }) {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      const searched = rawQuery === undefined ? '' : withoutNul(rawQuery);
      const q = searched === '' ? undefined : searched;
      const key = JSON.stringify([
        ownerKey(owner),
        limit,
        cursor ?? null,
        q ?? null,
        category ?? null,
      ]);
      return pages.read(key, () => loadPage(owner, limit, after, q, category));
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
            content: withoutNul(input.content),
            format: input.format,
            category: input.category,
            transcript: input.transcript === null ? null : withoutNul(input.transcript),
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
        ...(patch.content !== undefined ? { content: withoutNul(patch.content) } : {}),
        ...(patch.format !== undefined ? { format: patch.format } : {}),
        ...(patch.category !== undefined ? { category: patch.category } : {}),
        ...(patch.transcript !== undefined
          ? { transcript: patch.transcript === null ? null : withoutNul(patch.transcript) }
          : {}),
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

    // Keyset pages rather than one long read: SQLite has one connection, which a streaming
    // read would hold for the whole download, and a PostgreSQL cursor would pin a pool client.
    // An idea saved meanwhile is newer than the position reached, so it is not repeated.
    async *exportBatches(owner, batchSize = EXPORT_BATCH_SIZE) {
      let after: CursorPosition | null = null;
      for (;;) {
        let query = db.selectFrom('ideas').selectAll('ideas').where(ownedBy(owner));
        if (after !== null) query = query.where(isAfter(after));
        const rows = await query
          .orderBy('ideas.created_at', 'desc')
          .orderBy('ideas.id', 'desc')
          .limit(batchSize)
          .execute();
        const batch = rows.map(toIdea);
        const last = batch.at(-1);
        if (last === undefined) return;
        yield batch;
        if (batch.length < batchSize) return;
        after = { createdAt: last.createdAt, id: last.id };
      }
    },
  };
}

/**
 * Case-insensitive literal substring over content, transcript, format and category (ADR 002).
 * This is the row-by-row form, used on PostgreSQL and, on SQLite, for 1-2 character queries and
 * the walk; SQLite queries of 3+ characters are otherwise answered from the FTS5 index
 * (listSqliteFullText). Both use LIKE-style patterns with %, _ and \ escaped, so they are
 * literal. SQLite's LIKE folds ASCII letters only (as its lower() does) and reads the column
 * in place, where instr(lower(...)) copied each text first: a third less per row walked.
 */
function searchCondition(dialect: Dialect, q: string): Expression<SqlBool> {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`${POSTGRES_SEARCH_EXPRESSION} ILIKE ${pattern} ESCAPE '\\'`;
  }
  return sql<SqlBool>`(ideas.content LIKE ${pattern} ESCAPE '\\'
    OR ideas.transcript LIKE ${pattern} ESCAPE '\\'
    OR ideas.format LIKE ${pattern} ESCAPE '\\'
    OR ideas.category LIKE ${pattern} ESCAPE '\\')`;
}
