import { randomFillSync } from 'node:crypto';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  preValidationAsyncHookHandler,
} from 'fastify';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';
import { guestIdOf } from './sessions.js';

/**
 * Rate limits that hold across instances (ADR 070). Every count lives in one place all
 * instances share: Redis when REDIS_URL is set, else the PostgreSQL table app.ts hands in as
 * `Counters`, else (SQLite: one process is the deployment) this process's memory. When the
 * shared place fails or is slow, counting falls back to this process's memory: limits still
 * apply, per instance, and no request fails because the counter store is down.
 */

const ONE_MINUTE_MS = 60_000;
/** How long one count may take in Redis or PostgreSQL before memory answers instead. */
export const SHARED_COUNT_TIMEOUT_MS = 500;
const REDIS_CONNECT_TIMEOUT_MS = 2_000;
const REDIS_RECONNECT_MAX_DELAY_MS = 2_000;
const FALLBACK_WARNING_INTERVAL_MS = 30_000;
const REDIS_KEY_PREFIX = 'voice-ideas:';

function rateLimitedError(retryAfterSeconds: number, what = 'Too many requests.'): HttpError {
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
  /** Takes one away (never below zero) without moving the window. */
  decrement(key: string): Promise<void>;
  delete(key: string): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

/** The most keys tracked in memory at once; the oldest are forgotten first. */
const MEMORY_MAX_KEYS = 100_000;

/** Counters in this process's memory, which also answer at once, without a promise. */
export interface MemoryCounters extends Counters {
  incrementNow(key: string, windowMs: number, amount?: number): Count;
}

export function memoryCounters(now: () => number = Date.now): MemoryCounters {
  const windows = new LRUCache<string, Window>({ max: MEMORY_MAX_KEYS });
  const current = (key: string) => {
    const window = windows.get(key);
    return window === undefined || window.endsAt <= now() ? undefined : window;
  };
  const incrementNow = (key: string, windowMs: number, amount = 1): Count => {
    let window = current(key);
    if (window === undefined) {
      window = { count: 0, endsAt: now() + windowMs };
      windows.set(key, window);
    }
    window.count += amount;
    return { count: window.count, ttlMs: window.endsAt - now() };
  };
  const readNow = (key: string): Count | undefined => {
    const window = current(key);
    return window === undefined ? undefined : { count: window.count, ttlMs: window.endsAt - now() };
  };
  return {
    incrementNow,
    increment: (key, windowMs, amount) => Promise.resolve(incrementNow(key, windowMs, amount)),
    read: (key) => Promise.resolve(readNow(key)),
    decrement(key) {
      const window = current(key);
      if (window !== undefined && window.count > 0) window.count -= 1;
      return Promise.resolve();
    },
    delete(key) {
      windows.delete(key);
      return Promise.resolve();
    },
  };
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
if count and count > 0 then redis.call('DECR', KEYS[1]) end
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
    async decrement(key) {
      await client.eval(REDIS_DECREMENT, 1, REDIS_KEY_PREFIX + key);
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
    decrement: (key) => attempt((c) => c.decrement(key), 'a decrement'),
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
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1] !== undefined) return mapped[1];
  if (!ip.includes(':')) return ip;
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
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

function clientKeyOf(request: FastifyRequest): string {
  return addressKeyOf(request.ip);
}

/**
 * One limit per client address through @fastify/rate-limit (so its Redis store counts it when
 * REDIS_URL is set), falling back to memory while the shared store fails or is slow. Without a
 * shared store it counts in memory directly and answers at once: the plugin's promise chain,
 * argument arrays and its own LRU cost about 15% of the CPU of a POST /api/format on the rules
 * path, for the same fixed-window count and the same 429 (ADR 016).
 */
function addressLimit(
  app: FastifyInstance,
  shared: SharedLimits,
  name: string,
  max: number,
): (request: FastifyRequest) => void | Promise<void> {
  const keyOf = (request: FastifyRequest) => `${name}:${clientKeyOf(request)}`;
  if (!shared.remote) {
    const memory = shared.fallback;
    return (request) => {
      const counted = memory.incrementNow(keyOf(request), ONE_MINUTE_MS);
      if (counted.count > max) throw rateLimitedError(counted.ttlMs / 1000);
    };
  }
  const limiter = app.createRateLimit({ max, timeWindow: ONE_MINUTE_MS, keyGenerator: keyOf });
  const count = (request: FastifyRequest) => withTimeout(limiter(request), 'a count');
  const warn = fallbackWarner(app.log, shared.describe);
  return async (request) => {
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

export interface AuthRateLimits {
  /** Counts one call for the client address; every AUTH call shares this bucket. */
  byAddress: preHandlerAsyncHookHandler;
  /**
   * The same count, for a handler that answers an exceeded limit its own way (a sign-in link
   * opened by a browser lands on a page, never on a JSON 429): whether the call is over it.
   */
  isOverAddressLimit(request: FastifyRequest): Promise<boolean>;
  /** Password guessing against one account, counted by e-mail and address together. */
  passwordGuesses: PasswordGuessThrottle;
}

/** The AUTH limit: RATE_LIMIT_AUTH_PER_MIN per minute and address, across all instances. */
export function createAuthRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): AuthRateLimits {
  const perMinute = config.rateLimits.authPerMinute;
  const byAddress = addressLimit(app, shared, 'auth-address', perMinute);
  return {
    byAddress: async (request) => byAddress(request),
    async isOverAddressLimit(request) {
      try {
        await byAddress(request);
        return false;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return true;
        throw error;
      }
    },
    passwordGuesses: new PasswordGuessThrottle(perMinute, shared.counters),
  };
}

const ONE_HOUR_MS = 60 * ONE_MINUTE_MS;

/**
 * The state-changing routes that are not counted as saves, each with what holds it instead.
 * Every other POST, PUT, PATCH and DELETE is counted (countWritesAsSaves), so a new route that
 * writes cannot be left out by forgetting it.
 */
export const NOT_COUNTED_AS_SAVES: Readonly<Record<string, string>> = {
  'POST /api/register': 'the AUTH limit',
  'POST /api/login': 'the AUTH limit and the password-guess count',
  'POST /api/auth/magic': 'the AUTH limit',
  'POST /api/auth/forgot-password': 'the AUTH limit',
  'POST /api/auth/reset-password': 'the AUTH limit',
  'POST /api/auth/claim': 'the AUTH limit',
  'DELETE /api/account': 'the AUTH limit and the password-guess count',
  'POST /api/billing/create-checkout-session': 'the AUTH limit',
  // The billing provider's calls come from its own few addresses, for every customer at once.
  'POST /api/billing/webhook': 'its signature',
  'POST /api/transcribe': 'the AI limit; it stores nothing',
  'POST /api/format': 'the AI limit; it stores nothing',
  'POST /api/infer-format-category': 'the AI limit; it stores nothing',
  // One upload is many PATCHes of up to a chunk each; its bytes are what is limited (ADR 106).
  'PATCH /api/uploads/:id': 'the recordings bytes an hour per address',
};

const STATE_CHANGING_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Routes that always act for the guest of X-Guest-Id, whether or not a session comes along. */
function isGuestRoute(url: string): boolean {
  return url.startsWith('/api/guest-');
}

export interface SaveRateLimits {
  /**
   * One save for the client address and, when the request acts as a guest (a guest route, or
   * no session), the guest id's admission under the new-guests cap.
   */
  countWrite(request: FastifyRequest, guestRoute: boolean): Promise<void>;
}

/**
 * Saves: RATE_LIMIT_SAVES_PER_MIN per minute and address, guests and accounts alike, whatever
 * the guest id, for every route that writes. A guest id is the browser's to make up, so a
 * script could otherwise spread its writes over fresh guests, each with its own monthly quota
 * and its own rows: an address may bring at most RATE_LIMIT_NEW_GUESTS_PER_HOUR guest ids it has
 * not written with in the last hour. A guest the address already wrote with is never refused by
 * that cap, so the person whose browser keeps its id is not locked out by a script on the same
 * network making new ones. The text those writes carry is counted too: at most
 * RATE_LIMIT_TEXT_BYTES_PER_HOUR per address and hour, in KiB so that a window's count stays far
 * inside the PostgreSQL table's integer, because within the other limits one address could
 * otherwise grow the database by most of a GiB an hour (ADR 129). All counts are the shared
 * ones (ADR 070).
 */
export function createSaveRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): SaveRateLimits {
  const save = addressLimit(app, shared, 'save-address', config.rateLimits.savesPerMinute);
  const newGuestsPerHour = config.rateLimits.newGuestsPerHour;
  const admitGuest = async (request: FastifyRequest) => {
    const guestId = guestIdOf(request);
    // The route answers 400 for a missing or malformed id; nothing to count for it.
    if (guestId === null) return;
    const seen = `guest-seen:${clientKeyOf(request)}:${guestId}`;
    if ((await shared.counters.read(seen)) !== undefined) return;
    const fresh = await shared.counters.increment(
      `new-guests:${clientKeyOf(request)}`,
      ONE_HOUR_MS,
    );
    if (fresh.count > newGuestsPerHour) {
      throw rateLimitedError(fresh.ttlMs / 1000, 'Too many new guests from this network.');
    }
    await shared.counters.increment(seen, ONE_HOUR_MS);
  };
  const textBudgetKib = Math.floor(config.rateLimits.textBytesPerHour / 1024);
  const countText = async (request: FastifyRequest) => {
    const bytes = textBytesOf(request.body);
    if (bytes === 0) return;
    const counted = await shared.counters.increment(
      `text-bytes:${clientKeyOf(request)}`,
      ONE_HOUR_MS,
      Math.ceil(bytes / 1024),
    );
    if (counted.count > textBudgetKib) {
      throw rateLimitedError(counted.ttlMs / 1000, 'Too much text from this network this hour.');
    }
  };
  return {
    async countWrite(request, guestRoute) {
      await save(request);
      if (guestRoute || request.user === null) await admitGuest(request);
      await countText(request);
    },
  };
}

/**
 * The UTF-8 bytes of every string in a parsed JSON body (at most the body limit's worth): the
 * text a write may store, whatever field it is in. Counted before the route stores anything,
 * so parallel writes cannot race past the budget.
 */
export function textBytesOf(body: unknown): number {
  // A loop, not recursion: a 64 KiB body can nest arrays 30,000 deep, past the call stack.
  let bytes = 0;
  const pending: unknown[] = [body];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') bytes += Buffer.byteLength(value, 'utf8');
    else if (typeof value === 'object' && value !== null && !Buffer.isBuffer(value)) {
      for (const inner of Array.isArray(value) ? value : Object.values(value)) pending.push(inner);
    }
  }
  return bytes;
}

