import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSpeech } from '#tests/support/speech-audio.js';
import { buildApp } from '../app.js';
import { testConfig } from '../config.js';
import { createAuthTokensRepository } from '../modules/identity/auth-tokens-repository.js';
import {
  createIdea,
  createTestApp,
  FAST_PASSWORDS,
  guestHeaders,
  newGuestId,
  registerUser,
  tickingClock,
  type SignedInUser,
  type TestApp,
} from '../test-support/api.js';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '../test-support/databases.js';
import { CopyError, copyAudioToPostgres, copySqliteToPostgres } from './copy-to-postgres.js';
import { openDatabase } from './database.js';
import { registerSearchWordFunctions } from './search-words.js';

/**
 * The SQLite -> PostgreSQL move, on both databases: an install's data written through the API
 * on SQLite reads back identically through the API on PostgreSQL after the copy (sessions and
 * passwords included), a non-empty target is refused unless --replace, and a row PostgreSQL
 * refuses leaves the target exactly as empty as it was. Recordings come with their audio: one
 * finished plays from PostgreSQL's store, ranges included, and one still uploading resumes there.
 */

const COPIED_TABLES = [
  'users',
  'sessions',
  'recordings',
  'ideas',
  'usage',
  'auth_tokens',
  'idempotency_keys',
];

async function appOn(database: TestDatabase): Promise<FastifyInstance> {
  const config = testConfig({
    RECORDINGS_DIR: '/nonexistent/voice-ideas-recordings',
    RATE_LIMIT_AUTH_PER_MIN: '100000',
    WEB_DIST_DIR: '/nonexistent/voice-ideas-web-dist',
    TRANSCRIBE_ENGINE: 'none',
  });
  return buildApp(config, { database, passwordHasher: FAST_PASSWORDS, now: tickingClock() });
}

