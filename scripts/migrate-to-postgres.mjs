// `npm run migrate:to-postgres -- --to postgres://… [--from sqlite:./data/app.db] [--replace]`:
// copies an install's SQLite database and its recordings' audio (RECORDINGS_DIR) into
// PostgreSQL (src/server/db/copy-to-postgres.ts says how; docs/deploy.md when). `--audio-only`
// brings the audio of an install moved before audio was copied. Stop the app first; start it
// again with DATABASE_URL=postgres://….
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { isBuildCurrent, rootDir } from './build-info.mjs';

const USAGE =
  'Usage: npm run migrate:to-postgres -- --to postgres://user:pass@host/db ' +
  '[--from sqlite:./data/app.db] [--recordings-dir ./data/recordings] [--replace] ' +
  '[--batch-rows 1000] [--audio-only]';

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      'recordings-dir': { type: 'string' },
      replace: { type: 'boolean', default: false },
      'audio-only': { type: 'boolean', default: false },
      'batch-rows': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  }));
} catch (error) {
  console.error(`${error.message}\n${USAGE}`);
  process.exit(2);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!args.to) {
  console.error(`--to is required.\n${USAGE}`);
  process.exit(2);
}
const batchRows = args['batch-rows'] === undefined ? undefined : Number(args['batch-rows']);
if (batchRows !== undefined && !(Number.isInteger(batchRows) && batchRows > 0)) {
  console.error(`--batch-rows must be a positive whole number.\n${USAGE}`);
  process.exit(2);
}
const from =
  args.from ??
  (process.env.DATABASE_URL?.startsWith('sqlite:')
    ? process.env.DATABASE_URL
    : 'sqlite:./data/app.db');
const recordingsDir = args['recordings-dir'] ?? process.env.RECORDINGS_DIR ?? './data/recordings';

// A checkout builds first when its build is stale; an image that ships only dist/ uses it as is.
if (existsSync(join(rootDir, 'src', 'server')) && !isBuildCurrent()) {
  console.log('Building the app (the build is missing or older than the sources)...');
  const result = spawnSync(process.execPath, [join(rootDir, 'scripts', 'build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const { copyAudioToPostgres, copySqliteToPostgres } = await import(
  pathToFileURL(join(rootDir, 'dist', 'node', 'server', 'db', 'copy-to-postgres.js')).href
);
const hidePassword = (text) => text.replace(/\/\/([^:/@]+):[^@]*@/g, '//$1:***@');

if (args['audio-only']) {
  console.log(`Copying the recordings' audio in ${recordingsDir} into ${hidePassword(args.to)}...`);
  try {
    const audio = await copyAudioToPostgres({
      to: args.to,
      recordingsDir,
      log: (line) => console.log(line),
    });
    console.log(`Done: ${audio.copied} recordings' audio copied, committed.`);
  } catch (error) {
    console.error(
      `Nothing was copied: ${hidePassword(error instanceof Error ? error.message : String(error))}`,
    );
    process.exit(1);
  }
  process.exit(0);
}

console.log(`Copying ${from} into ${hidePassword(args.to)}...`);
try {
  const report = await copySqliteToPostgres({
    from,
    to: args.to,
    recordingsDir,
    replace: args.replace,
    batchRows,
    log: (line) => console.log(line),
  });
  const total = report.tables.reduce((sum, t) => sum + t.rows, 0);
  console.log(
    `Done: ${total} rows in ${report.tables.length} tables, counts verified, and ` +
      `${report.audio.copied} recordings' audio, committed.` +
      (report.leftOut.length > 0 ? ` Not needed in PostgreSQL: ${report.leftOut.join(', ')}.` : ''),
  );
  console.log('Next: start the app with DATABASE_URL set to the PostgreSQL URL.');
} catch (error) {
  console.error(
    `Nothing was copied: ${hidePassword(error instanceof Error ? error.message : String(error))}`,
  );
  process.exit(1);
}
