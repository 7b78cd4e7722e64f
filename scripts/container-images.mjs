// What the container tests build, and whether this Docker already has it (scripts/containers-ci.sh
// asks, so that CI runs them only when no cold build would push it past its time).
//   node scripts/container-images.mjs   prints "warm", or why a run would build from cold
import { createHash } from 'node:crypto';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const rootDir = fileURLToPath(new URL('..', import.meta.url));
const MIGRATIONS_DIR = 'src/server/db/migrations';

export const APP_IMAGE = 'voice-ideas:test';
export const DEPS_LABEL = 'org.voice-ideas.deps';

/**
 * The files the image's `npm ci` layer is keyed on: while they are unchanged, Docker reuses it,
 * and the image rebuilds in minutes rather than the better part of an hour.
 */
export function dependencyHash(dir = rootDir) {
  const hash = createHash('sha256');
  for (const file of ['package.json', 'package-lock.json'])
    hash.update(readFileSync(join(dir, file)));
  return hash.digest('hex').slice(0, 16);
}

function git(args) {
  return execFileSync('git', args, { cwd: rootDir, encoding: 'utf8' }).trim();
}

export function migrationNames(files) {
  return files
    .filter((file) => /^\d{3}-.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

/** The release just before the newest migration was added, and the image tag it builds as. */
export function previousRelease() {
  const newest = migrationNames(readdirSync(join(rootDir, MIGRATIONS_DIR))).at(-1);
  if (!newest) throw new Error('no migrations found');
  const added = git([
    'log',
    '--diff-filter=A',
    '--format=%H',
    '-1',
    '--',
    `${MIGRATIONS_DIR}/${newest}.ts`,
  ]);
  if (!added)
    throw new Error(`git has no history of ${newest}: the upgrade test needs a full clone`);
  const commit = git(['rev-parse', `${added}^`]);
  const files = git(['ls-tree', '--name-only', commit, `${MIGRATIONS_DIR}/`])
    .split('\n')
    .map((path) => path.slice(MIGRATIONS_DIR.length + 1));
  return {
    commit,
    image: `voice-ideas:previous-${commit.slice(0, 12)}`,
    migrations: migrationNames(files),
  };
}

function label(image, name) {
  const result = spawnSync(
    'docker',
    ['image', 'inspect', '--format', `{{ index .Config.Labels "${name}" }}`, image],
    {
      encoding: 'utf8',
    },
  );
  return result.status === 0 ? result.stdout.trim() : undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const built = label(APP_IMAGE, DEPS_LABEL);
  const previous = previousRelease();
  if (built === undefined) console.log(`${APP_IMAGE} was never built here`);
  else if (built !== dependencyHash())
    console.log(`package.json or the lockfile changed since ${APP_IMAGE} was built`);
  else if (label(previous.image, DEPS_LABEL) === undefined)
    console.log(`the previous release's image (${previous.image}) was never built here`);
  else console.log('warm');
}