/**
 * Counts every state-changing /api/ route as a save (unless NOT_COUNTED_AS_SAVES names it),
 * decided once as each route is registered, so it must be added before the routes are. It
 * counts before the body is validated: a stream of refused bodies costs the same parsing as
 * accepted ones, and the count does not depend on how each route checks its input.
 */
export function countWritesAsSaves(app: FastifyInstance, limits: SaveRateLimits): void {
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = [route.method].flat().filter((method) => STATE_CHANGING_METHODS.has(method));
    if (methods.length === 0) return;
    const counted = methods.filter((method) => !(`${method} ${route.url}` in NOT_COUNTED_AS_SAVES));
    if (counted.length === 0) return;
    const guestRoute = isGuestRoute(route.url);
    const count: preValidationAsyncHookHandler = async (request) => {
      if (counted.includes(request.method)) await limits.countWrite(request, guestRoute);
    };
    const existing = route.preValidation;
    route.preValidation = existing === undefined ? [count] : [...[existing].flat(), count];
  });
}

export interface RecordingRateLimits {
  /** An upload begun or a recording sent again: one of RATE_LIMIT_AI_PER_MIN a minute. */
  sendsForTranscription: preHandlerAsyncHookHandler;
  /**
   * Counts `bytes` of recording arriving from the client address (announced by a new upload,
   * or a deferred upload's next PATCH) and throws the 429 when they take the address past
   * RECORDING_BYTES_PER_HOUR; counted before they are stored, so parallel uploads cannot race
   * past it.
   */
  reserveBytes(request: FastifyRequest, bytes: number): Promise<void>;
}

