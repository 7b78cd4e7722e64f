// Decides whether the production build in dist/ matches the sources, by content hash rather
// than mtimes: a fresh clone, a `git checkout` or a copied tree all give misleading mtimes.
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = fileURLToPath(new URL('..', import.meta.url));
export const buildInfoPath = join(rootDir, 'dist', 'build-info.json');

const INPUTS = [
  'src/contract',
  'src/text',
  'src/server',
  'src/web',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.node.json',
  'tsconfig.build.json',
  'tsconfig.web.json',
];

function walk(path, files) {
  const stat = statSync(path);
  if (stat.isDirectory()) {
    for (const entry of readdirSync(path).sort()) walk(join(path, entry), files);
  } else if (!/\.test\.tsx?$/.test(path)) {
    files.push(path);
  }
}

export function sourceHash() {
  const files = [];
  for (const input of INPUTS) {
    const path = join(rootDir, input);
    if (existsSync(path)) walk(path, files);
  }
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(relative(rootDir, file));
    hash.update('\0');
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex');
}

export function isBuildCurrent() {
  if (!existsSync(buildInfoPath)) return false;
  if (!existsSync(join(rootDir, 'dist', 'web', 'index.html'))) return false;
  if (!existsSync(join(rootDir, 'dist', 'node', 'server', 'main.js'))) return false;
  try {
    const info = JSON.parse(readFileSync(buildInfoPath, 'utf8'));
    return info.sourceHash === sourceHash();
  } catch {
    return false;
  }
}
