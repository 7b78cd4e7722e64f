import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { APP_IMAGE } from '#scripts/container-images.mjs';
import { buildImage, makeStandIns } from './support/images.js';
import { buildPreviousRelease } from './support/previous-release.js';
import { repoRoot, run } from './support/docker.js';

declare module 'vitest' {
  export interface ProvidedContext {
    appImage: string;
    /** The release before the newest migration (support/previous-release.ts). */
    previousImage: string;
    previousMigrations: string[];
    nodeImage: string;
    postgresImage: string;
    redisImage: string;
  }
}

/**
 * Once for the whole run: the stand-in bases (cached as images), this tree's image built the way
 * a person builds it, so every test file runs the same image, and the previous release's.
 */
export default async function setup(project: TestProject): Promise<void> {
  const info = await run('docker', ['info', '--format', '{{.ServerVersion}}'], { check: false });
  if (info.code !== 0) {
    throw new Error(
      `The container tests need a running Docker daemon (docker info: ${info.stderr.trim()}).`,
    );
  }
  const logDir = join(repoRoot, 'test-results', 'containers');
  mkdirSync(logDir, { recursive: true });
  const timings: Record<string, number> = {};

  let started = Date.now();
  const bases = await makeStandIns();
  timings.standInsSeconds = (Date.now() - started) / 1000;

  // One after the other: two classic builds at once each write the shared first steps, and a
  // later build may take the other's copy and miss every layer after it (ADR 160).
  // VOICE_IDEAS_TEST_IMAGE tests an image built elsewhere (a release) instead of this tree's.
  started = Date.now();
  const appImage =
    process.env.VOICE_IDEAS_TEST_IMAGE ??
    (await buildImage(repoRoot, APP_IMAGE, bases.nodeImage, { logDir }));
  timings.imageBuildSeconds = (Date.now() - started) / 1000;
  // The upgrade test's starting point, built here rather than in its file, whose hooks have a
  // time limit a cold build would pass.
  started = Date.now();
  const previous = await buildPreviousRelease(bases.nodeImage);
  timings.previousImageBuildSeconds = (Date.now() - started) / 1000;
  writeFileSync(join(logDir, 'setup-timings.json'), JSON.stringify(timings, null, 2));
  process.stderr.write(
    `[containers] stand-ins ${timings.standInsSeconds.toFixed(0)} s, image ${timings.imageBuildSeconds.toFixed(0)} s, previous release ${timings.previousImageBuildSeconds.toFixed(0)} s\n`,
  );

  project.provide('appImage', appImage);
  project.provide('previousImage', previous.image);
  project.provide('previousMigrations', previous.migrations);
  project.provide('nodeImage', bases.nodeImage);
  project.provide('postgresImage', bases.postgresImage);
  project.provide('redisImage', bases.redisImage);
}
