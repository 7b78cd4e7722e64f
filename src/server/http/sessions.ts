import { hash, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GUEST_ID_PATTERN } from '#contract/limits.js';
import type { Plan } from '#contract/plans.js';
import type { Config } from '../config.js';
import type { Owner } from '../db/owner.js';
import { isForeignKeyViolation } from '../db/rows.js';
import { HttpError } from './errors.js';
import { isServedOverHttps } from './security.js';

/** What a request knows of its signed-in user: enough to answer /api/me and to pick a quota. */
export interface SessionUser {
  id: string;
  email: string;
  plan: Plan;
  /** Pro's usage period is its billing period, when one is known (docs/api.md, "Plans and usage"). */
  billingPeriod: BillingPeriod | null;
}

export interface BillingPeriod {
  startsAt: Date;
  endsAt: Date;
}

/** How a session began: deleting a password-less account needs a fresh sign-in link's session. */
export type SessionOpening = 'password' | 'link';

/**
 * Where sessions are kept. This file only moves them between the cookie and the request; the
 * identity module's sessions repository stores them, and app.ts hands it in.
 */
export interface SessionStore {
  /**
   * `tokenHash` is the SHA-256 of the random cookie value; the value itself is never stored.
   * null, and nothing stored, when the account's session epoch is no longer `epoch`.
   */
  create(input: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    epoch: number;
    openedBy: SessionOpening;
  }): Promise<{ sessionId: string } | null>;
  /** null when there is no such session or it expired at or before `now`. */
  findUserBySession(
    tokenHash: string,
    now: Date,
  ): Promise<{ sessionId: string; user: SessionUser; expiresAt: Date } | null>;
  extend(sessionId: string, expiresAt: Date): Promise<void>;
  deleteByHash(tokenHash: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, resolved from the session cookie before any handler runs. */
    user: SessionUser | null;
    /** The stored session's id, for logout and for ending a user's other sessions. */
    sessionId: string | null;
    /**
     * Whether the session this request was signed in with is still open now, read again: a
     * long reply (an export) stops once a reset or a proof of the e-mail has ended it.
     */
    sessionStillOpen(): Promise<boolean>;
  }
}

export const SESSION_COOKIE = 'vi_session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/**
 * Sliding expiry is refreshed at most once a day per session, so ordinary reads do not turn into
 * a write each; a session therefore lives between 29 and 30 days past its last use.
 */
const SESSION_REFRESH_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * Only a SHA-256 of the cookie value is stored, so a leaked table opens no sessions. This runs
 * on every signed-in request: the one-shot crypto.hash costs a third of a Hash object's.
 */
export function hashSessionToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/**
 * The account a session was to open is gone: deleted while the sign-in was under way. A clean
 * refusal, and no session is left for it.
 */
export class AccountGoneError extends HttpError {
  constructor() {
    super(401, 'not_authenticated', 'This account no longer exists.');
  }
}

/**
 * The account a credential was just checked for, with its session epoch as read in the same
 * transaction as the check (ADR 107).
 */
export interface SigningIn {
  id: string;
  sessionEpoch: number;
}

export interface SessionManager {
  /**
   * Signs the reply's client in to `account`: a fresh 256-bit id, replacing any session it had.
   * `openedBy` records how (a password by default; 'link' for a sign-in link). false, with no
   * cookie set, when everything opened at that epoch has been ended since (a reset or a proof
   * of the e-mail ran after the credential was checked): the caller answers as for a bad one.
   * AccountGoneError when the account was deleted meanwhile.
   */
  start(
    request: FastifyRequest,
    reply: FastifyReply,
    account: SigningIn,
    openedBy?: SessionOpening,
  ): Promise<boolean>;
  /** Ends the request's session server-side and clears the cookie. */
  end(request: FastifyRequest, reply: FastifyReply): Promise<void>;
}

