import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrationNames } from '#scripts/container-images.mjs';
import { DEFAULT_LOCAL_WRITER_FILE } from '#server/config.js';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Caller, type Idea, type IdeaList } from './support/client.js';
import { ComposeProject } from './support/compose.js';
import { freePort, logsOf, repoRoot, waitHealthy } from './support/docker.js';

/**
 * compose.yaml as a self-hoster runs it: the app, PostgreSQL and Redis on the network compose
 * makes for the project, the app published on loopback only. Each test goes on from the state
 * the one before left, as a server's life does.
 */

const password = randomBytes(12).toString('hex');

async function project(
  name: string,
  image: string,
): Promise<{ compose: ComposeProject; url: string; replicaUrl: string }> {
  const appPort = await freePort();
  const replicaPort = await freePort();
  const url = `http://127.0.0.1:${appPort}`;
  const compose = new ComposeProject(`${name}-${randomBytes(3).toString('hex')}`, {
    PUBLIC_URL: url,
    POSTGRES_PASSWORD: password,
    APP_PORT: String(appPort),
    APP_REPLICA_PORT: String(replicaPort),
    VOICE_IDEAS_IMAGE: image,
    NODE_IMAGE: inject('nodeImage'),
    POSTGRES_IMAGE: inject('postgresImage'),
    REDIS_IMAGE: inject('redisImage'),
  });
  return { compose, url, replicaUrl: `http://127.0.0.1:${replicaPort}` };
}

async function appliedMigrations(compose: ComposeProject): Promise<string[]> {
  const { stdout } = await compose.compose([
    'exec',
    '-T',
    'postgres',
    'psql',
    '-U',
    'voice_ideas',
    '-d',
    'voice_ideas',
    '-tAc',
    'select name from kysely_migration order by name',
  ]);
  return stdout.trim().split('\n').filter(Boolean);
}

const currentMigrations = migrationNames(readdirSync(join(repoRoot, 'src/server/db/migrations')));

/** Wrong passwords for fresh e-mails: only the per-address AUTH limit can refuse them. */
function wrongLogin(caller: Caller, url: string) {
  const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
  return caller.call(url, 'POST', '/api/login', { email, password: 'not the password' });
}

