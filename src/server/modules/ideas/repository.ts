import { sql, type Insertable, type SqlBool } from 'kysely';
import type { Idea, NewIdea } from '#contract/api-schemas.js';
import type { Category, Format } from '#contract/taxonomy.js';
import type { Database } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import { preparedOnPostgres } from '../../db/prepared-statements.js';
import type { Owner } from '../../db/owner.js';
import { toCount } from '../../db/rows.js';
import type { IdeasTable } from '../../db/schema.js';
import { readTransaction, writeStatements, writeTransaction } from '../../db/transactions.js';
import { countOneUseQuery } from '../usage/transaction-steps.js';
import { decodeCursor, type CursorPosition } from '../../db/cursor.js';
import type { KeptAudioCaps } from '../recordings/transaction-steps.js';
import { createFromRecording } from './save-from-recording.js';
import { moveGuestIdeas, type Adoption, type AdoptionQuota } from './transaction-steps.js';
import {
  IDEA_COLUMNS,
  ideaColumns,
  isAfter,
  storedCount,
  toIdea,
  toPage,
  type IdeaPage,
  type IdeaRow,
} from './repository-rows.js';
import {
  createSearchPool,
  DEFAULT_SEARCH_TUNING,
  searchPage,
  type SearchRequest,
  type SearchTuning,
} from './repository-search.js';
import type { WorkerPool } from '../../db/worker-pool.js';

/**
 * One pool of search workers per open SQLite database, however many repositories use it,
 * started at the first search and stopped when the database closes (ADR 015).
 */
const searchPools = new WeakMap<Database, WorkerPool<SearchRequest, IdeaPage>>();

function searchPoolOf(database: Database): WorkerPool<SearchRequest, IdeaPage> | null {
  if (database.dialect !== 'sqlite' || database.file === null) return null;
  let pool = searchPools.get(database);
  if (pool === undefined) {
    const started = createSearchPool(database.file);
    pool = started;
    searchPools.set(database, started);
    database.onClose(() => started.close());
  }
  return pool;
}

export interface ListIdeasOptions {
  limit: number;
  /** From a previous page's nextCursor; a malformed one throws InvalidCursorError. */
  cursor?: string | undefined;
  /** Case-insensitive literal substring of content, transcript, format or category. */
  q?: string | undefined;
  category?: Category | undefined;
  format?: Format | undefined;
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
  /**
   * An idea made from a recording names it only while it is still the owner's, and with
   * `keptAudio` (a free account's caps) only when its audio fits them, both read in the saving
   * transaction; otherwise the idea is saved without it (recordingId null) and the recording
   * stays one not saved as an idea.
   */
  createWithinQuota(
    owner: Owner,
    input: NewIdea,
    quota: QuotaCheck,
    keptAudio?: KeptAudioCaps | null,
  ): Promise<Idea | 'quota_exceeded'>;
  update(owner: Owner, id: string, patch: IdeaPatch): Promise<Idea | null>;
  delete(owner: Owner, id: string): Promise<boolean>;
  /** null when there was no such idea of the owner; else the recording it was made from. */
  deleteReturningRecording(
    owner: Owner,
    id: string,
  ): Promise<{ recordingId: string | null } | null>;
  deleteAll(owner: Owner): Promise<number>;
  /** Moves a guest's ideas into an account (signing in), as far as its quota allows. */
  adoptGuestIdeas(userId: string, guestId: string, quota: AdoptionQuota): Promise<Adoption>;
  /**
   * Every idea of the owner, newest first, in batches of at most `batchSize`, each read when the
   * previous one has been consumed, so an export of 100,000 ideas never holds them all.
   */
  exportBatches(owner: Owner, batchSize?: number): AsyncGenerator<Idea[], void, undefined>;
}

/** Rows per read of an export: big enough to keep round trips few, small enough to stream. */
export const EXPORT_BATCH_SIZE = 1_000;

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

