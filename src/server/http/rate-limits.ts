import type {
  FastifyInstance,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import rateLimit from '@fastify/rate-limit';
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
 * limited (AUTH and AI in API.md). The client address is `request.ip`, which honours
 * X-Forwarded-For only when TRUST_PROXY is set (Fastify's trustProxy option, set in buildApp).
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
  /** Counts one sign-in attempt for the client address; every AUTH call shares this bucket. */
  byAddress: preHandlerAsyncHookHandler;
  /** Counts one attempt for the e-mail in the body, so one account cannot be hammered from many addresses. */
  byEmail: (email: (request: FastifyRequest) => string | undefined) => preHandlerAsyncHookHandler;
}

/**
 * The AUTH limits (RATE_LIMIT_AUTH_PER_MIN per minute, per address and per e-mail). Built on
 * createRateLimit rather than route config because a route config allows one limit per
 * request, and sign-in needs two keys.
 */
export function createAuthRateLimits(app: FastifyInstance, config: Config): AuthRateLimits {
  const options = { max: config.rateLimits.authPerMinute, timeWindow: ONE_MINUTE_MS };
  const addressLimiter = app.createRateLimit({
    ...options,
    keyGenerator: (request) => `auth-address:${request.ip}`,
  });
  const emailLimiter = app.createRateLimit({
    ...options,
    keyGenerator: (request) => `auth-email:${emailOf(request) ?? ''}`,
  });
  const emailGetters = new WeakMap<FastifyRequest, string | undefined>();
  function emailOf(request: FastifyRequest): string | undefined {
    return emailGetters.get(request);
  }

  return {
    byAddress: async (request) => {
      const result = await addressLimiter(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimitedError(result.ttlInSeconds);
    },
    byEmail: (email) => async (request) => {
      const value = email(request);
      if (!value) return;
      emailGetters.set(request, value.toLowerCase());
      const result = await emailLimiter(request);
      if (!result.isAllowed && result.isExceeded) throw rateLimitedError(result.ttlInSeconds);
    },
  };
}
