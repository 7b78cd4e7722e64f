import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { copyRecordingAudio, type AudioCopyReport } from './copy-recording-audio.js';
import { openDatabase } from './database.js';

/**
 * Moves an install from SQLite to PostgreSQL (`npm run migrate:to-postgres`, docs/deploy.md):
 * the target's schema is brought up to date by the app's own migrations, then every row of
 * every table is copied in batches inside ONE PostgreSQL transaction, the counts are checked
 * table by table, and only then is it committed. Any failure (a row PostgreSQL refuses, a count
 * that differs, a lost connection) rolls everything back: the target is left as it was.
 *
 * The source is opened read-only in one read transaction, so the copy is one consistent
 * snapshot and the SQLite file is never written. The recordings' audio, files under
 * RECORDINGS_DIR on SQLite, is copied into PostgreSQL's own store in the same transaction
 * (copy-recording-audio.ts).
 */

/**
 * Tables the target fills itself: migration 003's triggers count each idea as it is inserted.
 * They are not copied but compared with the source's own counts.
 */
const FILLED_BY_TRIGGERS = new Set(['idea_counts']);
/**
 * Tables only one dialect has, none of them a person's data: SQLite's numbering of owners for
 * its owner-scoped search index (ADR 014; PostgreSQL's index needs none) and PostgreSQL's
 * shared rate-limit counters (ADR 070; a minute's counts, nothing to carry over).
 */
const SQLITE_ONLY_TABLES = new Set(['search_owners']);
// idempotency_keys (migration 007) is on both and is copied like any table: a save the phone
// repeats after the move still gets the answer it was first given (docs/api.md, Saving twice).
// recording_uploads and recording_chunks (migration 011) hold the bytes of recordings on
// PostgreSQL; a SQLite install keeps them as files under RECORDINGS_DIR, which are copied into
// them after the rows (copyRecordingAudio), not as tables.
const RECORDING_BYTES_TABLES = ['recording_uploads', 'recording_chunks'];
const POSTGRES_ONLY_TABLES = new Set(['limit_counters', ...RECORDING_BYTES_TABLES]);
/**
 * Search tables both dialects have but each fills from its own ideas by trigger (migration 009's
 * words, split by each dialect's own code): the target rebuilds them as the ideas arrive.
 */
const BUILT_BY_EACH_SIDE = new Set(['search_words']);
/** The migrator's bookkeeping: the target's own migrations wrote it. */
const MIGRATOR_TABLES = /^kysely_migration/;
export const DEFAULT_BATCH_ROWS = 1_000;
/** PostgreSQL's limit of parameters in one statement. */
const MAX_PARAMETERS = 65_535;
const CONNECT_TIMEOUT_MS = 10_000;
/** A running app holding locks on the target makes the copy fail fast instead of waiting. */
const LOCK_TIMEOUT = '10s';

export interface CopyOptions {
  /** `sqlite:<file>`. */
  from: string;
  /** `postgres://…`. */
  to: string;
  /** Where the SQLite install keeps its recordings' audio (RECORDINGS_DIR). */
  recordingsDir: string;
  /** Empty the target's tables first (in the same transaction) instead of refusing them. */
  replace?: boolean;
  batchRows?: number;
  /** Progress lines for a person watching. */
  log?: (line: string) => void;
}

export interface CopyReport {
  tables: Array<{ table: string; rows: number }>;
  /** Source columns the target has no place for (SQLite's search rowid, say). */
  leftOut: string[];
  audio: AudioCopyReport;
}

export class CopyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CopyError';
  }
}

interface SourceTable {
  name: string;
  columns: string[];
  orderBy: string;
  parents: string[];
}

