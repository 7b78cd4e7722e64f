/**
 * Whose billing an account uses (docs/security.md, "Billing of an account"). Anyone may start a
 * checkout for any e-mail, so a checkout started without the account's own session must neither
 * open the account's billing customer (its saved cards and address) nor, once paid, take the
 * place of the subscription the account already pays.
 */
import { describe, expect, it } from 'vitest';
import { newEmail, registerUser, sessionCookieOf } from '#server/test-support/api.js';
import { forEachDialect } from '#server/test-support/databases.js';
import { extractLink } from '../support/smtp-inbox.js';
import { PERIOD_START, PUBLIC_URL, useCheckoutApp } from './support.js';

forEachDialect((dialect) => {
  describe('the billing of an account', () => {
    const { app, fake, startCheckout, claim } = useCheckoutApp(dialect);

    /** A Pro account made by a paid checkout, signed in through its claim. */
    async function paidAccount(email: string) {
      const checkout = await startCheckout(email);
      const { subscription } = await fake().pay(checkout.session.id, { now: PERIOD_START });
      const claimed = await claim(checkout);
      expect(claimed.statusCode, claimed.body).toBe(200);
      return { subscription, cookie: sessionCookieOf(claimed) };
    }

    async function portalCustomer(cookie: string): Promise<string | undefined> {
      const portal = await app().inject({
        method: 'POST',
        url: '/api/billing/portal',
        headers: { cookie },
      });
      expect(portal.statusCode, portal.body).toBe(200);
      return fake().requests.findLast((request) => request.path === '/v1/billing_portal/sessions')
        ?.form.customer;
    }

    it('a lapsed account’s billing customer is used only by a checkout from its own session', async () => {
      const email = newEmail();
      const { subscription, cookie } = await paidAccount(email);
      await fake().setSubscriptionStatus(subscription.id, 'canceled', {
        event: 'customer.subscription.deleted',
      });

      const strangers = await startCheckout(email);
      expect(strangers.session.customer).toBeNull();
      expect(strangers.session.customer_email).toBe(email);

      const own = await startCheckout(email, { cookie });
      expect(own.session.customer).toBe(subscription.customer);
    });

    it('a second paid checkout for an account that pays already is cancelled, and the account keeps its own', async () => {
      const email = newEmail();
      // Both started before the account existed: a second tab, or a stranger who knows the e-mail.
      const first = await startCheckout(email);
      const second = await startCheckout(email);
      const { subscription: kept } = await fake().pay(first.session.id, { now: PERIOD_START });
      const { subscription: declined } = await fake().pay(second.session.id, { now: PERIOD_START });

      expect(fake().subscriptions.get(declined.id)?.status).toBe('canceled');
      expect(fake().subscriptions.get(kept.id)?.status).toBe('active');
      const claimedSecond = await claim(second);
      // Paid for an account it did not make: it opens nothing (docs/api.md, the claim's 403).
      expect(claimedSecond.statusCode, claimedSecond.body).toBe(403);
      expect(claimedSecond.cookies).toEqual([]);

      const claimedFirst = await claim(first);
      expect(claimedFirst.statusCode, claimedFirst.body).toBe(200);
      const cookie = sessionCookieOf(claimedFirst);
      expect(await portalCustomer(cookie)).toBe(kept.customer);
      const me = await app().inject({ url: '/api/me', headers: { cookie } });
      expect(me.json<{ plan: string }>().plan).toBe('pro');
    });
    it('a paid checkout for an account whose payment failed is cancelled too: that one still charges', async () => {
      const email = newEmail();
      const first = await startCheckout(email);
      const second = await startCheckout(email);
      const { subscription: own } = await fake().pay(first.session.id, { now: PERIOD_START });
      await fake().setSubscriptionStatus(own.id, 'past_due', {
        event: 'customer.subscription.updated',
      });
      const { subscription: declined } = await fake().pay(second.session.id, { now: PERIOD_START });

      expect(fake().subscriptions.get(declined.id)?.status).toBe('canceled');
      const claimed = await claim(first);
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(await portalCustomer(sessionCookieOf(claimed))).toBe(own.customer);
    });

    it('a paid subscription to another price of the same billing account makes no one Pro', async () => {
      const email = newEmail();
      const checkout = await startCheckout(email);
      // As the operator's other shop on the same provider account would sell it.
      checkout.session.price = 'price_something_else';
      await fake().pay(checkout.session.id, { now: PERIOD_START });
      const claimed = await claim(checkout);
      expect(claimed.statusCode, claimed.body).toBe(400);
      const link = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        payload: { email },
      });
      expect(link.json()).toHaveProperty('checkoutUrl');
    });

    // Registering proves nothing about the e-mail (docs/security.md, "Known limits"): whoever
    // registered a stranger's address must not get in to what that person then pays for.
    it('a checkout paid from outside an account whose e-mail nobody proved takes its password and sessions away', async () => {
      const email = newEmail();
      const registrant = await registerUser(app(), { email });
      const payers = await startCheckout(email);
      await fake().pay(payers.session.id, { now: PERIOD_START });

      const me = await app().inject({ url: '/api/me', headers: registrant.headers });
      expect(me.json<{ plan: string }>().plan, 'signed out').toBe('guest');
      const portal = await app().inject({
        method: 'POST',
        url: '/api/billing/portal',
        headers: registrant.headers,
      });
      expect(portal.statusCode, portal.body).toBe(401);
      const again = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: registrant.password },
      });
      expect(again.statusCode, again.body).toBe(401);
      // The account is Pro, opened from now on as an account made at checkout is: by a link.
      const account = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: '' },
      });
      expect(account.statusCode, account.body).toBe(202);
    });

    it('a checkout the registrant started from their own session keeps their password and opens their portal', async () => {
      const email = newEmail();
      const registrant = await registerUser(app(), { email });
      const own = await startCheckout(email, registrant.headers);
      const { subscription } = await fake().pay(own.session.id, { now: PERIOD_START });

      const me = await app().inject({ url: '/api/me', headers: registrant.headers });
      expect(me.json<{ plan: string }>().plan).toBe('pro');
      expect(await portalCustomer(registrant.cookie)).toBe(subscription.customer);
      const again = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: registrant.password },
      });
      expect(again.statusCode, again.body).toBe(200);
    });
  });

  describe('the owner of an address a stranger’s checkout took a password from', () => {
    const { app, fake, inbox, startCheckout } = useCheckoutApp(dialect, {
      env: { PUBLIC_URL },
      mail: true,
    });

    it('is told by mail, with a link that sets a new password', async () => {
      const email = newEmail();
      const owner = await registerUser(app(), { email });
      const strangers = await startCheckout(email);
      await fake().pay(strangers.session.id, { now: PERIOD_START });

      const mail = await inbox().waitForMessage(email);
      expect(mail.subject).toMatch(/password was removed/);
      const link = new URL(extractLink(mail, `${PUBLIC_URL}/reset-password`));
      const reset = await app().inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link.searchParams.get('token'), newPassword: 'the owner’s new words' },
      });
      expect(reset.statusCode, reset.body).toBe(200);
      const back = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: 'the owner’s new words' },
      });
      expect(back.statusCode, back.body).toBe(200);
      // The old password stays gone.
      const old = await app().inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password: owner.password },
      });
      expect(old.statusCode, old.body).toBe(401);
    });
  });
});
