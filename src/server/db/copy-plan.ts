import type BetterSqlite3 from 'better-sqlite3';
import type pg from 'pg';

/**
 * What a move from SQLite to PostgreSQL (copy-to-postgres.ts) copies: which tables, in which
 * order, with which columns, once both schemas are known to be the same.
 */

export class CopyError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'CopyError';
  }
}

/**
 * Tables the target fills itself: migration 003's triggers count each idea as it is inserted.
 * They are not copied but compared with the source's own counts.
 */
export const FILLED_BY_TRIGGERS = new Set(['idea_counts']);
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
export const RECORDING_BYTES_TABLES = ['recording_uploads', 'recording_chunks'];
const POSTGRES_ONLY_TABLES = new Set(['limit_counters', ...RECORDING_BYTES_TABLES]);
/**
 * Search tables both dialects have but each fills from its own ideas by trigger (migration 009's
 * words, split by each dialect's own code): the target rebuilds them as the ideas arrive.
 */
const BUILT_BY_EACH_SIDE = new Set(['search_words']);
/** The migrator's bookkeeping: the target's own migrations wrote it. */
const MIGRATOR_TABLES = /^kysely_migration/;

export interface SourceTable {
  name: string;
  columns: string[];
  orderBy: string;
  parents: string[];
}

export const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

export async function sameMigrations(
  source: BetterSqlite3.Database,
  target: pg.Client,
): Promise<void> {
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
export async function plan(
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
