import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

// `npm ci` installs exactly the lockfile and refuses one that is out of step with package.json or
// misses a platform's optional addon: a lockfile written on Linux alone breaks a fresh clone on
// macOS and Windows, and the image's build. These checks read the files the way npm ci does.

interface LockEntry {
  version?: string;
  integrity?: string;
  link?: boolean;
  inBundle?: boolean;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const root = new URL('../../', import.meta.url);
const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as PackageJson;
const lock = JSON.parse(readFileSync(new URL('package-lock.json', root), 'utf8')) as {
  name: string;
  version: string;
  lockfileVersion: number;
  packages: Record<string, LockEntry>;
};
const entries = lock.packages;

/** Node's lookup: the nearest node_modules/<name> at or above the dependent's folder. */
function locate(from: string, name: string): string | undefined {
  let dir = from;
  for (;;) {
    const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    if (entries[candidate]) return candidate;
    if (!dir) return undefined;
    const cut = dir.lastIndexOf('node_modules/');
    dir = cut <= 0 ? '' : dir.slice(0, cut - 1);
  }
}

function accepts(version: string, range: string): boolean {
  if (semver.validRange(range) !== null) return semver.satisfies(version, range);
  // A dist-tag ("latest") names whatever was newest when the lockfile was written: any locked
  // version answers it. npm:, file: and git specs are not used here and count as a mismatch.
  return /^[a-z][\w.-]*$/i.test(range) && semver.valid(version) !== null;
}

describe('package-lock.json', () => {
  it('is a v3 lockfile for this package', () => {
    expect(lock.lockfileVersion).toBe(3);
    expect(lock.name).toBe(pkg.name);
    expect(lock.version).toBe(pkg.version);
  });

  it('records exactly the dependencies package.json declares', () => {
    const top = entries[''];
    expect(top?.dependencies ?? {}).toEqual(pkg.dependencies ?? {});
    expect(top?.devDependencies ?? {}).toEqual(pkg.devDependencies ?? {});
    expect(top?.optionalDependencies ?? {}).toEqual(pkg.optionalDependencies ?? {});
  });

  it('locks every direct dependency at the version package.json pins', () => {
    const wrong: string[] = [];
    for (const deps of [pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies]) {
      for (const [name, range] of Object.entries(deps ?? {})) {
        const version = entries[`node_modules/${name}`]?.version;
        if (!version || !accepts(version, range))
          wrong.push(`${name}@${range} locked as ${version}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("locks every package's dependencies and optional addons, for every platform", () => {
    const missing: string[] = [];
    for (const [path, entry] of Object.entries(entries)) {
      if (path === '' || entry.link) continue;
      const wanted = { ...entry.dependencies, ...entry.optionalDependencies };
      for (const [name, range] of Object.entries(wanted)) {
        const found = locate(path, name);
        const version = found ? entries[found]?.version : undefined;
        if (!version || !accepts(version, range)) {
          missing.push(`${path} needs ${name}@${range}, locked: ${version ?? 'nothing'}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('gives every locked package a version and an integrity hash', () => {
    const bare = Object.entries(entries)
      // A bundled package comes inside its parent's tarball, which has the hash.
      .filter(([path, entry]) => path !== '' && !entry.link && !entry.inBundle)
      .filter(([, entry]) => !entry.version || !entry.integrity)
      .map(([path]) => path);
    expect(bare).toEqual([]);
  });

  // The packages whose native builds come as one package a platform. Each must be locked for the
  // platforms the README promises, with the os and cpu npm reads to pick it.
  const platforms = [
    ['linux', 'x64'],
    ['linux', 'arm64'],
    ['darwin', 'x64'],
    ['darwin', 'arm64'],
    ['win32', 'x64'],
    ['win32', 'arm64'],
  ] as const;
  const families: Record<string, (os: string, cpu: string) => string> = {
    'whisper (transcription)': (os, cpu) => `@fugood/node-whisper-${os}-${cpu}`,
    'llama.cpp (the embedded writer)': (os, cpu) => `@fugood/node-llama-${os}-${cpu}`,
    'argon2 (passwords)': (os, cpu) =>
      `@node-rs/argon2-${os}-${cpu}${os === 'linux' ? '-gnu' : os === 'win32' ? '-msvc' : ''}`,
    'esbuild (build)': (os, cpu) => `@esbuild/${os}-${cpu}`,
    'rollup (build)': (os, cpu) =>
      `@rollup/rollup-${os}-${cpu}${os === 'linux' ? '-gnu' : os === 'win32' ? '-msvc' : ''}`,
    'rolldown (build)': (os, cpu) =>
      `@rolldown/binding-${os}-${cpu}${os === 'linux' ? '-gnu' : os === 'win32' ? '-msvc' : ''}`,
    'Tailwind oxide (build)': (os, cpu) =>
      `@tailwindcss/oxide-${os}-${cpu}${os === 'linux' ? '-gnu' : os === 'win32' ? '-msvc' : ''}`,
    'lightningcss (build)': (os, cpu) =>
      `lightningcss-${os}-${cpu}${os === 'linux' ? '-gnu' : os === 'win32' ? '-msvc' : ''}`,
    'sharp (icons)': (os, cpu) => `@img/sharp-${os}-${cpu}`,
  };

  it.each(Object.entries(families))(
    'locks the %s addon for Linux, macOS and Windows on x64 and arm64',
    (_family, nameFor) => {
      const problems: string[] = [];
      for (const [os, cpu] of platforms) {
        const name = nameFor(os, cpu);
        const entry = entries[`node_modules/${name}`];
        if (!entry) problems.push(`${name} is not locked`);
        else if (!entry.os?.includes(os) || !entry.cpu?.includes(cpu)) {
          problems.push(`${name} is locked for ${entry.os?.join('/')} ${entry.cpu?.join('/')}`);
        }
      }
      expect(problems).toEqual([]);
    },
  );
});