describe('compose.yaml: the app with PostgreSQL and Redis', () => {
  let compose: ComposeProject;
  let url: string;
  let replicaUrl: string;
  let person: Caller;
  const email = `compose-${randomBytes(4).toString('hex')}@example.com`;
  const kept: string[] = [];

  beforeAll(async () => {
    ({ compose, url, replicaUrl } = await project('vi-compose', inject('appImage')));
    person = new Caller(url);
  });

  afterAll(async () => {
    await compose?.remove();
  });

  it('starts, and a person registers, saves an idea and finds it', async () => {
    await compose.compose(['up', '--detach', '--no-build'], { timeoutMs: 300_000 });
    const app = await compose.container('app');
    await waitHealthy(app);
    expect(await logsOf(app)).toContain(
      'database: postgres://voice_ideas:***@postgres:5432/voice_ideas',
    );

    expect(
      (await person.call(url, 'POST', '/api/register', { email, password: 'correct horse' }))
        .status,
    ).toBe(201);
    const saved = await person.call<Idea>(url, 'POST', '/api/ideas', {
      content: 'Pitch a rooftop garden for the office',
      format: 'pitch',
      category: 'work',
    });
    expect(saved.status).toBe(201);
    kept.push(saved.body.id);
    const found = await person.call<IdeaList>(url, 'GET', '/api/ideas?q=rooftop');
    expect(found.body.items.map((idea) => idea.id)).toEqual([saved.body.id]);
    expect(await appliedMigrations(compose)).toEqual(currentMigrations);
  });

  it('runs a second instance that shares sessions, ideas, recordings and rate limits', async () => {
    await compose.compose(['--profile', 'replica', 'up', '--detach', '--no-build'], {
      timeoutMs: 300_000,
    });
    await waitHealthy(await compose.container('app-replica'));

    const me = await person.call<{ email: string }>(replicaUrl, 'GET', '/api/me');
    expect(me.body.email).toBe(email);
    const saved = await person.call<Idea>(replicaUrl, 'POST', '/api/ideas', {
      content: 'Call the plumber about the rooftop tap',
      format: 'checklist',
      category: 'personal',
    });
    expect(saved.status).toBe(201);
    kept.push(saved.body.id);
    const listed = await person.call<IdeaList>(url, 'GET', '/api/ideas?q=rooftop');
    expect(listed.body.total).toBe(2);

    // A recording begun on one instance and finished on the other: the bytes are in PostgreSQL.
    const dir = await mkdtemp(join(tmpdir(), 'vi-containers-'));
    const audio = await readFile(await makeSpeech(dir, 'Fix the rooftop tap on Monday.', 'webm'));
    await rm(dir, { recursive: true, force: true });
    const recording = await person.upload(url, audio, replicaUrl);
    const heard = await fetch(`${url}/api/recordings/${recording}/audio`, {
      headers: { cookie: person.cookie },
    });
    expect(heard.status).toBe(200);
    expect(Buffer.from(await heard.arrayBuffer()).equals(audio)).toBe(true);

    // The proxy's X-Forwarded-For names one client; its AUTH budget (10 a minute) is one budget
    // whichever instance answers, so the two together refuse the eleventh attempt.
    const client = new Caller(url, {
      'x-forwarded-for': `198.51.100.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1)
      statuses.push((await wrongLogin(client, i % 2 ? replicaUrl : url)).status);
    expect(statuses).toEqual(Array(10).fill(401));
    expect((await wrongLogin(client, url)).status).toBe(429);
    expect((await wrongLogin(client, replicaUrl)).status).toBe(429);
  });

  it('keeps every account, session and idea through docker compose down and up', async () => {
    await compose.compose(['--profile', 'replica', 'down', '--timeout', '30'], {
      timeoutMs: 300_000,
    });
    await compose.compose(['up', '--detach', '--no-build'], { timeoutMs: 300_000 });
    await waitHealthy(await compose.container('app'));

    const me = await person.call<{ email: string }>(url, 'GET', '/api/me');
    expect(me.body.email).toBe(email);
    const listed = await person.call<IdeaList>(url, 'GET', '/api/ideas');
    expect(listed.body.items.map((idea) => idea.id).sort()).toEqual([...kept].sort());
    const found = await person.call<IdeaList>(url, 'GET', '/api/ideas?q=plumber');
    expect(found.body.total).toBe(1);
  });

  it('restores a backup taken with the documented commands, losing only what came after it', async () => {
    // docs/deploy.md, "Backups and a restore drill", with compose.
    const dump = await compose.composeBinary([
      'exec',
      '-T',
      'postgres',
      'pg_dump',
      '-U',
      'voice_ideas',
      '-Fc',
      'voice_ideas',
    ]);
    expect(dump.subarray(0, 5).toString()).toBe('PGDMP');
    const after = await person.call<Idea>(url, 'POST', '/api/ideas', {
      content: 'Saved after the backup',
      format: 'tweet',
      category: 'creative',
    });
    expect(after.status).toBe(201);

    await compose.compose(['stop', 'app']);
    await compose.compose(['exec', '-T', 'postgres', 'dropdb', '-U', 'voice_ideas', 'voice_ideas']);
    await compose.compose([
      'exec',
      '-T',
      'postgres',
      'createdb',
      '-U',
      'voice_ideas',
      'voice_ideas',
    ]);
    await compose.composeBinary(
      [
        'exec',
        '-T',
        'postgres',
        'pg_restore',
        '-U',
        'voice_ideas',
        '--no-owner',
        '-d',
        'voice_ideas',
      ],
      dump,
    );
    await compose.compose(['start', 'app']);
    await waitHealthy(await compose.container('app'));

    const listed = await person.call<IdeaList>(url, 'GET', '/api/ideas');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((idea) => idea.id).sort()).toEqual([...kept].sort());
    const login = await new Caller(url).call(url, 'POST', '/api/login', {
      email,
      password: 'correct horse',
    });
    expect(login.status).toBe(200);
  });

  it('lets docker compose run the models download into the models volume', async () => {
    const download = (only: 'speech' | 'writer') =>
      compose.compose(
        [
          'run',
          '--rm',
          '--no-deps',
          '-e',
          'WHISPER_MODEL_HOST=http://127.0.0.1:9',
          '-e',
          'LLM_MODEL_HOST=http://127.0.0.1:9',
          'app',
          'npm',
          'run',
          'models',
          '--',
          '--only',
          only,
        ],
        { check: false, timeoutMs: 120_000 },
      );
    // Nothing listens on the container's own port 9: the one clear sentence for an offline host,
    // naming where in the models volume each file belongs.
    const speech = await download('speech');
    expect(speech.code).not.toBe(0);
    expect(speech.stdout + speech.stderr).toMatch(
      /npm run models: Could not reach 127\.0\.0\.1:9 .*place it at \/app\/models\/ggml-base\.en\.bin/,
    );
    const writer = await download('writer');
    expect(writer.code).not.toBe(0);
    expect(writer.stdout + writer.stderr).toContain(
      `place it at /app/models/${DEFAULT_LOCAL_WRITER_FILE}`,
    );
  });
});

describe('compose.yaml: upgrading from the previous release', () => {
  let compose: ComposeProject;
  let url: string;
  const previous = { image: inject('previousImage'), migrations: inject('previousMigrations') };

  beforeAll(async () => {
    ({ compose, url } = await project('vi-upgrade', previous.image));
  });

  afterAll(async () => {
    await compose?.remove();
  });

  it('migrates the database in place when this image replaces the previous one', async () => {
    expect(previous.migrations.length).toBeLessThan(currentMigrations.length);
    await compose.compose(['up', '--detach', '--no-build'], { timeoutMs: 300_000 });
    await waitHealthy(await compose.container('app'));
    expect(await appliedMigrations(compose)).toEqual(previous.migrations);

    const person = new Caller(url);
    const email = `upgrade-${randomBytes(4).toString('hex')}@example.com`;
    expect(
      (await person.call(url, 'POST', '/api/register', { email, password: 'correct horse' }))
        .status,
    ).toBe(201);
    const saved = await person.call<Idea>(url, 'POST', '/api/ideas', {
      content: 'Saved on the previous release, found on this one',
      format: 'tweet',
      category: 'work',
    });
    expect(saved.status).toBe(201);

    compose.env.VOICE_IDEAS_IMAGE = inject('appImage');
    await compose.compose(['up', '--detach', '--no-build'], { timeoutMs: 300_000 });
    const app = await compose.container('app');
    await waitHealthy(app);
    expect(await appliedMigrations(compose)).toEqual(currentMigrations);

    const me = await person.call<{ email: string }>(url, 'GET', '/api/me');
    expect(me.body.email).toBe(email);
    const found = await person.call<IdeaList>(url, 'GET', '/api/ideas?q=previous release');
    expect(found.body.items.map((idea) => idea.id)).toEqual([saved.body.id]);
  });
});
