import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { forEachDialect, openTestDatabase } from '../test-support/databases.js';
import { dialectOf, DatabaseUrlError, openDatabase, type Database } from './database.js';
import { migrationsFor } from './migrations/index.js';

const dirs: string[] = [];
const opened: Database[] = [];

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-db-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function open(url: string, options?: { migrate?: boolean }): Promise<Database> {
  const database = await openDatabase(url, options);
  opened.push(database);
  return database;
}

describe('openDatabase on SQLite', () => {
  it('creates the parent directory and the schema, in WAL mode with full fsync', async () => {
    const file = join(tempDir(), 'nested', 'deeper', 'app.db');
    const database = await open(`sqlite:${file}`);
    expect(existsSync(file)).toBe(true);
    expect(database.dialect).toBe('sqlite');
    const pragma = async (name: string) =>
      (await sql.raw<Record<string, unknown>>(`PRAGMA ${name}`).execute(database.db)).rows[0];
    expect(await pragma('journal_mode')).toEqual({ journal_mode: 'wal' });
    expect(await pragma('synchronous')).toEqual({ synchronous: 2 });
    expect(await pragma('foreign_keys')).toEqual({ foreign_keys: 1 });
    expect(Object.values((await pragma('busy_timeout')) ?? {})).toEqual([5000]);
    const tables = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'ideas_search_%'
      ORDER BY name`.execute(database.db);
    expect(tables.rows.map((row) => row.name)).toEqual([
      'auth_tokens',
      'billing_events',
      'dictionaries',
      'idea_counts',
      'ideas',
      'ideas_search',
      'idempotency_keys',
      'kysely_migration',
      'kysely_migration_lock',
      'recordings',
      'search_owners',
      'search_words',
      'server_secrets',
      'sessions',
      'share_links',
      'usage',
      'users',
    ]);
  });

  it('keeps data across reopening and migrates only once', async () => {
    const url = `sqlite:${join(tempDir(), 'app.db')}`;
    const first = await openDatabase(url);
    const at = new Date().toISOString();
    await first.db
      .insertInto('users')
      .values({
        id: 'u1',
        email: 'a@example.com',
        password_hash: null,
        billing_customer_id: null,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await first.close();
    const second = await open(url);
    const migrations = await second.db
      .selectNoFrom(sql<number>`(SELECT count(*) FROM kysely_migration)`.as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(migrations.n)).toBe(Object.keys(migrationsFor('sqlite')).length);
    expect(await second.db.selectFrom('users').select('email').execute()).toEqual([
      { email: 'a@example.com' },
    ]);
  });

  it.each([
    ['only migrated', async (_database: Database) => undefined],
    [
      'written through its writer thread alone',
      async (database: Database) => {
        const at = new Date().toISOString();
        const insert = database.db
          .insertInto('users')
          .values({
            id: 'u1',
            email: 'a@example.com',
            password_hash: null,
            created_at: at,
            updated_at: at,
          })
          .compile();
        await database.writeBatch?.([insert]);
      },
    ],
  ])('lets go of the file on close when %s', async (_case, use) => {
    const file = join(tempDir(), 'app.db');
    const database = await openDatabase(`sqlite:${file}`);
    await use(database);
    await database.close();
    // Leaving WAL needs every other connection gone: one left open answers SQLITE_BUSY.
    const after = new BetterSqlite3(file);
    try {
      expect(after.pragma('journal_mode = DELETE', { simple: true })).toBe('delete');
    } finally {
      after.close();
    }
  });

  it('opens an in-memory database and can skip migrating', async () => {
    const memory = await open('sqlite::memory:');
    expect(await memory.db.selectFrom('users').selectAll().execute()).toEqual([]);
    const bare = await open(`sqlite:${join(tempDir(), 'bare.db')}`, { migrate: false });
    await expect(bare.db.selectFrom('users').selectAll().execute()).rejects.toThrow(
      /no such table/,
    );
  });

  it('rejects URLs it does not understand', async () => {
    expect(() => dialectOf('mysql://localhost/app')).toThrow(DatabaseUrlError);
    await expect(openDatabase('sqlite:')).rejects.toThrow(DatabaseUrlError);
    expect(dialectOf('postgresql://db/app')).toBe('postgres');
  });
});

describe('openDatabase on PostgreSQL', () => {
  it('fails loudly, naming the redacted URL, when the server cannot be reached', async () => {
    await expect(openDatabase('postgres://app:secret@127.0.0.1:1/app')).rejects.toThrow(
      /Cannot reach PostgreSQL at postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/app/,
    );
  });
});

forEachDialect((dialect) => {
  it('enforces the schema: one owner per idea, known formats, unique e-mails in any case', async () => {
    const database = await openTestDatabase(dialect);
    try {
      const at = new Date().toISOString();
      const user = {
        password_hash: null,
        billing_customer_id: null,
        created_at: at,
        updated_at: at,
      };
      await database.db
        .insertInto('users')
        .values({ ...user, id: 'u1', email: 'a@example.com' })
        .execute();
      await expect(
        database.db
          .insertInto('users')
          .values({ ...user, id: 'u2', email: 'A@EXAMPLE.COM' })
          .execute(),
      ).rejects.toThrow(/unique/i);
      const idea = {
        id: 'i1',
        content: 'x',
        format: 'tweet',
        category: 'work',
        transcript: null,
        created_at: at,
        updated_at: at,
      } as const;
      await expect(
        database.db
          .insertInto('ideas')
          .values({ ...idea, user_id: 'u1', guest_id: 'guest_abcdefgh' })
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        database.db
          .insertInto('ideas')
          .values({ ...idea, user_id: null, guest_id: null })
          .execute(),
      ).rejects.toThrow(/check/i);
      await expect(
        database.db
          .insertInto('ideas')
          .values({ ...idea, user_id: 'u1', guest_id: null, format: 'poem' as 'tweet' })
          .execute(),
      ).rejects.toThrow(/check/i);
    } finally {
      await database.close();
    }
  });
});
