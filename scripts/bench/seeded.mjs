// Seeded benchmark databases, kept on disk between runs: seeding a million ideas takes many
// minutes, a copy of the result seconds. The cache key covers everything the data depends on
// (the seed script, the migrations, the sizes), so a schema change seeds afresh.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { rootDir } from '../build-info.mjs';

export const CACHE_DIR = process.env.BENCH_CACHE_DIR ?? join(rootDir, '.bench-cache');
const tsx = join(rootDir, 'node_modules', 'tsx', 'dist', 'cli.mjs');

export const SIZES = {
  BENCH_USERS: process.env.BENCH_USERS ?? '1000',
  BENCH_IDEAS_PER_USER: process.env.BENCH_IDEAS_PER_USER ?? '1000',
  BENCH_BIG_IDEAS: process.env.BENCH_BIG_IDEAS ?? '100000',
};

function cacheKey(dialect) {
  const hash = createHash('sha256');
  hash.update(dialect);
  hash.update(JSON.stringify(SIZES));
  hash.update(readFileSync(join(rootDir, 'scripts', 'bench', 'seed.ts')));
  const migrations = join(rootDir, 'src', 'server', 'db', 'migrations');
  for (const file of readdirSync(migrations).sort()) {
    hash.update(file);
    hash.update(readFileSync(join(migrations, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

function runSeed(databaseUrl) {
  const result = spawnSync(process.execPath, [tsx, 'scripts/bench/seed.ts'], {
    cwd: rootDir,
    env: { ...process.env, ...SIZES, DATABASE_URL: databaseUrl },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  if (result.status !== 0) throw new Error('seeding failed');
  return result.stdout.trim().split('\n').at(-1);
}

/** A fresh copy of the seeded SQLite database at `file`; returns what seed.ts printed. */
export function seededSqlite(file) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = cacheKey('sqlite');
  const cached = join(CACHE_DIR, `sqlite-${key}.db`);
  const info = join(CACHE_DIR, `sqlite-${key}.json`);
  if (!existsSync(cached) || !existsSync(info)) {
    console.log(`Seeding SQLite (${JSON.stringify(SIZES)}); kept in ${CACHE_DIR} for later runs.`);
    const building = `${cached}.building`;
    rmSync(building, { force: true });
    const printed = runSeed(`sqlite:${building}`);
    renameSync(building, cached);
    writeFileSync(info, printed);
  }
  copyFileSync(cached, file);
  return JSON.parse(readFileSync(info, 'utf8'));
}

/**
 * A fresh PostgreSQL database `name` copied from the seeded template database (kept in the
 * cluster between runs); returns its URL and what seed.ts printed.
 */
export async function seededPostgres(adminUrl, name) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const key = cacheKey('postgres');
  const template = `voice_ideas_bench_seed_${key}`;
  const info = join(CACHE_DIR, `postgres-${key}.json`);
  const urlOf = (database) => {
    const url = new URL(adminUrl);
    url.pathname = `/${database}`;
    return url.toString();
  };
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [template]);
    if (exists.rowCount === 0 || !existsSync(info)) {
      console.log(`Seeding PostgreSQL (${JSON.stringify(SIZES)}); kept as ${template}.`);
      await admin.query(`DROP DATABASE IF EXISTS ${template}`);
      await admin.query(`CREATE DATABASE ${template}`);
      try {
        writeFileSync(info, runSeed(urlOf(template)));
      } catch (error) {
        await admin.query(`DROP DATABASE IF EXISTS ${template}`);
        throw error;
      }
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await admin.end();
  }
  return { url: urlOf(name), seeded: JSON.parse(readFileSync(info, 'utf8')) };
}
