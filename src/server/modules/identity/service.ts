import { PASSWORD_MIN_CHARS } from '#contract/limits.js';
import { isForeignKeyViolation } from '../../db/rows.js';
import { HttpError } from '../../http/errors.js';
import { AccountGoneError } from '../../http/sessions.js';
import type { Counters } from '../../http/rate-limit-counters.js';
import type { AfterReply } from './after-reply.js';
import type { BillingService } from '../billing/service.js';
import type { IdeasService } from '../ideas/service.js';
import type { MailService } from '../mail/service.js';
import type { AuthTokenPurpose, AuthTokensRepository } from './auth-tokens-repository.js';
import { createLinkMailer, hashOneTimeToken, newOneTimeToken, sameBrowser } from './link-mails.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionsRepository } from './sessions-repository.js';
import type { UserRecord, UsersRepository } from './users-repository.js';

import type { IdentityService, OpenSession, SignedIn } from './service-types.js';

export type { Credentials, IdentityService, OpenSession, SignedIn } from './service-types.js';

/** How long each e-mailed or returned token works (docs/api.md, "Identity"). */
export const PASSWORD_RESET_TTL_MS = 60 * 60 * 1000;
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;
export const CHECKOUT_CLAIM_TTL_MS = 24 * 60 * 60 * 1000;
/** A password-less account may be deleted from a sign-in link's session this young. */
export const LINK_SESSION_DELETE_WINDOW_MS = 15 * 60 * 1000;

function invalidToken(message: string): HttpError {
  return new HttpError(400, 'invalid_token', message);
}

const INVALID_CREDENTIALS_MESSAGE = 'Incorrect email or password.';
/** A reset link that cannot be used, wherever it is found so. */
export const INVALID_RESET_LINK_MESSAGE =
  'This reset link is invalid, used or expired. Please request a new password reset.';

/** Whose share of an inbox's link mails a notice after a paid checkout takes (link-mails.ts). */
const CHECKOUT_ASKER = 'billing-checkout';

