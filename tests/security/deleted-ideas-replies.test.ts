/**
 * A save's reply is kept a day so a retry with the same Idempotency-Key gets it again
 * (docs/api.md, "Saving twice"). Deleting the idea, all of an owner's ideas or the account
 * deletes those replies too (docs/security.md, "Deleted ideas kept as save replies"), in the
 * database and in Redis, whichever owner's key kept them.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closeTestApp,
  createTestApp,
  guestHeaders,
  newGuestId,
  registerUser,
  type TestApp,
} from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { TEST_REDIS_URL } from '#tests/system/support/redis.js';

function words(): string {
  return `private words ${randomBytes(12).toString('hex')}`;
}

async function save(
  testApp: TestApp,
  scope: { headers: Record<string, string>; url: string },
  content: string,
): Promise<string> {
  const response = await testApp.app.inject({
    method: 'POST',
    url: scope.url,
    headers: { ...scope.headers, 'idempotency-key': randomBytes(12).toString('hex') },
    payload: { content, format: 'tweet', category: 'work', transcript: null },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string }>().id;
}

function guest() {
  const guestId = newGuestId();
  return { guestId, headers: guestHeaders(guestId), url: '/api/guest-ideas' };
}

/** Every kept reply, as text, from wherever the app keeps them. */
type KeptReplies = () => Promise<string>;
/** Keeps, under another guest's key, a reply naming an idea that no longer exists. */
type PlantReply = (slot: string, reply: string) => Promise<void>;

/**
 * Another owner's kept reply that only a pass over every kept reply would remove: its idea is
 * gone (a reply kept before migration 021 tied replies to their ideas). It still being there
 * shows that a delete touched no reply but its own ideas'.
 */
async function plantStray(plant: PlantReply): Promise<string> {
  const content = words();
  const slot = `g:${newGuestId()}\nkey-${randomBytes(6).toString('hex')}`;
  const reply = {
    id: `gone-${randomBytes(6).toString('hex')}`,
    content,
    format: 'tweet',
    category: 'work',
    transcript: null,
    userId: null,
    createdAt: '2026-12-01T10:00:00.000Z',
  };
  await plant(slot, JSON.stringify(reply));
  return content;
}

