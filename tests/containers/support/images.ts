import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { DEPS_LABEL, dependencyHash } from '#scripts/container-images.mjs';
import { repoRoot, run } from './docker.js';

export interface StandIns {
  nodeImage: string;
  postgresImage: string;
  redisImage: string;
}

/** deploy/test/make-bases.sh: reuses the stand-ins it made before, remakes a changed one. */
export async function makeStandIns(): Promise<StandIns> {
  const { stdout } = await run('bash', [join(repoRoot, 'deploy/test/make-bases.sh')], {
    timeoutMs: 40 * 60_000,
  });
  const value = (name: string): string => {
    const found = new RegExp(`^export ${name}=(\\S+)$`, 'm').exec(stdout)?.[1];
    if (!found) throw new Error(`make-bases.sh printed no ${name}:\n${stdout}`);
    return found;
  };
  return {
    nodeImage: value('NODE_IMAGE'),
    postgresImage: value('POSTGRES_IMAGE'),
    redisImage: value('REDIS_IMAGE'),
  };
}

let buildKit: Promise<boolean> | undefined;

/** BuildKit when the client has buildx; Docker's classic builder otherwise. */
function hasBuildKit(): Promise<boolean> {
  buildKit ??= run('docker', ['buildx', 'version'], { check: false }).then((r) => r.code === 0);
  return buildKit;
}

/**
 * `docker build` of a tree with its own Dockerfile, the build's output in a log file (it is
 * long); layers are cached by Docker, so an unchanged tree builds in seconds. The image is
 * labelled with its dependencies' hash (scripts/container-images.mjs tells CI from it whether a
 * run would be warm).
 */
export async function buildImage(
  context: string,
  tag: string,
  nodeImage: string,
  options: { logDir: string; logName?: string },
): Promise<string> {
  const env = { ...process.env, DOCKER_BUILDKIT: (await hasBuildKit()) ? '1' : '0' };
  const log = createWriteStream(join(options.logDir, options.logName ?? 'build.log'));
  const args = [
    'build',
    '--build-arg',
    `NODE_IMAGE=${nodeImage}`,
    '--label',
    `${DEPS_LABEL}=${dependencyHash(context)}`,
    '-t',
    tag,
    context,
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn('docker', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let tail = '';
    const keep = (chunk: Buffer) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-6000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    const timer = setTimeout(() => child.kill('SIGTERM'), 45 * 60_000);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      log.end();
      if (code === 0) resolve();
      else reject(new Error(`docker ${args.join(' ')} failed (${code}):\n${tail}`));
    });
  });
  return tag;
}
