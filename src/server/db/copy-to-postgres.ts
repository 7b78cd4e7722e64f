import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { CopyError, plan, sameMigrations } from './copy-plan.js';
import { copyRecordingAudio, type AudioCopyReport } from './copy-recording-audio.js';
import { copyTable, emptyOrRefuse, verify, type CopiedTable } from './copy-rows.js';
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
 * (copy-recording-audio.ts). Which tables and in what order: copy-plan.ts; the rows copied and
 * checked: copy-rows.ts.
 */

export { CopyError };

export const DEFAULT_BATCH_ROWS = 1_000;
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
  tables: CopiedTable[];
  /** Source columns the target has no place for (SQLite's search rowid, say). */
  leftOut: string[];
  audio: AudioCopyReport;
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
      const copied: CopiedTable[] = [];
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
