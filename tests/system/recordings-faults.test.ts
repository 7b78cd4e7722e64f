import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, TEST_DATABASE_URL } from '#server/test-support/databases.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import { makeSpeech } from '../support/speech-audio.js';
import {
  call,
  eventually,
  killAllServers,
  serverEnv,
  startServer,
  type ServerProcess,
} from './support/server-process.js';

/**
 * Recordings against real server processes (ADR 120, 121): a server killed in the middle of an
 * upload and of a transcription, then started again on the same database and files; and two
 * instances on one PostgreSQL database sharing an upload.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-recording-faults-'));
  dirs.push(dir);
  return dir;
}

let audio: Buffer;
let fake: FakeOpenAI;
beforeAll(async () => {
  audio = await readFile(
    await makeSpeech(tempDir(), 'Checklist work: buy milk, call Sam.', 'webm'),
  );
  fake = await startFakeOpenAI({ transcript: 'Checklist work: buy milk, call Sam.' });
});
afterEach(async () => {
  await killAllServers();
  fake.setFault('none');
});
afterAll(async () => {
  await fake.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const TUS = { 'tus-resumable': '1.0.0' };

function guest(): Record<string, string> {
  return { 'x-guest-id': `guest_rec_${randomBytes(6).toString('hex')}` };
}

async function tus(
  url: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer,
): Promise<Response> {
  return fetch(`${url}${path}`, {
    method,
    headers: { ...TUS, origin: url, ...headers },
    body,
  });
}

async function begin(url: string, owner: Record<string, string>): Promise<string> {
  const created = await tus(url, 'POST', '/api/uploads', { ...owner, 'upload-defer-length': '1' });
  expect(created.status).toBe(201);
  return (created.headers.get('location') ?? '').split('/').pop() ?? '';
}

function patchHeaders(owner: Record<string, string>, offset: number, length?: number) {
  return {
    ...owner,
    'content-type': 'application/offset+octet-stream',
    'upload-offset': String(offset),
    ...(length === undefined ? {} : { 'upload-length': String(length) }),
  };
}

/** Sends `bytes` as a PATCH whose body the server is killed in the middle of. */
function patchKilledMidway(
  server: ServerProcess,
  id: string,
  owner: Record<string, string>,
  offset: number,
  bytes: Buffer,
): Promise<void> {
  return new Promise((resolve) => {
    const target = new URL(`${server.url}/api/uploads/${id}`);
    const req = httpRequest({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'PATCH',
      headers: { ...TUS, ...patchHeaders(owner, offset), 'content-length': String(bytes.length) },
    });
    req.on('error', () => resolve());
    req.on('response', () => resolve());
    const half = Math.floor(bytes.length / 2);
    req.write(bytes.subarray(0, half), () => {
      // Give the server time to store what arrived, then kill it with the body unfinished.
      setTimeout(() => {
        server.child.kill('SIGKILL');
        setTimeout(() => req.destroy(), 200);
      }, 500);
    });
  });
}

async function recordingOf(url: string, owner: Record<string, string>, id: string) {
  return call<{ status: string; transcript: string | null }>(url, 'GET', `/api/recordings/${id}`, {
    headers: owner,
  });
}

