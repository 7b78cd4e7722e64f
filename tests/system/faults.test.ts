import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Dialect } from '#server/db/database.js';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '#server/test-support/databases.js';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.js';
import {
  call,
  eventually,
  killAllServers,
  serverEnv,
  startServer,
  type ServerProcess,
} from './support/server-process.js';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy.js';

/**
 * Faults with real processes: a server killed mid-stream, its database going away (PostgreSQL
 * behind a TCP proxy this test cuts; SQLite unable to write because the process's file size
 * limit is set to one byte, which is how a full disk looks to it), a graceful stop with an upload
 * in flight, and an AI service that never answers.
 */

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-faults-'));
  dirs.push(dir);
  return dir;
}

afterEach(async () => {
  await killAllServers();
});

afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function guestHeaders(): Record<string, string> {
  return { 'x-guest-id': `guest_fault_${randomBytes(6).toString('hex')}` };
}

function ideaNumbered(i: number) {
  // Lengths vary so that pages of the file are written in every state.
  return {
    content: `Idea number ${i}: ${'words '.repeat(i % 40)}end`,
    format: 'tweet',
    category: 'work',
    transcript: `spoken ${i}`,
  };
}

interface Exported {
  id: string;
  content: string;
  transcript: string | null;
}

async function exportAll(url: string, guest: Record<string, string>): Promise<Exported[]> {
  const response = await call<Exported[]>(url, 'GET', '/api/guest-ideas/export?format=json', {
    headers: guest,
  });
  expect(response.status).toBe(200);
  return response.body;
}

async function usedThisMonth(url: string, guest: Record<string, string>): Promise<number> {
  const usage = await call<{ usedThisMonth: number }>(url, 'GET', '/api/usage', { headers: guest });
  return usage.body.usedThisMonth;
}

const TOTAL_CREATES = 1000;
const KILL_AFTER_ACKNOWLEDGED = 400;
const STREAMS = 8;

async function databaseUrlFor(dialect: Dialect): Promise<{ url: string; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    return { url: `sqlite:${join(tempDir(), 'app.db')}`, close: () => Promise.resolve() };
  }
  const database = await openTestDatabase('postgres');
  // Only the server processes use it; this process's pool would only hold a connection open.
  return { url: database.url, close: () => database.close() };
}

for (const dialect of ['sqlite', 'postgres'] as const) {
  describe.skipIf(dialect === 'postgres' && TEST_DATABASE_URL === undefined)(
    `SIGKILL during a stream of ${TOTAL_CREATES} creates (${dialect})`,
    () => {
      it('keeps every acknowledged idea, and nothing half-written', async () => {
        const database = await databaseUrlFor(dialect);
        try {
          const env = serverEnv({
            DATABASE_URL: database.url,
            FREE_MONTHLY_LIMIT: '100000',
            // Saves as fast as the server takes them, until it is killed.
            RATE_LIMIT_SAVES_PER_MIN: '100000',
            RATE_LIMIT_TEXT_BYTES_PER_HOUR: '1000000000',
          });
          const server = await startServer(env);
          const guest = guestHeaders();
          const acknowledged = new Map<number, string>();
          const unanswered = new Set<number>();
          let next = 0;
          let killed = false;

          const stream = async () => {
            while (next < TOTAL_CREATES && !killed) {
              const i = next;
              next += 1;
              try {
                const response = await call<{ id: string }>(
                  server.url,
                  'POST',
                  '/api/guest-ideas',
                  {
                    headers: guest,
                    body: ideaNumbered(i),
                  },
                );
                if (response.status !== 201) {
                  throw new Error(
                    `create ${i}: ${response.status} ${JSON.stringify(response.body)}`,
                  );
                }
                acknowledged.set(i, response.body.id);
              } catch (error) {
                // Sent, but the answer never came: the server died with it in flight.
                if (!killed) throw error;
                unanswered.add(i);
              }
              if (!killed && acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) {
                killed = true;
                server.child.kill('SIGKILL');
              }
            }
          };
          await Promise.all(Array.from({ length: STREAMS }, stream));
          expect(await server.exited).toEqual({ code: null, signal: 'SIGKILL' });
          expect(acknowledged.size).toBeGreaterThanOrEqual(KILL_AFTER_ACKNOWLEDGED);
          expect(acknowledged.size).toBeLessThan(TOTAL_CREATES);

          const restarted = await startServer(env);
          const stored = await exportAll(restarted.url, guest);
          const storedIds = new Set(stored.map((idea) => idea.id));
          for (const id of acknowledged.values()) expect(storedIds.has(id)).toBe(true);
          // Every stored idea is one that was sent, whole, and stored once.
          expect(storedIds.size).toBe(stored.length);
          for (const idea of stored) {
            const i = Number(/^Idea number (\d+):/.exec(idea.content)?.[1]);
            expect(acknowledged.has(i) || unanswered.has(i)).toBe(true);
            expect(idea).toMatchObject({
              content: ideaNumbered(i).content,
              transcript: ideaNumbered(i).transcript,
            });
          }
          expect(stored.length).toBeLessThanOrEqual(acknowledged.size + unanswered.size);
          // The idea and its quota count were written together or not at all.
          expect(await usedThisMonth(restarted.url, guest)).toBe(stored.length);
          const health = await call(restarted.url, 'GET', '/api/health');
          expect(health.status).toBe(200);
        } finally {
          await killAllServers();
          await database.close();
        }
      }, 240_000);
    },
  );
}

