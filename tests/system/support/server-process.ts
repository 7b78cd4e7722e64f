import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The real server (`tsx src/server/main.ts`) in a child process, as a deployment runs it: its
 * own port (PORT=0, read back from the line it prints), the environment given and nothing else
 * from this process, so no test setting leaks in.
 */

const rootDir = fileURLToPath(new URL('../../..', import.meta.url));
const STARTUP_TIMEOUT_MS = 45_000;
const OUTPUT_KEPT_CHARS = 40_000;

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  pid: number;
  /** What the process printed so far (the tail), for failure messages and log checks. */
  output(): string;
  /** Resolves with how the process ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGKILL if still running, then waits for the exit. */
  kill(): Promise<void>;
}

const running = new Set<ChildProcess>();

export function serverEnv(overrides: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    if (process.env[key] !== undefined) env[key] = process.env[key];
  }
  return {
    ...env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    TRANSCRIBE_ENGINE: 'none',
    WEB_DIST_DIR: join(tmpdir(), 'voice-ideas-no-web-build'),
    // Tests that restart a server on one SQLite file pass the directory its recordings stay in.
    RECORDINGS_DIR: join(tmpdir(), 'voice-ideas-system-recordings'),
    ...overrides,
  };
}

export function startServer(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: rootDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_KEPT_CHARS);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not start in time:\n${output}`));
    }, STARTUP_TIMEOUT_MS);
    const onData = () => {
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      resolve({
        child,
        url: match[1],
        pid: child.pid ?? -1,
        output: () => output,
        exited,
        async kill() {
          if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
          await exited;
        },
      });
    };
    child.stdout?.on('data', onData);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? signal}) before listening:\n${output}`));
    });
  });
}

/** For afterEach: no test leaves a server behind, whatever happened in it. */
export async function killAllServers(): Promise<void> {
  await Promise.all(
    [...running].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) {
            resolve();
            return;
          }
          child.once('exit', () => resolve());
          child.kill('SIGKILL');
        }),
    ),
  );
}

export interface JsonResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** One JSON call; the body is parsed whatever the status (every error here is JSON). */
export async function call<T = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
      origin: baseUrl,
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON: the raw text is what the assertion will show.
  }
  return { status: response.status, headers: response.headers, body: body as T };
}

/** Polls until `check` holds, or throws with what it last saw. No timing is asserted. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (check(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `${what}: not reached in ${timeoutMs} ms; last seen ${JSON.stringify(last)} ${String(lastError ?? '')}`,
  );
}
