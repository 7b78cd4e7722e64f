import { sql, type Expression, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { Category } from '../../../contract/taxonomy.js';
import type { Dialect } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';
import { toCount } from '../../db/rows.js';
import type { DB, IdeasTable } from '../../db/schema.js';
import type { CursorPosition } from './cursor.js';
import { storedCount, toPage, type IdeaPage } from './repository-rows.js';

/* The search half of the ideas repository: which plan answers a query on each dialect. */

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
export const DEFAULT_FULL_TEXT_TUNING: FullTextTuning = {
  walkExpectedRowsMax: 2_000,
  walkRowsPerSortedMatch: 1.5,
  walkBudgetRows: 4_000,
};

export function usesTrigramIndex(q: string): boolean {
  return [...q].length >= TRIGRAM_MIN_QUERY_CHARS;
}

/** An FTS5 string: one phrase, matched literally (only the double quote needs doubling). */
function ftsPhrase(q: string): string {
  return `"${q.replace(/"/g, '""')}"`;
}

/**
 * One page and the total for a query of 3+ characters on SQLite. The total starts from the FTS5
 * match list and keeps the owner's matches, probing the narrow ideas_search_probe_idx rather
 * than the wide rows; the page comes from the route FullTextTuning describes. The walk tests
 * rows with LIKE, which folds ASCII case only, so it is used for ASCII queries, where that is
 * exactly the index's case folding.
 */
export async function listSqliteFullText(
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

function isAscii(text: string): boolean {
  return /^\p{ASCII}*$/u.test(text);
}

/**
 * Case-insensitive literal substring over content, transcript, format and category (ADR 002).
 * This is the row-by-row form, used on PostgreSQL and, on SQLite, for 1-2 character queries and
 * the walk; SQLite queries of 3+ characters are otherwise answered from the FTS5 index
 * (listSqliteFullText). Both use LIKE-style patterns with %, _ and \ escaped, so they are
 * literal. SQLite's LIKE folds ASCII letters only (as its lower() does) and reads the column
 * in place, where instr(lower(...)) copied each text first: a third less per row walked.
 */
export function searchCondition(dialect: Dialect, q: string): Expression<SqlBool> {
  const pattern = `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  if (dialect === 'postgres') {
    return sql<SqlBool>`${POSTGRES_SEARCH_EXPRESSION} ILIKE ${pattern} ESCAPE '\\'`;
  }
  return sql<SqlBool>`(ideas.content LIKE ${pattern} ESCAPE '\\'
    OR ideas.transcript LIKE ${pattern} ESCAPE '\\'
    OR ideas.format LIKE ${pattern} ESCAPE '\\'
    OR ideas.category LIKE ${pattern} ESCAPE '\\')`;
}
