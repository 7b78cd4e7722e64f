import { randomBytes } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationNames } from '#scripts/container-images.mjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/support/fake-openai.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { Caller, type IdeaList, type Idea } from './support/client.js';
import { AppContainers, answers, type Started } from './support/app-container.js';
import {
  docker,
  eventually,
  inspect,
  logsOf,
  repoRoot,
  run,
  waitHealthy,
} from './support/docker.js';

/** The image, and single containers of it as `docker run` starts them (support/app-container.ts). */

const image = inject('appImage');
const apps = new AppContainers(image);
const startApp = apps.start.bind(apps);
const inImage = apps.inImage.bind(apps);

afterAll(async () => {
  await apps.removeAll();
});

describe('the image', () => {
  it('is built in two stages, and what runs has no compiler in it', async () => {
    const dockerfile = readFileSync(join(repoRoot, 'Dockerfile'), 'utf8');
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    const { stdout } = await docker([
      'run',
      '--rm',
      '--entrypoint',
      'sh',
      image,
      '-c',
      'for tool in gcc g++ make python3; do command -v "$tool"; done; true',
    ]);
    expect(stdout.trim()).toBe('');
  });

  it('runs as the unprivileged node user', async () => {
    expect(await inspect<string>(image, '.Config.User')).toBe('node');
    const { stdout } = await docker(['run', '--rm', '--network', 'none', image, 'id', '-u']);
    expect(stdout.trim()).toBe('1000');
  });

  it('carries the build and the production packages only: no sources, tests or dev packages', async () => {
    const { stdout } = await inImage(`
      const fs = require('node:fs'), path = require('node:path');
      const packages = [], tests = [];
      (function walk(dir) {
        for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) {
            if (path.basename(dir) === 'node_modules' && !entry.name.startsWith('@')) packages.push(full);
            if (path.basename(dir).startsWith('@') && path.basename(path.dirname(dir)) === 'node_modules') packages.push(full);
            walk(full);
          } else if (!full.includes('/node_modules/') && /\\.(test|spec)\\.[cm]?[jt]sx?$/.test(entry.name)) {
            tests.push(full);
          }
        }
      })('/app');
      console.log(JSON.stringify({
        top: fs.readdirSync('/app').sort(),
        scripts: fs.readdirSync('/app/scripts').sort(),
        dist: fs.readdirSync('/app/dist').sort(),
        packages: packages.map((p) => p.slice('/app/'.length)),
        tests,
      }));
    `);
    const found = JSON.parse(stdout) as {
      top: string[];
      scripts: string[];
      dist: string[];
      packages: string[];
      tests: string[];
    };
    expect(found.top).toEqual([
      'dist',
      'models',
      'node_modules',
      'package-lock.json',
      'package.json',
      'scripts',
    ]);
    expect(found.scripts).toEqual([
      'backup.mjs',
      'build-info.mjs',
      'migrate-to-postgres.mjs',
      'models.mjs',
    ]);
    expect(found.dist).toEqual(expect.arrayContaining(['node', 'web']));
    expect(found.tests).toEqual([]);

    const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { dev?: boolean; optional?: boolean; devOptional?: boolean }>;
    };
    const inImagePackages = new Set(found.packages);
    const devOnly = Object.entries(lock.packages)
      .filter(([path, entry]) => path !== '' && entry.dev === true)
      .map(([path]) => path);
    expect(devOnly.length).toBeGreaterThan(100);
    expect(devOnly.filter((path) => inImagePackages.has(path))).toEqual([]);
    // And nothing the server needs was pruned with them.
    const needed = Object.entries(lock.packages)
      .filter(([path, e]) => path !== '' && !e.dev && !e.optional && !e.devOptional)
      .map(([path]) => path);
    expect(needed.filter((path) => !inImagePackages.has(path))).toEqual([]);
  });

  it('keeps its data in the /data and /app/models volumes', async () => {
    const volumes = await inspect<Record<string, unknown>>(image, '.Config.Volumes');
    expect(Object.keys(volumes).sort()).toEqual(['/app/models', '/data']);
  });
});

