import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Counters } from '../../http/rate-limit-counters.js';
import type { AuthTokenPurpose, AuthTokensRepository } from './auth-tokens-repository.js';
import type { UserRecord } from './users-repository.js';

/*
 * The one-time tokens of sign-in and reset links, and their mails: how many go to one inbox,
 * and a token kept only while its mail could be sent.
 */

/** A random 256-bit token for a link, and the SHA-256 that is all the database keeps of it. */
export function newOneTimeToken(): { value: string; hash: string } {
  const value = randomBytes(32).toString('base64url');
  return { value, hash: hashOneTimeToken(value) };
}

export function hashOneTimeToken(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Whether a claim's stored browser hash is that of the caller's checkout-browser key. */
export function sameBrowser(browserHash: string | null, browserKey: string | null): boolean {
  if (browserHash === null || browserKey === null) return false;
  return timingSafeEqual(Buffer.from(browserHash), Buffer.from(hashOneTimeToken(browserKey)));
}

const ONE_HOUR_MS = 60 * 60 * 1000;
/** Sign-in and reset mails together: a person asks a few times; a flood asks hundreds. */
const LINK_MAILS_PER_RECIPIENT_PER_HOUR = 20;
/** Of those, from one client address: what one address asks for cannot use up the owner's. */
const LINK_MAILS_PER_RECIPIENT_AND_ADDRESS_PER_HOUR = 5;

export type MailToken = (
  user: UserRecord,
  purpose: AuthTokenPurpose,
  ttlMs: number,
  asker: { guestId: string | null; browserHash: string | null; address: string },
  send: (to: string, link: string) => Promise<void>,
  linkFor: (token: string) => string,
) => Promise<void>;

export function createLinkMailer(deps: {
  tokens: Pick<AuthTokensRepository, 'create' | 'discard'>;
  /** The counts every instance shares (ADR 070): link mails per recipient and hour. */
  counters: Pick<Counters, 'increment'>;
  now: () => Date;
}): MailToken {
  const { tokens, now } = deps;

  /**
   * Whether one more link mail may go to this inbox this hour. Requests come from anywhere, so
   * without a cap one inbox could be flooded from many addresses; and with a cap alone, one
   * address asking every hour used it up, and the owner got no link at all (a checkout's
   * account has no other way in). So each asking address has a share of its own, and only
   * mails within that share count towards the inbox's. Counted after the answer, which is the
   * same either way (ADR 101), so a refused mail tells the asker nothing.
   */
  async function mayMail(email: string, address: string): Promise<boolean> {
    const inbox = email.toLowerCase();
    const fromHere = await deps.counters.increment(`mail-from:${address}:to:${inbox}`, ONE_HOUR_MS);
    if (fromHere.count > LINK_MAILS_PER_RECIPIENT_AND_ADDRESS_PER_HOUR) return false;
    const sent = await deps.counters.increment(`mail-to:${inbox}`, ONE_HOUR_MS);
    return sent.count <= LINK_MAILS_PER_RECIPIENT_PER_HOUR;
  }

  /**
   * Stores a token, then sends its link. A mail that cannot be sent takes its token with it
   * (nobody received it) and leaves every earlier link working: the person retries.
   */
  return async function mailToken(
    user: UserRecord,
    purpose: AuthTokenPurpose,
    ttlMs: number,
    asker: { guestId: string | null; browserHash: string | null; address: string },
    send: (to: string, link: string) => Promise<void>,
    linkFor: (token: string) => string,
  ): Promise<void> {
    if (!(await mayMail(user.email, asker.address))) return;
    const token = newOneTimeToken();
    const stored = await tokens.create({
      purpose,
      tokenHash: token.hash,
      userId: user.id,
      guestId: asker.guestId,
      browserHash: asker.browserHash,
      email: user.email,
      expiresAt: new Date(now().getTime() + ttlMs),
    });
    try {
      await send(user.email, linkFor(token.value));
    } catch (error) {
      await tokens.discard(stored.id);
      throw error;
    }
  };
}