function behavesOnDeletion(
  context: () => { testApp: TestApp; kept: KeptReplies; plant: PlantReply },
) {
  it('forgets the reply of a deleted idea, and keeps the others', async () => {
    const { testApp, kept } = context();
    const scope = guest();
    const deleted = words();
    const stays = words();
    const id = await save(testApp, scope, deleted);
    await save(testApp, scope, stays);
    expect(await kept()).toContain(deleted);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/guest-ideas/${id}`,
      headers: scope.headers,
    });
    expect(response.statusCode).toBe(204);
    const left = await kept();
    expect(left).not.toContain(deleted);
    expect(left).toContain(stays);
  });

  it('forgets every reply of a guest’s cleared data', async () => {
    const { testApp, kept } = context();
    const scope = guest();
    const contents = [words(), words()];
    for (const content of contents) await save(testApp, scope, content);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/guest-data',
      headers: scope.headers,
    });
    expect(response.statusCode).toBe(200);
    const left = await kept();
    for (const content of contents) expect(left).not.toContain(content);
  });

  it('forgets an account’s replies when it is deleted, those kept under its guest too', async () => {
    const { testApp, kept } = context();
    const scope = guest();
    const asGuest = words();
    await save(testApp, scope, asGuest);
    // Registering moves the guest's idea in; its reply stays under the guest's key.
    const user = await registerUser(testApp.app, { guestId: scope.guestId });
    const asUser = words();
    await save(testApp, { headers: user.headers, url: '/api/ideas' }, asUser);
    expect(await kept()).toContain(asGuest);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.headers,
      payload: { password: user.password },
    });
    expect(response.statusCode).toBe(204);
    const left = await kept();
    expect(left).not.toContain(asGuest);
    expect(left).not.toContain(asUser);
  });

  it('a delete that deletes nothing touches no other owner’s kept replies', async () => {
    const { testApp, kept, plant } = context();
    const stray = await plantStray(plant);
    const scope = guest();
    const user = await registerUser(testApp.app);
    const deletes = [
      { method: 'POST', url: '/api/guest-ideas/clear', headers: scope.headers },
      { method: 'DELETE', url: '/api/guest-data', headers: scope.headers },
      { method: 'DELETE', url: '/api/ideas/all', headers: user.headers },
    ] as const;
    for (const request of deletes) {
      const response = await testApp.app.inject(request);
      expect(response.statusCode, request.url).toBe(200);
      expect(response.json()).toEqual({ deletedCount: 0 });
    }
    const missing = await testApp.app.inject({
      method: 'DELETE',
      url: `/api/guest-ideas/${randomBytes(8).toString('hex')}`,
      headers: scope.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(await kept()).toContain(stray);
  });

  it('forgets the replies of a signed-in user’s deleted ideas', async () => {
    const { testApp, kept } = context();
    const user = await registerUser(testApp.app);
    const content = words();
    await save(testApp, { headers: user.headers, url: '/api/ideas' }, content);
    const response = await testApp.app.inject({
      method: 'DELETE',
      url: '/api/ideas/all',
      headers: user.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(await kept()).not.toContain(content);
  });
}

forEachDialect((dialect) => {
  describe('save replies of deleted ideas, in the database', () => {
    let testApp: TestApp;
    beforeAll(async () => {
      testApp = await createTestApp(dialect);
    });
    afterAll(() => closeTestApp(testApp));
    const kept = async () => {
      // Not in the typed schema: the table is the store's own (migration 007).
      const { rows } = await sql<{ idea: string | null }>`
        SELECT idea FROM idempotency_keys`.execute(testApp.database.db);
      return rows.map((row) => row.idea ?? '').join('\n');
    };
    const plant: PlantReply = async (slot, reply) => {
      await sql`INSERT INTO idempotency_keys (slot, idea, expires_at)
        VALUES (${slot}, ${reply}, ${Date.now() + 60 * 60 * 1000})`.execute(testApp.database.db);
    };
    behavesOnDeletion(() => ({ testApp, kept, plant }));

    // Redis has no link from a reply to its idea, so there a real delete still looks at every
    // kept reply; the database drops only the deleted ideas' own (migration 021).
    it('deleting ideas forgets their replies alone, not every stale one in the table', async () => {
      const stray = await plantStray(plant);
      const scope = guest();
      const deleted = words();
      const id = await save(testApp, scope, deleted);
      const one = await testApp.app.inject({
        method: 'DELETE',
        url: `/api/guest-ideas/${id}`,
        headers: scope.headers,
      });
      expect(one.statusCode).toBe(204);
      await save(testApp, scope, words());
      const all = await testApp.app.inject({
        method: 'POST',
        url: '/api/guest-ideas/clear',
        headers: scope.headers,
      });
      expect(all.json()).toEqual({ deletedCount: 1 });
      const left = await kept();
      expect(left).not.toContain(deleted);
      expect(left).toContain(stray);
    });
  });
});

const redis = new Redis(TEST_REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
const redisUp = await redis
  .connect()
  .then(() => redis.ping())
  .then(
    () => true,
    () => false,
  );

describe.skipIf(!redisUp)('save replies of deleted ideas, in Redis', () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp('sqlite', { env: { REDIS_URL: TEST_REDIS_URL } });
  });
  afterAll(async () => {
    await closeTestApp(testApp);
    redis.disconnect();
  });
  behavesOnDeletion(() => ({
    testApp,
    kept: async () => {
      const keys = await redis.keys('voice-ideas:idem:*');
      const values = keys.length === 0 ? [] : await redis.mget(...keys);
      return values.join('\n');
    },
    plant: async (slot, reply) => {
      await redis.set(`voice-ideas:idem:${slot}`, reply, 'PX', 60 * 60 * 1000);
    },
  }));
});
