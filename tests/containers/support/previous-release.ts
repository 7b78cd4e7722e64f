import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { previousRelease } from '#scripts/container-images.mjs';
import { repoRoot, run } from './docker.js';
import { buildImage } from './images.js';

/**
 * The commit whose lockfile `npm ci` first accepted on a fresh clone. An older tree is built
 * with this commit's package.json and lockfile: between the newest migration's parent and it,
 * the two files differ only in the whisper addons' versions (1.1.3, which never existed for
 * every platform, against 1.1.1), so the previous release runs the code it had.
 */
const FIRST_INSTALLABLE_LOCKFILE = '07265e239cbf30fef8f4594f50ffe4d38dda2749';

async function git(args: string[]): Promise<string> {
  return (await run('git', args, { cwd: repoRoot })).stdout;
}

/**
 * The release just before the newest database migration was added (upgrading from it runs a
 * migration in place), built from its own tree and Dockerfile once, then kept as an image.
 */
export async function buildPreviousRelease(
  nodeImage: string,
): Promise<{ image: string; commit: string; migrations: string[] }> {
  const previous = previousRelease();
  const have = await run('docker', ['image', 'inspect', previous.image], { check: false });
  if (have.code === 0) return previous;

  const tree = await mkdtemp(join(tmpdir(), 'vi-previous-'));
  try {
    const archive = join(tree, 'source.tar');
    await run('git', ['archive', '--format=tar', '-o', archive, previous.commit], {
      cwd: repoRoot,
    });
    await run('tar', ['-xf', archive, '-C', tree]);
    await rm(archive);
    const fixed = await run(
      'git',
      ['merge-base', '--is-ancestor', FIRST_INSTALLABLE_LOCKFILE, previous.commit],
      { cwd: repoRoot, check: false },
    );
    if (fixed.code !== 0) {
      for (const file of ['package.json', 'package-lock.json']) {
        await writeFile(
          join(tree, file),
          await git(['show', `${FIRST_INSTALLABLE_LOCKFILE}:${file}`]),
        );
      }
    }
    await buildImage(tree, previous.image, nodeImage, {
      logDir: join(repoRoot, 'test-results', 'containers'),
      logName: 'build-previous.log',
    });
    return previous;
  } finally {
    await rm(tree, { recursive: true, force: true });
  }
}
