import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';
import {
  CopyError,
  FILLED_BY_TRIGGERS,
  quote,
  RECORDING_BYTES_TABLES,
  type SourceTable,
} from './copy-plan.js';

/**
 * The rows of a move from SQLite to PostgreSQL (copy-to-postgres.ts), inside its transaction:
 * the target emptied or refused, each table copied in batches, and the whole checked against
 * the source before it is committed.
 */

/** PostgreSQL's limit of parameters in one statement. */
const MAX_PARAMETERS = 65_535;

export interface CopiedTable {
  table: string;
  rows: number;
}

export async function emptyOrRefuse(
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

export async function copyTable(
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
export async function verify(
  source: BetterSqlite3.Database,
  target: pg.Client,
  copied: CopiedTable[],
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