/**
 * Recordings sent for transcription (a tus upload begun, POST /api/recordings/:id/transcribe):
 * RATE_LIMIT_AI_PER_MIN per minute and address, in a bucket of their own beside the AI one,
 * whose routes docs/api.md names. Without it one client queued whisper work without end. The
 * bytes are counted too, per address and hour, whatever guest id they name: a guest id costs
 * nothing, so the per-owner caps alone let one address store without end (ADR 106). They are
 * counted in KiB, so a window's count stays far inside the PostgreSQL table's integer.
 */
export function createRecordingRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): RecordingRateLimits {
  const byAddress = addressLimit(app, shared, 'recording-address', config.rateLimits.aiPerMinute);
  const budgetKib = Math.floor(config.recordings.bytesPerHourPerAddress / 1024);
  return {
    sendsForTranscription: async (request) => byAddress(request),
    async reserveBytes(request, bytes) {
      if (bytes <= 0) return;
      const kib = Math.ceil(bytes / 1024);
      const counted = await shared.counters.increment(
        `recording-bytes:${clientKeyOf(request)}`,
        ONE_HOUR_MS,
        kib,
      );
      if (counted.count > budgetKib) {
        throw rateLimitedError(
          counted.ttlMs / 1000,
          'Too many recordings from this network this hour.',
        );
      }
    },
  };
}

