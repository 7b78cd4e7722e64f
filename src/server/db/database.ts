import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import {
  Kysely,
  type CompiledQuery,
  type QueryResult,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type MigrationProvider,
} from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { migrationsFor } from './migrations/index.js';
import {
  applyPragmas,
  SQLITE_BUSY_TIMEOUT_MS,
  SQLITE_CACHE_KIB,
  statementCache,
} from './sqlite-connection.js';
import { postgresTypes } from './postgres-instants.js';
import { preparingClient } from './prepared-statements.js';
import { sqliteWriter } from './sqlite-writer.js';

export { SQLITE_BUSY_TIMEOUT_MS };

export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  dialect: Dialect;
  /**
   * The SQLite file, for more connections that only read it (the search workers, ADR 015);
   * null for PostgreSQL and for an in-memory SQLite database, which no other connection can see.
   */
  file: string | null;
  /**
   * A SQLite file database's writer thread (ADR 017): runs `queries` as one write transaction in
   * one message. null elsewhere; writeStatements() in transactions.ts picks the way.
   */
  writeBatch: ((queries: readonly CompiledQuery[]) => Promise<QueryResult<unknown>[]>) | null;
  /**
   * A PostgreSQL connection of its own, outside the pool, for what lives as long as one session
   * (advisory locks held across requests: ADR 128); its caller ends it. Each query fails after
   * `queryTimeoutMs`, and a connection whose peer went silent is found by TCP keepalive. null
   * for SQLite.
   */
  openSession: ((options: { queryTimeoutMs: number }) => Promise<pg.Client>) | null;
  /** Runs `hook` (e.g. stopping workers that read this database) when close() is called. */
  onClose(hook: () => Promise<void>): void;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Run pending migrations before returning (default true). */
  migrate?: boolean;
}

const POSTGRES_CONNECT_TIMEOUT_MS = 10_000;
/**
 * Connections per server process (ADR 015). A query in flight occupies one PostgreSQL backend,
 * which runs on one core: more connections than a few per core only make queries wait inside
 * PostgreSQL instead of in this queue, where a waiting request costs nothing. Requests beyond
 * it wait for a free connection (up to the connect timeout).
 */
const POSTGRES_POOL_SIZE = 10;

export class DatabaseUrlError extends Error {
  constructor(url: string) {
    super(`Unsupported database URL "${redact(url)}": use sqlite:<file> or postgres://…`);
    this.name = 'DatabaseUrlError';
  }
}

export class MigrationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MigrationError';
  }
}

export function dialectOf(url: string): Dialect {
  if (url.startsWith('sqlite:')) return 'sqlite';
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgres';
  throw new DatabaseUrlError(url);
}

/**
 * Opens `sqlite:<file>` (the parent directory is created; `sqlite::memory:` is allowed) or
 * `postgres://…`, and brings the schema up to date unless `migrate: false`.
 */
export async function openDatabase(
  url: string,
  options: OpenDatabaseOptions = {},
): Promise<Database> {
  const dialect = dialectOf(url);
  if (dialect === 'sqlite') return openSqlite(url, options.migrate ?? true);
  const database = await openPostgres(url);
  if (options.migrate ?? true) {
    try {
      await migrate(database);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return database;
}

async function openSqlite(url: string, migrating: boolean): Promise<Database> {
  const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  if (file === '') throw new DatabaseUrlError(url);
  const inMemory = file === ':memory:';
  if (!inMemory) mkdirSync(dirname(resolve(file)), { recursive: true });
  const connection = new BetterSqlite3(inMemory ? ':memory:' : resolve(file));
  // ADR 001: WAL lets readers run beside the writer. Set here, before the writer thread opens
  // the file: the mode is stored in the file.
  if (!inMemory) connection.pragma('journal_mode = WAL');
  applyPragmas(connection);
  const prepare = statementCache(connection);
  const onMain = () =>
    new Kysely<DB>({
      dialect: new SqliteDialect({ database: { close: () => connection.close(), prepare } }),
    });
  if (migrating) {
    // Before any other thread writes: the migrations run here, one statement at a time,
    // without a message to the writer thread for each (ADR 017).
    try {
      await migrate({ db: onMain(), dialect: 'sqlite' });
    } catch (error) {
      connection.close();
      throw error;
    }
  }
  // An in-memory database has no file another thread could open: it reads and writes here.
  const writer = inMemory
    ? null
    : sqliteWriter({ main: connection, prepareOnMain: prepare, file: resolve(file) });
  const db = writer === null ? onMain() : new Kysely<DB>({ dialect: writer.dialect });
  return {
    db,
    dialect: 'sqlite',
    file: inMemory ? null : resolve(file),
    writeBatch: writer === null ? null : writer.writeBatch,
    openSession: null,
    ...closedWith(async () => {
      await db.destroy();
      // Kysely destroys only a driver it has used: a database opened and closed without a
      // query through it (seed.ts opens one only to migrate) kept its connection, and with it
      // the WAL file's lock, open until the process ended.
      if (writer !== null) await writer.close();
      else if (connection.open) connection.close();
    }),
  };
}

/** close() that runs the registered hooks first (workers stop before the file is closed). */
function closedWith(destroy: () => Promise<void>): Pick<Database, 'onClose' | 'close'> {
  const hooks: (() => Promise<void>)[] = [];
  return {
    onClose: (hook) => {
      hooks.push(hook);
    },
    async close() {
      await Promise.allSettled(hooks.splice(0).map((hook) => hook()));
      await destroy();
    },
  };
}

/**
 * A read-only connection to a SQLite database file that a Database already opened (and
 * migrated), for a worker thread (ADR 015). Under WAL it reads beside the writer and sees every
 * transaction committed before each of its reads began.
 */
export function openSqliteReader(file: string): Kysely<DB> {
  const connection = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  connection.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
  connection.pragma(`cache_size = -${SQLITE_CACHE_KIB}`);
  const prepare = statementCache(connection);
  return new Kysely<DB>({
    dialect: new SqliteDialect({ database: { close: () => connection.close(), prepare } }),
  });
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
    max: POSTGRES_POOL_SIZE,
    types: postgresTypes,
  });
  // An idle client that loses its server emits 'error' on the pool; without a listener that
  // would crash the process. The next query gets a fresh client and reports its own error.
  pool.on('error', () => undefined);
  pool.on('connect', preparingClient);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy();
    throw new Error(`Cannot reach PostgreSQL at ${redact(url)}: ${messageOf(error)}`, {
      cause: error,
    });
  }
  return {
    db,
    dialect: 'postgres',
    file: null,
    writeBatch: null,
    async openSession({ queryTimeoutMs }) {
      const client = new pg.Client({
        connectionString: url,
        connectionTimeoutMillis: POSTGRES_CONNECT_TIMEOUT_MS,
        query_timeout: queryTimeoutMs,
        statement_timeout: queryTimeoutMs,
        keepAlive: true,
        types: postgresTypes,
      });
      await client.connect();
      return client;
    },
    ...closedWith(() => db.destroy()),
  };
}

export async function migrate(database: Pick<Database, 'db' | 'dialect'>): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: () => Promise.resolve(migrationsFor(database.dialect)),
  };
  const migrator = new Migrator({ db: database.db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName;
    const which = failed === undefined ? 'Database migration' : `Database migration ${failed}`;
    throw new MigrationError(`${which} failed: ${messageOf(error)}`, { cause: error });
  }
}

function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