describe('a server killed mid-upload (SQLite, files)', () => {
  it(
    'resumes from the offset it kept, and the recording is the same bytes',
    { timeout: 120_000 },
    async () => {
      const dir = tempDir();
      const env = serverEnv({
        DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
        RECORDINGS_DIR: join(dir, 'recordings'),
        TRANSCRIBE_ENGINE: 'openai',
        TRANSCRIBE_BASE_URL: fake.url,
      });
      const owner = guest();
      const first = await startServer(env);
      const id = await begin(first.url, owner);
      const chunk = Math.floor(audio.length / 3);
      const sent = await tus(
        first.url,
        'PATCH',
        `/api/uploads/${id}`,
        patchHeaders(owner, 0),
        audio.subarray(0, chunk),
      );
      expect(sent.status).toBe(204);
      await patchKilledMidway(first, id, owner, chunk, audio.subarray(chunk));
      expect((await first.exited).signal).toBe('SIGKILL');

      const second = await startServer(env);
      const head = await tus(second.url, 'HEAD', `/api/uploads/${id}`, owner);
      expect(head.status).toBe(200);
      const offset = Number(head.headers.get('upload-offset'));
      // What was acknowledged is there, and maybe part of the chunk cut short.
      expect(offset).toBeGreaterThanOrEqual(chunk);
      expect(offset).toBeLessThan(audio.length);
      const rest = await tus(
        second.url,
        'PATCH',
        `/api/uploads/${id}`,
        patchHeaders(owner, offset, audio.length),
        audio.subarray(offset),
      );
      expect(rest.status).toBe(204);
      expect(rest.headers.get('recording-id')).toBe(id);
      const stored = await fetch(`${second.url}/api/recordings/${id}/audio`, { headers: owner });
      expect(Buffer.from(await stored.arrayBuffer()).equals(audio)).toBe(true);

      const done = await eventually(
        'the recording transcribed',
        () => recordingOf(second.url, owner, id),
        (response) => response.body.status === 'done',
        60_000,
      );
      expect(done.body.transcript).toBe('Checklist work: buy milk, call Sam.');
      // One idea of it, however often the page repeats its save.
      const idea = {
        content: 'Buy milk, call Sam',
        format: 'checklist',
        category: 'work',
        recordingId: id,
      };
      const headers = { ...owner, 'idempotency-key': `save-${id}` };
      const saved = await call<{ id: string }>(second.url, 'POST', '/api/guest-ideas', {
        headers,
        body: idea,
      });
      const repeated = await call<{ id: string }>(second.url, 'POST', '/api/guest-ideas', {
        headers,
        body: idea,
      });
      expect(saved.status).toBe(201);
      expect(repeated.body.id).toBe(saved.body.id);
      const list = await call<{ total: number }>(second.url, 'GET', '/api/guest-ideas', {
        headers: owner,
      });
      expect(list.body.total).toBe(1);
    },
  );
});

describe('a server killed mid-transcription (SQLite, files)', () => {
  it('finishes the job after the restart', { timeout: 150_000 }, async () => {
    const dir = tempDir();
    const env = serverEnv({
      DATABASE_URL: `sqlite:${join(dir, 'app.db')}`,
      RECORDINGS_DIR: join(dir, 'recordings'),
      TRANSCRIBE_ENGINE: 'openai',
      TRANSCRIBE_BASE_URL: fake.url,
    });
    const owner = guest();
    fake.setFault('hang');
    const first = await startServer(env);
    const id = await begin(first.url, owner);
    const sent = await tus(
      first.url,
      'PATCH',
      `/api/uploads/${id}`,
      patchHeaders(owner, 0, audio.length),
      audio,
    );
    expect(sent.headers.get('recording-id')).toBe(id);
    await eventually(
      'the job running',
      () => recordingOf(first.url, owner, id),
      (response) => response.body.status === 'transcribing',
    );
    await first.kill();
    fake.setFault('none');

    const second = await startServer(env);
    const done = await eventually(
      'the job finished after the restart',
      () => recordingOf(second.url, owner, id),
      (response) => response.body.status === 'done',
      90_000,
    );
    expect(done.body.transcript).toBe('Checklist work: buy milk, call Sam.');
  });
});

describe.skipIf(TEST_DATABASE_URL === undefined)('two instances on one PostgreSQL database', () => {
  it(
    'one begins an upload, the other finishes it and serves its audio',
    { timeout: 120_000 },
    async () => {
      const database = await openTestDatabase('postgres');
      try {
        const env = serverEnv({ DATABASE_URL: database.url });
        const [a, b] = await Promise.all([startServer(env), startServer(env)]);
        const owner = guest();
        const id = await begin(a.url, owner);
        const half = Math.floor(audio.length / 2);
        expect(
          (
            await tus(
              a.url,
              'PATCH',
              `/api/uploads/${id}`,
              patchHeaders(owner, 0),
              audio.subarray(0, half),
            )
          ).status,
        ).toBe(204);
        const head = await tus(b.url, 'HEAD', `/api/uploads/${id}`, owner);
        expect(head.headers.get('upload-offset')).toBe(String(half));
        const rest = await tus(
          b.url,
          'PATCH',
          `/api/uploads/${id}`,
          patchHeaders(owner, half, audio.length),
          audio.subarray(half),
        );
        expect(rest.headers.get('recording-id')).toBe(id);
        for (const server of [a, b]) {
          const stored = await fetch(`${server.url}/api/recordings/${id}/audio`, {
            headers: owner,
          });
          expect(Buffer.from(await stored.arrayBuffer()).equals(audio)).toBe(true);
        }
      } finally {
        await killAllServers();
        await database.close();
      }
    },
  );
});
