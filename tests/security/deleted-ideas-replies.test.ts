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

function behavesOnDeletion(context: () => { testApp: TestApp; kept: KeptReplies }) {
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
    behavesOnDeletion(() => ({
      testApp,
      kept: async () => {
        // Not in the typed schema: the table is the store's own (migration 007).
        const { rows } = await sql<{ idea: string | null }>`
          SELECT idea FROM idempotency_keys`.execute(testApp.database.db);
        return rows.map((row) => row.idea ?? '').join('\n');
      },
    }));
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
  }));
});