async function rowCounts(database: TestDatabase): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of [...COPIED_TABLES, 'idea_counts']) {
    const { rows } = await sql<{ n: string | number }>`
      SELECT count(*) AS n FROM ${sql.table(table)}`.execute(database.db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/** What a person sees of their install through the API. */
async function viewOf(app: FastifyInstance, user: SignedInUser, guestId: string) {
  const read = async (url: string, headers: Record<string, string>) => {
    const response = await app.inject({ url, headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json<unknown>();
  };
  return {
    me: await read('/api/me', user.headers),
    ideas: await read('/api/ideas?limit=200', user.headers),
    usage: await read('/api/usage', user.headers),
    guestIdeas: await read('/api/guest-ideas?limit=200', guestHeaders(guestId)),
    guestUsage: await read('/api/usage', guestHeaders(guestId)),
    search: await read('/api/ideas?q=%C3%A9t%C3%A9', user.headers),
  };
}

const TUS = { 'tus-resumable': '1.0.0' };

async function beginUpload(app: FastifyInstance, headers: Record<string, string>) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...TUS,
      ...headers,
      'upload-defer-length': '1',
      'upload-metadata': `filename ${Buffer.from('memo.webm').toString('base64')},filetype ${Buffer.from('audio/webm').toString('base64')}`,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return String(response.headers.location).slice('/api/uploads/'.length);
}

async function sendChunk(
  app: FastifyInstance,
  headers: Record<string, string>,
  id: string,
  offset: number,
  bytes: Buffer,
  length?: number,
): Promise<void> {
  const response = await app.inject({
    method: 'PATCH',
    url: `/api/uploads/${id}`,
    headers: {
      ...TUS,
      ...headers,
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...(length === undefined ? {} : { 'upload-length': String(length) }),
    },
    payload: bytes,
  });
  expect(response.statusCode, response.body).toBe(204);
}

async function audioChunkCount(database: TestDatabase): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM recording_chunks`.execute(database.db);
  return Number(rows[0]?.n);
}

describe.skipIf(TEST_DATABASE_URL === undefined)('copying SQLite into PostgreSQL', () => {
  let source: TestApp;
  let user: SignedInUser;
  const guestId = newGuestId();
  const adoptedGuest = newGuestId();
  const REPEAT_KEY = 'copy-repeat-0001';
  let firstSave: { id: string };
  const audioDir = mkdtempSync(join(tmpdir(), 'voice-ideas-copy-audio-'));
  /** Speech, then noise, so the recording spans several of the store's 1 MiB pieces. */
  let recording: Buffer;
  let finishedId: string;
  let unfinishedId: string;
  const unfinishedSent = 5000;

  beforeAll(async () => {
    // The recordings stay as uploaded: no worker transcribes them.
    source = await createTestApp('sqlite', { deps: { recordingQueue: false } });
    const { app } = source;
    await createIdea(app, { headers: guestHeaders(adoptedGuest), url: '/api/guest-ideas' });
    user = await registerUser(app, { guestId: adoptedGuest });
    const contents = [
      'Plain words',
      'Un été à Paris 🌞 — with "quotes", \'apostrophes\', back\\slashes and 100% _wildcards_',
      '日本語のアイデア\nsecond line',
      'x'.repeat(10_000),
    ];
    for (const [i, content] of contents.entries()) {
      await createIdea(
        app,
        { headers: user.headers, url: '/api/ideas' },
        { content, transcript: i % 2 === 0 ? null : `spoken ${content}`, category: 'personal' },
      );
    }
    for (let i = 0; i < 3; i += 1) {
      await createIdea(app, { headers: guestHeaders(guestId), url: '/api/guest-ideas' });
    }
    firstSave = await createIdea(
      app,
      { headers: { ...user.headers, 'idempotency-key': REPEAT_KEY }, url: '/api/ideas' },
      { content: 'Saved once, before and after the move' },
    );
    await createAuthTokensRepository(source.database).create({
      purpose: 'password_reset',
      tokenHash: 'a'.repeat(64),
      userId: user.id,
      expiresAt: new Date('2030-01-01T00:00:00.000Z'),
    });

    const speech = await readFile(await makeSpeech(audioDir, 'Keep this memo.', 'webm'));
    recording = Buffer.concat([speech, randomBytes(2.5 * 1024 * 1024)]);
    finishedId = await beginUpload(app, user.headers);
    const chunk = 1024 * 1024 + 17;
    for (let offset = 0; offset < recording.length; offset += chunk) {
      const last = offset + chunk >= recording.length;
      await sendChunk(
        app,
        user.headers,
        finishedId,
        offset,
        recording.subarray(offset, offset + chunk),
        last ? recording.length : undefined,
      );
    }
    unfinishedId = await beginUpload(app, guestHeaders(guestId));
    await sendChunk(
      app,
      guestHeaders(guestId),
      unfinishedId,
      0,
      speech.subarray(0, unfinishedSent),
    );
  });

  afterAll(async () => {
    await source.app.close();
    await source.database.close();
    rmSync(audioDir, { recursive: true, force: true });
  });

  it('copies every row in batches, verified, and the API answers the same on PostgreSQL', async () => {
    const target = await openTestDatabase('postgres');
    try {
      const lines: string[] = [];
      const report = await copySqliteToPostgres({
        from: source.database.url,
        to: target.url,
        recordingsDir: source.recordingsDir,
        batchRows: 2,
        log: (line) => lines.push(line),
      });
      expect(report.tables.map((t) => t.table)).toEqual(expect.arrayContaining(COPIED_TABLES));
      // Parents first: users before the tables that point at them.
      const order = report.tables.map((t) => t.table);
      for (const child of ['sessions', 'ideas', 'auth_tokens']) {
        expect(order.indexOf('users')).toBeLessThan(order.indexOf(child));
      }
      expect(report.leftOut).toEqual(['ideas.seq']);
      expect(await rowCounts(target)).toEqual(await rowCounts(source.database));
      expect(lines.some((line) => line.startsWith('ideas: '))).toBe(true);

      const app = await appOn(target);
      try {
        expect(await viewOf(app, user, guestId)).toEqual(await viewOf(source.app, user, guestId));
        const login = await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email: user.email, password: user.password },
        });
        expect(login.statusCode, login.body).toBe(200);
        // A save whose reply was lost before the move, repeated after it, is not saved twice.
        const repeat = await app.inject({
          method: 'POST',
          url: '/api/ideas',
          headers: { ...user.headers, 'idempotency-key': REPEAT_KEY },
          payload: {
            content: 'Saved once, before and after the move',
            format: 'tweet',
            category: 'work',
          },
        });
        expect(repeat.statusCode, repeat.body).toBe(201);
        expect(repeat.json<{ id: string }>().id).toBe(firstSave.id);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it("moves each recording's audio into PostgreSQL: it plays and seeks there, and an unfinished upload resumes", async () => {
    const target = await openTestDatabase('postgres');
    try {
      const report = await copySqliteToPostgres({
        from: source.database.url,
        to: target.url,
        recordingsDir: source.recordingsDir,
      });
      expect(report.audio).toEqual({
        copied: 2,
        bytes: recording.length + unfinishedSent,
        alreadyThere: 0,
        withoutAudio: 0,
      });
      // The SQLite files are gone from this app's view: it reads PostgreSQL's store only.
      const app = await appOn(target);
      try {
        const url = `/api/recordings/${finishedId}/audio`;
        const whole = await app.inject({ url, headers: user.headers });
        expect(whole.statusCode, whole.body).toBe(200);
        expect(whole.headers['content-type']).toBe('audio/webm');
        expect(whole.rawPayload.equals(recording)).toBe(true);

        // Across the boundary of the store's first two pieces.
        const start = 1024 * 1024 - 100;
        const range = await app.inject({
          url,
          headers: { ...user.headers, range: `bytes=${start}-${start + 199}` },
        });
        expect(range.statusCode).toBe(206);
        expect(range.headers['content-range']).toBe(
          `bytes ${start}-${start + 199}/${recording.length}`,
        );
        expect(range.rawPayload.equals(recording.subarray(start, start + 200))).toBe(true);

        const guest = guestHeaders(guestId);
        const head = await app.inject({
          method: 'HEAD',
          url: `/api/uploads/${unfinishedId}`,
          headers: { ...TUS, ...guest },
        });
        expect(head.statusCode).toBe(200);
        expect(head.headers['upload-offset']).toBe(String(unfinishedSent));
        const speech = recording.subarray(0, recording.length - 2.5 * 1024 * 1024);
        await sendChunk(
          app,
          guest,
          unfinishedId,
          unfinishedSent,
          speech.subarray(unfinishedSent),
          speech.length,
        );
        const resumed = await app.inject({
          url: `/api/recordings/${unfinishedId}/audio`,
          headers: guest,
        });
        expect(resumed.statusCode, resumed.body).toBe(200);
        expect(resumed.rawPayload.equals(speech)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('copies audio again only where it is missing, so a move made before audio was copied can bring it', async () => {
    const target = await openTestDatabase('postgres');
    try {
      await copySqliteToPostgres({
        from: source.database.url,
        to: target.url,
        recordingsDir: source.recordingsDir,
      });
      const pieces = await audioChunkCount(target);
      expect(pieces).toBe(Math.ceil(recording.length / (1024 * 1024)) + 1);
      const again = await copyAudioToPostgres({
        to: target.url,
        recordingsDir: source.recordingsDir,
      });
      expect(again).toEqual({ copied: 0, bytes: 0, alreadyThere: 2, withoutAudio: 0 });
      expect(await audioChunkCount(target)).toBe(pieces);

      // As an install moved by a version that copied rows only, one upload half copied.
      await sql`DELETE FROM recording_uploads WHERE id = ${finishedId}`.execute(target.db);
      await sql`DELETE FROM recording_chunks WHERE upload_id = ${unfinishedId}`.execute(target.db);
      const brought = await copyAudioToPostgres({
        to: target.url,
        recordingsDir: source.recordingsDir,
      });
      expect(brought).toEqual({
        copied: 2,
        bytes: recording.length + unfinishedSent,
        alreadyThere: 0,
        withoutAudio: 0,
      });
      expect(await audioChunkCount(target)).toBe(pieces);
      const app = await appOn(target);
      try {
        const whole = await app.inject({
          url: `/api/recordings/${finishedId}/audio`,
          headers: user.headers,
        });
        expect(whole.statusCode, whole.body).toBe(200);
        expect(whole.rawPayload.equals(recording)).toBe(true);
      } finally {
        await app.close();
      }
    } finally {
      await target.close();
    }
  });

  it('refuses a recordings folder that is not there rather than move recordings without audio', async () => {
    const target = await openTestDatabase('postgres');
    try {
      const missing = join(audioDir, 'no-such-folder');
      await expect(
        copySqliteToPostgres({ from: source.database.url, to: target.url, recordingsDir: missing }),
      ).rejects.toThrow(/no recordings folder at .*no-such-folder.*--recordings-dir/);
      expect((await rowCounts(target)).ideas).toBe(0);
      await expect(copyAudioToPostgres({ to: target.url, recordingsDir: missing })).rejects.toThrow(
        CopyError,
      );
    } finally {
      await target.close();
    }
  });

  it('refuses a target that holds data unless told to replace it', async () => {
    const target = await openTestDatabase('postgres');
    try {
      const copy = {
        from: source.database.url,
        to: target.url,
        recordingsDir: source.recordingsDir,
      };
      await copySqliteToPostgres(copy);
      const before = await rowCounts(target);
      const pieces = await audioChunkCount(target);
      await expect(copySqliteToPostgres(copy)).rejects.toThrow(
        /already holds data \(users, sessions, recordings, ideas, usage, auth_tokens, idempotency_keys, idea_counts, recording_uploads, recording_chunks\).*--replace/,
      );
      expect(await rowCounts(target)).toEqual(before);

      const report = await copySqliteToPostgres({ ...copy, replace: true });
      expect(report.tables.find((t) => t.table === 'ideas')?.rows).toBe(before.ideas);
      expect(report.audio.copied).toBe(2);
      expect(await rowCounts(target)).toEqual(before);
      expect(await audioChunkCount(target)).toBe(pieces);
    } finally {
      await target.close();
    }
  });

  it('keeps nothing when PostgreSQL refuses a row: one transaction', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-copy-'));
    const file = join(dir, 'bad.db');
    const target = await openTestDatabase('postgres');
    try {
      await (await openDatabase(`sqlite:${file}`)).close();
      const raw = new BetterSqlite3(file);
      // The search triggers call them on each idea written (migration 009).
      registerSearchWordFunctions(raw);
      const now = new Date().toISOString();
      raw
        .prepare(
          'INSERT INTO users (id, email, password_hash, created_at, updated_at) VALUES (?, ?, NULL, ?, ?)',
        )
        .run('user-1', 'a@example.com', now, now);
      // SQLite text may hold U+0000; PostgreSQL text cannot. The API never stores one (it is
      // removed from what people send), but an old or hand-edited file might.
      raw
        .prepare(
          `INSERT INTO ideas (id, user_id, guest_id, content, format, category, transcript, created_at, updated_at)
           VALUES (?, 'user-1', NULL, ?, 'tweet', 'work', NULL, ?, ?)`,
        )
        .run('idea-1', 'before\u0000after', now, now);
      raw.close();

      await expect(
        copySqliteToPostgres({ from: `sqlite:${file}`, to: target.url, recordingsDir: dir }),
      ).rejects.toThrow(/0x00|invalid byte sequence/);
      expect(await rowCounts(target)).toEqual({
        users: 0,
        sessions: 0,
        recordings: 0,
        ideas: 0,
        idempotency_keys: 0,
        usage: 0,
        auth_tokens: 0,
        idea_counts: 0,
      });
    } finally {
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses a source whose migrations differ from the app, and what is not SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'voice-ideas-copy-'));
    const file = join(dir, 'old.db');
    const target = await openTestDatabase('postgres');
    try {
      await (await openDatabase(`sqlite:${file}`)).close();
      const raw = new BetterSqlite3(file);
      raw.prepare("DELETE FROM kysely_migration WHERE name = '003-idea-counts'").run();
      raw.close();
      await expect(
        copySqliteToPostgres({ from: `sqlite:${file}`, to: target.url, recordingsDir: dir }),
      ).rejects.toThrow(/start the app once on the SQLite file/);
      await expect(
        copySqliteToPostgres({
          from: `sqlite:${join(dir, 'missing.db')}`,
          to: target.url,
          recordingsDir: dir,
        }),
      ).rejects.toThrow(CopyError);
      await expect(
        copySqliteToPostgres({ from: target.url, to: target.url, recordingsDir: dir }),
      ).rejects.toThrow('--from must be sqlite:<file>');
    } finally {
      await target.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
