import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';
import { SEARCH_ROWID_OWNER_STEP } from '../../db/migrations/005-owner-scoped-search.js';
import { ownerKey, type Owner } from '../../db/owner.js';
import { toCount, toIso } from '../../db/rows.js';
import type { DB } from '../../db/schema.js';
import { createWorkerPool, type WorkerPool } from '../../db/worker-pool.js';
import { ideaColumns, toPage, type IdeaPage, type IdeaRow } from './repository-rows.js';
import {
  capped,
  ftsPhrase,
  isAscii,
  kindConditions,
  kindFilter,
  ownerColumn,
  ownerIdOf,
  postgresExactCondition,
  searchCondition,
  sqliteLikeCondition,
  TRIGRAM_MIN_QUERY_CHARS,
  wordPairMatch,
  wordPairTokens,
  type SearchOptions,
} from './search-conditions.js';

/* The search half of the ideas repository: which plan answers a query on each dialect (ADR 014). */

/**
 * A search counts its matches exactly up to this many; past it the answer is
 * `total: TOTAL_CAP, totalCapped: true` (docs/api.md), so no search visits every match of a
 * common word to count them.
 */
export const TOTAL_CAP = 1_000;

/** Must stay identical to the owner key of ideas_owner_joined_search_idx (migration 008). */
const POSTGRES_OWNER_KEY = sql`(CASE WHEN user_id IS NOT NULL THEN 'user:' || user_id ELSE 'guest:' || guest_id END)`;

/**
 * totalCap: TOTAL_CAP, smaller only in tests. When a SQLite search has more than totalCap
 * matches, its page is found by walking the owner's ideas newest first and testing each row,
 * which stops once the page is full: with at least TOTAL_CAP matches among at most a few hundred
 * thousand ideas the page lies a few thousand rows deep. walkBudgetRows bounds that walk;
 * matches bunched in old ideas exhaust it, and the page is then sorted from all of the owner's
 * matches instead.
 */
export interface SearchTuning {
  totalCap: number;
  walkBudgetRows: number;
}
export const DEFAULT_SEARCH_TUNING: SearchTuning = { totalCap: TOTAL_CAP, walkBudgetRows: 4_000 };

/** What a search worker is asked (repository-search-worker.ts): plain data only. */
export interface SearchRequest {
  owner: Owner;
  options: SearchOptions;
  tuning: SearchTuning;
}

/** Search threads per SQLite database: the machines we measure on have 2 cores (ADR 015). */
export const SEARCH_WORKERS = 2;

