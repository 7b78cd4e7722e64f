import { isIP } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';
import { memoryCounters, type MemoryCounters } from './memory-counters.js';

/**
 * Rate limits that hold across instances (ADR 070). Every count lives in one place all
 * instances share: Redis when REDIS_URL is set, else the PostgreSQL table app.ts hands in as
 * `Counters`, else (SQLite: one process is the deployment) this process's memory. When the
 * shared place fails or is slow, counting falls back to this process's memory: limits still
 * apply, per instance, and no request fails because the counter store is down.
 */

export const ONE_MINUTE_MS = 60_000;
export const ONE_HOUR_MS = 60 * ONE_MINUTE_MS;
/** How long one count may take in Redis or PostgreSQL before memory answers instead. */
export const SHARED_COUNT_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
const REDIS_RECONNECT_MAX_DELAY_MS = 2_000;
const FALLBACK_WARNING_INTERVAL_MS = 30_000;
const REDIS_KEY_PREFIX = 'voice-ideas:';

export function rateLimitedError(
  retryAfterSeconds: number,
  what = 'Too many requests.',
): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const wait =
    seconds > 120
      ? `${Math.ceil(seconds / 60)} minutes`
      : `${seconds} second${seconds === 1 ? '' : 's'}`;
  return new HttpError(429, 'rate_limited', `${what} Please try again in ${wait}.`, {
    'Retry-After': String(seconds),
  });
}

export interface Count {
  count: number;
  /** Milliseconds until the window ends and the count starts again from zero. */
  ttlMs: number;
}

/** Fixed-window counters by key, as every limit here needs them. */
export interface Counters {
  /**
   * Adds `amount` (one unless said), opening a window of `windowMs` when none is open; returns
   * the new count.
   */
  increment(key: string, windowMs: number, amount?: number): Promise<Count>;
  /** The open window's count, or undefined when none is open. */
  read(key: string): Promise<Count | undefined>;
  /** Takes `amount` (one unless said) away, never below zero, without moving the window. */
  decrement(key: string, amount?: number): Promise<void>;
  delete(key: string): Promise<void>;
}

const REDIS_INCREMENT = `
local count = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const REDIS_READ = `
local count = redis.call('GET', KEYS[1])
if not count then return false end
return {tonumber(count), redis.call('PTTL', KEYS[1])}`;

const REDIS_DECREMENT = `
local count = tonumber(redis.call('GET', KEYS[1]))
if count and count > 0 then
  redis.call('DECRBY', KEYS[1], math.min(count, tonumber(ARGV[1])))
end
return 0`;

/** Counters in Redis; each operation is one script, so it is atomic across instances. */
export function redisCounters(client: Redis): Counters {
  const pair = (reply: unknown): Count => {
    const [count, ttlMs] = reply as [number, number];
    return { count, ttlMs };
  };
  return {
    async increment(key, windowMs, amount = 1) {
      return pair(await client.eval(REDIS_INCREMENT, 1, REDIS_KEY_PREFIX + key, windowMs, amount));
    },
    async read(key) {
      const reply = await client.eval(REDIS_READ, 1, REDIS_KEY_PREFIX + key);
      return reply === null ? undefined : pair(reply);
    },
    async decrement(key, amount = 1) {
      await client.eval(REDIS_DECREMENT, 1, REDIS_KEY_PREFIX + key, amount);
    },
    async delete(key) {
      await client.del(REDIS_KEY_PREFIX + key);
    },
  };
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} took longer than ${SHARED_COUNT_TIMEOUT_MS} ms`)),
      SHARED_COUNT_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** Warns about the shared store failing at most every 30 s, not once per request. */
function fallbackWarner(log: FastifyBaseLogger, where: string): (error: unknown) => void {
  let lastWarning = 0;
  return (error) => {
    if (Date.now() - lastWarning < FALLBACK_WARNING_INTERVAL_MS) return;
    lastWarning = Date.now();
    log.warn(
      { err: error },
      `rate limits: ${where} does not answer; counting in this instance's memory until it does`,
    );
  };
}

/** `shared` while it answers in time, `fallback` (this process's memory) while it does not. */
export function withFallback(
  shared: Counters,
  fallback: Counters,
  warn: (error: unknown) => void,
): Counters {
  const attempt = <T>(run: (counters: Counters) => Promise<T>, what: string): Promise<T> =>
    withTimeout(run(shared), what).catch((error: unknown) => {
      warn(error);
      return run(fallback);
    });
  return {
    increment: (key, windowMs, amount) =>
      attempt((c) => c.increment(key, windowMs, amount), 'a count'),
    read: (key) => attempt((c) => c.read(key), 'a read'),
    decrement: (key, amount) => attempt((c) => c.decrement(key, amount), 'a decrement'),
    delete: (key) => attempt((c) => c.delete(key), 'a delete'),
  };
}

