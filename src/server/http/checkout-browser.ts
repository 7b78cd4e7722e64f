import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { isServedOverHttps } from './security.js';

/**
 * The browser a checkout was started from (docs/api.md, "Identity"; ADR 100). Starting a
 * checkout sets an HttpOnly cookie holding a random key; the checkout's claim token is stored
 * with a hash of that key, and a claim is accepted only with the same cookie. A claim link
 * opened anywhere else (a page that navigates someone to `/upgrade?claim=…`) signs no one in.
 *
 * One key per browser, kept for as long as a claim lives: a person who starts a second checkout
 * (after cancelling the first, say) can still claim either.
 */
export const CHECKOUT_BROWSER_COOKIE = 'vi_checkout';
/** As long as a claim token lives. */
const CHECKOUT_BROWSER_TTL_SECONDS = 24 * 60 * 60;
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface CheckoutBrowser {
  /** The request's checkout-browser key when it carries a well-formed one, else null. */
  keyOf(request: FastifyRequest): string | null;
  /** The request's key, or a new one when it has none. */
  keyFor(request: FastifyRequest): string;
  /** Sets the key's cookie on the reply, for another 24 hours. */
  set(reply: FastifyReply, key: string): void;
}

export function checkoutBrowser(config: Config): CheckoutBrowser {
  const keyOf = (request: FastifyRequest): string | null => {
    const value = request.cookies[CHECKOUT_BROWSER_COOKIE];
    return value !== undefined && KEY_PATTERN.test(value) ? value : null;
  };
  return {
    keyOf,
    keyFor: (request) => keyOf(request) ?? randomBytes(32).toString('base64url'),
    set(reply, key) {
      void reply.setCookie(CHECKOUT_BROWSER_COOKIE, key, {
        httpOnly: true,
        sameSite: 'lax',
        // Only the checkout and claim calls need it; no page or other call is sent it.
        path: '/api/',
        secure: isServedOverHttps(config),
        maxAge: CHECKOUT_BROWSER_TTL_SECONDS,
      });
    },
  };
}
