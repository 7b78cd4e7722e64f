import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Idea } from '#contract/api-schemas.js';
import { redisAnswers, TEST_REDIS_URL } from '#tests/system/support/redis.js';
import { useTestApp } from '../../test-support/api.js';
import { forEachDialect, useTestDatabase } from '../../test-support/databases.js';
import { openDatabase, type Database } from '../../db/database.js';
import {
  databaseIdempotencyStore,
  redisIdempotencyStore,
  withDatabaseFallback,
  type IdempotencyStore,
} from './idempotency.js';

const idea = {
  content: 'Ship the offline queue',
  format: 'tweet',
  category: 'work',
  transcript: 'ship the offline queue',
  guestId: '',
};

const savedIdea: Idea = {
  id: 'idea-1',
  content: 'Ship it',
  format: 'tweet',
  category: 'work',
  transcript: null,
  userId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
};

/**
 * The database keeps an answer only while its idea exists (migration 021: deleting the idea
 * deletes the answer), so the stores there answer with an idea that is saved.
 */
async function saveTheIdea(database: Database): Promise<void> {
  await sql`INSERT INTO ideas (id, guest_id, content, format, category, created_at, updated_at)
    VALUES (${savedIdea.id}, 'guest_idempotency-store', ${savedIdea.content}, ${savedIdea.format},
      ${savedIdea.category}, ${savedIdea.createdAt}, ${savedIdea.createdAt})`.execute(database.db);
}

const newSlot = () =>
  `g:guest_${randomBytes(6).toString('hex')}\nkey-${randomBytes(6).toString('hex')}`;
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What every store must do; `one` and `other` stand for two instances on the same store. */
function behavesAsAStore(stores: () => { one: IdempotencyStore; other: IdempotencyStore }) {
  it('of many claims of one key at once from two instances, exactly one wins', async () => {
    const { one, other } = stores();
    const slot = newSlot();
    const claims = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? one : other).claim(slot, 60_000)),
    );
    expect(claims.filter((claim) => claim.state === 'claimed')).toHaveLength(1);
    expect(claims.filter((claim) => claim.state === 'busy')).toHaveLength(19);
    await one.remember(slot, savedIdea, 60_000);
    expect(await other.claim(slot, 60_000)).toEqual({ state: 'done', idea: savedIdea });
  });

  it('a released claim may be claimed again, a remembered answer is not released', async () => {
    const { one, other } = stores();
    const slot = newSlot();
    expect(await one.claim(slot, 60_000)).toEqual({ state: 'claimed' });
    await one.release(slot);
    expect(await other.claim(slot, 60_000)).toEqual({ state: 'claimed' });
    await other.remember(slot, savedIdea, 60_000);
    await one.release(slot);
    expect(await one.claim(slot, 60_000)).toEqual({ state: 'done', idea: savedIdea });
  });

  it('a claim whose lease ran out (its instance died) and an ended answer are taken over', async () => {
    const { one, other } = stores();
    const died = newSlot();
    expect(await one.claim(died, 5)).toEqual({ state: 'claimed' });
    const ended = newSlot();
    expect(await one.claim(ended, 60_000)).toEqual({ state: 'claimed' });
    await one.remember(ended, savedIdea, 5);
    await pause(30);
    expect(await other.claim(died, 60_000)).toEqual({ state: 'claimed' });
    expect(await other.claim(ended, 60_000)).toEqual({ state: 'claimed' });
  });
}

