import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { serverEnv } from '#tests/system/support/server-process.js';

/**
 * The real server as `npm start` runs it, in a child process: listens, survives SIGKILL without
 * losing an acknowledged write, stops cleanly on SIGTERM, and refuses a bad configuration.
 */

const rootDir = fileURLToPath(new URL('../..', import.meta.url));
// A cold start from source (tsx) took near 20 s on a loaded 2-core machine, as the system
// tests' server helper allows for.
const STARTUP_TIMEOUT_MS = 45_000;

interface RunningServer {
  child: ChildProcess;
  url: string;
  output: () => string;
}

const started: ChildProcess[] = [];

function spawnServer(env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return child;
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => {
    child.once('exit', (code, signal) => resolve({ code, signal }));
  });
}

function startServer(env: NodeJS.ProcessEnv): Promise<RunningServer> {
  const child = spawnServer(env);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`the server did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited with ${code} before listening:\n${output}`));
    });
  });
}

describe('the server process', () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'voice-ideas-main-'));
  });
  afterEach(() => {
    for (const child of started.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  });
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(
    'keeps an idea it answered 201 for when killed with SIGKILL right after',
    async () => {
      const env = serverEnv({ DATABASE_URL: `sqlite:${join(dataDir, 'kill', 'app.db')}` });
      const guestId = 'guest_survivor_0001';
      const first = await startServer(env);
      expect(first.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const created = await fetch(`${first.url}/api/guest-ideas`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-guest-id': guestId },
        body: JSON.stringify({ content: 'Survives a crash', format: 'tweet', category: 'work' }),
      });
      expect(created.status).toBe(201);
      first.child.kill('SIGKILL');
      expect(await exitOf(first.child)).toEqual({ code: null, signal: 'SIGKILL' });
      const idea = (await created.json()) as { id: string };

      const second = await startServer(env);
      const listed = await fetch(`${second.url}/api/guest-ideas`, {
        headers: { 'x-guest-id': guestId },
      });
      const body = (await listed.json()) as { items: { id: string; content: string }[] };
      expect(body.items).toEqual([
        expect.objectContaining({ id: idea.id, content: 'Survives a crash' }),
      ]);
      const health = await fetch(`${second.url}/api/health`);
      expect(health.status).toBe(200);
      // Two cold starts of the server from source.
    },
    2 * STARTUP_TIMEOUT_MS + 10_000,
  );

  it(
    'stops cleanly on SIGTERM',
    async () => {
      const server = await startServer(
        serverEnv({ DATABASE_URL: `sqlite:${join(dataDir, 'term', 'app.db')}` }),
      );
      server.child.kill('SIGTERM');
      expect(await exitOf(server.child)).toEqual({ code: 0, signal: null });
    },
    STARTUP_TIMEOUT_MS + 10_000,
  );

  it('refuses a bad configuration with a clear message and exit code 1', async () => {
    const child = spawnServer(serverEnv({ PORT: 'not-a-port', FREE_MONTHLY_LIMIT: '-3' }));
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const exit = await exitOf(child);
    expect(exit.code).toBe(1);
    expect(stderr).toContain('Invalid configuration');
    expect(stderr).toContain('PORT');
    expect(stderr).toContain('FREE_MONTHLY_LIMIT');
    expect(stderr).not.toMatch(/\n\s+at /);
  });
});
