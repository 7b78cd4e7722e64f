import type { SigningIn } from '../../http/sessions.js';
import type { PasswordGuessThrottle } from '../../http/rate-limits.js';
import type { UserRecord } from './users-repository.js';

// What the identity service offers its routes (service.ts builds it).

/** An account just signed in to, and how many guest ideas stayed the guest's (ADR 105). */
export type SignedIn = UserRecord & { guestIdeasKept: number };

/**
 * Opens the session of a sign-in, before any guest's ideas move: the account still exists once
 * it has, so nothing moves into an account whose deletion came first (AccountGoneError). false
 * when the account's session epoch moved on since the credential was checked (ADR 107).
 */
export type OpenSession = (account: SigningIn) => Promise<boolean>;

export interface Credentials {
  email: string;
  password: string;
}

export interface IdentityService {
  /**
   * Creates a free account, moving the guest's ideas into it in the same transaction;
   * 409 email_taken when the e-mail (case-insensitive) already has an account.
   */
  register(credentials: Credentials, guestId: string | null): Promise<SignedIn>;
  /**
   * Checks a password sign-in; 401 invalid_credentials, the same words and the same work for an
   * unknown e-mail, a wrong password and an account without a password. On success the guest's
   * ideas move into the account.
   */
  logIn(
    credentials: Credentials,
    from: {
      address: string;
      guestId: string | null;
      guesses: PasswordGuessThrottle;
      openSession: OpenSession;
    },
  ): Promise<SignedIn>;
  /**
   * Queues the e-mail of a reset link (PUBLIC_URL/reset-password?token=…, 1 hour, single use)
   * for when the e-mail has an account, and returns before any of that work: the answer is the
   * same, in words and in time, whether or not the account exists (ADR 101). Resolves once the
   * work is queued (a full queue makes it wait, ADR 103).
   */
  requestPasswordReset(email: string, from: { address: string }): Promise<void>;
  /**
   * Queues a reset link (as requestPasswordReset's) to an account whose password a stranger's
   * paid checkout took away, saying so: without it the owner found their password refused and
   * their sessions gone, with no word why (docs/security.md, "Billing of an account").
   */
  mailPasswordRemoved(userId: string): Promise<void>;
  /**
   * Sets the new password and voids everything else that opens the account: every session,
   * every other reset link, every sign-in link and every pending checkout claim of its e-mail
   * (ADR 102); 400 invalid_token.
   */
  resetPassword(token: string, newPassword: string): Promise<UserRecord>;
  /**
   * Queues the e-mail of a sign-in link (PUBLIC_URL/api/auth/magic?token=…, 15 minutes, single
   * use) for when the e-mail has an account, and returns before that work (ADR 101). The link
   * keeps the asking browser's guest id with a hash of its `browserKey` cookie: those ideas
   * move in only if that same browser opens the link (ADR 102). Resolves once the work is
   * queued (ADR 103).
   */
  requestSignInLink(
    email: string,
    from: { guestId: string | null; browserKey: string; address: string },
  ): Promise<void>;
  /**
   * The e-mail of the account a live, unused sign-in link opens; null otherwise. Uses nothing:
   * whoever holds the link could sign in with it anyway, so naming its account tells them nothing.
   */
  signInLinkAccount(token: string): Promise<string | null>;
  /**
   * Whom a live, unused sign-in link opens, and whether `browserKey` is the cookie of the browser
   * that asked for it; null for no such link. Uses nothing.
   */
  signInLinkOpening(
    token: string,
    browserKey: string | null,
  ): Promise<{ userId: string; askedHere: boolean } | null>;
  /** The same for a live, unused password reset link, for the reset page to name its account. */
  resetLinkAccount(token: string): Promise<string | null>;
  /**
   * Uses a sign-in link: the account, or null for a bad link, an account deleted meanwhile or
   * one reset meanwhile. `openSession` opens its session before anything moves. The first link
   * used proves the account's e-mail and ends every session opened before it (ADR 107). The guest ideas that move in are
   * the completing browser's: `guestId` when it names its own (the confirm page's POST), else
   * those kept with the link when `browserKey` is the asking browser's.
   */
  signInWithLink(
    token: string,
    completing: { guestId: string | null; browserKey: string | null; openSession: OpenSession },
  ): Promise<SignedIn | null>;
  /**
   * Deletes the signed-in account and everything of it. A password account needs its password;
   * a password-less one a session opened by a sign-in link in the last 15 minutes.
   */
  deleteAccount(
    userId: string,
    sessionId: string | null,
    password: string,
    from: { address: string; guesses: PasswordGuessThrottle },
  ): Promise<void>;
  findAccountByEmail(email: string): Promise<UserRecord | null>;
  findAccount(id: string): Promise<UserRecord | null>;
  /**
   * Makes the claim token for a checkout: `startCheckout` gets the token to put in its success
   * URL and names the checkout it started; the token (24 hours, single use) is kept with it and
   * with a hash of `browserKey`, the starting browser's cookie, which a claim must present.
   */
  issueCheckoutClaim<T>(
    details: { email: string; guestId: string | null; browserKey: string },
    startCheckout: (claimToken: string) => Promise<{ checkoutSessionId: string; result: T }>,
  ): Promise<T>;
  /**
   * The account of a paid checkout, for the caller to be signed in to (ADR 100). The claim's own
   * checkout is always re-read from the billing provider (and fulfilled when its webhook has not
   * arrived yet). 400 invalid_token for an unknown, unpaid or used token, and for a caller
   * without the browser key the checkout was started with; 403 sign_in_required when the
   * checkout paid for an account it did not create, or for one whose e-mail someone has since
   * proved by a mailed link, and the caller is not signed in to it (paying must not open
   * someone's account; ADR 107).
   */
  claimCheckout(
    token: string,
    caller: { guestId: string | null; userId: string | null; browserKey: string | null },
  ): Promise<SignedIn>;
}
