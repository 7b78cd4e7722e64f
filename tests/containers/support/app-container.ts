import { randomBytes } from 'node:crypto';
import { docker, eventually, freePort, run } from './docker.js';

/**
 * The image as `docker run` starts it: on host networking, listening on loopback only, with a
 * read-only root, a tmpfs for /tmp and fresh named volumes for /data and /app/models. One
 * `AppContainers` per test file keeps the names of what it made, to remove them after.
 */
export interface Started {
  name: string;
  url: string;
  data: string;
  models: string;
}

export class AppContainers {
  private readonly tag = `vi-image-${randomBytes(4).toString('hex')}`;
  private readonly containers: string[] = [];
  private readonly volumes: string[] = [];

  constructor(readonly image: string) {}

  /** A named volume that `removeAll` deletes. */
  volume(purpose: string): string {
    const name = `${this.tag}-${purpose}`;
    this.volumes.push(name);
    return name;
  }

  async start(
    options: { env?: Record<string, string>; data?: string; models?: string } = {},
  ): Promise<Started> {
    const port = await freePort();
    const name = `${this.tag}-${this.containers.length}`;
    this.containers.push(name);
    const data = options.data ?? this.volume(`${this.containers.length}-data`);
    const models = options.models ?? this.volume(`${this.containers.length}-models`);
    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...options.env,
    };
    await docker([
      'run',
      '--detach',
      '--name',
      name,
      '--network',
      'host',
      '--read-only',
      '--tmpfs',
      '/tmp',
      '--volume',
      `${data}:/data`,
      '--volume',
      `${models}:/app/models`,
      ...Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]),
      this.image,
    ]);
    return { name, url: `http://127.0.0.1:${port}`, data, models };
  }

  /** A command in a throwaway container of the image, with /app's files as the app has them. */
  inImage(script: string, volumes: string[] = []): Promise<{ stdout: string }> {
    return docker([
      'run',
      '--rm',
      '--network',
      'none',
      ...volumes.flatMap((volume) => ['--volume', volume]),
      '--entrypoint',
      'node',
      this.image,
      '-e',
      script,
    ]);
  }

  /** Writes `bytes` to `path` in a volume, as `docker run -i … sh -c 'cat > …'` does by hand. */
  async put(volume: string, mountedAt: string, path: string, bytes: Buffer): Promise<void> {
    await run(
      'docker',
      [
        'run',
        '--rm',
        '-i',
        '--network',
        'none',
        '--volume',
        `${volume}:${mountedAt}`,
        '--entrypoint',
        'sh',
        this.image,
        '-c',
        'cat > "$0"',
        path,
      ],
      { input: bytes },
    );
  }

  async removeAll(): Promise<void> {
    for (const name of this.containers) await run('docker', ['rm', '-f', name], { check: false });
    for (const volume of this.volumes) {
      await run('docker', ['volume', 'rm', '-f', volume], { check: false });
    }
  }
}

/** Until the app's health route answers 200 (after a start or a restart). */
export async function answers(url: string): Promise<void> {
  await eventually(
    `${url} to answer`,
    () => fetch(`${url}/api/health`, { signal: AbortSignal.timeout(5000) }),
    (response) => response.ok,
    90_000,
  );
}
