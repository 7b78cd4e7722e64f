import BetterSqlite3 from 'better-sqlite3';
import { registerSearchWordFunctions } from './search-words.js';

/*
 * What every SQLite connection of the server shares: its settings and its prepared statements.
 * Kept apart from database.ts so that the writer thread (ADR 017) loads better-sqlite3 alone,
 * not the query builder, the PostgreSQL client and the migrations.
 */

/** How long a SQLite writer waits for another connection's write lock before SQLITE_BUSY. */
export const SQLITE_BUSY_TIMEOUT_MS = 5_000;
export const SQLITE_CACHE_KIB = 64 * 1024;

/**
 * ADR 001: synchronous=FULL makes every commit durable across power loss (a 201 means the idea
 * is on disk), at a small cost per write. The default page cache is 2 MiB; search and counts
 * over a large account touch more than that, and re-reading pages through the OS costs more
 * than the memory. The search triggers call the word functions on every write of an idea
 * (migration 009), so every connection that may write has them.
 */
export function applyPragmas(connection: BetterSqlite3.Database): void {
  connection.pragma('synchronous = FULL');
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  connection.pragma('foreign_keys = ON');
  connection.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  registerSearchWordFunctions(connection);
}

/**
 * The writer thread's connection (ADR 017) to a file openDatabase() already opened in WAL mode
 * and migrated: every write of the process goes through it. busy_timeout waits there, on the
 * writer thread, for another process's write lock.
 */
export function openSqliteWriter(file: string): BetterSqlite3.Database {
  const connection = new BetterSqlite3(file, { fileMustExist: true });
  applyPragmas(connection);
  return connection;
}

/**
 * Kysely's SQLite driver prepares every statement afresh, which cost as much CPU as running the
 * page query itself. Kysely binds values as parameters, so the set of distinct SQL texts is
 * small; their prepared statements are kept (bounded, oldest dropped first). Reuse is safe:
 * a connection runs one statement at a time, and SQLite re-prepares a statement by itself after
 * a schema change.
 */
const STATEMENT_CACHE_MAX = 500;

export function statementCache(
  connection: BetterSqlite3.Database,
): (text: string) => BetterSqlite3.Statement {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return (text) => {
    let statement = statements.get(text);
    if (statement === undefined) {
      statement = connection.prepare(text);
      if (statements.size >= STATEMENT_CACHE_MAX) {
        const oldest = statements.keys().next();
        if (oldest.done !== true) statements.delete(oldest.value);
      }
      statements.set(text, statement);
    }
    return statement;
  };
}