/** An idea's values in IDEA_COLUMNS order, as parameters of an `INSERT … SELECT`. */
function ideaValues(values: Insertable<IdeasTable>) {
  return IDEA_COLUMNS.map((column) => sql`${values[column] ?? null}`);
}

export function createIdeasRepository(
  database: Database,
  options: { now?: () => Date; searchTuning?: SearchTuning } = {},
): IdeasRepository {
  const { db, dialect } = database;
  const now = options.now ?? (() => new Date());
  const searchTuning = options.searchTuning ?? DEFAULT_SEARCH_TUNING;

  function ownedBy(owner: Owner) {
    return owner.kind === 'user'
      ? sql<SqlBool>`ideas.user_id = ${owner.userId}`
      : sql<SqlBool>`ideas.guest_id = ${owner.guestId}`;
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
    // Few texts (owner kind, category, cursor, and the limit written in, so a generic plan
    // knows it), each planned the same way whatever the values (the owner's date index): kept
    // prepared on PostgreSQL (db/prepared-statements.ts).
    const query = sql<IdeaRow & { total: number | string }>`
      SELECT ${ideaColumns}, ${storedTotal} AS total FROM ideas
      WHERE ${ownedBy(owner)} ${pageCategory} ${pageAfter}
      ORDER BY ideas.created_at DESC, ideas.id DESC LIMIT ${sql.lit(limit + 1)}`.compile(db);
    preparedOnPostgres(query.sql);
    const page = await db.executeQuery(query);
    const first = page.rows[0];
    if (first !== undefined) return toPage(page.rows, limit, toCount(first.total));
    const counted = await sql<{ total: number | string }>`SELECT ${storedTotal} AS total`.execute(
      db,
    );
    return toPage([], limit, toCount(counted.rows[0]?.total));
  }

  /**
   * SQLite: the quota count and the insert as one batch, one message to the writer thread (ADR
   * 017). The insert selects its row only when the count just changed one row (`changes()` is
   * 0 when the upsert's limit test held it back), so an idea is saved exactly when a use was
   * counted, in the same transaction, as on PostgreSQL.
   */
  async function createInOneBatch(
    owner: Owner,
    values: Insertable<IdeasTable>,
    quota: QuotaCheck,
  ): Promise<Idea | 'quota_exceeded'> {
    if (quota.monthlyLimit !== null && quota.monthlyLimit <= 0) return 'quota_exceeded';
    const counted = countOneUseQuery(db, owner, quota.periodKey, quota.monthlyLimit).compile();
    const inserted = db
      .insertInto('ideas')
      .columns(IDEA_COLUMNS)
      .expression(sql`SELECT ${sql.join(ideaValues(values))} WHERE changes() = 1`)
      .returning(IDEA_COLUMNS)
      .compile();
    const [, result] = await writeStatements(database, [counted, inserted]);
    const idea = result?.rows[0] as IdeaRow | undefined;
    return idea === undefined ? 'quota_exceeded' : toIdea(idea);
  }

  /**
   * PostgreSQL: the quota count and the insert as one statement, the upsert a data-modifying
   * CTE whose row the insert selects from, so the idea is inserted exactly when a use was
   * counted. One statement is atomic on its own: one round trip instead of four (BEGIN, upsert,
   * insert, COMMIT), with the same row lock on the usage row that serialises parallel saves.
   */
  async function createInOneStatement(
    owner: Owner,
    values: Insertable<IdeasTable>,
    quota: QuotaCheck,
  ): Promise<Idea | 'quota_exceeded'> {
    if (quota.monthlyLimit !== null && quota.monthlyLimit <= 0) return 'quota_exceeded';
    const idea = await db
      .with('counted', () => countOneUseQuery(db, owner, quota.periodKey, quota.monthlyLimit))
      .insertInto('ideas')
      .columns(IDEA_COLUMNS)
      .expression(sql`SELECT ${sql.join(ideaValues(values))} FROM counted`)
      .returning(IDEA_COLUMNS)
      .executeTakeFirst();
    return idea === undefined ? 'quota_exceeded' : toIdea(idea);
  }

  function loadPage(
    owner: Owner,
    limit: number,
    after: CursorPosition | null,
    q: string | undefined,
    category: Category | undefined,
    format: Format | undefined,
  ): Promise<IdeaPage> {
    if (q === undefined && format === undefined) {
      return listWithStoredTotal(owner, limit, after, category);
    }
    // idea_counts keeps counts by category only, so a format filter is answered as a search
    // for everything (q ''): its total is counted, exactly up to the cap like any search's.
    const options = { limit, after, q: q ?? '', category, format };
    const pool = searchPoolOf(database);
    if (pool !== null) return pool.run({ owner, options, tuning: searchTuning });
    return readTransaction(database, (trx) =>
      searchPage(dialect, trx, owner, options, searchTuning),
    );
  }

  return {
    async list(owner, { limit, cursor, q: rawQuery, category, format }) {
      const after = cursor === undefined ? null : decodeCursor(cursor);
      const searched = rawQuery === undefined ? '' : withoutNul(rawQuery);
      const q = searched === '' ? undefined : searched;
      return loadPage(owner, limit, after, q, category, format);
    },

    async findById(owner, id) {
      const row = await db
        .selectFrom('ideas')
        .select(IDEA_COLUMNS)
        .where('ideas.id', '=', id)
        .where(ownedBy(owner))
        .executeTakeFirst();
      return row ? toIdea(row) : null;
    },

    async createWithinQuota(owner, input, quota, keptAudio) {
      const createdAt = now();
      const at = createdAt.toISOString();
      const values = {
        id: newId(createdAt.getTime()),
        user_id: owner.kind === 'user' ? owner.userId : null,
        guest_id: owner.kind === 'guest' ? owner.guestId : null,
        content: withoutNul(input.content),
        format: input.format,
        category: input.category,
        transcript: input.transcript === null ? null : withoutNul(input.transcript),
        recording_id: input.recordingId ?? null,
        created_at: at,
        updated_at: at,
      };
      if (values.recording_id !== null) {
        const fromRecording = { ...values, recording_id: values.recording_id };
        return createFromRecording(database, owner, fromRecording, quota, keptAudio ?? null);
      }
      return dialect === 'sqlite'
        ? createInOneBatch(owner, values, quota)
        : createInOneStatement(owner, values, quota);
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
        .returning(IDEA_COLUMNS)
        .executeTakeFirst();
      return row ? toIdea(row) : null;
    },

    async delete(owner, id) {
      return (await this.deleteReturningRecording(owner, id)) !== null;
    },

    async deleteReturningRecording(owner, id) {
      const row = await db
        .deleteFrom('ideas')
        .where('ideas.id', '=', id)
        .where(ownedBy(owner))
        .returning('ideas.recording_id')
        .executeTakeFirst();
      return row === undefined ? null : { recordingId: row.recording_id };
    },

    async deleteAll(owner) {
      const result = await db.deleteFrom('ideas').where(ownedBy(owner)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    async adoptGuestIdeas(userId, guestId, quota) {
      return writeTransaction(database, (trx) =>
        moveGuestIdeas(trx, database.dialect, userId, guestId, quota),
      );
    },

    // Keyset pages rather than one long read: SQLite has one connection, which a streaming
    // read would hold for the whole download, and a PostgreSQL cursor would pin a pool client.
    // An idea saved meanwhile is newer than the position reached, so it is not repeated.
    async *exportBatches(owner, batchSize = EXPORT_BATCH_SIZE) {
      let after: CursorPosition | null = null;
      for (;;) {
        let query = db.selectFrom('ideas').select(IDEA_COLUMNS).where(ownedBy(owner));
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
