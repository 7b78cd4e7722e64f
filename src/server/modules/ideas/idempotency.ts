import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Idea } from '#contract/api-schemas.js';
import type { Config } from '../../config.js';
import type { Database } from '../../db/database.js';
import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';
import { SHARED_COUNT_TIMEOUT_MS } from '../../http/rate-limit-counters.js';

/** Long enough for a phone to come back from a day without signal and retry its save. */
const REMEMBER_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running first save holds its key. A save takes milliseconds; only an instance that
 * died mid-save leaves a claim this old, and then a repeat waits it out and saves once itself.
 */
const LEASE_MS = 30_000;
/** A repeat arriving while the first save runs looks again this often, at first. */
const FIRST_POLL_MS = 20;
const MAX_POLL_MS = 250;
const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** About one claim in this many also deletes ended keys, so the table stays a day's worth. */
const SWEEP_EVERY = 500;
const REDIS_PREFIX = 'voice-ideas:idem:';
const FALLBACK_WARNING_INTERVAL_MS = 30_000;

/**
 * docs/api.md, Saving twice: a save sent again with the same Idempotency-Key by the same owner
 * within a day answers the idea made the first time, instead of a second idea and a second use
 * of the quota. The app's offline queue sends its recording's id, so a reply lost on the way
 * back cannot make two ideas. The keys live where every instance sees them (ADR 070), so a
 * repeat that a load balancer sends to another instance is answered the same way.
 */
export interface IdempotentCreates {
  run(owner: Owner, key: string | undefined, create: () => Promise<Idea>): Promise<Idea>;
  /**
   * After ideas were deleted (one, all of an owner's, or an account): drops every kept answer
   * whose idea no longer exists, under whichever owner's key it was kept (a guest's answer
   * outlives its idea's move into an account). A deleted idea's words stay nowhere for a day.
   * Only after a delete that deleted something: in Redis it is a pass over every key.
   */
  forgetDeleted(): Promise<void>;
}

/** Which of these idea ids still exist; the Redis store asks the database through it. */
export type LiveIdeaIds = (ids: string[]) => Promise<Set<string>>;

export type Claim = { state: 'claimed' } | { state: 'done'; idea: Idea } | { state: 'busy' };

/** Where the keys are kept: Redis, the database, or Redis falling back to the database. */
export interface IdempotencyStore {
  /** Takes the key for a first save unless a live claim or a kept answer already holds it. */
  claim(slot: string, leaseMs: number): Promise<Claim>;
  /** The first save succeeded: keep its answer for `rememberMs`. */
  remember(slot: string, idea: Idea, rememberMs: number): Promise<void>;
  /** The first save was refused: free the key so the same key may try again. */
  release(slot: string): Promise<void>;
  /** Removes every kept answer whose idea is not among the live ones, if the store must ask. */
  forgetDeleted(): Promise<void>;
}

export function readIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) {
    throw new HttpError(
      400,
      'invalid_input',
      'Invalid input: the Idempotency-Key header must be 8 to 128 letters, digits, - or _.',
    );
  }
  return header;
}

export function createIdempotentCreates(store: IdempotencyStore): IdempotentCreates {
  return {
    async run(owner, key, create) {
      if (key === undefined) return create();
      const slot = `${owner.kind === 'user' ? `u:${owner.userId}` : `g:${owner.guestId}`}\n${key}`;
      let pollMs = FIRST_POLL_MS;
      for (;;) {
        const claim = await store.claim(slot, LEASE_MS);
        if (claim.state === 'done') return claim.idea;
        if (claim.state === 'claimed') break;
        // The first save is running (here or on another instance): its answer is the answer.
        await new Promise((resolve) => setTimeout(resolve, pollMs));
        pollMs = Math.min(pollMs * 2, MAX_POLL_MS);
      }
      let idea: Idea;
      try {
        idea = await create();
      } catch (error) {
        // A refused save (quota, bad input) is not remembered: the same key may try again.
        await store.release(slot).catch(() => undefined);
        throw error;
      }
      // The idea is saved whatever happens to the note of it: answer it. Should the note fail,
      // the claim runs out after its lease and a later repeat would save again.
      await store.remember(slot, idea, REMEMBER_MS).catch(() => undefined);
      return idea;
    },
    forgetDeleted: () => store.forgetDeleted(),
  };
}

