import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Dialect } from '../db/database.js';
import { buildApp, type AppDeps } from '../app.js';
import { testConfig } from '../config.js';
import { SESSION_COOKIE } from '../http/sessions.js';
import { createAfterReply } from '../modules/identity/after-reply.js';
import { createPasswordHasher, FAST_TEST_ARGON2_COST } from '../modules/identity/passwords.js';
import { openTestDatabase, type TestDatabase } from './databases.js';

/**
 * An app over a fresh database for one describe block, built the way main.ts builds it but with
 * cheap argon2id parameters and a high AUTH limit (the rate-limit tests set their own), and a
 * clock that ticks one second per reading so "newest first" is well defined.
 */
export interface TestApp {
  app: FastifyInstance;
  database: TestDatabase;
  /** RECORDINGS_DIR: where the recordings' files are on SQLite. */
  recordingsDir: string;
  /** Resolves once the mails of every link request answered so far have been sent or failed. */
  linkMailsDone(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  deps?: Partial<Omit<AppDeps, 'database'>>;
}

export const FAST_PASSWORDS = createPasswordHasher(FAST_TEST_ARGON2_COST);

/** A clock that starts mid-month (UTC) and advances one second on every reading. */
export function tickingClock(start = Date.parse('2026-03-10T12:00:00.000Z')): () => Date {
  let current = start;
  return () => {
    current += 1000;
    return new Date(current);
  };
}

export async function createTestApp(
  dialect: Dialect,
  options: TestAppOptions = {},
): Promise<TestApp> {
  const database = await openTestDatabase(dialect);
  // Recordings on SQLite are files: each test app keeps its own, removed when it closes.
  const recordingsDir = mkdtempSync(join(tmpdir(), 'voice-ideas-recordings-'));
  const config = testConfig({
    RECORDINGS_DIR: recordingsDir,
    RATE_LIMIT_AUTH_PER_MIN: '100000',
    RATE_LIMIT_AI_PER_MIN: '100000',
    RATE_LIMIT_SAVES_PER_MIN: '100000',
    RATE_LIMIT_NEW_GUESTS_PER_HOUR: '100000',
    RATE_LIMIT_TEXT_BYTES_PER_HOUR: '1000000000',
    WEB_DIST_DIR: '/nonexistent/voice-ideas-web-dist',
    // Never load a local whisper model just because one was downloaded on this machine.
    TRANSCRIBE_ENGINE: 'none',
    // Nor the embedded writer's: auto finds no model here, so a test's API settings decide.
    LLM_MODEL_PATH: '/nonexistent/voice-ideas-writer.gguf',
    ...options.env,
  });
  // The app's logger, once there is an app: the queue is made before it.
  const built: { app?: FastifyInstance } = {};
  const afterReply =
    options.deps?.afterReply ??
    createAfterReply({
      warn: (details, message) => built.app?.log.warn(details, message),
      error: (details, message) => built.app?.log.error(details, message),
    });
  const app = await buildApp(config, {
    database,
    passwordHasher: FAST_PASSWORDS,
    now: tickingClock(),
    afterReply,
    ...options.deps,
  });
  built.app = app;
  app.addHook('onClose', () => {
    rmSync(recordingsDir, { recursive: true, force: true });
  });
  return { app, database, recordingsDir, linkMailsDone: () => afterReply.idle() };
}

export async function closeTestApp(testApp: TestApp): Promise<void> {
  await testApp.app.close();
  await testApp.database.close();
}

/** createTestApp for the enclosing describe block: built in beforeAll, closed in afterAll. */
export function useTestApp(dialect: Dialect, options: TestAppOptions = {}): () => TestApp {
  let testApp: TestApp | undefined;
  beforeAll(async () => {
    testApp = await createTestApp(dialect, options);
  });
  afterAll(async () => {
    await testApp?.app.close();
    await testApp?.database.close();
    testApp = undefined;
  });
  return () => {
    if (testApp === undefined) throw new Error('the test app is not built yet');
    return testApp;
  };
}

export function newGuestId(): string {
  return `guest_${randomBytes(9).toString('base64url')}`;
}

export function newEmail(): string {
  return `person-${randomBytes(6).toString('hex')}@example.com`;
}

export function guestHeaders(guestId: string): Record<string, string> {
  return { 'x-guest-id': guestId };
}

/** The Cookie header that carries the session a response set. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no ${SESSION_COOKIE} cookie in the response`);
  return `${SESSION_COOKIE}=${cookie.value}`;
}

export interface SignedInUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
  headers: Record<string, string>;
}

export async function registerUser(
  app: FastifyInstance,
  options: { email?: string; password?: string; guestId?: string } = {},
): Promise<SignedInUser> {
  const email = options.email ?? newEmail();
  const password = options.password ?? 'correct horse battery';
  const response = await app.inject({
    method: 'POST',
    url: '/api/register',
    headers: options.guestId ? guestHeaders(options.guestId) : {},
    payload: { email, password },
  });
  expect(response.statusCode, response.body).toBe(201);
  const body = response.json<{ id: string }>();
  const cookie = sessionCookieOf(response);
  return { id: body.id, email, password, cookie, headers: { cookie } };
}

export interface IdeaInput {
  content?: string;
  format?: 'tweet' | 'checklist' | 'pitch';
  category?: 'work' | 'personal' | 'creative';
  transcript?: string | null;
}

export async function createIdea(
  app: FastifyInstance,
  scope: { headers: Record<string, string>; url: '/api/ideas' | '/api/guest-ideas' },
  input: IdeaInput = {},
): Promise<{ id: string; content: string; createdAt: string; userId: string | null }> {
  const response = await app.inject({
    method: 'POST',
    url: scope.url,
    headers: scope.headers,
    payload: {
      content: input.content ?? 'An idea worth keeping',
      format: input.format ?? 'tweet',
      category: input.category ?? 'work',
      transcript: input.transcript ?? null,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** Every error under /api has exactly this shape. */
export function expectApiError(
  response: LightMyRequestResponse,
  statusCode: number,
  error: string,
): { error: string; message: string } {
  expect(response.statusCode, response.body).toBe(statusCode);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  const body = response.json<{ error: string; message: string }>();
  expect(Object.keys(body).sort()).toEqual(['error', 'message']);
  expect(body.error).toBe(error);
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.message).not.toMatch(/\n\s+at /);
  return body;
}
