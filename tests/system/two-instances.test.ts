import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openTestDatabase,
  TEST_DATABASE_URL,
  type TestDatabase,
} from '#server/test-support/databases.js';
import { addressKeyOf } from '#server/http/rate-limit-counters.js';
import { redisAnswers, redisKeys, TEST_REDIS_URL } from './support/redis.js';
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
 * Two real server processes on one PostgreSQL database, as behind a load balancer: whatever one
 * instance counts or stores, the other sees (ADR 070). Every test speaks from its own client
 * address (X-Forwarded-For, TRUST_PROXY on), so the limits of one test never touch another.
 */

const AUTH_PER_MIN = 4;
const AI_PER_MIN = 3;
const FREE_LIMIT = 3;
const SAVES_PER_MIN = 30;
const NEW_GUESTS_PER_HOUR = 4;

function newAddress(): string {
  return `2001:db8:${randomBytes(2).toString('hex')}:${randomBytes(2).toString('hex')}::1`;
}

function from(address: string): Record<string, string> {
  return { 'x-forwarded-for': address };
}

async function startPair(database: TestDatabase, extra: Record<string, string> = {}) {
  const env = serverEnv({
    DATABASE_URL: database.url,
    TRUST_PROXY: 'true',
    RATE_LIMIT_AUTH_PER_MIN: String(AUTH_PER_MIN),
    RATE_LIMIT_AI_PER_MIN: String(AI_PER_MIN),
    FREE_MONTHLY_LIMIT: String(FREE_LIMIT),
    RATE_LIMIT_SAVES_PER_MIN: String(SAVES_PER_MIN),
    RATE_LIMIT_NEW_GUESTS_PER_HOUR: String(NEW_GUESTS_PER_HOUR),
    ...extra,
  });
  // One after the other: both would run the same migrations at start.
  const a = await startServer(env);
  const b = await startServer(env);
  return [a, b] as const;
}

/** Wrong-password logins for fresh e-mails (so only the per-address limit can refuse them). */
async function loginStatuses(servers: readonly ServerProcess[], address: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = servers[i % servers.length];
    if (server === undefined) throw new Error('no server');
    const response = await call(server.url, 'POST', '/api/login', {
      headers: from(address),
      body: { email: `nobody-${randomBytes(4).toString('hex')}@example.com`, password: 'wrong-1' },
    });
    statuses.push(response.status);
  }
  return statuses;
}

async function inferStatuses(servers: readonly ServerProcess[], address: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const server = servers[i % servers.length];
    if (server === undefined) throw new Error('no server');
    const response = await call(server.url, 'POST', '/api/infer-format-category', {
      headers: from(address),
      body: { transcript: 'Remember to buy milk' },
    });
    statuses.push(response.status);
  }
  return statuses;
}

/**
 * A save whose reply was lost, sent again with the same Idempotency-Key through the other
 * instance (as a load balancer may), also while the first is still running: every answer is the
 * first idea, and there is one idea and one use of the quota.
 */
async function expectSavedOnceAcross(one: ServerProcess, other: ServerProcess): Promise<string> {
  const guestId = `guest_idem_${randomBytes(6).toString('hex')}`;
  const guest = {
    ...from(newAddress()),
    'x-guest-id': guestId,
    'idempotency-key': `recording-${randomBytes(8).toString('hex')}`,
  };
  const body = { content: 'Saved once', format: 'tweet', category: 'work', transcript: null };
  const first = await call<{ id: string }>(one.url, 'POST', '/api/guest-ideas', {
    headers: guest,
    body,
  });
  expect(first.status).toBe(201);
  const again = await call(other.url, 'POST', '/api/guest-ideas', { headers: guest, body });
  expect(again).toMatchObject({ status: 201, body: first.body });

  const racing = { ...guest, 'idempotency-key': `recording-${randomBytes(8).toString('hex')}` };
  const raced = await Promise.all(
    Array.from({ length: 6 }, (_, i) =>
      call((i % 2 === 0 ? one : other).url, 'POST', '/api/guest-ideas', { headers: racing, body }),
    ),
  );
  expect(raced.map((response) => response.status)).toEqual(Array(6).fill(201));
  expect(new Set(raced.map((response) => JSON.stringify(response.body))).size).toBe(1);

  const listed = await call<{ total: number }>(other.url, 'GET', '/api/guest-ideas', {
    headers: guest,
  });
  expect(listed.body.total).toBe(2);
  const usage = await call(one.url, 'GET', '/api/usage', { headers: guest });
  expect(usage.body).toMatchObject({ usedThisMonth: 2 });
  return guestId;
}

const REFUSED_AUTH = [401, 401, 401, 401, 429, 429];
const REFUSED_AI = [200, 200, 200, 429, 429];

