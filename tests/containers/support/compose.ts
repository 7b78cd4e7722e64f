import { join } from 'node:path';
import { docker, repoRoot, run, runBinary, type Run } from './docker.js';

let binary: Promise<string[]> | undefined;

/** `docker compose` (v2) where the plugin is installed, else the standalone `docker-compose`. */
function composeCommand(): Promise<string[]> {
  binary ??= run('docker', ['compose', 'version'], { check: false }).then((r) =>
    r.code === 0 ? ['docker', 'compose'] : ['docker-compose'],
  );
  return binary;
}

/** One compose project from the repository's compose.yaml, under a name of its own. */
export class ComposeProject {
  constructor(
    readonly name: string,
    readonly env: Record<string, string>,
  ) {}

  private async argv(args: string[]): Promise<[string, string[]]> {
    const [command, ...prefix] = await composeCommand();
    if (!command) throw new Error('no compose command');
    return [command, [...prefix, '-p', this.name, '-f', join(repoRoot, 'compose.yaml'), ...args]];
  }

  async compose(
    args: string[],
    options: { check?: boolean; timeoutMs?: number; input?: string } = {},
  ): Promise<Run> {
    const [command, argv] = await this.argv(args);
    return run(command, argv, {
      env: { ...process.env, ...this.env },
      timeoutMs: options.timeoutMs ?? 300_000,
      check: options.check,
      input: options.input,
    });
  }

  /** A command whose output or input is binary (a database dump). */
  async composeBinary(args: string[], input?: Buffer): Promise<Buffer> {
    const [command, argv] = await this.argv(args);
    return runBinary(command, argv, { env: { ...process.env, ...this.env }, input });
  }

  /** The running container of a service (compose names them differently across versions). */
  async container(service: string): Promise<string> {
    const { stdout } = await docker([
      'ps',
      '--quiet',
      '--filter',
      `label=com.docker.compose.project=${this.name}`,
      '--filter',
      `label=com.docker.compose.service=${service}`,
    ]);
    const id = stdout.trim().split('\n')[0];
    if (!id) throw new Error(`no running container for ${service} in ${this.name}`);
    return id;
  }

  /** Everything the project made, volumes included. */
  async remove(): Promise<void> {
    await this.compose(
      ['--profile', 'replica', 'down', '--volumes', '--remove-orphans', '--timeout', '20'],
      {
        check: false,
      },
    );
  }
}
