import type { FastifyInstance, preHandlerAsyncHookHandler, RouteShorthandOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { LRUCache } from 'lru-cache';
import type { Config } from '../config.js';
import { HttpError } from './errors.js';

const ONE_MINUTE_MS = 60_000;

function rateLimitedError(retryAfterSeconds: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return new HttpError(
    429,
    'rate_limited',
    `Too many requests. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Registers @fastify/rate-limit without a global limit: only the routes that ask for one are
 * limited (AUTH and AI in docs/api.md, "Rate limits"). The client address is `request.ip`,
 * which honours X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy option, set
 * in buildApp).
 */
export async function registerRateLimits(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) => rateLimitedError(context.ttl / 1000),
  });
}

/**
 * Route config for the AI calls (transcribe, format, infer, reformat): RATE_LIMIT_AI_PER_MIN per
 * client address and route. Each route counts on its own (the in-memory store is per route), so
 * one recording's transcribe + infer + format uses one unit of three budgets, not three of one.
 */
export function aiRateLimit(config: Config): RouteShorthandOptions['config'] {
  return { rateLimit: { max: config.rateLimits.aiPerMinute, timeWindow: ONE_MINUTE_MS } };
}

export interface AuthRateLimits {
  /** Counts one call for the client address; every AUTH call shares this bucket. */
  byAddress: preHandlerAsyncHookHandler;
  /** Password guessing against one account, counted by e-mail and address together. */
  passwordGuesses: PasswordGuessThrottle;
}

/**
 * The AUTH limit (RATE_LIMIT_AUTH_PER_MIN per minute and address), built on createRateLimit
 * rather than route config so the same bucket can also be checked from handlers.
 */
export function createAuthRateLimits(app: FastifyInstance, config: Config): AuthRateLimits {
  const perMinute = config.rateLimits.authPerMinute;
  const addressLimiter = app.createRateLimit({
    max: perMinute,
    timeWindow: ONE_MINUTE_MS,
    keyGenerator: (request) => `auth-address:${request.ip}`,
  });
  return {
    byAddress: async (request) => {
      const result = await addressLimiter(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimitedError(result.ttlInSeconds);
    },
    passwordGuesses: new PasswordGuessThrottle(perMinute),
  };
}

/** The most addresses and accounts tracked at once; the oldest are forgotten first. */
const GUESS_TRACKING_MAX_KEYS = 100_000;
/**
 * While an account is under attack, how many wrong passwords one address may still send for it
 * in a window: enough for its owner to mistype twice, few enough that an attacker needs a new
 * address every three guesses.
 */
const GUESSES_PER_ADDRESS_UNDER_ATTACK = 3;

interface Window {
  count: number;
  endsAt: number;
}

/**
 * Slows password guessing without handing an attacker a way to lock the owner out. A limit per
 * e-mail alone does exactly that: ten wrong passwords from anywhere and the owner's right one
 * from home is refused too. So failures are counted per e-mail and address: each address gets
 * `perMinute` wrong passwords for an account, and once the account has had `perMinute` failures
 * from all addresses together it is under attack and every address gets only
 * GUESSES_PER_ADDRESS_UNDER_ATTACK. An address that has not failed for the account, such as the
 * owner's, is never refused by this throttle (the per-address limit still applies).
 *
 * Counts live in this process's memory, like the route limits; a deployment of several
 * instances multiplies them by the instance count.
 */
export class PasswordGuessThrottle {
  private readonly windows = new LRUCache<string, Window>({ max: GUESS_TRACKING_MAX_KEYS });

  constructor(
    private readonly perMinute: number,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Throws the 429 when this address may not try a password for this e-mail now; otherwise
   * counts the attempt as a failure at once, before the password is checked, so that parallel
   * guesses cannot all pass the check while the first are still being verified.
   */
  begin(email: string, address: string): void {
    const mine = this.current(pairKey(email, address));
    if (mine !== undefined) {
      const underAttack = (this.current(accountKey(email))?.count ?? 0) >= this.perMinute;
      const allowed = underAttack ? GUESSES_PER_ADDRESS_UNDER_ATTACK : this.perMinute;
      if (mine.count >= allowed) throw rateLimitedError((mine.endsAt - this.now()) / 1000);
    }
    this.bump(pairKey(email, address));
    this.bump(accountKey(email));
  }

  /** The right password: the attempt was no failure, and this address's failures are cleared. */
  succeeded(email: string, address: string): void {
    this.windows.delete(pairKey(email, address));
    const account = this.current(accountKey(email));
    if (account !== undefined && account.count > 0) account.count -= 1;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window === undefined || window.endsAt <= this.now()) return undefined;
    return window;
  }

  private bump(key: string): void {
    const window = this.current(key);
    if (window === undefined) {
      this.windows.set(key, { count: 1, endsAt: this.now() + ONE_MINUTE_MS });
    } else {
      window.count += 1;
    }
  }
}

function accountKey(email: string): string {
  return `account:${email.toLowerCase()}`;
}

function pairKey(email: string, address: string): string {
  return `pair:${email.toLowerCase()}\n${address}`;
}
