import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKeyOf } from '../../http/rate-limit-counters.js';
import { INVALID_RESET_LINK_MESSAGE } from './service.js';
import { z } from 'zod';
import {
  ClaimBodySchema,
  DeleteAccountBodySchema,
  ForgotPasswordBodySchema,
  LoginBodySchema,
  RegisterBodySchema,
  ResetPasswordBodySchema,
  SignInLinkBodySchema,
} from '#contract/api-request-schemas.js';
import {
  ErrorSchema,
  MeSchema,
  MessageSchema,
  SignedInSchema,
  SignInLinkAccountSchema,
} from '#contract/api-schemas.js';
import type { BrowserKey, CheckoutBrowser } from '../../http/checkout-browser.js';
import { HttpError } from '../../http/errors.js';
import type { AuthRateLimits } from '../../http/rate-limits.js';
import {
  AccountGoneError,
  guestIdOf,
  requireUser,
  type SessionManager,
  type SessionUser,
} from '../../http/sessions.js';
import type { IdentityService } from './service.js';

export interface IdentityRoutesOptions {
  identity: IdentityService;
  sessions: SessionManager;
  authLimits: AuthRateLimits;
  checkoutBrowser: CheckoutBrowser;
  signInBrowser: BrowserKey;
  /** Drops the save replies kept for ideas that are gone (modules/ideas/idempotency.ts). */
  forgetDeletedIdeas: () => Promise<void>;
  /** PUBLIC_URL: a page on its host is this app's own, whatever Host a proxy passes on. */
  publicUrl?: string;
}

/** The same words whether or not the account exists, so the answer reveals nothing. */
const SIGN_IN_LINK_MESSAGE =
  'If an account exists with this email, you will receive a sign-in link. It works once, for 15 minutes.';
const RESET_MESSAGE =
  'If an account exists with this email, you will receive a password reset link.';

/**
 * A sign-in link is opened by a browser, so whatever its address holds (no token, two tokens,
 * one far too long) ends on the login page's "bad link" message, never on a JSON error.
 */
const MagicQuerySchema = z.object({ token: z.unknown().optional() });
const SIGN_IN_TOKEN_MAX_CHARS = 200;

/**
 * Where a sign-in link is confirmed by the person (docs/api.md, "Identity"). The token rides in
 * the fragment, which no browser sends to a server or puts in a Referer, so it reaches no log.
 */
function confirmPageFor(token: string): string {
  return `/login#link=${encodeURIComponent(token)}`;
}

/**
 * Whether a link's GET was opened by the person rather than by another site: typed, from a
 * mail program or bookmark (`none`), from this origin, or from a client that sends no fetch
 * metadata and no Referer or Origin of another site. A navigation from any other site, same-site ones included, may be a page
 * signing its visitor in to an account of its choosing (login CSRF), so it only lands on the
 * confirm page.
 */
/**
 * Whether a GET of a sign-in link is the person opening it, and so may use it up. A HEAD (link
 * checkers, mail gateways) and a prefetch (the browser guessing at a link, not following it) are
 * not: both land on the confirm page with the link unused, as a navigation from another site does.
 */
function openedByThePerson(
  request: { method: string; headers: Record<string, unknown>; host: string },
  publicHost: string | null,
): boolean {
  if (request.method === 'HEAD' || isPrefetch(request.headers)) return false;
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'none' || site === 'same-origin';
  // A browser without Fetch Metadata (older Safari and Firefox) follows a hostile page's link
  // just the same: its Referer or Origin is then all that tells that page apart from a mail app,
  // which sends neither.
  const ownHosts = [request.headers.host, request.host, publicHost];
  return !['origin', 'referer'].some((name) => namesAnotherSite(request.headers[name], ownHosts));
}

/**
 * Whether an Origin or Referer names a page that is not this app's. One that cannot be read
 * (`null` from a sandboxed page, two values, no URL) counts as another site: signing in waits
 * for the confirm page, where the person still can.
 */
