/**
 * Checkout claims open only the account their own paid checkout created, once, and only in the
 * browser that started the checkout (docs/security.md, "Checkout claims"; ADR 100). Replays of
 * the two takeovers an outside probe found: an unpaid (or late-paid) claim for someone else's
 * e-mail, and a claim link a hostile page opens in someone else's browser.
 */
import { describe, expect, it } from 'vitest';
import {
  createIdea,
  expectApiError,
  guestHeaders,
  newEmail,
  newGuestId,
} from '#server/test-support/api.js';
import { checkoutBrowserCookieOf, withCookies } from '#server/test-support/checkout.js';
import { forEachDialect } from '#server/test-support/databases.js';
import {
  opensNoSession,
  PERIOD_START,
  PUBLIC_URL,
  useCheckoutApp,
  type Checkout,
} from './support.js';

/** Whether the webhook reaches the server before the buyer's browser claims, or after. */
const ORDERS = ['webhook first', 'claim first'] as const;
type Order = (typeof ORDERS)[number];

forEachDialect((dialect) => {
  describe('checkout claims', () => {
    const { app, fake, startCheckout, claim } = useCheckoutApp(dialect, { env: { PUBLIC_URL } });

    /** Pays; with 'claim first' the webhook is held back until after the claim. */
    async function pay(checkout: Checkout, order: Order) {
      await fake().pay(checkout.session.id, {
        sendWebhook: order === 'webhook first',
        now: PERIOD_START,
      });
    }

    async function guestIdeaCount(guestId: string): Promise<number> {
      const response = await app().inject({
        url: '/api/guest-ideas',
        headers: guestHeaders(guestId),
      });
      return response.json<{ total: number }>().total;
    }

    for (const order of ORDERS) {
      describe(order, () => {
        it('never opens, with an unpaid checkout for the same e-mail, the account another checkout made', async () => {
          const victimEmail = newEmail();
          const attackers = await startCheckout(victimEmail);
          const victims = await startCheckout(victimEmail);
          await pay(victims, order);
          const own = await claim(victims);
          expect(own.statusCode, own.body).toBe(200);
          expect(own.json()).toMatchObject({ email: victimEmail, plan: 'pro' });

          const stolen = await claim(attackers);
          expectApiError(stolen, 400, 'invalid_token');
          opensNoSession(stolen);
        });

        it('never opens an account that existed before its checkout was paid, even once paid', async () => {
          const victimEmail = newEmail();
          const early = await startCheckout(victimEmail);
          const victims = await startCheckout(victimEmail);
          await pay(victims, order);
          const own = await claim(victims);
          expect(own.statusCode, own.body).toBe(200);

          // The attacker pays the $9 of the checkout started before the victim's account existed.
          await pay(early, order);
          const stolen = await claim(early);
          expectApiError(stolen, 403, 'sign_in_required');
          opensNoSession(stolen);
        });

        it('neither signs in nor moves the ideas of a browser that did not start the checkout', async () => {
          const attackers = await startCheckout(newEmail());
          await pay(attackers, order);

          // A hostile page sends the victim to /upgrade?success=1&claim=<the attacker's token>:
          // the victim's browser posts it with its own guest id, and with its own checkout
          // cookie when it has started a checkout of its own.
          const victimGuest = newGuestId();
          await createIdea(app(), { headers: guestHeaders(victimGuest), url: '/api/guest-ideas' });
          const victimsOwn = await startCheckout(newEmail(), guestHeaders(victimGuest));
          for (const browser of [null, victimsOwn.browser]) {
            const response = await claim(
              attackers,
              withCookies(guestHeaders(victimGuest), browser),
            );
            expectApiError(response, 400, 'invalid_token');
            opensNoSession(response);
          }
          expect(await guestIdeaCount(victimGuest)).toBe(1);

          // The refusals did not use the token up: the buyer's own browser still claims it.
          const buyer = await claim(attackers);
          expect(buyer.statusCode, buyer.body).toBe(200);
          expect(await guestIdeaCount(victimGuest)).toBe(1);
        });
      });
    }

    it('keeps one browser key across several checkouts, so each of them can be claimed', async () => {
      const first = await startCheckout(newEmail());
      const second = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        headers: withCookies({}, first.browser),
        payload: { email: newEmail() },
      });
      expect(checkoutBrowserCookieOf(second)).toBe(first.browser);
      await pay(first, 'webhook first');
      const claimed = await claim(first);
      expect(claimed.statusCode, claimed.body).toBe(200);
    });

    it('sets the browser key HttpOnly and SameSite=Lax, for the API only', async () => {
      const response = await app().inject({
        method: 'POST',
        url: '/api/billing/create-checkout-session',
        payload: { email: newEmail() },
      });
      const cookie = response.cookies.find((c) => c.name === 'vi_checkout');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/' });
      expect(cookie?.maxAge).toBe(24 * 60 * 60);
    });
  });
});