/** @fastify/rate-limit's store interface over Counters (the PostgreSQL table). */
function countersStore(counters: Counters): FastifyRateLimitStoreCtor {
  class CountersStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      counters.increment(key, timeWindow).then(
        (result) => callback(null, { current: result.count, ttl: result.ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(): CountersStore {
      return this;
    }
  }
  return CountersStore;
}

export interface SharedLimits {
  /** Counters every instance shares (with the memory fallback), for limits beyond addresses. */
  counters: Counters;
  /**
   * For the address limits when the shared store fails: this process's memory. Without a shared
   * store it is the only store, and `counters` is this same object.
   */
  fallback: MemoryCounters;
  /** Whether the counts live in another process (Redis, the database) that may fail or lag. */
  remote: boolean;
  describe: string;
}

/**
 * Registers @fastify/rate-limit without a global limit (only AUTH and AI are limited, docs/api.md
 * "Rate limits"), on the shared store: its own Redis store when REDIS_URL is set, else the
 * database's counters when given (PostgreSQL). With neither, every count is in this process's
 * memory and the plugin is not needed (addressLimit). The client address is `request.ip`, which
 * honours X-Forwarded-For only when TRUST_PROXY is set (buildApp).
 */
export async function registerRateLimits(
  app: FastifyInstance,
  config: Config,
  databaseCounters: Counters | undefined,
): Promise<SharedLimits> {
  const fallback = memoryCounters();
  const common = {
    global: false,
    skipOnError: false,
    errorResponseBuilder: (_request: FastifyRequest, context: { ttl: number }) =>
      rateLimitedError(context.ttl / 1000),
  };
  if (config.redisUrl !== undefined) {
    const client = new Redis(config.redisUrl, {
      connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
      commandTimeout: SHARED_COUNT_TIMEOUT_MS,
      // While disconnected a command fails at once (and memory counts) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      retryStrategy: (attempt) => Math.min(attempt * 200, REDIS_RECONNECT_MAX_DELAY_MS),
    });
    const warn = fallbackWarner(app.log, 'Redis');
    // ioredis reports each failed reconnection as an 'error' event; an unheard one would crash.
    client.on('error', warn);
    app.addHook('onClose', async () => {
      client.disconnect();
    });
    await app.register(rateLimit, {
      ...common,
      redis: client,
      nameSpace: `${REDIS_KEY_PREFIX}rl:`,
    });
    return {
      counters: withFallback(redisCounters(client), fallback, warn),
      fallback,
      remote: true,
      describe: 'Redis',
    };
  }
  if (databaseCounters !== undefined) {
    await app.register(rateLimit, { ...common, store: countersStore(databaseCounters) });
    return {
      counters: withFallback(databaseCounters, fallback, fallbackWarner(app.log, 'the database')),
      fallback,
      remote: true,
      describe: 'the database',
    };
  }
  return { counters: fallback, fallback, remote: false, describe: 'memory' };
}

/**
 * The address a per-address limit counts: an IPv6 client by its /64, the block one household or
 * one server is given and may spread over freely, so a limit is not multiplied by 2^64; IPv4
 * (and IPv4 written as IPv6) as itself.
 */
export function addressKeyOf(ip: string): string {
  return keyOfAddress(withoutPort(ip));
}

/**
 * Some proxies write the client's port into X-Forwarded-For (`203.0.113.8:40001`,
 * `[2001:db8::9]:40001`); read whole, each connection would be an address of its own.
 */
function withoutPort(ip: string): string {
  if (isIP(ip) !== 0) return ip;
  const v4 = /^(\d{1,3}(?:\.\d{1,3}){3}):\d{1,5}$/.exec(ip)?.[1];
  if (v4 !== undefined && isIP(v4) === 4) return v4;
  const v6 = /^\[([^\]]+)\](?::\d{1,5})?$/.exec(ip)?.[1];
  if (v6 !== undefined && isIP(v6.split('%')[0] ?? '') === 6) return v6;
  return ip;
}

/**
 * One key for every spelling of an address a proxy may write: IPv4 with leading zeros
 * (`010.001.000.001`), IPv4 inside IPv6 as dotted or as hex (`::ffff:a01:1`), and IPv6 with
 * or without its zeros, so no spelling is a fresh budget.
 */
function keyOfAddress(ip: string): string {
  const mapped = /^(?:0{0,4}:){0,5}:?ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return keyOfAddress(mapped[1]);
  if (!ip.includes(':')) {
    const octets = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(ip)?.slice(1).map(Number);
    return octets?.every((octet) => octet <= 255) ? octets.join('.') : ip;
  }
  const [head = '', tail] = ip.toLowerCase().split('%')[0]?.split('::') ?? [''];
  const front = head === '' ? [] : head.split(':');
  const back = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? front
      : [
          ...front,
          ...Array<string>(Math.max(0, 8 - front.length - back.length)).fill('0'),
          ...back,
        ];
  const hex = groups.map((group) => parseInt(group, 16));
  if (groups.length === 8 && hex.slice(0, 5).every((n) => n === 0) && hex[5] === 0xffff) {
    const [high = 0, low = 0] = hex.slice(6);
    return [high >> 8, high & 255, low >> 8, low & 255].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

export function clientKeyOf(request: FastifyRequest): string {
  return addressKeyOf(request.ip);
}

/**
 * The network around an address key: an IPv6 /64's /48, the most one site is commonly given
 * (one host may hold a routed /56 and spread over 256 /64s, each a fresh per-address budget).
 * IPv4 has none: each address costs its holder.
 */
export function networkKeyOf(addressKey: string): string | undefined {
  if (!addressKey.endsWith('::/64')) return undefined;
  return `${addressKey.split(':').slice(0, 3).join(':')}::/48`;
}

/**
 * Counts `amount` of a window's budget for the client's address, and for its IPv6 /48 at
 * `perNetwork` addresses' worth, refusing with 429 past either (`family:address` and
 * `family-network:network`). Refused for its network, the address keeps what it did not get.
 */
export async function countForAddressAndNetwork(
  counters: Counters,
  request: FastifyRequest,
  count: {
    family: string;
    windowMs: number;
    amount: number;
    limit: number;
    perNetwork: number;
    message: string;
  },
): Promise<void> {
  const { family, windowMs, amount, limit, perNetwork, message } = count;
  const address = `${family}:${clientKeyOf(request)}`;
  const counted = await counters.increment(address, windowMs, amount);
  if (counted.count > limit) throw rateLimitedError(counted.ttlMs / 1000, message);
  const network = networkKeyOf(clientKeyOf(request));
  if (network === undefined) return;
  const ours = await counters.increment(`${family}-network:${network}`, windowMs, amount);
  if (ours.count > limit * perNetwork) {
    await counters.decrement(address, amount);
    throw rateLimitedError(ours.ttlMs / 1000, message);
  }
}

/**
 * One limit per client address through @fastify/rate-limit (so its Redis store counts it when
 * REDIS_URL is set), falling back to memory while the shared store fails or is slow. Without a
 * shared store it counts in memory directly and answers at once: the plugin's promise chain,
 * argument arrays and its own LRU cost about 15% of the CPU of a POST /api/format on the rules
 * path, for the same fixed-window count and the same 429 (ADR 016).
 */
export function addressLimit(
  app: FastifyInstance,
  shared: SharedLimits,
  name: string,
  max: number,
  /** What the limit counts by, the client's address unless said; undefined counts nothing. */
  clientOf: (request: FastifyRequest) => string | undefined = clientKeyOf,
): (request: FastifyRequest) => void | Promise<void> {
  const keyOf = (request: FastifyRequest) => `${name}:${clientOf(request) ?? ''}`;
  if (!shared.remote) {
    const memory = shared.fallback;
    return (request) => {
      if (clientOf(request) === undefined) return;
      const counted = memory.incrementNow(keyOf(request), ONE_MINUTE_MS);
      if (counted.count > max) throw rateLimitedError(counted.ttlMs / 1000);
    };
  }
  const limiter = app.createRateLimit({ max, timeWindow: ONE_MINUTE_MS, keyGenerator: keyOf });
  const count = (request: FastifyRequest) => withTimeout(limiter(request), 'a count');
  const warn = fallbackWarner(app.log, shared.describe);
  return async (request) => {
    if (clientOf(request) === undefined) return;
    let exceeded: boolean;
    let retryAfterSeconds: number;
    try {
      const result = await count(request);
      exceeded = !result.isAllowed && result.isExceeded;
      retryAfterSeconds = result.isAllowed ? 0 : result.ttlInSeconds;
    } catch (error) {
      warn(error);
      const counted = await shared.fallback.increment(keyOf(request), ONE_MINUTE_MS);
      exceeded = counted.count > max;
      retryAfterSeconds = counted.ttlMs / 1000;
    }
    if (exceeded) throw rateLimitedError(retryAfterSeconds);
  };
}

/**
 * One limit counted twice: per client address at `max`, and per IPv6 /48 at `perNetwork`
 * addresses' worth (`name-network`). A host with a routed /56 holds 256 /64s, each a fresh
 * per-address budget; the network's count makes them one household's few.
 */
export function addressAndNetworkLimit(
  app: FastifyInstance,
  shared: SharedLimits,
  name: string,
  max: number,
  perNetwork: number,
): (request: FastifyRequest) => Promise<void> {
  const byAddress = addressLimit(app, shared, `${name}-address`, max);
  const byNetwork = addressLimit(app, shared, `${name}-network`, max * perNetwork, (request) =>
    networkKeyOf(clientKeyOf(request)),
  );
  return async (request) => {
    await byAddress(request);
    await byNetwork(request);
  };
}