export async function copySqliteToPostgres(options: CopyOptions): Promise<CopyReport> {
  const log = options.log ?? (() => undefined);
  const batchRows = options.batchRows ?? DEFAULT_BATCH_ROWS;
  if (!options.from.startsWith('sqlite:')) throw new CopyError('--from must be sqlite:<file>');
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new CopyError('--to must be postgres://…');
  const file = resolve(options.from.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''));
  if (!existsSync(file)) throw new CopyError(`There is no SQLite database at ${file}.`);

  log('Bringing the PostgreSQL schema up to date…');
  await (await openDatabase(options.to)).close();

  const source = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const target = new pg.Client({
    connectionString: options.to,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await target.connect();
    source.exec('BEGIN');
    await sameMigrations(source, target);
    const tables = await plan(source, target);
    const recordings = source.prepare('SELECT count(*) FROM recordings').pluck().get() as number;
    if (recordings > 0) assertRecordingsDir(options.recordingsDir);
    await target.query('BEGIN');
    try {
      await target.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      await emptyOrRefuse(target, tables, options.replace ?? false, log);
      const copied: CopyReport['tables'] = [];
      for (const table of tables.copied) {
        const rows = await copyTable(source, target, table, batchRows, log);
        copied.push({ table: table.name, rows });
      }
      await verify(source, target, copied);
      const audio = await copyRecordingAudio(target, options.recordingsDir, log);
      await target.query('COMMIT');
      return { tables: copied, leftOut: tables.leftOut, audio };
    } catch (error) {
      await target.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    if (source.inTransaction) source.exec('COMMIT');
    source.close();
    await target.end().catch(() => undefined);
  }
}

/**
 * Copies only the recordings' audio into a PostgreSQL install whose rows are already there (one
 * moved before the audio was copied), in one transaction; what it holds already is left alone.
 */
export async function copyAudioToPostgres(options: {
  to: string;
  recordingsDir: string;
  log?: (line: string) => void;
}): Promise<AudioCopyReport> {
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new CopyError('--to must be postgres://…');
  assertRecordingsDir(options.recordingsDir);
  const target = new pg.Client({
    connectionString: options.to,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  try {
    await target.connect();
    await target.query('BEGIN');
    try {
      await target.query(`SET LOCAL lock_timeout = '${LOCK_TIMEOUT}'`);
      const report = await copyRecordingAudio(
        target,
        options.recordingsDir,
        options.log ?? (() => undefined),
      );
      await target.query('COMMIT');
      return report;
    } catch (error) {
      await target.query('ROLLBACK').catch(() => undefined);
      throw error;
    }
  } finally {
    await target.end().catch(() => undefined);
  }
}

/** A wrong folder would move every recording without its audio, so it is refused instead. */
function assertRecordingsDir(directory: string): void {
  if (!existsSync(resolve(directory))) {
    throw new CopyError(
      `There is no recordings folder at ${resolve(directory)}: pass --recordings-dir with the ` +
        "install's RECORDINGS_DIR.",
    );
  }
}

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

async function sameMigrations(source: BetterSqlite3.Database, target: pg.Client): Promise<void> {
  let sourceNames: string[];
  try {
    sourceNames = source
      .prepare('SELECT name FROM kysely_migration ORDER BY name')
      .pluck()
      .all() as string[];
  } catch (error) {
    throw new CopyError('The SQLite file is not a Voice Ideas database (it has no migrations).', {
      cause: error,
    });
  }
  const targetNames = (
    await target.query<{ name: string }>('SELECT name FROM kysely_migration ORDER BY name')
  ).rows.map((row) => row.name);
  if (sourceNames.join() !== targetNames.join()) {
    throw new CopyError(
      `The SQLite database has the migrations [${sourceNames.join(', ')}] and this version of ` +
        `the app [${targetNames.join(', ')}]: start the app once on the SQLite file (npm start) ` +
        'so it is brought up to date, stop it, then copy.',
    );
  }
}

/** What to copy, parents before children, and which source columns have no place. */
async function plan(
  source: BetterSqlite3.Database,
  target: pg.Client,
): Promise<{ copied: SourceTable[]; derived: string[]; leftOut: string[] }> {
  const all = source
    .prepare(
      "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'",
    )
    .all() as Array<{ name: string; sql: string }>;
  const virtual = all.filter((t) => /^CREATE VIRTUAL TABLE/i.test(t.sql)).map((t) => t.name);
  // A virtual table's own storage (ideas_fts_data and friends) is rebuilt by the target's index.
  const owned = (name: string) => virtual.some((v) => name === v || name.startsWith(`${v}_`));
  const sourceTables = all.filter(
    (t) =>
      !owned(t.name) &&
      !MIGRATOR_TABLES.test(t.name) &&
      !SQLITE_ONLY_TABLES.has(t.name) &&
      !BUILT_BY_EACH_SIDE.has(t.name),
  );

  const targetColumns = new Map<string, Array<{ name: string; required: boolean }>>();
  const columnRows = await target.query<{ table: string; column: string; required: boolean }>(
    `SELECT c.table_name AS table, c.column_name AS column,
        (c.is_nullable = 'NO' AND c.column_default IS NULL) AS required
      FROM information_schema.columns c
      JOIN information_schema.tables t USING (table_schema, table_name)
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.ordinal_position`,
  );
  for (const row of columnRows.rows) {
    if (
      MIGRATOR_TABLES.test(row.table) ||
      POSTGRES_ONLY_TABLES.has(row.table) ||
      BUILT_BY_EACH_SIDE.has(row.table)
    ) {
      continue;
    }
    const list = targetColumns.get(row.table) ?? [];
    list.push({ name: row.column, required: row.required });
    targetColumns.set(row.table, list);
  }

  const problems: string[] = [];
  const leftOut: string[] = [];
  const copied: SourceTable[] = [];
  for (const { name, sql } of sourceTables) {
    const wanted = targetColumns.get(name);
    if (wanted === undefined) {
      problems.push(`table ${name} is not in PostgreSQL`);
      continue;
    }
    if (FILLED_BY_TRIGGERS.has(name)) continue;
    const info = source.prepare(`PRAGMA table_info(${quote(name)})`).all() as Array<{
      name: string;
      pk: number;
    }>;
    const have = new Set(info.map((c) => c.name));
    for (const column of wanted) {
      if (column.required && !have.has(column.name)) {
        problems.push(`${name}.${column.name} is required in PostgreSQL and absent in SQLite`);
      }
    }
    const targetNames = new Set(wanted.map((c) => c.name));
    leftOut.push(...info.filter((c) => !targetNames.has(c.name)).map((c) => `${name}.${c.name}`));
    const keys = info.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk);
    const parents = source.prepare(`PRAGMA foreign_key_list(${quote(name)})`).all() as Array<{
      table: string;
    }>;
    copied.push({
      name,
      columns: info.map((c) => c.name).filter((c) => targetNames.has(c)),
      // In the order rows were written (rowid), so the target's heap keeps the same locality.
      orderBy: /WITHOUT ROWID/i.test(sql) ? keys.map((c) => quote(c.name)).join(', ') : 'rowid',
      parents: [...new Set(parents.map((p) => p.table))].filter((p) => p !== name),
    });
  }
  const names = new Set(sourceTables.map((t) => t.name));
  for (const name of targetColumns.keys()) {
    if (!names.has(name)) problems.push(`table ${name} is in PostgreSQL but not in SQLite`);
  }
  if (problems.length > 0) {
    throw new CopyError(`The two schemas do not match: ${problems.join('; ')}.`);
  }
  return {
    copied: parentsFirst(copied),
    derived: [...FILLED_BY_TRIGGERS].filter((t) => targetColumns.has(t)),
    leftOut,
  };
}

function parentsFirst(tables: SourceTable[]): SourceTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const ordered: SourceTable[] = [];
  const placed = new Set<string>();
  const place = (table: SourceTable, path: string[]): void => {
    if (placed.has(table.name)) return;
    if (path.includes(table.name)) {
      throw new CopyError(`Foreign keys form a cycle: ${[...path, table.name].join(' -> ')}.`);
    }
    for (const parent of table.parents) {
      const found = byName.get(parent);
      if (found) place(found, [...path, table.name]);
    }
    placed.add(table.name);
    ordered.push(table);
  };
  for (const table of tables) place(table, []);
  return ordered;
}

async function emptyOrRefuse(
  target: pg.Client,
  tables: { copied: SourceTable[]; derived: string[] },
  replace: boolean,
  log: (line: string) => void,
): Promise<void> {
  const names = [...tables.copied.map((t) => t.name), ...tables.derived, ...RECORDING_BYTES_TABLES];
  const filled: string[] = [];
  for (const name of names) {
    const { rows } = await target.query<{ filled: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM ${quote(name)}) AS filled`,
    );
    if (rows[0]?.filled) filled.push(name);
  }
  if (filled.length === 0) return;
  if (!replace) {
    throw new CopyError(
      `The PostgreSQL database already holds data (${filled.join(', ')}). Copy into an empty ` +
        'database, or pass --replace to empty these tables first (in the same transaction).',
    );
  }
  log(`Emptying ${filled.join(', ')} (--replace)…`);
  await target.query(`TRUNCATE ${names.map(quote).join(', ')}`);
}

async function copyTable(
  source: BetterSqlite3.Database,
  target: pg.Client,
  table: SourceTable,
  batchRows: number,
  log: (line: string) => void,
): Promise<number> {
  const columns = table.columns.map(quote).join(', ');
  const perStatement = Math.max(
    1,
    Math.min(batchRows, Math.floor(MAX_PARAMETERS / table.columns.length)),
  );
  const rows = source
    .prepare(`SELECT ${columns} FROM ${quote(table.name)} ORDER BY ${table.orderBy}`)
    .raw()
    .iterate() as IterableIterator<unknown[]>;
  let batch: unknown[][] = [];
  let copied = 0;
  const flush = async (): Promise<void> => {
    if (batch.length === 0) return;
    const values = batch
      .map(
        (_row, r) =>
          `(${table.columns.map((_c, c) => `$${r * table.columns.length + c + 1}`).join(', ')})`,
      )
      .join(', ');
    await target.query(
      `INSERT INTO ${quote(table.name)} (${columns}) VALUES ${values}`,
      batch.flat().map(toPostgres),
    );
    copied += batch.length;
    batch = [];
  };
  for (const row of rows) {
    batch.push(row);
    if (batch.length === perStatement) await flush();
  }
  await flush();
  log(`${table.name}: ${copied} rows`);
  return copied;
}

/** SQLite values as pg takes them: big integers as text (pg reads them back exactly). */
function toPostgres(value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value;
}

/** Every table holds as many rows as the source; the triggers' counts match the source's. */
async function verify(
  source: BetterSqlite3.Database,
  target: pg.Client,
  copied: CopyReport['tables'],
): Promise<void> {
  const problems: string[] = [];
  for (const { table, rows } of copied) {
    const expected = source
      .prepare(`SELECT count(*) FROM ${quote(table)}`)
      .pluck()
      .get() as number;
    const { rows: counted } = await target.query<{ n: string }>(
      `SELECT count(*) AS n FROM ${quote(table)}`,
    );
    const actual = Number(counted[0]?.n);
    if (actual !== expected || rows !== expected) {
      problems.push(`${table}: ${expected} in SQLite, ${rows} copied, ${actual} in PostgreSQL`);
    }
  }
  for (const table of FILLED_BY_TRIGGERS) {
    const exists = source
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
      .get(table);
    if (!exists) continue;
    const fromSource = source
      .prepare(`SELECT * FROM ${quote(table)}`)
      .all()
      .map(canonical);
    const { rows: targetRows } = await target.query(`SELECT * FROM ${quote(table)}`);
    const fromTarget = targetRows.map(canonical);
    if (fromSource.sort().join('\n') !== fromTarget.sort().join('\n')) {
      problems.push(`${table} (counted by triggers) differs from SQLite's`);
    }
  }
  if (problems.length > 0) {
    throw new CopyError(
      `The copy does not match its source, nothing was kept: ${problems.join('; ')}.`,
    );
  }
}

/** A row as text that reads the same from either database (counts are text from pg). */
function canonical(row: unknown): string {
  const entries = Object.entries(row as Record<string, unknown>).sort(([a], [b]) =>
    a.localeCompare(b),
  );
  return JSON.stringify(
    entries.map(([key, value]) => [key, value === null ? null : String(value)]),
  );
}
