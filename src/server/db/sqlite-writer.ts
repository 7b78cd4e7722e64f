import type BetterSqlite3 from 'better-sqlite3';
import {
  CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';
import { createWorkerPool, type WorkerPool } from './worker-pool.js';

/*
 * ADR 017: SQLite reads on the main thread, writes on a writer thread.
 *
 * better-sqlite3 runs a statement inside one synchronous call. A save's COMMIT (the WAL write
 * and its fsync, synchronous=FULL per ADR 001) held the main thread 3-4 ms, and every request
 * behind it waited. Here a statement that only reads runs on the main connection as before (a
 * listing's page costs ~0.1 ms, less than a message to a thread and back), and everything else
 * goes to one writer thread with its own connection: a statement that writes, and every
 * statement between BEGIN and COMMIT/ROLLBACK (so a transaction's reads see its own writes).
 * WAL lets the main connection read while the writer commits; a read that starts after a
 * write's promise resolved sees it, because the writer answers only after its COMMIT.
 *
 * Writes are sent at once and the writer runs them in arrival order; while a transaction is open
 * there, it holds back every message that is not that transaction's (a standalone write, a
 * batch, another BEGIN) until it ends. So the writer never runs one caller's statement inside
 * another caller's transaction, the next write is already waiting when a COMMIT ends (a lock on
 * the main thread made each wait for the main thread's next turn of its event loop), and the
 * main thread never waits on SQLite's write lock (a busy wait there would block the event
 * loop). Reads never wait for writes.
 */

/** One statement for the writer; `transaction` numbers the transaction it belongs to. */
export interface WriterStatement {
  sql: string;
  parameters: readonly unknown[];
  transaction?: number | undefined;
  /** This statement opens `transaction`. */
  begins?: boolean | undefined;
}

/** Statements run as one write transaction within one message (see writeBatch). */
export interface WriterBatch {
  batch: { sql: string; parameters: readonly unknown[] }[];
}

export type WriterRequest = WriterStatement | WriterBatch;

export interface StatementResult {
  rows: Record<string, unknown>[];
  changes?: number;
  lastInsertRowid?: number | bigint;
}

export type WriterResult = StatementResult | StatementResult[];

const BEGIN = /^\s*begin\b/i;
/** Statements that end a transaction: COMMIT, END, ROLLBACK, but not ROLLBACK TO a savepoint. */
const COMMIT = /^\s*(commit|end)\b/i;
const ROLLBACK = /^\s*rollback\b(?!\s+(transaction\s+)?to\b)/i;

interface Shared {
  readonly prepareOnMain: (sql: string) => BetterSqlite3.Statement;
  /** The writer thread, started at the first write (a server that only reads never starts it). */
  readonly writer: () => WorkerPool<WriterRequest, WriterResult>;
  nextTransaction: number;
}

function toQueryResult<R>(result: WriterResult): QueryResult<R> {
  if (Array.isArray(result)) throw new Error('The writer answered a statement with a batch');
  return {
    rows: result.rows as R[],
    ...(result.changes === undefined ? {} : { numAffectedRows: BigInt(result.changes) }),
    ...(result.lastInsertRowid === undefined ? {} : { insertId: BigInt(result.lastInsertRowid) }),
  };
}

class SplitConnection implements DatabaseConnection {
  readonly #shared: Shared;
  /** The number of the transaction this connection has open, if any. */
  #open: number | null = null;

  constructor(shared: Shared) {
    this.#shared = shared;
  }

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = query;
    if (this.#open !== null) return this.#inTransaction(sql, parameters);
    if (BEGIN.test(sql)) return this.#begin(sql, parameters);
    const statement = this.#shared.prepareOnMain(sql);
    if (statement.readonly) {
      if (statement.reader) return { rows: statement.all(parameters) as R[] };
      statement.run(parameters);
      return { rows: [] };
    }
    return toQueryResult(await this.#shared.writer().run({ sql, parameters }));
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }

  async #begin<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const transaction = (this.#shared.nextTransaction += 1);
    const result = await this.#shared.writer().run({ sql, parameters, transaction, begins: true });
    this.#open = transaction;
    return toQueryResult(result);
  }

  async #inTransaction<R>(sql: string, parameters: readonly unknown[]): Promise<QueryResult<R>> {
    const transaction = this.#open as number;
    const rollback = ROLLBACK.test(sql);
    try {
      const result = await this.#shared.writer().run({
        sql,
        parameters,
        transaction,
      });
      if (rollback || COMMIT.test(sql)) this.#open = null;
      return toQueryResult(result);
    } catch (error) {
      // A failed COMMIT leaves the transaction to the caller's ROLLBACK; a failed ROLLBACK has
      // nothing left to undo (the writer no longer holds that transaction).
      if (rollback) this.#open = null;
      throw error;
    }
  }

  /** Kysely is done with this connection: a transaction still open is rolled back. */
  async release(): Promise<void> {
    if (this.#open === null) return;
    try {
      await this.#inTransaction('rollback', []);
    } catch {
      // The writer no longer holds it (rolled back by SQLite, or its thread was replaced).
    }
  }
}

class SplitDriver implements Driver {
  readonly #shared: Shared;
  readonly #close: () => Promise<void>;

  constructor(shared: Shared, close: () => Promise<void>) {
    this.#shared = shared;
    this.#close = close;
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new SplitConnection(this.#shared);
  }

  // Kysely's own transactions (the migrator's) write: IMMEDIATE takes the write lock at BEGIN,
  // as writeTransaction does (ADR 001).
  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await (connection as SplitConnection).release();
  }

  async destroy(): Promise<void> {
    await this.#close();
  }
}

/**
 * A Kysely dialect over `main` (reads) and a writer thread with its own connection to `file`.
 * Destroying the Kysely instance stops the thread, then closes `main`. `writeBatch` runs
 * statements as one write transaction in one message to the writer: BEGIN IMMEDIATE, each in
 * turn, COMMIT (ROLLBACK if one fails). A save that way costs one wait for the writer thread
 * instead of four (BEGIN, two statements, COMMIT), each of which also waits for the main
 * thread's next turn of its event loop.
 */
export function sqliteWriter(options: {
  main: BetterSqlite3.Database;
  prepareOnMain: (sql: string) => BetterSqlite3.Statement;
  file: string;
}): {
  dialect: Dialect;
  writeBatch: (queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>;
  /** Stops the thread and closes `main`, also when no query went through the dialect; a second call does nothing. */
  close: () => Promise<void>;
} {
  let writer: WorkerPool<WriterRequest, WriterResult> | null = null;
  const shared: Shared = {
    prepareOnMain: options.prepareOnMain,
    writer: () =>
      (writer ??= createWorkerPool<WriterRequest, WriterResult>({
        script: new URL(
          `./sqlite-writer-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
          import.meta.url,
        ),
        size: 1,
        workerData: { file: options.file },
      })),
    nextTransaction: 0,
  };
  const close = async () => {
    await writer?.close();
    if (options.main.open) options.main.close();
  };
  return {
    close,
    dialect: {
      createDriver: () => new SplitDriver(shared, close),
      createQueryCompiler: () => new SqliteQueryCompiler(),
      createAdapter: () => new SqliteAdapter(),
      createIntrospector: (db: Kysely<unknown>): DatabaseIntrospector => new SqliteIntrospector(db),
    },
    async writeBatch(queries) {
      const results = await shared.writer().run({
        batch: queries.map(({ sql, parameters }) => ({ sql, parameters })),
      });
      if (!Array.isArray(results)) throw new Error('The writer answered a batch with one result');
      return results.map((result) => toQueryResult(result));
    },
  };
}