/**
 * The keys in the idempotency_keys table (migration 007), PostgreSQL or SQLite. A claim is one
 * upsert that inserts or takes over only an ended row, so two instances claiming one key at once
 * serialise on its row and exactly one gets it; times come from the database's clock.
 */
export function databaseIdempotencyStore(database: Database): IdempotencyStore {
  const { db } = database;
  const now =
    database.dialect === 'postgres'
      ? sql<number>`(extract(epoch from clock_timestamp()) * 1000)::bigint`
      : sql<number>`CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)`;
  let claimsSinceSweep = 0;

  return {
    async claim(slot, leaseMs) {
      claimsSinceSweep += 1;
      if (claimsSinceSweep >= SWEEP_EVERY) {
        claimsSinceSweep = 0;
        void sql`DELETE FROM idempotency_keys WHERE expires_at <= ${now}`
          .execute(db)
          .catch(() => undefined);
      }
      const claimed = await sql<{ slot: string }>`
        INSERT INTO idempotency_keys AS k (slot, idea, expires_at)
        VALUES (${slot}, NULL, ${now} + ${leaseMs})
        ON CONFLICT (slot) DO UPDATE SET idea = NULL, idea_id = NULL,
          expires_at = excluded.expires_at
        WHERE k.expires_at <= ${now}
        RETURNING slot`.execute(db);
      if (claimed.rows.length > 0) return { state: 'claimed' };
      const { rows } = await sql<{ idea: string | null }>`
        SELECT idea FROM idempotency_keys WHERE slot = ${slot}`.execute(db);
      const idea = rows[0]?.idea;
      return typeof idea === 'string' ? { state: 'done', idea: JSON.parse(idea) as Idea } : busy;
    },

    async remember(slot, idea, rememberMs) {
      // idea_id ties the answer to its idea (migration 021): deleting the idea deletes it, and an
      // idea deleted before its answer is noted fails this update instead of being kept.
      await sql`UPDATE idempotency_keys SET idea = ${JSON.stringify(idea)}, idea_id = ${idea.id},
        expires_at = ${now} + ${rememberMs} WHERE slot = ${slot}`.execute(db);
    },

    async release(slot) {
      await sql`DELETE FROM idempotency_keys WHERE slot = ${slot} AND idea IS NULL`.execute(db);
    },

    // Nothing left to do: the delete of an idea took its answers along (ON DELETE CASCADE,
    // migration 021), through the index and only theirs. The pass over the whole table this
    // was, run after every delete on SQLite's one writer, let a few addresses clearing nothing
    // slow every other person's saves (docs/security.md).
    async forgetDeleted() {},
  };
}

const busy: Claim = { state: 'busy' };

/** A running save's claim: an empty value, which no answer (a JSON object) can be. */
const RUNNING = '';

/** Takes the key, or answers what holds it, in one round trip. */
const REDIS_CLAIM = `
if redis.call('SET', KEYS[1], ARGV[1], 'NX', 'PX', ARGV[2]) then return {1} end
return {0, redis.call('GET', KEYS[1])}`;

