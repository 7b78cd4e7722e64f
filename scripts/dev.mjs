// `npm run dev`: the API with reload on change (tsx watch) on :3000 and Vite's dev server with
// hot reload on :5173, which proxies /api to the API. Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from './build-info.mjs';

const children = [
  spawn(
    process.execPath,
    [join(rootDir, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'watch', 'src/server/main.ts'],
    {
      cwd: rootDir,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'development' },
    },
  ),
  spawn(process.execPath, [join(rootDir, 'node_modules', 'vite', 'bin', 'vite.js')], {
    cwd: rootDir,
    stdio: 'inherit',
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
