import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The first schema. Migrations are history: the format and category lists are written out here
 * rather than imported, so a later change to the taxonomy comes with its own migration.
 *
 * Search indexes (ADR 002): SQLite keeps an external-content FTS5 table with the trigram
 * tokenizer in sync through triggers; PostgreSQL has a pg_trgm GIN index over one expression
 * joining the searchable columns (the repository queries that exact expression).
 */

const sqliteStatements = [
  `CREATE TABLE users (
    id TEXT PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT,
    plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'active', 'beta', 'pro')),
    billing_customer_id TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`,
  `CREATE INDEX users_billing_customer_id_idx ON users (billing_customer_id)`,
  `CREATE TABLE sessions (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,
  // seq is the stable integer rowid the FTS index points at (a plain rowid may change on VACUUM).
  `CREATE TABLE ideas (
    seq INTEGER PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    guest_id TEXT,
    content TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('tweet', 'checklist', 'pitch')),
    category TEXT NOT NULL CHECK (category IN ('work', 'personal', 'creative')),
    transcript TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CHECK ((user_id IS NULL) <> (guest_id IS NULL))
  )`,
  `CREATE INDEX ideas_user_created_idx ON ideas (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX ideas_user_category_created_idx ON ideas (user_id, category, created_at DESC, id DESC)`,
  `CREATE INDEX ideas_guest_created_idx ON ideas (guest_id, created_at DESC, id DESC)`,
  `CREATE VIRTUAL TABLE ideas_fts USING fts5(
    content, transcript, format, category,
    content = 'ideas', content_rowid = 'seq',
    tokenize = 'trigram case_sensitive 0'
  )`,
  `CREATE TRIGGER ideas_fts_after_insert AFTER INSERT ON ideas BEGIN
    INSERT INTO ideas_fts (rowid, content, transcript, format, category)
    VALUES (new.seq, new.content, new.transcript, new.format, new.category);
  END`,
  `CREATE TRIGGER ideas_fts_after_delete AFTER DELETE ON ideas BEGIN
    INSERT INTO ideas_fts (ideas_fts, rowid, content, transcript, format, category)
    VALUES ('delete', old.seq, old.content, old.transcript, old.format, old.category);
  END`,
  `CREATE TRIGGER ideas_fts_after_update AFTER UPDATE OF content, transcript, format, category ON ideas BEGIN
    INSERT INTO ideas_fts (ideas_fts, rowid, content, transcript, format, category)
    VALUES ('delete', old.seq, old.content, old.transcript, old.format, old.category);
    INSERT INTO ideas_fts (rowid, content, transcript, format, category)
    VALUES (new.seq, new.content, new.transcript, new.format, new.category);
  END`,
  `CREATE TABLE usage (
    owner_key TEXT NOT NULL,
    period_key TEXT NOT NULL,
    count INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
    PRIMARY KEY (owner_key, period_key)
  )`,
  `CREATE TABLE auth_tokens (
    id TEXT PRIMARY KEY,
    purpose TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    user_id TEXT REFERENCES users (id) ON DELETE CASCADE,
    guest_id TEXT,
    email TEXT,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id)`,
];

const postgresStatements = [
  `CREATE EXTENSION IF NOT EXISTS pg_trgm`,
  `CREATE TABLE users (
    id TEXT COLLATE "C" PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT,
    plan TEXT NOT NULL DEFAULT 'free' CHECK (plan IN ('free', 'active', 'beta', 'pro')),
    billing_customer_id TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`,
  `CREATE INDEX users_billing_customer_id_idx ON users (billing_customer_id)`,
  `CREATE TABLE sessions (
    id TEXT COLLATE "C" PRIMARY KEY,
    token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
    user_id TEXT COLLATE "C" NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    expires_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE INDEX sessions_user_id_idx ON sessions (user_id)`,
  `CREATE TABLE ideas (
    id TEXT COLLATE "C" PRIMARY KEY,
    user_id TEXT COLLATE "C" REFERENCES users (id) ON DELETE CASCADE,
    guest_id TEXT COLLATE "C",
    content TEXT NOT NULL,
    format TEXT NOT NULL CHECK (format IN ('tweet', 'checklist', 'pitch')),
    category TEXT NOT NULL CHECK (category IN ('work', 'personal', 'creative')),
    transcript TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CHECK ((user_id IS NULL) <> (guest_id IS NULL))
  )`,
  `CREATE INDEX ideas_user_created_idx ON ideas (user_id, created_at DESC, id DESC)`,
  `CREATE INDEX ideas_user_category_created_idx ON ideas (user_id, category, created_at DESC, id DESC)`,
  `CREATE INDEX ideas_guest_created_idx ON ideas (guest_id, created_at DESC, id DESC)`,
  // Must stay identical to POSTGRES_SEARCH_EXPRESSION in repositories/ideas-repository.ts.
  `CREATE INDEX ideas_search_trgm_idx ON ideas USING gin (
    (content || E'\\x01' || coalesce(transcript, '') || E'\\x01' || format || E'\\x01' || category)
    gin_trgm_ops
  )`,
  `CREATE TABLE usage (
    owner_key TEXT COLLATE "C" NOT NULL,
    period_key TEXT COLLATE "C" NOT NULL,
    count INTEGER NOT NULL DEFAULT 0 CHECK (count >= 0),
    PRIMARY KEY (owner_key, period_key)
  )`,
  `CREATE TABLE auth_tokens (
    id TEXT COLLATE "C" PRIMARY KEY,
    purpose TEXT NOT NULL,
    token_hash TEXT COLLATE "C" NOT NULL UNIQUE,
    user_id TEXT COLLATE "C" REFERENCES users (id) ON DELETE CASCADE,
    guest_id TEXT,
    email TEXT,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
  )`,
  `CREATE INDEX auth_tokens_user_id_idx ON auth_tokens (user_id)`,
];

export function initialMigration(dialect: Dialect) {
  const statements = dialect === 'sqlite' ? sqliteStatements : postgresStatements;
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const statement of statements) {
        await sql.raw(statement).execute(db);
      }
    },
    async down(db: Kysely<unknown>): Promise<void> {
      for (const table of ['auth_tokens', 'usage', 'ideas', 'sessions', 'users']) {
        await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
      }
      if (dialect === 'sqlite') await sql.raw('DROP TABLE IF EXISTS ideas_fts').execute(db);
    },
  };
}