function expectDatabaseUnavailable(response: { status: number; body: unknown }): void {
  expect(response.status).toBe(503);
  expect(response.body).toMatchObject({ error: 'database_unavailable' });
  expect((response.body as { message: string }).message).toMatch(/database/i);
}

describe.skipIf(TEST_DATABASE_URL === undefined)('PostgreSQL going away and coming back', () => {
  let database: TestDatabase;
  let proxy: TcpProxy;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const target = new URL(database.url);
    proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
  });

  afterAll(async () => {
    await killAllServers();
    await proxy?.close();
    await database?.close();
  });

  it('answers 503 with a clear error while it is unreachable, and recovers by itself', async () => {
    const proxied = new URL(database.url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(proxy.port);
    const server = await startServer(serverEnv({ DATABASE_URL: proxied.toString() }));
    const guest = guestHeaders();
    const before = await call<{ id: string }>(server.url, 'POST', '/api/guest-ideas', {
      headers: guest,
      body: ideaNumbered(1),
    });
    expect(before.status).toBe(201);

    await proxy.cut();
    try {
      expectDatabaseUnavailable(await call(server.url, 'GET', '/api/health'));
      const refused = await call(server.url, 'POST', '/api/guest-ideas', {
        headers: guest,
        body: ideaNumbered(2),
      });
      expectDatabaseUnavailable(refused);
      expect(refused.headers.get('retry-after')).toBe('5');
      expectDatabaseUnavailable(
        await call(server.url, 'GET', '/api/guest-ideas', { headers: guest }),
      );
      expect(server.child.exitCode).toBeNull();
    } finally {
      await proxy.restore();
    }

    await eventually(
      'health once PostgreSQL is reachable again',
      async () => (await call(server.url, 'GET', '/api/health')).status,
      (status) => status === 200,
    );
    const after = await call<{ id: string }>(server.url, 'POST', '/api/guest-ideas', {
      headers: guest,
      body: ideaNumbered(3),
    });
    expect(after.status).toBe(201);
    const stored = await exportAll(server.url, guest);
    expect(stored.map((idea) => idea.id).sort()).toEqual([before.body.id, after.body.id].sort());
    expect(await usedThisMonth(server.url, guest)).toBe(2);
    expect(server.output()).toContain('the database is unavailable');
  }, 120_000);
});

/** The soft file-size limit of a running process (the hard one stays, so it can be raised). */
function setFileSizeLimit(pid: number, bytes: number | 'unlimited'): void {
  execFileSync('prlimit', ['--pid', String(pid), `--fsize=${bytes}:unlimited`]);
}

describe('SQLite unable to write (a full disk)', () => {
  it('answers 503 with a clear error, still reads, and recovers by itself', async () => {
    const server = await startServer(
      serverEnv({ DATABASE_URL: `sqlite:${join(tempDir(), 'app.db')}` }),
    );
    const guest = guestHeaders();
    const before = await call<{ id: string }>(server.url, 'POST', '/api/guest-ideas', {
      headers: guest,
      body: ideaNumbered(1),
    });
    expect(before.status).toBe(201);

    // A write at any offset past one byte now fails with EFBIG, as on a disk with no room.
    setFileSizeLimit(server.pid, 1);
    try {
      const refused = await call(server.url, 'POST', '/api/guest-ideas', {
        headers: guest,
        body: ideaNumbered(2),
      });
      expectDatabaseUnavailable(refused);
      expectDatabaseUnavailable(await call(server.url, 'GET', '/api/health'));
      const listed = await call<{ items: { id: string }[] }>(
        server.url,
        'GET',
        '/api/guest-ideas',
        {
          headers: guest,
        },
      );
      expect(listed.status).toBe(200);
      expect(listed.body.items.map((idea) => idea.id)).toEqual([before.body.id]);
    } finally {
      setFileSizeLimit(server.pid, 'unlimited');
    }

    await eventually(
      'health once the file can grow again',
      async () => (await call(server.url, 'GET', '/api/health')).status,
      (status) => status === 200,
    );
    const after = await call<{ id: string }>(server.url, 'POST', '/api/guest-ideas', {
      headers: guest,
      body: ideaNumbered(3),
    });
    expect(after.status).toBe(201);
    const stored = await exportAll(server.url, guest);
    expect(stored.map((idea) => idea.id).sort()).toEqual([before.body.id, after.body.id].sort());
    expect(await usedThisMonth(server.url, guest)).toBe(2);
  }, 120_000);
});