describe.skipIf(TEST_DATABASE_URL === undefined)('two instances on one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    [a, b] = await startPair(database);
  }, 120_000);

  afterAll(async () => {
    await killAllServers();
    await database?.close();
  });

  it('a session made on one works on the other, and a sign-out on either ends it on both', async () => {
    const address = newAddress();
    const email = `shared-${randomBytes(4).toString('hex')}@example.com`;
    const registered = await call(a.url, 'POST', '/api/register', {
      headers: from(address),
      body: { email, password: 'correct horse battery' },
    });
    expect(registered.status).toBe(201);
    const cookie = registered.headers.getSetCookie()[0]?.split(';')[0];
    expect(cookie).toBeDefined();
    const headers = { ...from(address), cookie: cookie ?? '' };

    const onB = await call<{ email: string; plan: string }>(b.url, 'GET', '/api/me', { headers });
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ email, plan: 'free' });

    // An idea saved through B is listed through A.
    const created = await call<{ id: string }>(b.url, 'POST', '/api/ideas', {
      headers,
      body: { content: 'Saved on B', format: 'tweet', category: 'work', transcript: null },
    });
    expect(created.status).toBe(201);
    const listed = await call<{ items: { id: string }[] }>(a.url, 'GET', '/api/ideas', { headers });
    expect(listed.body.items.map((idea) => idea.id)).toEqual([created.body.id]);

    expect((await call(b.url, 'POST', '/api/logout', { headers })).status).toBeLessThan(300);
    const afterLogout = await call<{ plan: string }>(a.url, 'GET', '/api/me', { headers });
    expect(afterLogout.body.plan).toBe('guest');
  });

  it('the quota race across both instances still gives exactly one success at the limit', async () => {
    const guest = {
      ...from(newAddress()),
      'x-guest-id': `guest_race_${randomBytes(6).toString('hex')}`,
    };
    const idea = {
      content: 'Before the race',
      format: 'tweet',
      category: 'work',
      transcript: null,
    };
    for (let i = 0; i < FREE_LIMIT - 1; i += 1) {
      expect(
        (await call(a.url, 'POST', '/api/guest-ideas', { headers: guest, body: idea })).status,
      ).toBe(201);
    }
    const racers = Array.from({ length: 24 }, (_, i) =>
      call((i % 2 === 0 ? a : b).url, 'POST', '/api/guest-ideas', {
        headers: guest,
        body: { ...idea, content: `Racer ${i}` },
      }),
    );
    const statuses = (await Promise.all(racers)).map((response) => response.status);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 402)).toHaveLength(23);
    const usage = await call<{ usedThisMonth: number }>(b.url, 'GET', '/api/usage', {
      headers: guest,
    });
    expect(usage.body).toMatchObject({ usedThisMonth: FREE_LIMIT });
    const listed = await call<{ total: number }>(a.url, 'GET', '/api/guest-ideas', {
      headers: guest,
    });
    expect(listed.body.total).toBe(FREE_LIMIT);
  });

  it('a save repeated with its Idempotency-Key on the other instance answers the first, saved once', async () => {
    await expectSavedOnceAcross(a, b);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM idempotency_keys WHERE idea IS NOT NULL`.execute(database.db);
    expect(Number(rows[0]?.n)).toBe(2);
  });

  it('the save limit and the new-guest cap count saves to both instances together, in the database', async () => {
    const address = newAddress();
    const save = (server: ServerProcess, guestId: string) =>
      call(server.url, 'POST', '/api/guest-ideas', {
        headers: { ...from(address), 'x-guest-id': guestId },
        body: { content: 'Counted on both', format: 'tweet', category: 'work', transcript: null },
      });
    const guests = Array.from(
      { length: NEW_GUESTS_PER_HOUR },
      () => `guest_cap_${randomBytes(6).toString('hex')}`,
    );
    const first: number[] = [];
    for (const [i, guestId] of guests.entries())
      first.push((await save(i % 2 ? b : a, guestId)).status);
    expect(first).toEqual(Array(NEW_GUESTS_PER_HOUR).fill(201));
    const fresh = await save(b, `guest_cap_${randomBytes(6).toString('hex')}`);
    expect(fresh.status).toBe(429);
    expect(Number(fresh.headers.get('retry-after'))).toBeGreaterThan(60);

    // Each guest has FREE_LIMIT ideas a month; spent, its saves are 402 and still count.
    const statuses: number[] = [];
    for (let i = NEW_GUESTS_PER_HOUR + 1; i < SAVES_PER_MIN + 2; i += 1) {
      statuses.push((await save(i % 2 ? a : b, guests[i % guests.length] ?? '')).status);
    }
    expect(statuses.filter((status) => status === 429)).toHaveLength(2);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    const { rows } = await sql`SELECT key, count FROM limit_counters`.execute(database.db);
    expect(rows).toContainEqual({
      key: `save-address:${addressKeyOf(address)}`,
      count: SAVES_PER_MIN + 2,
    });
    expect(rows).toContainEqual({
      key: `new-guests:${addressKeyOf(address)}`,
      count: NEW_GUESTS_PER_HOUR + 1,
    });
  });

  it('the AUTH limit counts calls to both instances together, in the database', async () => {
    const address = newAddress();
    expect(await loginStatuses([a, b], address, 6)).toEqual(REFUSED_AUTH);
    const { rows } = await sql`SELECT key, count FROM limit_counters`.execute(database.db);
    expect(rows).toContainEqual({ key: `auth-address:${addressKeyOf(address)}`, count: 6 });
  });

  it('the AI limit counts both instances together, and a recording named on one is free on the other', async () => {
    expect(await inferStatuses([a, b], newAddress(), 5)).toEqual(REFUSED_AI);

    const address = newAddress();
    const transcript = 'Call the bank about the loan';
    const inferred = await call(a.url, 'POST', '/api/infer-format-category', {
      headers: from(address),
      body: { transcript },
    });
    const token = inferred.headers.get('recording-token') ?? '';
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const formatted = await call(b.url, 'POST', '/api/format', {
      headers: { ...from(address), 'recording-token': token },
      body: { transcript, format: 'tweet', category: 'personal' },
    });
    expect(formatted.status).toBe(200);
    // One unit spent for that whole recording: two more recordings fit, the third does not.
    expect(await inferStatuses([b, a], address, 3)).toEqual([200, 200, 429]);
  });
});

const redisUp = TEST_DATABASE_URL !== undefined && (await redisAnswers());

describe.skipIf(!redisUp)('two instances sharing their limits in Redis', () => {
  let database: TestDatabase;
  let redisProxy: TcpProxy;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    const target = new URL(TEST_REDIS_URL);
    redisProxy = await startTcpProxy(target.hostname, Number(target.port || 6379));
    const proxied = new URL(TEST_REDIS_URL);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(redisProxy.port);
    [a, b] = await startPair(database, { REDIS_URL: proxied.toString(), LOG_LEVEL: 'warn' });
  }, 120_000);

  afterAll(async () => {
    await killAllServers();
    await redisProxy?.close();
    await database?.close();
  });

  it('counts AUTH and AI calls to both instances together, in Redis and not in the database', async () => {
    const authAddress = newAddress();
    expect(await loginStatuses([a, b], authAddress, 6)).toEqual(REFUSED_AUTH);
    const aiAddress = newAddress();
    expect(await inferStatuses([a, b], aiAddress, 5)).toEqual(REFUSED_AI);

    expect(
      await redisKeys(`voice-ideas:rl:*auth-address:${addressKeyOf(authAddress)}`),
    ).toHaveLength(1);
    expect(await redisKeys(`voice-ideas:rl:*ai-address:${addressKeyOf(aiAddress)}`)).toHaveLength(
      1,
    );
    const { rows } = await sql`SELECT key FROM limit_counters`.execute(database.db);
    expect(rows).toEqual([]);
  });

  it('a save repeated with its Idempotency-Key on the other instance answers the first, keyed in Redis', async () => {
    const guestId = await expectSavedOnceAcross(b, a);
    expect(await redisKeys(`voice-ideas:idem:g:${guestId}*`)).toHaveLength(2);
    const { rows } = await sql`SELECT slot FROM idempotency_keys`.execute(database.db);
    expect(rows).toEqual([]);
  });

  it('while Redis is unreachable each instance counts in its memory, keys saves in the database, and nothing fails; then Redis counts again', async () => {
    await redisProxy.cut();
    try {
      // Per instance now: each of the two lets AUTH_PER_MIN through before refusing.
      const address = newAddress();
      const onA = await loginStatuses([a], address, AUTH_PER_MIN + 1);
      const onB = await loginStatuses([b], address, AUTH_PER_MIN + 1);
      expect(onA).toEqual([401, 401, 401, 401, 429]);
      expect(onB).toEqual([401, 401, 401, 401, 429]);
      for (const server of [a, b]) {
        expect(server.output()).toContain('rate limits: Redis does not answer');
      }
      // Idempotency keys go to the database meanwhile, which both instances still share.
      const guestId = await expectSavedOnceAcross(a, b);
      const { rows } = await sql<{ n: string }>`
        SELECT count(*) AS n FROM idempotency_keys WHERE slot LIKE ${`g:${guestId}%`}`.execute(
        database.db,
      );
      expect(Number(rows[0]?.n)).toBe(2);
      expect(a.output() + b.output()).toContain('idempotency keys: Redis does not answer');
    } finally {
      await redisProxy.restore();
    }
    // ioredis reconnects by itself; once both have, they share one count again.
    await eventually(
      'both instances counting in Redis again',
      async () => {
        const found = [];
        for (const server of [a, b]) {
          const probe = newAddress();
          await loginStatuses([server], probe, 1);
          found.push(
            (await redisKeys(`voice-ideas:rl:*auth-address:${addressKeyOf(probe)}`)).length,
          );
        }
        return found;
      },
      (found) => found.every((count) => count === 1),
    );
    expect(await loginStatuses([a, b], newAddress(), 6)).toEqual(REFUSED_AUTH);
  });
});