/** The search workers of one SQLite database file (ADR 015). */
export function createSearchPool(file: string): WorkerPool<SearchRequest, IdeaPage> {
  return createWorkerPool<SearchRequest, IdeaPage>({
    script: new URL(
      `./repository-search-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
      import.meta.url,
    ),
    size: SEARCH_WORKERS,
    workerData: { file },
  });
}

export function usesTrigramIndex(q: string): boolean {
  return [...q].length >= TRIGRAM_MIN_QUERY_CHARS;
}

/** One page of a search and its (capped) total; `trx` must hold one snapshot for both reads. */
export function searchPage(
  dialect: Dialect,
  trx: Kysely<DB>,
  owner: Owner,
  options: SearchOptions,
  tuning: SearchTuning,
): Promise<IdeaPage> {
  if (dialect === 'postgres') return postgresSearch(trx, owner, options, tuning.totalCap);
  if (usesTrigramIndex(options.q)) return sqliteIndexedSearch(trx, owner, options, tuning);
  return sqliteScannedSearch(trx, owner, options, tuning.totalCap);
}

/** SQLite, 1-2 character queries: the owner's rows, newest first, each tested. */
async function sqliteScannedSearch(
  trx: Kysely<DB>,
  owner: Owner,
  options: SearchOptions,
  cap: number,
): Promise<IdeaPage> {
  const { limit, after, q } = options;
  const conditions = sql.join(
    [
      sql`${ownerColumn(owner, 'ideas')} = ${ownerIdOf(owner)}`,
      ...kindConditions('ideas', options),
      searchCondition('sqlite', q),
    ],
    sql` AND `,
  );
  const counted = await sql<{ total: number | string }>`SELECT count(*) AS total FROM (
      SELECT 1 FROM ideas WHERE ${conditions} LIMIT ${cap + 1}) AS m`.execute(trx);
  const total = toCount(counted.rows[0]?.total);
  if (total === 0) return toPage([], limit, 0);
  const afterCondition =
    after === null
      ? sql``
      : sql`AND (ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`;
  const page = await sql<IdeaRow>`SELECT ${ideaColumns} FROM ideas
    WHERE ${conditions} ${afterCondition}
    ORDER BY ideas.created_at DESC, ideas.id DESC LIMIT ${limit + 1}`.execute(trx);
  return capped(page.rows, limit, total, cap);
}

/**
 * PostgreSQL. Every statement carries the owner key, so the planner can intersect it with the
 * query's word pairs in ideas_owner_word_pairs_idx (migration 009, queries of several ASCII
 * words) or its trigrams in ideas_owner_joined_search_idx (migration 008, the rest), or walk the
 * owner's date index, whichever it prices lower (ADR 014 shows the plans). One statement takes at most
 * totalCap + 1 matches in any order, counts them and sorts the page out of them; when there are
 * at most totalCap that is every match, so page and total are exact. Past the cap the page is
 * the newest matches after the cursor, asked for separately.
 */
async function postgresSearch(
  trx: Kysely<DB>,
  owner: Owner,
  options: SearchOptions,
  cap: number,
): Promise<IdeaPage> {
  const { limit, after, q } = options;
  const pairs = await wordPairTokens(trx, q);
  if (pairs === 'none') return toPage([], limit, 0);
  const matching = [
    sql`${POSTGRES_OWNER_KEY} = ${ownerKey(owner)}`,
    ...kindConditions('ideas', options),
    pairs === null
      ? searchCondition('postgres', q)
      : // Candidates from ideas_owner_word_pairs_idx (migration 009); the exact LIKE decides.
        sql<SqlBool>`search_word_pairs(ideas.search_text) && ${pairs.first}::text[]
          ${pairs.later.length === 0 ? sql`` : sql`AND search_word_pairs(ideas.search_text) @> ${pairs.later}::text[]`}
          AND ${postgresExactCondition(q)}`,
  ];
  // The owner key alone decides the owner. Given the owner's id column too, the planner
  // intersected the trigram candidates with all of the owner's entries in the date index
  // (BitmapAnd, 63 ms for 100,000 ideas) when it doubted the trigrams; only the walk below
  // needs that column, to read the date index in order.
  const conditions = sql.join(matching, sql` AND `);
  // The walk tests rows with the exact condition alone: offered the trigram condition too, the
  // planner gathered every trigram candidate (17,045 for "budget re" in 100,000 ideas, 690 ms)
  // where walking the date index finds 21 dense matches in ~600 rows (7 ms).
  // The owner is named by its columns alone, in the form the date index reads (a user's rows
  // are exactly those with its user_id; a guest's, those with its guest_id and no user_id).
  // Given the owner key as well, the planner multiplied the two conditions' estimates as if
  // independent, priced a BitmapAnd of both indexes as cheap, and read and sorted all 100,000
  // rows of the big owner (683 ms) instead of walking 556 rows of the date index (0.6 ms).
  const walkConditions = sql.join(
    [
      sql`${ownerColumn(owner, 'ideas')} = ${ownerIdOf(owner)}`,
      ...(owner.kind === 'guest' ? [sql`ideas.user_id IS NULL`] : []),
      ...kindConditions('ideas', options),
      postgresExactCondition(q),
    ],
    sql` AND `,
  );
  const matchesAfter =
    after === null ? sql`` : sql`AND (p.created_at, p.id) < (${after.createdAt}, ${after.id})`;
  const first = await sql<IdeaRow & { total: number | string }>`
    WITH m AS MATERIALIZED (SELECT ideas.created_at, ideas.id FROM ideas
      WHERE ${conditions} LIMIT ${cap + 1})
    SELECT ${ideaColumns}, (SELECT count(*) FROM m) AS total FROM ideas WHERE ideas.id IN (
      SELECT p.id FROM m AS p WHERE true ${matchesAfter}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}
    ) ORDER BY ideas.created_at DESC, ideas.id DESC`.execute(trx);
  const firstRow = first.rows[0];
  let total: number;
  if (firstRow === undefined) {
    // No page after the cursor among those matches; the total is still owed.
    const counted = await sql<{ total: number | string }>`SELECT count(*) AS total FROM (
        SELECT 1 FROM ideas WHERE ${conditions} LIMIT ${cap + 1}) AS m`.execute(trx);
    total = toCount(counted.rows[0]?.total);
    if (total <= cap) return toPage([], limit, total);
  } else {
    total = toCount(firstRow.total);
    if (total <= cap) return toPage(first.rows, limit, total);
  }
  const afterCondition =
    after === null
      ? sql``
      : sql`AND (ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`;
  const page = await sql<IdeaRow>`SELECT ${ideaColumns} FROM ideas
    WHERE ${walkConditions} ${afterCondition}
    ORDER BY ideas.created_at DESC, ideas.id DESC LIMIT ${limit + 1}`.execute(trx);
  return capped(page.rows, limit, total, cap);
}

/**
 * SQLite, 3+ characters. The owner's matches come from their own rowid range of one index: for a
 * query of several ASCII words, ideas_search_pairs (migration 009), whose candidates are tested
 * row by row with LIKE; otherwise the trigram phrase of ideas_search (migration 005), each match
 * checked against the narrow ideas_search_probe_idx for owner and category. The first statement takes at most totalCap + 1 of them, counts them and sorts the
 * page out of them: when there are at most totalCap, that is every match, so the page and the
 * total are exact. Past the cap the page must still be the newest of all matches; it comes from
 * the walk SearchTuning describes (ASCII queries, where LIKE folds case exactly as the index
 * does), from the newest matches by seq, or from sorting all of the owner's matches.
 */
async function sqliteIndexedSearch(
  trx: Kysely<DB>,
  owner: Owner,
  options: SearchOptions,
  tuning: SearchTuning,
): Promise<IdeaPage> {
  const { limit, after, q } = options;
  const cap = tuning.totalCap;
  const key = ownerKey(owner);
  const ownerNumber = sql`(SELECT num FROM search_owners WHERE owner_key = ${key})`;
  // The step goes into the SQL text as an integer literal. Bound as a parameter, better-sqlite3
  // passes a JavaScript number as a REAL, the bounds become REAL, and FTS5 ignores REAL rowid
  // bounds: it then read every owner's entries of each trigram and filtered them afterwards,
  // ~25 ms a search over 1.1 million ideas where the owner's range alone takes 0.1-1 ms (ADR 014).
  const step = sql.lit(SEARCH_ROWID_OWNER_STEP);
  const stepEnd = sql.lit(SEARCH_ROWID_OWNER_STEP - 1);
  const kindOnProbe = kindFilter('i', options);
  const pairs = await wordPairMatch(trx, q);
  if (pairs === 'none') return toPage([], limit, 0);
  const inOwnerRange = (index: string) =>
    sql`${sql.raw(index)}.rowid BETWEEN ${ownerNumber} * ${step} AND ${ownerNumber} * ${step} + ${stepEnd}`;
  // Both indexes give rows in rowid order (owner, then seq), which the statements below rely on.
  const indexRowid = sql.raw(pairs === null ? 'ideas_search.rowid' : 'ideas_search_pairs.rowid');
  const matches =
    pairs === null
      ? sql`SELECT i.seq AS seq, i.created_at AS created_at, i.id AS id
    FROM ideas_search
    CROSS JOIN ideas AS i INDEXED BY ideas_search_probe_idx
      ON i.seq = ideas_search.rowid - ${ownerNumber} * ${step}
    WHERE ideas_search MATCH ${ftsPhrase(q)} AND ${inOwnerRange('ideas_search')}
      AND ${ownerColumn(owner, 'i')} = ${ownerIdOf(owner)} ${kindOnProbe}`
      : // The pairs are candidates only: the row itself decides, as in the walk below.
        sql`SELECT i.seq AS seq, i.created_at AS created_at, i.id AS id
    FROM ideas_search_pairs
    CROSS JOIN ideas AS i ON i.seq = ideas_search_pairs.rowid - ${ownerNumber} * ${step}
    WHERE ideas_search_pairs MATCH ${pairs} AND ${inOwnerRange('ideas_search_pairs')}
      AND ${ownerColumn(owner, 'i')} = ${ownerIdOf(owner)} ${kindOnProbe}
      AND ${sqliteLikeCondition('i', q)}`;
  const afterFilter =
    after === null ? sql`` : sql`AND (p.created_at, p.id) < (${after.createdAt}, ${after.id})`;
  // FTS5 walks a rowid range forwards cheaply, but backwards it reads each trigram's whole
  // doclist up to the range (8-14 ms against 0.1 ms for a 1,000-idea owner among 1.1 million
  // ideas), so the first look goes forwards: when it finds at most totalCap matches, they are
  // all of them and the order they came in does not matter.
  const matchesIn = (order: 'ASC' | 'DESC') =>
    sql<
      IdeaRow & { total: number | string; min_seq: number }
    >`WITH m AS MATERIALIZED (${matches} ORDER BY ${indexRowid} ${sql.raw(order)} LIMIT ${cap + 1})
    SELECT ${ideaColumns}, (SELECT count(*) FROM m) AS total, (SELECT min(seq) FROM m) AS min_seq
    FROM ideas WHERE ideas.seq IN (
      SELECT p.seq FROM m AS p WHERE 1 = 1 ${afterFilter}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}
    ) ORDER BY ideas.created_at DESC, ideas.id DESC`.execute(trx);
  const first = await matchesIn('ASC');
  let total: number;
  const firstRow = first.rows[0];
  if (firstRow === undefined) {
    // No page after the cursor among those matches; the total is still owed.
    const counted = await sql<{ total: number | string }>`SELECT count(*) AS total FROM (
        ${matches} LIMIT ${cap + 1})`.execute(trx);
    total = toCount(counted.rows[0]?.total);
    if (total <= cap) return toPage([], limit, total);
  } else {
    total = toCount(firstRow.total);
    if (total <= cap) return toPage(first.rows, limit, total);
  }

  const walkOwner = ownerColumn(owner, 'ideas');
  const walkKind = kindFilter('ideas', options);
  const walkAfter =
    after === null
      ? sql``
      : sql`AND (ideas.created_at, ideas.id) < (${after.createdAt}, ${after.id})`;
  // Past the cap the page must still be the newest matches by date. First a bounded walk of
  // the owner's newest ideas, testing each (ASCII queries, where LIKE folds case as the index
  // does); dense matches fill the page within a few hundred rows.
  if (isAscii(q)) {
    // The budget's far end, read from the owner index alone; none means fewer rows remain.
    const boundary = await sql<{ created_at: string; id: string }>`SELECT created_at, id
      FROM ideas WHERE ${walkOwner} = ${ownerIdOf(owner)} ${walkKind} ${walkAfter}
      ORDER BY created_at DESC, id DESC LIMIT 1 OFFSET ${tuning.walkBudgetRows - 1}`.execute(trx);
    const bound = boundary.rows[0];
    const walkBound =
      bound === undefined
        ? sql``
        : sql`AND (ideas.created_at, ideas.id) >= (${bound.created_at}, ${bound.id})`;
    const walked = await sql<IdeaRow>`SELECT ${ideaColumns} FROM ideas
      WHERE ${walkOwner} = ${ownerIdOf(owner)} ${walkKind} ${walkAfter} ${walkBound}
        AND ${searchCondition('sqlite', q)}
      ORDER BY created_at DESC, id DESC LIMIT ${limit + 1}`.execute(trx);
    if (walked.rows.length > limit || bound === undefined) {
      return capped(walked.rows, limit, total, cap);
    }
  }
  // Then the newest matches by seq. Ideas are numbered as they are saved, so those
  // are almost always the newest by date too; the page is exact when no idea of the owner
  // outside them (seq below theirs) lies between the cursor and the page's last row: one short
  // range of the owner's date index, matches or not.
  const newest = await matchesIn('DESC');
  const pageEnd = newest.rows[limit];
  if (pageEnd !== undefined) {
    const outside = await sql<{ one: number }>`SELECT 1 AS one FROM ideas
      WHERE ${walkOwner} = ${ownerIdOf(owner)} ${walkKind} ${walkAfter}
        AND (ideas.created_at, ideas.id) > (${toIso(pageEnd.created_at)}, ${pageEnd.id})
        AND ideas.seq < ${pageEnd.min_seq}
      LIMIT 1`.execute(trx);
    if (outside.rows.length === 0) return capped(newest.rows, limit, total, cap);
  }
  const sorted = await sql<IdeaRow>`SELECT ${ideaColumns} FROM ideas WHERE ideas.seq IN (
      SELECT p.seq FROM (${matches}) AS p WHERE 1 = 1 ${afterFilter}
      ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}
    ) ORDER BY ideas.created_at DESC, ideas.id DESC`.execute(trx);
  return capped(sorted.rows, limit, total, cap);
}