export function createIdentityService(deps: {
  users: UsersRepository;
  sessions: Pick<SessionsRepository, 'openingOf'>;
  tokens: AuthTokensRepository;
  passwords: PasswordHasher;
  ideas: Pick<IdeasService, 'adoptGuestIdeas' | 'adoptionQuota'>;
  /** A deleted account takes its recordings' bytes (the recordings move with the ideas). */
  recordings?: {
    prepareAccountDeletion(userId: string): Promise<() => Promise<void>>;
  };
  /** The guest's dictionary joins the account's on signing up or in. */
  dictionary?: { adoptGuest(userId: string, guestId: string): Promise<void> };
  mail: MailService;
  /** Links are built from PUBLIC_URL only, never from the request's Host header. */
  publicUrl: string;
  /** Billing's checkout fulfilment, for a claim that arrives before its webhook. */
  billing: Pick<BillingService, 'fulfilCheckout'>;
  /** Where link requests do their work, after their answer. */
  afterReply: AfterReply;
  /** The counts every instance shares (ADR 070): link mails per recipient and hour. */
  counters: Pick<Counters, 'increment'>;
  now: () => Date;
}): IdentityService {
  const { users, sessions, tokens, passwords, ideas, mail, publicUrl, billing, afterReply, now } =
    deps;
  const dictionary = deps.dictionary ?? { adoptGuest: () => Promise.resolve() };
  const recordings = deps.recordings ?? {
    prepareAccountDeletion: () => Promise.resolve(() => Promise.resolve()),
  };

  async function accountOfLink(purpose: AuthTokenPurpose, token: string) {
    const link = await tokens.findLive(purpose, hashOneTimeToken(token), now());
    if (link?.userId == null) return null;
    return (await users.findById(link.userId))?.email ?? null;
  }

  const mailToken = createLinkMailer({ tokens, counters: deps.counters, now });

  /**
   * Moves the guests' ideas and words into the account. An account deleted meanwhile refuses
   * each step's rows whole (they name it); before any idea moved that is null, a refusal with
   * everything still the guests'. After, the sign-in came first and what moved went with the
   * account; the rest stays the guests'.
   */
  async function adoptInto(
    user: UserRecord,
    guestIds: (string | null)[],
  ): Promise<SignedIn | null> {
    let guestIdeasKept = 0;
    let moved = false;
    try {
      for (const guestId of new Set(guestIds)) {
        if (!guestId) continue;
        guestIdeasKept += (await ideas.adoptGuestIdeas(user, guestId)).keptAsGuest;
        moved = true;
        await dictionary.adoptGuest(user.id, guestId);
      }
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      if (!moved) return null;
    }
    return { ...user, guestIdeasKept };
  }

  /**
   * Opens the session first, then adopts; null when the account went before either, or its
   * sessions were ended after `user` was read.
   */
  async function signInTo(
    user: UserRecord,
    guestIds: (string | null)[],
    openSession: OpenSession,
  ): Promise<SignedIn | null> {
    try {
      if (!(await openSession(user))) return null;
    } catch (error) {
      if (error instanceof AccountGoneError) return null;
      throw error;
    }
    return adoptInto(user, guestIds);
  }

  return {
    async register({ email, password }, guestId) {
      const passwordHash = await passwords.hash(password);
      const created = await users.create({
        email,
        passwordHash,
        ...(guestId ? { adopt: { guestId, quota: ideas.adoptionQuota('free') } } : {}),
      });
      if (created === 'email_taken') {
        throw new HttpError(
          409,
          'email_taken',
          'An account with this email already exists. Please sign in instead.',
        );
      }
      if (guestId) await dictionary.adoptGuest(created.id, guestId);
      const { adoption, ...user } = created;
      return { ...user, guestIdeasKept: adoption?.keptAsGuest ?? 0 };
    },

    async logIn({ email, password }, { address, guestId, guesses, openSession }) {
      // Counted as a failure before the password is checked, so parallel guesses cannot all
      // slip past the limit while the first ones are still hashing.
      await guesses.begin(email, address);
      const user = await users.findByEmail(email);
      let valid = false;
      if (user?.passwordHash && password.length >= PASSWORD_MIN_CHARS) {
        valid = await passwords.verify(user.passwordHash, password);
      } else {
        // Too short to be anyone's password, an unknown e-mail or an account without a
        // password: refused like a wrong password, after the same work.
        await passwords.verifyDummy(password);
      }
      if (!user || !valid) {
        throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      }
      await guesses.succeeded(email, address);
      // Deleted meanwhile: the same answer as an e-mail that has no account.
      const signedIn = await signInTo(user, [guestId], openSession);
      if (!signedIn) throw new HttpError(401, 'invalid_credentials', INVALID_CREDENTIALS_MESSAGE);
      return signedIn;
    },

    requestPasswordReset(email, from) {
      return afterReply.run('password reset mail', async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        await mailToken(
          user,
          'password_reset',
          PASSWORD_RESET_TTL_MS,
          { guestId: null, browserHash: null, address: from.address },
          (to, link) => mail.sendPasswordReset(to, link),
          (token) => `${publicUrl}/reset-password?token=${token}`,
        );
      });
    },

    mailPasswordRemoved(userId) {
      return afterReply.run('password removed mail', async () => {
        const user = await users.findById(userId);
        if (!user) return;
        await mailToken(
          user,
          'password_reset',
          PASSWORD_RESET_TTL_MS,
          // Counted as the billing provider's asking: a stranger pays for each one.
          { guestId: null, browserHash: null, address: CHECKOUT_ASKER },
          (to, link) => mail.sendPasswordRemoved(to, link),
          (token) => `${publicUrl}/reset-password?token=${token}`,
        );
      });
    },

    async resetPassword(token, newPassword) {
      // Hashed before the token is looked at, so the token is used and the password set in one
      // short transaction; a bad token costs a hash, which the AUTH rate limit bounds.
      const passwordHash = await passwords.hash(newPassword);
      const user = await users.resetPassword(hashOneTimeToken(token), passwordHash, now());
      if (!user) {
        throw invalidToken(INVALID_RESET_LINK_MESSAGE);
      }
      return user;
    },

    requestSignInLink(email, from) {
      const asker = {
        guestId: from.guestId,
        browserHash: hashOneTimeToken(from.browserKey),
        address: from.address,
      };
      return afterReply.run('sign-in link mail', async () => {
        const user = await users.findByEmail(email);
        if (!user) return;
        await mailToken(
          user,
          'magic_link',
          SIGN_IN_LINK_TTL_MS,
          asker,
          (to, link) => mail.sendSignInLink(to, link),
          (token) => `${publicUrl}/api/auth/magic?token=${encodeURIComponent(token)}`,
        );
      });
    },

    signInLinkAccount: (token) => accountOfLink('magic_link', token),
    async signInLinkOpening(token, browserKey) {
      const link = await tokens.findLive('magic_link', hashOneTimeToken(token), now());
      if (link?.userId == null) return null;
      return { userId: link.userId, askedHere: sameBrowser(link.browserHash, browserKey) };
    },
    resetLinkAccount: (token) => accountOfLink('password_reset', token),

    async signInWithLink(token, completing) {
      const used = await users.useSignInLink(hashOneTimeToken(token), now());
      if (!used) return null;
      // Never the guest of whoever asked for the link, which may be anyone's (docs/api.md).
      const guestId =
        completing.guestId ??
        (sameBrowser(used.token.browserHash, completing.browserKey) ? used.token.guestId : null);
      return signInTo(used.user, [guestId], completing.openSession);
    },

    async deleteAccount(userId, sessionId, password, { address, guesses }) {
      const user = await users.findById(userId);
      if (!user) throw new HttpError(401, 'not_authenticated', 'Please sign in to continue.');
      if (user.passwordHash !== null) {
        // A guess like a sign-in's, in the same counts: a stolen session gains no guesses here.
        await guesses.begin(user.email, address);
        const valid =
          password.length > 0 ? await passwords.verify(user.passwordHash, password) : false;
        if (!valid) {
          throw new HttpError(401, 'invalid_credentials', 'Incorrect password.');
        }
        await guesses.succeeded(user.email, address);
      } else {
        const opening = sessionId === null ? null : await sessions.openingOf(sessionId);
        const fresh =
          opening?.openedBy === 'link' &&
          now().getTime() - opening.createdAt.getTime() <= LINK_SESSION_DELETE_WINDOW_MS;
        if (!fresh) {
          throw new HttpError(
            401,
            'sign_in_link_required',
            'This account has no password. Please sign in with an e-mailed sign-in link, then delete the account within 15 minutes.',
          );
        }
      }
      const removeRecordings = await recordings.prepareAccountDeletion(user.id);
      const outcome = await users.delete(user.id);
      if (outcome === 'active_subscription') {
        throw new HttpError(
          409,
          'active_subscription',
          'You have an active Pro subscription. Please cancel it in the billing portal before deleting your account.',
        );
      }
      // The rows went with the account; their bytes are removed now that nothing refused it.
      await removeRecordings();
    },

    findAccountByEmail: (email) => users.findByEmail(email),
    findAccount: (id) => users.findById(id),
    async issueCheckoutClaim(details, startCheckout) {
      const token = newOneTimeToken();
      const { checkoutSessionId, result } = await startCheckout(token.value);
      await tokens.create({
        purpose: 'checkout_claim',
        tokenHash: token.hash,
        guestId: details.guestId,
        email: details.email,
        checkoutSessionId,
        browserHash: hashOneTimeToken(details.browserKey),
        expiresAt: new Date(now().getTime() + CHECKOUT_CLAIM_TTL_MS),
      });
      return result;
    },

    async claimCheckout(token, caller) {
      const tokenHash = hashOneTimeToken(token);
      const claim = await tokens.findLive('checkout_claim', tokenHash, now());
      const unusable = () =>
        invalidToken('This upgrade link is invalid, unpaid, already used or from another browser.');
      // Checked before the provider is asked anything: a claim link opened elsewhere (sent by a
      // hostile page, say) costs nothing and leaves the token for the buyer.
      if (!claim?.checkoutSessionId || !sameBrowser(claim.browserHash, caller.browserKey)) {
        throw unusable();
      }
      // Always this claim's own checkout, read from the provider: whatever its e-mail's account
      // looks like now says nothing about whether this checkout was paid or what it made.
      const accountId = await billing.fulfilCheckout(claim.checkoutSessionId);
      if (accountId === null) throw unusable();
      const user = await users.useCheckoutClaim({
        tokenHash,
        checkoutSessionId: claim.checkoutSessionId,
        accountId,
        callerUserId: caller.userId,
        at: now(),
      });
      if (user === 'sign_in_required') {
        throw new HttpError(
          403,
          'sign_in_required',
          'Your account is upgraded. Please sign in to it to continue.',
        );
      }
      if (user === null) throw unusable();
      const signedIn = await adoptInto(user, [caller.guestId, claim.guestId]);
      if (!signedIn) throw new AccountGoneError();
      return signedIn;
    },
  };
}
