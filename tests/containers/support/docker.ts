import { execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

/** The repository's root, the build context of the image. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs a command to its end, bounded in time, and answers its output whatever its exit code;
 * `check` (the default) turns a non-zero exit into an error that shows what it printed.
 */
export function run(
  command: string,
  args: string[],
  options: {
    env?: NodeJS.ProcessEnv;
    cwd?: string;
    input?: string | Buffer;
    timeoutMs?: number;
    check?: boolean;
  } = {},
): Promise<Run> {
  const { check = true, timeoutMs = 120_000 } = options;
  return new Promise((resolve, reject) => {
    const child = execFile(
      command,
      args,
      {
        env: options.env ?? process.env,
        cwd: options.cwd ?? repoRoot,
        timeout: timeoutMs,
        maxBuffer: 256 * 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        if (error && (check || error.killed)) {
          const why = error.killed ? `timed out after ${timeoutMs} ms` : `exited with ${code}`;
          reject(
            new Error(
              `${command} ${args.join(' ')} ${why}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`,
            ),
          );
          return;
        }
        resolve({ code, stdout, stderr });
      },
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/** Runs a command with its stdin from a Buffer and its stdout captured as bytes (dumps). */
export function runBinary(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; input?: Buffer; timeoutMs?: number } = {},
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: options.env ?? process.env, cwd: repoRoot });
    const chunks: Buffer[] = [];
    let stderr = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(Buffer.concat(chunks));
      else reject(new Error(`${command} ${args.join(' ')} ended ${code ?? signal}: ${stderr}`));
    });
    child.stdin.end(options.input ?? Buffer.alloc(0));
  });
}

export function docker(args: string[], timeoutMs = 120_000): Promise<Run> {
  return run('docker', args, { timeoutMs });
}

/** A port nobody listens on at the moment, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export async function inspect<T = unknown>(what: string, format: string): Promise<T> {
  const { stdout } = await docker(['inspect', '--format', `{{json ${format}}}`, what]);
  return JSON.parse(stdout) as T;
}

/** Polls until `check` holds, or throws with what it last saw. No timing is asserted. */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  check: (value: T) => boolean,
  timeoutMs = 60_000,
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
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(
    `${what}: not reached in ${timeoutMs} ms; last seen ${JSON.stringify(last)} ${String(lastError ?? '')}`,
  );
}

/** Waits for the image's own HEALTHCHECK to call the container healthy. */
export async function waitHealthy(container: string, timeoutMs = 120_000): Promise<void> {
  await eventually(
    `${container} to turn healthy`,
    () => inspect<string>(container, '.State.Health.Status'),
    (status) => status === 'healthy',
    timeoutMs,
  );
}

export async function logsOf(container: string): Promise<string> {
  const { stdout, stderr } = await run('docker', ['logs', container], { check: false });
  return stdout + stderr;
}