function namesAnotherSite(value: unknown, ownHosts: unknown[]): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'string') return true;
  let page: URL;
  try {
    page = new URL(value);
  } catch {
    return true;
  }
  if (page.protocol !== 'https:' && page.protocol !== 'http:') return true;
  // Read in the page's scheme, so `Host: x:80` and `http://x/` are the same host.
  return !ownHosts.some((host) => {
    if (typeof host !== 'string' || host === '') return false;
    try {
      return new URL(`${page.protocol}//${host}`).host === page.host;
    } catch {
      return false;
    }
  });
}

function isPrefetch(headers: Record<string, unknown>): boolean {
  // `Sec-Purpose` is the standard name; `Purpose` and `X-Moz` are what older browsers send.
  return ['sec-purpose', 'purpose', 'x-moz'].some((name) => {
    const value = headers[name];
    return typeof value === 'string' && /\b(prefetch|prerender)\b/i.test(value);
  });
}

const INVALID_LINK_MESSAGE =
  'This sign-in link is invalid, used or expired. Please ask for a new one.';

function toMe(user: Pick<SessionUser, 'id' | 'email' | 'plan'>) {
  return { id: user.id, email: user.email, plan: user.plan };
}

function toSignedIn(user: Pick<SessionUser, 'id' | 'email' | 'plan'> & { guestIdeasKept: number }) {
  return { ...toMe(user), guestIdeasKept: user.guestIdeasKept };
}