/** The request header that names the recording an AI call belongs to (ADR 071). */
export const RECORDING_TOKEN_HEADER = 'recording-token';
/** A recording's follow-up calls (infer, then format) within this time cost nothing more. */
const RECORDING_WINDOW_MS = 5 * ONE_MINUTE_MS;
const RECORDING_FOLLOW_UPS = 2;
const RECORDING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{22}$/;
const RECORDING_TOKEN_BYTES = 16;
const RECORDING_TOKENS_PER_FILL = 256;

/**
 * New recording tokens, 128 random bits each, cut from one buffer the CSPRNG refills every 256
 * tokens: a randomBytes call per token cost a call into OpenSSL and a getpid system call on every
 * counted AI call. No bytes are ever handed out twice.
 */
function recordingTokenSource(): () => string {
  const pool = Buffer.alloc(RECORDING_TOKEN_BYTES * RECORDING_TOKENS_PER_FILL);
  let offset = pool.length;
  return () => {
    if (offset === pool.length) {
      randomFillSync(pool);
      offset = 0;
    }
    const token = pool.toString('base64url', offset, offset + RECORDING_TOKEN_BYTES);
    offset += RECORDING_TOKEN_BYTES;
    return token;
  };
}

export interface AiRateLimits {
  /** POST /api/transcribe: spends a unit and names a new recording in the reply. */
  startsRecording: preHandlerAsyncHookHandler;
  /** Format and infer: free for a named recording's follow-ups, else as startsRecording. */
  continuesRecording: preHandlerAsyncHookHandler;
  /** Reformat: one unit, no recording. */
  oneCall: preHandlerAsyncHookHandler;
}

/**
 * The AI limit: RATE_LIMIT_AI_PER_MIN units per minute and address, one budget for every AI
 * route, across all instances. A unit is a recording, not a route (ADR 071): the call that
 * spends it answers with a Recording-Token header, and up to RECORDING_FOLLOW_UPS later format
 * or infer calls from the same address that send it back within five minutes are not counted
 * again. The token is random and only its use count is stored, keyed with the address, so a
 * copied or guessed token from another address buys nothing.
 */