const REDIS_RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1]) end
return 0`;

/** Keys looked at per SCAN step and per question to the database while forgetting. */
const FORGET_BATCH = 500;

/** The keys in Redis: SET NX claims, and Redis itself ends claims and answers when they run out. */
export function redisIdempotencyStore(client: Redis, liveIdeaIds: LiveIdeaIds): IdempotencyStore {
  /** One pass over every kept answer, dropping those whose idea is gone. */
  const forgetPass = async (): Promise<void> => {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(
        cursor,
        'MATCH',
        `${REDIS_PREFIX}*`,
        'COUNT',
        FORGET_BATCH,
      );
      cursor = next;
      if (keys.length === 0) continue;
      const values = await client.mget(...keys);
      const kept = new Map<string, string>();
      values.forEach((value, index) => {
        const key = keys[index];
        if (typeof value !== 'string' || value === RUNNING || key === undefined) return;
        kept.set(key, (JSON.parse(value) as Idea).id);
      });
      if (kept.size === 0) continue;
      const live = await liveIdeaIds([...new Set(kept.values())]);
      const gone = [...kept].filter(([, id]) => !live.has(id)).map(([key]) => key);
      if (gone.length > 0) await client.del(...gone);
    } while (cursor !== '0');
  };
  // A pass reads every key, so deletes in a loop must not start one each: at most one runs per
  // instance and one waits, which every delete asked for meanwhile shares (it starts after they
  // asked, so it sees their ideas gone).
  let running: Promise<void> | undefined;
  let waiting: Promise<void> | undefined;
  const start = (): Promise<void> => {
    const pass = forgetPass().finally(() => {
      if (running === pass) running = undefined;
    });
    running = pass;
    return pass;
  };
  return {
    async claim(slot, leaseMs) {
      const reply = (await client.eval(REDIS_CLAIM, 1, REDIS_PREFIX + slot, RUNNING, leaseMs)) as [
        number,
        string | null | undefined,
      ];
      if (reply[0] === 1) return { state: 'claimed' };
      const held = reply[1];
      return typeof held === 'string' && held !== RUNNING
        ? { state: 'done', idea: JSON.parse(held) as Idea }
        : busy;
    },
    async remember(slot, idea, rememberMs) {
      await client.set(REDIS_PREFIX + slot, JSON.stringify(idea), 'PX', rememberMs);
    },
    async release(slot) {
      await client.eval(REDIS_RELEASE, 1, REDIS_PREFIX + slot, RUNNING);
    },
    forgetDeleted() {
      if (waiting !== undefined) return waiting;
      if (running === undefined) return start();
      const next = running
        .catch(() => undefined)
        .then(() => {
          waiting = undefined;
          return start();
        });
      waiting = next;
      return next;
    },
  };
}

/**
 * Redis while it answers; the database while it does not (ADR 070: the rate limits fall back to
 * memory, but a key in one instance's memory would not stop a repeat on another, and the save
 * needs the database anyway). A key claimed in Redis just before it failed is not seen in the
 * database: a repeat in that moment may save again.
 */
export function withDatabaseFallback(
  primary: IdempotencyStore,
  fallback: IdempotencyStore,
  log: { warn(fields: object, message: string): void },
): IdempotencyStore {
  let lastWarning = 0;
  const attempt = <T>(run: (store: IdempotencyStore) => Promise<T>): Promise<T> =>
    run(primary).catch((error: unknown) => {
      if (Date.now() - lastWarning >= FALLBACK_WARNING_INTERVAL_MS) {
        lastWarning = Date.now();
        log.warn(
          { err: error },
          'idempotency keys: Redis does not answer; keeping them in the database until it does',
        );
      }
      return run(fallback);
    });
  return {
    claim: (slot, leaseMs) => attempt((store) => store.claim(slot, leaseMs)),
    remember: (slot, idea, rememberMs) =>
      attempt((store) => store.remember(slot, idea, rememberMs)),
    release: (slot) => attempt((store) => store.release(slot)),
    // Both: answers kept in the database while Redis was down are as much the idea's words.
    async forgetDeleted() {
      await Promise.all([attempt((store) => store.forgetDeleted()), fallback.forgetDeleted()]);
    },
  };
}

/** The store ADR 070 prescribes: Redis when REDIS_URL is set (falling back), else the database. */
export function sharedIdempotencyStore(
  app: FastifyInstance,
  config: Config,
  database: Database,
): IdempotencyStore {
  const inDatabase = databaseIdempotencyStore(database);
  if (config.redisUrl === undefined) return inDatabase;
  // Its own connection, with the rate limits' settings: a command fails within the budget, and
  // at once while disconnected, instead of queueing behind a dead link.
  const client = new Redis(config.redisUrl, {
    connectTimeout: 2_000,
    commandTimeout: SHARED_COUNT_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Failed reconnections arrive as 'error' events; the fallback's warning reports the outage.
  client.on('error', () => undefined);
  app.addHook('onClose', async () => {
    client.disconnect();
  });
  const liveIdeaIds: LiveIdeaIds = async (ids) => {
    const rows = await database.db
      .selectFrom('ideas')
      .select('id')
      .where('id', 'in', ids)
      .execute();
    return new Set(rows.map((row) => row.id));
  };
  return withDatabaseFallback(redisIdempotencyStore(client, liveIdeaIds), inDatabase, app.log);
}