export const identityRoutes: FastifyPluginAsyncZod<IdentityRoutesOptions> = async (
  app,
  { identity, sessions, authLimits, checkoutBrowser, signInBrowser, forgetDeletedIdeas, publicUrl },
) => {
  const publicHost = publicUrl === undefined ? null : new URL(publicUrl).host;
  app.get('/api/me', { schema: { response: { 200: MeSchema } } }, async (request) => {
    if (request.user) return toMe(request.user);
    return { id: guestIdOf(request) ?? '', email: '', plan: 'guest' as const };
  });

  app.post(
    '/api/register',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: RegisterBodySchema,
        response: { 201: SignedInSchema, 400: ErrorSchema, 409: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await identity.register(request.body, guestIdOf(request));
      if (!(await sessions.start(request, reply, created))) throw new AccountGoneError();
      return reply.code(201).send(toSignedIn(created));
    },
  );

  app.post(
    '/api/login',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: LoginBodySchema,
        response: {
          200: SignedInSchema,
          202: MessageSchema,
          400: ErrorSchema,
          401: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      if (request.body.password === '') {
        const browserKey = signInBrowser.keyFor(request);
        await identity.requestSignInLink(request.body.email, {
          guestId: guestIdOf(request),
          browserKey,
          address: addressKeyOf(request.ip),
        });
        signInBrowser.set(reply, browserKey);
        return reply.code(202).send({ message: SIGN_IN_LINK_MESSAGE });
      }
      const user = await identity.logIn(request.body, {
        address: addressKeyOf(request.ip),
        guestId: guestIdOf(request),
        guesses: authLimits.passwordGuesses,
        openSession: (account) => sessions.start(request, reply, account),
      });
      return reply.code(200).send(toSignedIn(user));
    },
  );

  app.post(
    '/api/logout',
    { schema: { response: { 204: z.undefined() } } },
    async (request, reply) => {
      await sessions.end(request, reply);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/auth/magic',
    { schema: { querystring: MagicQuerySchema, response: { 302: z.undefined() } } },
    async (request, reply) => {
      const { token } = request.query;
      const wellFormed =
        typeof token === 'string' && token.length > 0 && token.length <= SIGN_IN_TOKEN_MAX_CHARS;
      if (!wellFormed) return reply.redirect('/login?error=link', 302);
      // Both leave the token unused: the person signs in from the confirm page, now or once
      // the AUTH limit has passed.
      if (!openedByThePerson(request, publicHost)) {
        return reply.redirect(confirmPageFor(token), 302);
      }
      if (await authLimits.isOverAddressLimit(request)) {
        return reply.redirect(confirmPageFor(token), 302);
      }
      // A browser signed in to another account confirms first, unless it asked for this link:
      // a link someone sent, opened from a mail or chat app, would otherwise swap the person's
      // session for the sender's account without a word (login CSRF from outside the web).
      const opening = await identity.signInLinkOpening(token, signInBrowser.keyOf(request));
      if (
        opening !== null &&
        !opening.askedHere &&
        request.user !== null &&
        request.user.id !== opening.userId
      ) {
        return reply.redirect(confirmPageFor(token), 302);
      }
      const user = await identity.signInWithLink(token, {
        guestId: null,
        browserKey: signInBrowser.keyOf(request),
        openSession: (account) => sessions.start(request, reply, account, 'link'),
      });
      if (!user) return reply.redirect('/login?error=link', 302);
      return reply.redirect('/', 302);
    },
  );

  app.post(
    '/api/auth/magic',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: SignInLinkBodySchema,
        response: { 200: SignedInSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await identity.signInWithLink(request.body.token, {
        guestId: guestIdOf(request),
        browserKey: signInBrowser.keyOf(request),
        openSession: (account) => sessions.start(request, reply, account, 'link'),
      });
      if (!user) throw new HttpError(400, 'invalid_token', INVALID_LINK_MESSAGE);
      return toSignedIn(user);
    },
  );

  // Not in the contract's list: what lets the confirm page name the account a link signs in
  // to, so a link sent by someone else is seen to be theirs before anyone taps Sign In.
  app.post(
    '/api/auth/magic/account',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: SignInLinkBodySchema,
        response: { 200: SignInLinkAccountSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const email = await identity.signInLinkAccount(request.body.token);
      if (email === null) throw new HttpError(400, 'invalid_token', INVALID_LINK_MESSAGE);
      return { email };
    },
  );

  // Beyond the contract, as for a sign-in link: the reset page names the account its link sets
  // a password for, so a reset link sent by someone else is seen to be theirs.
  app.post(
    '/api/auth/reset-password/account',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: SignInLinkBodySchema,
        response: { 200: SignInLinkAccountSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const email = await identity.resetLinkAccount(request.body.token);
      if (email === null) {
        throw new HttpError(400, 'invalid_token', INVALID_RESET_LINK_MESSAGE);
      }
      return { email };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: ForgotPasswordBodySchema,
        response: { 200: MessageSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      await identity.requestPasswordReset(request.body.email, {
        address: addressKeyOf(request.ip),
      });
      return { message: RESET_MESSAGE };
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: ResetPasswordBodySchema,
        response: { 200: MeSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request, reply) => {
      const user = await identity.resetPassword(request.body.token, request.body.newPassword);
      // Another reset of the same account finished first and ended this one's sign-in too.
      if (!(await sessions.start(request, reply, user))) {
        throw new HttpError(400, 'invalid_token', INVALID_RESET_LINK_MESSAGE);
      }
      return toMe(user);
    },
  );

  app.post(
    '/api/auth/claim',
    {
      preHandler: authLimits.byAddress,
      schema: {
        body: ClaimBodySchema,
        response: {
          200: SignedInSchema,
          400: ErrorSchema,
          403: ErrorSchema,
          429: ErrorSchema,
          502: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = await identity.claimCheckout(request.body.token, {
        guestId: guestIdOf(request),
        userId: request.user?.id ?? null,
        browserKey: checkoutBrowser.keyOf(request),
      });
      if (!(await sessions.start(request, reply, user))) {
        throw new HttpError(
          400,
          'invalid_token',
          'This upgrade link is invalid, unpaid, already used or from another browser.',
        );
      }
      return toSignedIn(user);
    },
  );

  app.delete(
    '/api/account',
    {
      // Its password check is a sign-in's: the same AUTH count per address, the same guesses.
      preHandler: authLimits.byAddress,
      schema: {
        body: DeleteAccountBodySchema,
        response: {
          204: z.undefined(),
          400: ErrorSchema,
          401: ErrorSchema,
          409: ErrorSchema,
          429: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const user = requireUser(request);
      await identity.deleteAccount(user.id, request.sessionId, request.body.password, {
        address: addressKeyOf(request.ip),
        guesses: authLimits.passwordGuesses,
      });
      await forgetDeletedIdeas();
      await sessions.end(request, reply);
      return reply.code(204).send();
    },
  );
};