describe('a container started on empty volumes with a read-only root', () => {
  let app: Started;

  beforeAll(async () => {
    app = await startApp();
  });

  it('turns healthy by its own health check', async () => {
    await waitHealthy(app.name);
    const log = await inspect<{ Log: { ExitCode: number }[] }>(app.name, '.State.Health');
    expect(log.Log.at(-1)?.ExitCode).toBe(0);
  });

  it('migrates the empty database and serves the web app and the API', async () => {
    await answers(app.url);
    const page = await fetch(`${app.url}/`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(await page.text())?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(`${app.url}${script ?? ''}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);

    const migrations = migrationNames(readdirSync(join(repoRoot, 'src/server/db/migrations')));
    const { stdout } = await inImage(
      `const db = new (require('/app/node_modules/better-sqlite3'))('/data/app.db', { readonly: true });
       console.log(JSON.stringify(db.prepare('select name from kysely_migration order by name').all().map((r) => r.name)));`,
      [`${app.data}:/data`],
    );
    expect(JSON.parse(stdout)).toEqual(migrations);
  });

  it('can write only to its volumes and /tmp', async () => {
    const attempt = (path: string) =>
      run('docker', ['exec', app.name, 'sh', '-c', `touch ${path} && rm ${path}`], {
        check: false,
      });
    const root = await attempt('/app/written-by-test');
    expect(root.code).not.toBe(0);
    expect(root.stderr).toMatch(/Read-only file system/);
    expect((await attempt('/data/written-by-test')).code).toBe(0);
    expect((await attempt('/app/models/written-by-test')).code).toBe(0);
    expect((await attempt('/tmp/written-by-test')).code).toBe(0);
  });

  it('keeps an account, its idea and its recording across a container restart', async () => {
    await answers(app.url);
    const dir = await mkdtemp(join(tmpdir(), 'vi-containers-'));
    const audio = await readFile(await makeSpeech(dir, 'Water the tomatoes on Sunday.', 'webm'));
    await rm(dir, { recursive: true, force: true });
    const person = new Caller(app.url);
    const email = `restart-${randomBytes(4).toString('hex')}@example.com`;
    expect(
      (await person.call(app.url, 'POST', '/api/register', { email, password: 'correct horse' }))
        .status,
    ).toBe(201);
    const saved = await person.call<Idea>(app.url, 'POST', '/api/ideas', {
      content: 'Water the tomatoes before the heatwave',
      format: 'tweet',
      category: 'personal',
    });
    expect(saved.status).toBe(201);
    // On SQLite the recordings are files (RECORDINGS_DIR): on this root, only /data can keep them.
    const recording = await person.upload(app.url, audio);

    await docker(['restart', '--time', '30', app.name]);
    await answers(app.url);

    const heard = await fetch(`${app.url}/api/recordings/${recording}/audio`, {
      headers: { cookie: person.cookie },
    });
    expect(heard.status).toBe(200);
    expect(Buffer.from(await heard.arrayBuffer()).equals(audio)).toBe(true);

    const listed = await person.call<IdeaList>(app.url, 'GET', '/api/ideas?q=tomatoes');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((idea) => idea.id)).toEqual([saved.body.id]);
    const again = new Caller(app.url);
    const login = await again.call(app.url, 'POST', '/api/login', {
      email,
      password: 'correct horse',
    });
    expect(login.status).toBe(200);
  });
});

describe('a container stopped while an upload is in flight', () => {
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI({
      transcript: 'Tweet work: the upload made it through the stop.',
    });
  });

  afterAll(async () => {
    await fake?.close();
  });

  it('answers the upload before it exits, and exits cleanly', async () => {
    const app = await startApp({
      env: {
        TRANSCRIBE_ENGINE: 'openai',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'test-key',
        LOG_LEVEL: 'info',
      },
    });
    await answers(app.url);
    const dir = await mkdtemp(join(tmpdir(), 'vi-containers-'));
    const audio = await readFile(await makeSpeech(dir, 'Ship the notes before Friday.', 'webm'));
    await rm(dir, { recursive: true, force: true });

    const boundary = `----drain${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.webm"\r\n` +
        'Content-Type: audio/webm\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const half = Math.floor(audio.length / 2);
    let stopped: Promise<unknown> | undefined;

    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        new URL('/api/transcribe', app.url),
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + audio.length + tail.length),
            origin: app.url,
          },
        },
        (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        },
      );
      request.on('error', reject);
      request.write(Buffer.concat([head, audio.subarray(0, half)]));
      void (async () => {
        await eventually(
          'the app to start on the upload',
          () => logsOf(app.name),
          (output) => /"url":"\/api\/transcribe"[^\n]*"msg":"incoming request"/.test(output),
        );
        // `docker stop` sends SIGTERM (through tini) and waits for the exit.
        stopped = docker(['stop', '--time', '60', app.name]);
        await eventually(
          'the app to begin stopping',
          () => logsOf(app.name),
          (output) => output.includes('SIGTERM received'),
        );
        request.end(Buffer.concat([audio.subarray(half), tail]));
      })().catch(reject);
    });

    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({
      transcript: 'Tweet work: the upload made it through the stop.',
    });
    await stopped;
    expect(await inspect<number>(app.name, '.State.ExitCode')).toBe(0);
    expect(await inspect<boolean>(app.name, '.State.OOMKilled')).toBe(false);
  });
});