export function installSessions(
  app: FastifyInstance,
  config: Config,
  sessions: SessionStore,
  now: () => Date = () => new Date(),
): SessionManager {
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: isServedOverHttps(config),
  };

  function setSessionCookie(reply: FastifyReply, token: string): void {
    void reply.setCookie(SESSION_COOKIE, token, {
      ...cookieOptions,
      maxAge: Math.floor(SESSION_TTL_MS / 1000),
    });
  }

  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('sessionStillOpen', async function (this: FastifyRequest) {
    const token = this.cookies[SESSION_COOKIE];
    if (this.user === null || !token) return false;
    const found = await sessions.findUserBySession(hashSessionToken(token), now());
    return found !== null && found.sessionId === this.sessionId;
  });

  async function resolveSession(request: FastifyRequest, reply: FastifyReply, token: string) {
    const current = now();
    const found = await sessions.findUserBySession(hashSessionToken(token), current);
    if (!found) {
      // An expired or ended session: drop the stale cookie so the browser stops sending it.
      void reply.clearCookie(SESSION_COOKIE, cookieOptions);
      return;
    }
    request.user = found.user;
    request.sessionId = found.sessionId;
    const remainingMs = found.expiresAt.getTime() - current.getTime();
    if (SESSION_TTL_MS - remainingMs >= SESSION_REFRESH_AFTER_MS) {
      await sessions.extend(found.sessionId, new Date(current.getTime() + SESSION_TTL_MS));
      setSessionCookie(reply, token);
    }
  }

  // Attached only to the routes that read the signed-in user (decided once, as each route is
  // registered), and sync when the request carries no session cookie, so those requests do not
  // pay for a promise and a lookup. A logged-out session stops working at once: every lookup
  // reads the database.
  const identify = (
    request: FastifyRequest,
    reply: FastifyReply,
    done: (error?: Error) => void,
  ) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) {
      done();
      return;
    }
    resolveSession(request, reply, token).then(() => done(), done);
  };
  app.addHook('onRoute', (route) => {
    if (!usesIdentity(route.url)) return;
    const existing = route.onRequest;
    route.onRequest = existing === undefined ? [identify] : [...[existing].flat(), identify];
  });

  return {
    async start(request, reply, account, openedBy = 'password') {
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await sessions.deleteByHash(hashSessionToken(previous));
      const token = randomBytes(32).toString('base64url');
      let opened: { sessionId: string } | null;
      try {
        opened = await sessions.create({
          userId: account.id,
          tokenHash: hashSessionToken(token),
          expiresAt: new Date(now().getTime() + SESSION_TTL_MS),
          epoch: account.sessionEpoch,
          openedBy,
        });
      } catch (error) {
        // The session row names its account: deleted meanwhile, the insert is refused whole.
        if (isForeignKeyViolation(error)) throw new AccountGoneError();
        throw error;
      }
      if (opened === null) return false;
      setSessionCookie(reply, token);
      return true;
    },
    async end(request, reply) {
      const token = request.cookies[SESSION_COOKIE];
      if (token) await sessions.deleteByHash(hashSessionToken(token));
      request.user = null;
      request.sessionId = null;
      void reply.clearCookie(SESSION_COOKIE, cookieOptions);
    },
  };
}

/**
 * Routes that never read the signed-in user: the app shell and static files (outside /api),
 * the health check and the public config. Every other /api route resolves the session,
 * including routes that do not need it today, so a new route cannot silently miss it.
 */
const IDENTITY_FREE_API_ROUTES = new Set(['/api/health', '/api/config']);

function usesIdentity(routeUrl: string): boolean {
  return routeUrl.startsWith('/api/') && !IDENTITY_FREE_API_ROUTES.has(routeUrl);
}

export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) {
    throw new HttpError(401, 'not_authenticated', 'Please sign in to continue.');
  }
  return request.user;
}

/** The X-Guest-Id header when it is well formed, else null. */
export function guestIdOf(request: FastifyRequest): string | null {
  const header = request.headers['x-guest-id'];
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && GUEST_ID_PATTERN.test(value) ? value : null;
}

export function requireGuestId(request: FastifyRequest): string {
  const guestId = guestIdOf(request);
  if (guestId === null) {
    throw new HttpError(
      400,
      'invalid_guest_id',
      'The X-Guest-Id header is missing or is not a valid guest id (guest_ followed by 8 to 64 letters, digits, _ or -).',
    );
  }
  return guestId;
}

export function ownerOf(request: FastifyRequest, scope: 'user' | 'guest'): Owner {
  return scope === 'user'
    ? { kind: 'user', userId: requireUser(request).id }
    : { kind: 'guest', guestId: requireGuestId(request) };
}

/** Who is asking, and on which plan: the signed-in user's, or 'guest' for the X-Guest-Id. */
export interface Caller {
  owner: Owner;
  plan: Plan;
  billingPeriod: BillingPeriod | null;
}

export function callerOf(request: FastifyRequest, scope: 'user' | 'guest'): Caller {
  if (scope === 'user') {
    const user = requireUser(request);
    return {
      owner: { kind: 'user', userId: user.id },
      plan: user.plan,
      billingPeriod: user.billingPeriod,
    };
  }
  return {
    owner: { kind: 'guest', guestId: requireGuestId(request) },
    plan: 'guest',
    billingPeriod: null,
  };
}

/** For calls on one path for both: the signed-in user, else the guest of X-Guest-Id (400). */
export function userOrGuestOf(request: FastifyRequest): Owner {
  return request.user ? { kind: 'user', userId: request.user.id } : ownerOf(request, 'guest');
}

/** The same where neither is required (the AI calls): null when the caller is neither. */
export function userOrGuestIfAny(request: FastifyRequest): Owner | null {
  if (request.user) return { kind: 'user', userId: request.user.id };
  const guestId = guestIdOf(request);
  return guestId === null ? null : { kind: 'guest', guestId };
}
