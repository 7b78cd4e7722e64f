// Browser journeys: checks the machine has what the fake microphone needs, builds the web app
// (about two seconds, so a stale dist/web never hides a change), then runs the journeys (each
// starts the real server itself) and writes a Vitest JSON report that CI's summary reads.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

for (const [what, ok] of [
  [`Chromium at ${chromium}`, existsSync(chromium)],
  ['espeak-ng', spawnSync('espeak-ng', ['--version']).status === 0],
  ['sox', spawnSync('sox', ['--version']).status === 0],
]) {
  if (!ok) {
    console.error(`e2e: ${what} is missing (apt-get install -y chromium espeak-ng sox)`);
    process.exit(1);
  }
}

function run(command, args) {
  const result = spawnSync(command, args, { cwd: rootDir, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, [
  join(rootDir, 'node_modules/vite/bin/vite.js'),
  'build',
  '--logLevel',
  'warn',
]);
mkdirSync(join(rootDir, 'test-results', 'screens'), { recursive: true });
mkdirSync(join(rootDir, 'test-results', 'failures'), { recursive: true });
run(process.execPath, [
  join(rootDir, 'node_modules/vitest/vitest.mjs'),
  'run',
  '--config',
  'vitest.e2e.config.ts',
  '--reporter=default',
  '--reporter=json',
  '--outputFile.json=test-results/e2e.json',
  ...process.argv.slice(2),
]);
