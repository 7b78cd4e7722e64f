import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { openDatabase, type Database, type Dialect } from '../db/database.js';

/**
 * Fresh, isolated databases for tests. SQLite: a file in its own temp directory (a file, not
 * :memory:, so WAL and locking behave as in production). PostgreSQL: a new database created on
 * TEST_DATABASE_URL's server and dropped on close. When TEST_DATABASE_URL is unset the
 * PostgreSQL suites are skipped with a note; when it is set but unreachable they fail.
 */

const rawUrl = process.env.TEST_DATABASE_URL?.trim();
export const TEST_DATABASE_URL: string | undefined = rawUrl === '' ? undefined : rawUrl;

const ADMIN_CONNECT_TIMEOUT_MS = 10_000;
let skipNoted = false;

export interface TestDatabase extends Database {
  /** The URL it was opened with (for tests that start a second connection or a child process). */
  url: string;
}

export async function openTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  return dialect === 'sqlite' ? openSqliteTestDatabase() : openPostgresTestDatabase();
}

async function openSqliteTestDatabase(): Promise<TestDatabase> {
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-test-'));
  const url = `sqlite:${join(dir, 'test.db')}`;
  const database = await openDatabase(url);
  return {
    ...database,
    url,
    async close() {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresTestDatabase(): Promise<TestDatabase> {
  if (TEST_DATABASE_URL === undefined) {
    throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run');
  }
  const name = `voice_ideas_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`CREATE DATABASE "${name}"`);
  const target = new URL(TEST_DATABASE_URL);
  target.pathname = `/${name}`;
  const url = target.toString();
  let database: Database;
  try {
    database = await openDatabase(url);
  } catch (error) {
    await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    throw error;
  }
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

async function adminQuery(statement: string): Promise<void> {
  const client = new pg.Client({
    connectionString: TEST_DATABASE_URL,
    connectionTimeoutMillis: ADMIN_CONNECT_TIMEOUT_MS,
  });
  try {
    await client.connect();
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL cannot be reached: ${message}`, {
      cause: error,
    });
  }
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** The dialects a suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function forEachDialect(body: (dialect: Dialect) => void): void {
  describe('sqlite', () => {
    body('sqlite');
  });
  const skipPostgres = TEST_DATABASE_URL === undefined;
  if (skipPostgres && !skipNoted) {
    skipNoted = true;
    console.warn('PostgreSQL tests skipped: set TEST_DATABASE_URL=postgres://… to run them.');
  }
  describe.skipIf(skipPostgres)(
    skipPostgres ? 'postgres (skipped: TEST_DATABASE_URL is not set)' : 'postgres',
    () => {
      body('postgres');
    },
  );
}

/**
 * Opens a fresh database for the enclosing describe block (beforeAll) and closes it after
 * (afterAll). Call it inside a describe; read the database through the returned function.
 */
export function useTestDatabase(dialect: Dialect): () => TestDatabase {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    database = await openTestDatabase(dialect);
  });
  afterAll(async () => {
    await database?.close();
    database = undefined;
  });
  return () => {
    if (database === undefined) throw new Error('the test database is not open yet');
    return database;
  };
}

/**
 * The SQL of the statements kept prepared (db/prepared-statements.ts) on the PostgreSQL
 * connection that answers, one per line.
 */
export async function preparedStatementTexts(database: Database): Promise<string> {
  const prepared = await sql<{
    statement: string;
  }>`SELECT statement FROM pg_prepared_statements`.execute(database.db);
  return prepared.rows.map((row) => row.statement).join('\n');
}