/** A short WAV (16 kHz mono, a 440 Hz tone): real audio the upload checks accept. */
function toneWav(seconds: number): Buffer {
  const rate = 16_000;
  const samples = rate * seconds;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) {
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2);
  }
  return wav;
}

describe('a server stopping with SIGTERM, and an AI service that hangs', () => {
  let fake: FakeOpenAI;

  beforeAll(async () => {
    fake = await startFakeOpenAI({ transcript: 'Tweet work: the drain test made it through.' });
  });

  afterAll(async () => {
    await fake?.close();
  });

  function aiServer(extra: Record<string, string> = {}): Promise<ServerProcess> {
    return startServer(
      serverEnv({
        DATABASE_URL: `sqlite:${join(tempDir(), 'app.db')}`,
        TRANSCRIBE_ENGINE: 'openai',
        OPENAI_BASE_URL: fake.url,
        OPENAI_API_KEY: 'test-key',
        ...extra,
      }),
    );
  }

  it('finishes an upload in flight before it exits, and takes no new connection meanwhile', async () => {
    fake.setFault('none');
    const server = await aiServer({ LOG_LEVEL: 'info' });
    const boundary = `----drain${randomBytes(8).toString('hex')}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="audio"; filename="recording.wav"\r\n` +
        'Content-Type: audio/wav\r\n\r\n',
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const audio = toneWav(3);
    const half = Math.floor(audio.length / 2);
    const url = new URL('/api/transcribe', server.url);

    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest(
        url,
        {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': String(head.length + audio.length + tail.length),
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
        // The upload is half-way, and the server is in its handler, when the stop begins.
        await eventually(
          'the server to start on the upload',
          () => Promise.resolve(server.output()),
          (output) => /"url":"\/api\/transcribe"[^\n]*"msg":"incoming request"/.test(output),
        );
        server.child.kill('SIGTERM');
        await eventually(
          'the server to begin stopping',
          () => Promise.resolve(server.output()),
          (output) => output.includes('SIGTERM received'),
        );
        // Meanwhile the stopping server takes no new connection.
        await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
        request.end(Buffer.concat([audio.subarray(half), tail]));
      })().catch(reject);
    });

    const { status, body } = await answer;
    expect(status).toBe(200);
    expect(JSON.parse(body)).toMatchObject({
      transcript: 'Tweet work: the drain test made it through.',
    });
    expect(await server.exited).toEqual({ code: 0, signal: null });
  }, 120_000);

  it('never holds a request past its budget when the AI service never answers', async () => {
    const server = await aiServer({ LLM_TIMEOUT_MS: '1000', TRANSCRIBE_TIMEOUT_MS: '1500' });
    fake.setFault('hang');
    // The calls must end on their own; this abort is only a net far beyond every budget.
    const net = () => AbortSignal.timeout(30_000);

    const formatted = await call<{ path: string }>(server.url, 'POST', '/api/format', {
      body: { transcript: 'ship the release notes', format: 'tweet', category: 'work' },
      signal: net(),
    });
    expect(formatted.status).toBe(200);
    expect(formatted.body.path).toBe('llm+fallback');

    const inferred = await call(server.url, 'POST', '/api/infer-format-category', {
      body: { transcript: 'ship the release notes' },
      signal: net(),
    });
    expect(inferred.status).toBe(200);

    const form = new FormData();
    form.append('audio', new Blob([toneWav(1)], { type: 'audio/wav' }), 'recording.wav');
    const transcribed = await fetch(`${server.url}/api/transcribe`, {
      method: 'POST',
      body: form,
      signal: net(),
    });
    expect(transcribed.status).toBe(502);
    expect(((await transcribed.json()) as { message: string }).message).not.toBe('');
    fake.setFault('none');
  }, 120_000);
});