export function createAiRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): AiRateLimits {
  const spend = addressLimit(app, shared, 'ai-address', config.rateLimits.aiPerMinute);
  const recordingKey = (request: FastifyRequest, token: string) =>
    `recording:${clientKeyOf(request)}:${token}`;
  const newToken = recordingTokenSource();

  const startRecording = async (request: FastifyRequest, reply: FastifyReply) => {
    await spend(request);
    const token = newToken();
    await shared.counters.increment(recordingKey(request, token), RECORDING_WINDOW_MS);
    void reply.header(RECORDING_TOKEN_HEADER, token);
  };

  const isFollowUp = async (request: FastifyRequest, token: string) => {
    const key = recordingKey(request, token);
    // Read first so that a made-up token leaves nothing behind in the store.
    if ((await shared.counters.read(key)) === undefined) return false;
    const uses = await shared.counters.increment(key, RECORDING_WINDOW_MS);
    return uses.count >= 2 && uses.count <= 1 + RECORDING_FOLLOW_UPS;
  };

  return {
    startsRecording: startRecording,
    continuesRecording: async (request, reply) => {
      // Most calls carry no token (a typed idea, say): no lookup and no extra promise for them.
      const token = request.headers[RECORDING_TOKEN_HEADER];
      const named = typeof token === 'string' && RECORDING_TOKEN_PATTERN.test(token);
      if (named && (await isFollowUp(request, token))) return;
      await startRecording(request, reply);
    },
    oneCall: async (request) => spend(request),
  };
}

/**
 * While an account is under attack, how many wrong passwords one address may still send for it
 * in a window: enough for its owner to mistype twice, few enough that an attacker needs a new
 * address every three guesses.
 */
const GUESSES_PER_ADDRESS_UNDER_ATTACK = 3;

/**
 * Slows password guessing without handing an attacker a way to lock the owner out. A limit per
 * e-mail alone does exactly that: ten wrong passwords from anywhere and the owner's right one
 * from home is refused too. So failures are counted per e-mail and address: each address gets
 * `perMinute` wrong passwords for an account, and once the account has had `perMinute` failures
 * from all addresses together it is under attack and every address gets only
 * GUESSES_PER_ADDRESS_UNDER_ATTACK. An address that has not failed for the account, such as the
 * owner's, is never refused by this throttle (the per-address limit still applies). The counts
 * are the shared ones, so every instance sees every failure.
 */
export class PasswordGuessThrottle {
  constructor(
    private readonly perMinute: number,
    private readonly counters: Counters,
  ) {}

  /**
   * Throws the 429 when this address may not try a password for this e-mail now; otherwise
   * counts the attempt as a failure at once, before the password is checked, so that parallel
   * guesses cannot all pass the check while the first are still being verified.
   */
  async begin(email: string, address: string): Promise<void> {
    const account = await this.counters.read(accountKey(email));
    const underAttack = (account?.count ?? 0) >= this.perMinute;
    const allowed = underAttack ? GUESSES_PER_ADDRESS_UNDER_ATTACK : this.perMinute;
    // Counted before it is judged: of parallel attempts, each sees the others' counts.
    const mine = await this.counters.increment(pairKey(email, address), ONE_MINUTE_MS);
    if (mine.count > allowed) throw rateLimitedError(mine.ttlMs / 1000);
    await this.counters.increment(accountKey(email), ONE_MINUTE_MS);
  }

  /** The right password: the attempt was no failure, and this address's failures are cleared. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.counters.delete(pairKey(email, address));
    await this.counters.decrement(accountKey(email));
  }
}

function accountKey(email: string): string {
  return `account:${email.toLowerCase()}`;
}

function pairKey(email: string, address: string): string {
  return `pair:${email.toLowerCase()}\n${address}`;
}
