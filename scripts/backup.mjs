// `npm run backup -- [--database <url>] [--out ./backups]`: a consistent copy of the database
// while the app keeps running (docs/deploy.md, "Backups"), checked before it is called done.
// SQLite: SQLite's online backup API (better-sqlite3's .backup()), then the copy's own
// integrity check. PostgreSQL: pg_dump's custom format, then pg_restore --list reads it back.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const USAGE =
  'Usage: npm run backup -- [--database sqlite:./data/app.db|postgres://…] [--out ./backups]';

let args;
try {
  ({ values: args } = parseArgs({
    options: { database: { type: 'string' }, out: { type: 'string', default: 'backups' } },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
const url = args.database ?? process.env.DATABASE_URL ?? 'sqlite:./data/app.db';
const stamp = new Date()
  .toISOString()
  .replace(/[-:]/g, '')
  .replace(/\.\d+Z$/, 'Z');
mkdirSync(args.out, { recursive: true });

function fail(message) {
  console.error(`Backup failed: ${message.replace(/\/\/([^:/@]+):[^@]*@/g, '//$1:***@')}`);
  process.exit(1);
}

if (url.startsWith('sqlite:')) {
  const file = resolve(url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, ''));
  if (!existsSync(file)) fail(`there is no SQLite database at ${file}`);
  const target = resolve(args.out, `voice-ideas-${stamp}.db`);
  const source = new Database(file, { readonly: true, fileMustExist: true });
  try {
    // Pages are copied in steps; a write by the running app restarts the copy, so the result is
    // one consistent snapshot.
    await source.backup(target);
  } catch (error) {
    rmSync(target, { force: true });
    fail(error.message);
  } finally {
    source.close();
  }
  const copy = new Database(target, { readonly: true });
  const verdict = copy.pragma('integrity_check', { simple: true });
  const ideas = copy.prepare('SELECT count(*) FROM ideas').pluck().get();
  const users = copy.prepare('SELECT count(*) FROM users').pluck().get();
  copy.close();
  if (verdict !== 'ok') {
    rmSync(target, { force: true });
    fail(`the copy failed its integrity check (${verdict})`);
  }
  console.log(`Backed up ${file} to ${target}: integrity ok, ${users} users, ${ideas} ideas.`);
} else if (/^postgres(ql)?:\/\//.test(url)) {
  // The password travels in the environment, not on a command line anyone can read in ps.
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  const env = { ...process.env, ...(password ? { PGPASSWORD: password } : {}) };
  const target = resolve(args.out, `voice-ideas-${stamp}.dump`);
  const dump = spawnSync('pg_dump', ['--format=custom', `--file=${target}`, `--dbname=${parsed}`], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (dump.error)
    fail(`pg_dump could not run (${dump.error.message}); install the PostgreSQL client`);
  if (dump.status !== 0) {
    rmSync(target, { force: true });
    fail(`pg_dump exited with ${dump.status}`);
  }
  const list = spawnSync('pg_restore', ['--list', target], { encoding: 'utf8' });
  if (list.status !== 0 || !/TABLE DATA \S+ ideas /.test(list.stdout)) {
    fail(`pg_restore cannot read ${target} back`);
  }
  console.log(
    `Backed up ${parsed.host}${parsed.pathname} to ${join(target)}: pg_restore reads it.`,
  );
} else {
  fail(`unsupported database URL (use sqlite:<file> or postgres://…)\n${USAGE}`);
}
