// Production build: the web app with Vite into dist/web, the server and core with tsc into
// dist/node, then a content hash so `npm start` can tell a stale build from a current one.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildInfoPath, rootDir, sourceHash } from './build-info.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(
      `\nBuild failed: ${command} ${args.join(' ')} exited with ${result.status ?? result.signal}`,
    );
    process.exit(1);
  }
}

const hash = sourceHash();
rmSync(buildInfoPath, { force: true });
rmSync(join(rootDir, 'dist', 'node'), { recursive: true, force: true });
run(process.execPath, [join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js'), 'build']);
run(process.execPath, [
  join(rootDir, 'node_modules', 'typescript', 'bin', 'tsc'),
  '-p',
  'tsconfig.build.json',
]);
mkdirSync(join(rootDir, 'dist'), { recursive: true });
writeFileSync(
  buildInfoPath,
  JSON.stringify({ sourceHash: hash, builtAt: new Date().toISOString() }, null, 2),
);
console.log('Build complete: dist/web (app) and dist/node (server).');
