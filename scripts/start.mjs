// `npm start`: build when the build is missing or stale, then run the compiled server in this
// process (migrations run as it opens the database). One command on a fresh machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isBuildCurrent, rootDir } from './build-info.mjs';

if (!isBuildCurrent()) {
  console.log('Building the app (the build is missing or older than the sources)...');
  const result = spawnSync(process.execPath, [join(rootDir, 'scripts', 'build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.NODE_ENV ??= 'production';
await import(pathToFileURL(join(rootDir, 'dist', 'node', 'server', 'main.js')).href);
