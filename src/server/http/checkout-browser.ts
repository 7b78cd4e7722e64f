import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isServedOverHttps } from './security.js';

/**
 * The browser a checkout or a sign-in link was asked for from (docs/api.md, "Identity"; ADR 100,
 * ADR 102). Asking sets an HttpOnly cookie holding a random key; the claim token or link is
 * stored with a hash of that key, and what only the asking browser may have (being signed in by
 * a claim, its guest ideas moving with a link) is granted only with the same cookie. A claim or
 * link opened anywhere else moves nothing of that browser.
 *
 * One key per browser, kept for as long as its tokens live: a person who starts a second
 * checkout or asks for a second link can still use either.
 */
export const CHECKOUT_BROWSER_COOKIE = 'vi_checkout';
export const SIGN_IN_BROWSER_COOKIE = 'vi_signin';
/** As long as a claim token lives. */
const CHECKOUT_BROWSER_TTL_SECONDS = 24 * 60 * 60;
/** As long as a sign-in link lives. */
const SIGN_IN_BROWSER_TTL_SECONDS = 15 * 60;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface BrowserKey {
  /** The request's key when it carries a well-formed one, else null. */
  keyOf(request: FastifyRequest): string | null;
  /** The request's key, or a new one when it has none. */
  keyFor(request: FastifyRequest): string;
  /** Sets the key's cookie on the reply, for as long as the tokens it binds live. */
  set(reply: FastifyReply, key: string): void;
}

export type CheckoutBrowser = BrowserKey;

function browserKey(config: Config, cookieName: string, ttlSeconds: number): BrowserKey {
  const keyOf = (request: FastifyRequest): string | null => {
    const value = request.cookies[cookieName];
    return value !== undefined && KEY_PATTERN.test(value) ? value : null;
  };
  return {
    keyOf,
    keyFor: (request) => keyOf(request) ?? randomBytes(32).toString('base64url'),
    set(reply, key) {
      void reply.setCookie(cookieName, key, {
        httpOnly: true,
        sameSite: 'lax',
        // Only API calls need it; no page is sent it.
        path: '/api/',
        secure: isServedOverHttps(config),
        maxAge: ttlSeconds,
      });
    },
  };
}

export function checkoutBrowser(config: Config): CheckoutBrowser {
  return browserKey(config, CHECKOUT_BROWSER_COOKIE, CHECKOUT_BROWSER_TTL_SECONDS);
}

export function signInBrowser(config: Config): BrowserKey {
  return browserKey(config, SIGN_IN_BROWSER_COOKIE, SIGN_IN_BROWSER_TTL_SECONDS);
}
