// The production server as the benchmarks start it: a free port, the built server in its own
// process with no AI engine and an AI limit no benchmark reaches, a wait until it answers, and
// a stop that waits for it to exit.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { isBuildCurrent, rootDir } from '../build-info.mjs';

/** Builds first when dist/ is missing or older than the sources, so no figure is of old code. */
export function ensureCurrentBuild() {
  if (isBuildCurrent()) return;
  const result = spawnSync(process.execPath, [join(rootDir, 'scripts', 'build.mjs')], {
    cwd: rootDir,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export async function waitForOk(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** A Node process from the repository root; its output is read and dropped, errors shown. */
export function startProcess(args, env = {}) {
  const child = spawn(process.execPath, args, {
    cwd: rootDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.stdout.resume();
  return child;
}

/**
 * dist/node/server/main.js in production mode on 127.0.0.1:`port`: no transcription engine and
 * no language model (the rules path), AI limit out of reach; `env` adds to or overrides that.
 */
export function startAppServer({ databaseUrl, port, env = {} }) {
  return startProcess(['dist/node/server/main.js'], {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_AI_PER_MIN: '100000000',
    RATE_LIMIT_SAVES_PER_MIN: '100000000',
    RATE_LIMIT_NEW_GUESTS_PER_HOUR: '100000000',
    TRANSCRIBE_ENGINE: 'none',
    OPENAI_BASE_URL: '',
    OPENAI_API_KEY: '',
    LLM_BASE_URL: '',
    LLM_API_KEY: '',
    ...env,
  });
}

export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
