import { randomFillSync } from 'node:crypto';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
} from 'fastify';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';
import {
  addressAndNetworkLimit,
  clientKeyOf,
  networkKeyOf,
  ONE_MINUTE_MS,
  rateLimitedError,
  type Counters,
  type SharedLimits,
} from './rate-limit-counters.js';

/**
 * The AUTH and AI limits per client address, and the password-guess throttle, all on the shared
 * counts of rate-limit-counters.ts (ADR 070). Saves and the text budget: save-rate-limits.ts;
 * recordings and their bytes: recording-rate-limits.ts.
 */

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

/**
 * /64s of one IPv6 /48 that may each use the whole AUTH limit in the same minute: a household's
 * few devices and then some; a host with a routed /56 had 256 fresh budgets, about 2,500
 * password hashes a minute.
 */
const AUTH_ADDRESSES_PER_NETWORK = 8;

/**
 * The AUTH limit: RATE_LIMIT_AUTH_PER_MIN per minute and address, and eight times that per IPv6
 * /48, across all instances.
 */
export function createAuthRateLimits(
  app: FastifyInstance,
  config: Config,
  shared: SharedLimits,
): AuthRateLimits {
  const perMinute = config.rateLimits.authPerMinute;
  const both = addressAndNetworkLimit(app, shared, 'auth', perMinute, AUTH_ADDRESSES_PER_NETWORK);
  return {
    byAddress: both,
    async isOverAddressLimit(request) {
      try {
        await both(request);
        return false;
      } catch (error) {
        if (error instanceof HttpError && error.statusCode === 429) return true;
        throw error;
      }
    },
    passwordGuesses: new PasswordGuessThrottle(perMinute, shared.counters),
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
 * /64s of one IPv6 /48 that may each spend the whole AI limit in the same minute: each call may
 * cost the operator a paid model, and a routed /56 made 256 budgets of it.
 */
const AI_ADDRESSES_PER_NETWORK = 8;

/**
 * The AI limit: RATE_LIMIT_AI_PER_MIN units per minute and address, and eight times that per
 * IPv6 /48, one budget for every AI route, across all instances. A unit is a recording, not a route (ADR 071): the call that
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
  const spend = addressAndNetworkLimit(
    app,
    shared,
    'ai',
    config.rateLimits.aiPerMinute,
    AI_ADDRESSES_PER_NETWORK,
  );
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
 * While an account is under attack, wrong passwords for it from one IPv6 /48 together: two
 * addresses' worth, so a routed /56 or /48 is one attacker, not hundreds.
 */
const GUESSES_PER_NETWORK_UNDER_ATTACK = 2 * GUESSES_PER_ADDRESS_UNDER_ATTACK;

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
    const network = networkKeyOf(address);
    if (underAttack && network !== undefined) {
      const ours = await this.counters.increment(pairKey(email, network), ONE_MINUTE_MS);
      if (ours.count > GUESSES_PER_NETWORK_UNDER_ATTACK) throw rateLimitedError(ours.ttlMs / 1000);
    }
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
