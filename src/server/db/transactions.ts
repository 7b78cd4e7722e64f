import { sql, type CompiledQuery, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './database.js';
import type { DB } from './schema.js';

/**
 * Runs `work` in one write transaction and commits what it returns (throwing rolls back).
 *
 * SQLite: `BEGIN IMMEDIATE` takes the write lock up front, so two writers never both read and
 * then fail to upgrade (the deadlock a deferred BEGIN allows); another connection waits up to
 * busy_timeout. Kysely hands one connection to one caller at a time, so calls through the same
 * Database are serialised while the transaction is open.
 * PostgreSQL: an ordinary READ COMMITTED transaction; the statements inside take row locks
 * where they need them (e.g. the conditional upsert on usage).
 */
export async function writeTransaction<T>(
  database: Database,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db.transaction().execute(work);
  }
  return database.db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    let result: T;
    try {
      result = await work(connection);
    } catch (error) {
      await rollbackQuietly(connection);
      throw error;
    }
    try {
      await sql`commit`.execute(connection);
    } catch (error) {
      await rollbackQuietly(connection);
      throw error;
    }
    return result;
  });
}

/**
 * Statements that need no JavaScript between them, as one write transaction. On a SQLite file
 * that is one message to the writer thread (ADR 017) instead of one per statement; elsewhere
 * writeTransaction runs them in turn.
 */
export async function writeStatements(
  database: Database,
  queries: readonly CompiledQuery[],
): Promise<QueryResult<unknown>[]> {
  if (database.writeBatch !== null) return database.writeBatch(queries);
  return writeTransaction(database, async (trx) => {
    const results: QueryResult<unknown>[] = [];
    for (const query of queries) results.push(await trx.executeQuery(query));
    return results;
  });
}

/**
 * Several reads that must agree with each other (a page and its total). SQLite: a deferred
 * transaction gives one snapshot under WAL; PostgreSQL: REPEATABLE READ does the same.
 */
export async function readTransaction<T>(
  database: Pick<Database, 'db' | 'dialect'>,
  work: (trx: Kysely<DB>) => Promise<T>,
): Promise<T> {
  if (database.dialect === 'postgres') {
    return database.db
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(work);
  }
  return database.db.connection().execute(async (connection) => {
    await sql`begin`.execute(connection);
    try {
      return await work(connection);
    } finally {
      await rollbackQuietly(connection);
    }
  });
}

async function rollbackQuietly(connection: Kysely<DB>): Promise<void> {
  try {
    await sql`rollback`.execute(connection);
  } catch {
    // SQLite already rolled back on its own (e.g. after SQLITE_FULL); nothing is left to undo.
  }
}