forEachDialect((dialect) => {
  describe('saving an idea again with the same Idempotency-Key', () => {
    const testApp = useTestApp(dialect);

    function save(guest: string, key?: string) {
      return testApp().app.inject({
        method: 'POST',
        url: '/api/guest-ideas',
        headers: { 'x-guest-id': guest, ...(key === undefined ? {} : { 'idempotency-key': key }) },
        payload: idea,
      });
    }

    async function countOf(guest: string) {
      const list = await testApp().app.inject({
        url: '/api/guest-ideas?limit=10',
        headers: { 'x-guest-id': guest },
      });
      const usage = await testApp().app.inject({
        url: '/api/usage',
        headers: { 'x-guest-id': guest },
      });
      return {
        ideas: (list.json() as { total: number }).total,
        used: (usage.json() as { usedThisMonth: number }).usedThisMonth,
      };
    }

    it('answers the first idea and counts one use, even when both arrive at once', async () => {
      const guest = 'guest_idempotency-test-0001';
      const key = '5b1f0c9e-7a51-4e0e-9a7d-2f4a3c7e9b10';
      const [first, second] = await Promise.all([save(guest, key), save(guest, key)]);
      const third = await save(guest, key);
      expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([201, 201, 201]);
      expect(second.json()).toEqual(first.json());
      expect(third.json()).toEqual(first.json());
      expect(await countOf(guest)).toEqual({ ideas: 1, used: 1 });
    });

    it('keeps each owner apart, and saves without a key as before', async () => {
      const key = 'a-key-two-owners-share';
      const one = await save('guest_idempotency-test-0002', key);
      const other = await save('guest_idempotency-test-0003', key);
      expect((one.json() as { id: string }).id).not.toBe((other.json() as { id: string }).id);
      await save('guest_idempotency-test-0004');
      await save('guest_idempotency-test-0004');
      expect(await countOf('guest_idempotency-test-0004')).toEqual({ ideas: 2, used: 2 });
    });

    it('refuses a key that is not a plain token', async () => {
      const reply = await save('guest_idempotency-test-0005', 'short');
      expect(reply.statusCode).toBe(400);
      expect(reply.json()).toMatchObject({ error: 'invalid_input' });
      expect(await countOf('guest_idempotency-test-0005')).toEqual({ ideas: 0, used: 0 });
    });
  });

  describe('keys in the database', () => {
    const database = useTestDatabase(dialect);
    // A second connection on the same database stands for a second instance.
    let second: Database | undefined;
    beforeAll(async () => {
      await saveTheIdea(database());
      second = await openDatabase(database().url, { migrate: false });
    });
    afterAll(async () => {
      await second?.close();
    });
    it('drops an answer with its idea, and keeps none for an idea already deleted', async () => {
      const store = databaseIdempotencyStore(database());
      const kept = newSlot();
      const doomed = { ...savedIdea, id: `idea-${randomBytes(6).toString('hex')}` };
      await sql`INSERT INTO ideas (id, guest_id, content, format, category, created_at, updated_at)
        VALUES (${doomed.id}, 'guest_idempotency-store', 'doomed', 'tweet', 'work',
          ${doomed.createdAt}, ${doomed.createdAt})`.execute(database().db);
      expect(await store.claim(kept, 60_000)).toEqual({ state: 'claimed' });
      await store.remember(kept, doomed, 60_000);
      await sql`DELETE FROM ideas WHERE id = ${doomed.id}`.execute(database().db);
      expect(await store.claim(kept, 60_000)).toEqual({ state: 'claimed' });
      const late = newSlot();
      expect(await store.claim(late, 60_000)).toEqual({ state: 'claimed' });
      await expect(store.remember(late, doomed, 60_000)).rejects.toThrow();
      expect(await store.claim(late, 5)).toEqual({ state: 'busy' });
    });

    behavesAsAStore(() => {
      if (second === undefined) throw new Error('the second connection is not open');
      return { one: databaseIdempotencyStore(database()), other: databaseIdempotencyStore(second) };
    });
  });
});

const redisUp = await redisAnswers();

describe.skipIf(!redisUp)('keys in Redis', () => {
  const clients: Redis[] = [];
  beforeAll(() => {
    clients.push(new Redis(TEST_REDIS_URL), new Redis(TEST_REDIS_URL));
  });
  afterAll(() => {
    for (const client of clients) client.disconnect();
  });
  behavesAsAStore(() => {
    const noneLive = () => Promise.resolve(new Set<string>());
    const [one, other] = clients.map((client) => redisIdempotencyStore(client, noneLive));
    if (one === undefined || other === undefined) throw new Error('no Redis clients');
    return { one, other };
  });
});

describe.skipIf(!redisUp)('forgetting deleted ideas in Redis', () => {
  const client = new Redis(TEST_REDIS_URL);
  afterAll(() => {
    client.disconnect();
  });

  it('shares one pass over the keys among deletes that come at once, each seeing its idea gone', async () => {
    let passes = 0;
    const counting = new Proxy(client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'scan' || typeof value !== 'function') return value;
        return (cursor: string, ...rest: unknown[]) => {
          if (cursor === '0') passes += 1;
          return (value as (...args: unknown[]) => unknown).call(target, cursor, ...rest);
        };
      },
    });
    const store = redisIdempotencyStore(counting, () => Promise.resolve(new Set<string>()));
    const slots = Array.from({ length: 20 }, newSlot);
    for (const slot of slots) await store.remember(slot, savedIdea, 60_000);
    // Forty deletes at once, as a client deleting in a loop sends them.
    await Promise.all(Array.from({ length: 40 }, () => store.forgetDeleted()));
    expect(passes).toBeLessThanOrEqual(2);
    for (const slot of slots) expect(await store.claim(slot, 1_000)).toEqual({ state: 'claimed' });
    // A delete after those passes ended starts a pass of its own.
    await store.remember(slots[0] as string, savedIdea, 60_000);
    await store.forgetDeleted();
    expect(passes).toBeLessThanOrEqual(3);
    expect(await store.claim(slots[0] as string, 1_000)).toEqual({ state: 'claimed' });
  });
});

describe('Redis falling back to the database', () => {
  const database = useTestDatabase('sqlite');

  it('keeps the keys in the database, and warns, while Redis fails', async () => {
    await saveTheIdea(database());
    const down = () => Promise.reject(new Error('connection is closed'));
    const failing: IdempotencyStore = {
      claim: down,
      remember: down,
      release: down,
      forgetDeleted: down,
    };
    const warnings: string[] = [];
    const log = { warn: (_fields: unknown, message: string) => warnings.push(message) };
    const store = withDatabaseFallback(failing, databaseIdempotencyStore(database()), log);
    const slot = newSlot();
    expect(await store.claim(slot, 60_000)).toEqual({ state: 'claimed' });
    await store.remember(slot, savedIdea, 60_000);
    expect(await databaseIdempotencyStore(database()).claim(slot, 60_000)).toEqual({
      state: 'done',
      idea: savedIdea,
    });
    expect(warnings).toEqual([
      'idempotency keys: Redis does not answer; keeping them in the database until it does',
    ]);
  });
});
