/**
 * Paying for someone else's e-mail before they have an account (docs/security.md, "Pre-account
 * takeover"; ADR 107). A checkout for the victim's e-mail makes a Pro account for it, and the
 * payer's claim signs the payer in. Whichever way the e-mail's owner later comes to use that
 * account (a sign-in link from the mail or confirmed on the login page, a password reset; a
 * refused registration or a checkout of their own ends on one of those), proving the e-mail
 * ends every session opened before, and the payer's claim opens nothing after it.
 */
import { describe, expect, it } from 'vitest';
import { createIdea, expectApiError, newEmail, sessionCookieOf } from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { extractLink } from '../support/smtp-inbox.js';
import { opensNoSession, PERIOD_START, PUBLIC_URL, useCheckoutApp } from './support.js';

/** How the e-mail's owner comes to use the account; each one proves the address. */
const OWNER_PATHS = [
  'opens a sign-in link from the mail',
  'confirms a sign-in link on the login page',
  'resets the password',
] as const;
type OwnerPath = (typeof OWNER_PATHS)[number];

forEachDialect((dialect) => {
  describe('a checkout paid for someone else’s e-mail', () => {
    const { app, fake, inbox, startCheckout, claim } = useCheckoutApp(dialect, {
      env: { PUBLIC_URL },
      mail: true,
    });

    async function signedInAs(cookie: string): Promise<string> {
      const me = await app().inject({ url: '/api/me', headers: { cookie } });
      return me.json<{ id: string }>().id;
    }

    async function mailedToken(email: string): Promise<string> {
      const link = extractLink(await inbox().waitForMessage(email));
      return new URL(link).searchParams.get('token') ?? '';
    }

    /** The owner of `email` proves it the given way; the session cookie they end up with. */
    async function ownerGetsIn(email: string, path: OwnerPath): Promise<string> {
      if (path === 'resets the password') {
        await app().inject({
          method: 'POST',
          url: '/api/auth/forgot-password',
          payload: { email },
        });
        const reset = await app().inject({
          method: 'POST',
          url: '/api/auth/reset-password',
          payload: { token: await mailedToken(email), newPassword: 'the owner’s own words' },
        });
        expect(reset.statusCode, reset.body).toBe(200);
        return sessionCookieOf(reset);
      }
      await app().inject({ method: 'POST', url: '/api/login', payload: { email, password: '' } });
      const token = await mailedToken(email);
      const opened =
        path === 'opens a sign-in link from the mail'
          ? await app().inject({ url: `/api/auth/magic?token=${token}` })
          : await app().inject({ method: 'POST', url: '/api/auth/magic', payload: { token } });
      expect(opened.statusCode, opened.body).toBe(
        path === 'opens a sign-in link from the mail' ? 302 : 200,
      );
      return sessionCookieOf(opened);
    }

    for (const path of OWNER_PATHS) {
      it(`ends the payer’s session when the e-mail’s owner ${path}`, async () => {
        const victimEmail = newEmail();
        const attackers = await startCheckout(victimEmail);
        await fake().pay(attackers.session.id, { sendWebhook: true, now: PERIOD_START });
        const claimed = await claim(attackers);
        expect(claimed.statusCode, claimed.body).toBe(200);
        const attackerSession = sessionCookieOf(claimed);
        const accountId = claimed.json<{ id: string }>().id;
        expect(await signedInAs(attackerSession)).toBe(accountId);

        // Registering is refused for the e-mail: the owner is sent to one of these paths.
        const register = await app().inject({
          method: 'POST',
          url: '/api/register',
          payload: { email: victimEmail, password: 'the owner’s own words' },
        });
        expectApiError(register, 409, 'email_taken');

        const ownerSession = await ownerGetsIn(victimEmail, path);
        expect(await signedInAs(ownerSession)).toBe(accountId);
        await createIdea(
          app(),
          { headers: { cookie: ownerSession }, url: '/api/ideas' },
          { content: 'my private plan' },
        );

        expect(await signedInAs(attackerSession)).toBe('');
        const read = await app().inject({
          url: '/api/ideas',
          headers: { cookie: attackerSession },
        });
        expectApiError(read, 401, 'not_authenticated');
      });
    }

    it('never opens, by its claim, an account whose e-mail has been proved since it was paid', async () => {
      const victimEmail = newEmail();
      const attackers = await startCheckout(victimEmail);
      // The webhook makes the account; the payer waits with the claim.
      await fake().pay(attackers.session.id, { sendWebhook: true, now: PERIOD_START });
      const ownerSession = await ownerGetsIn(victimEmail, 'opens a sign-in link from the mail');

      const late = await claim(attackers);
      expectApiError(late, 403, 'sign_in_required');
      opensNoSession(late);
      expect(await signedInAs(ownerSession)).not.toBe('');
    });

    it('keeps every session of an account whose e-mail was already proved when a link is used again', async () => {
      const email = newEmail();
      const own = await startCheckout(email);
      await fake().pay(own.session.id, { sendWebhook: true, now: PERIOD_START });
      const first = await ownerGetsIn(email, 'opens a sign-in link from the mail');
      const second = await ownerGetsIn(email, 'confirms a sign-in link on the login page');
      expect(await signedInAs(first)).not.toBe('');
      expect(await signedInAs(second)).not.toBe('');
    });
  });
});
