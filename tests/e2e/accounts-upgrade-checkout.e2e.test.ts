import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startFakeStripe, type FakeStripe } from '../support/fake-stripe';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { expectAccessible } from './support/a11y';
import { menuCardText, openMenu } from './support/accounts';
import { launchBrowser, shoot } from './support/browser';
import { seedGuestIdeas, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const PAYER = 'paying.guest@example.com';
const GUEST_IDEA = 'Pitch work: a bike courier app for night shifts';

/** The first link in the mail's text that starts with `prefix`. */
function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${text}`);
  return match[0];
}

/**
 * The whole paid path against the local Stripe double (tests/support/fake-stripe.ts): its
 * hosted checkout and billing portal are real pages the browser walks, and its webhooks reach
 * the real server signed as Stripe signs them. Accounts made at checkout have no password, so
 * deleting one needs an e-mailed sign-in link (tests/support/smtp-inbox.ts).
 */
describe('accounts: upgrading through the hosted checkout, the billing portal, and leaving', () => {
  let stripe: FakeStripe;
  let inbox: SmtpInbox;
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stripe = await startFakeStripe();
    inbox = await startSmtpInbox();
    stack = await startStack({
      smtpUrl: inbox.url,
      stripe: {
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        priceId: stripe.priceId,
        apiBase: stripe.url,
      },
    });
    stripe.setWebhookTarget(`${stack.baseUrl}/api/billing/webhook`);
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
    await inbox?.close();
    await stripe?.close();
  });

  async function startCheckout() {
    await page.goto(`${stack.baseUrl}/upgrade`);
    await page.getByRole('region', { name: 'Pro plan' }).getByText('$9/month').waitFor();
    await page.getByLabel('Email').fill(PAYER);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.waitForURL(`${stripe.url}/checkout/**`);
    await page.getByRole('heading', { name: 'Voice Ideas Pro' }).waitFor();
    await page.getByText(PAYER).waitFor();
  }

  it('cancelling at the checkout comes back to /upgrade with "Checkout canceled"', async () => {
    await page.goto(`${stack.baseUrl}/upgrade`);
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await page.getByText('Please enter your email address to continue.').waitFor();
    await shoot(page, 'accounts-upgrade-checkout-01-email-required');
    await expectAccessible(page, '/upgrade (email required)');

    await startCheckout();
    await page.getByRole('link', { name: 'Cancel' }).click();
    await page.waitForURL(`${stack.baseUrl}/upgrade`);
    await toast(page, 'Checkout canceled').getByText('No payment was taken.').waitFor();
    await shoot(page, 'accounts-upgrade-checkout-02-canceled');
    await expectAccessible(page, '/upgrade?canceled=1');
    expect(await menuCardText(page)).toContain('Guest User');
    expect(stripe.deliveries).toEqual([]);
  });

  it('a guest with an idea pays, is signed in as Pro with the idea kept, and reaches the portal', async () => {
    expect(
      await seedGuestIdeas(page, [{ content: GUEST_IDEA, format: 'pitch', category: 'work' }]),
    ).toEqual([201]);
    await startCheckout();
    await page.getByRole('button', { name: 'Pay' }).click();

    // Back with the claim: the toast, the claim posted, then the reload after 2 s.
    await page.waitForURL(`${stack.baseUrl}/upgrade`);
    await toast(page, 'Welcome to Pro!').waitFor();
    // Said once, by the toast: the page under it does not say it again.
    expect(
      await page
        .locator('main')
        .getByText(/Welcome to Pro|payment went through/)
        .count(),
    ).toBe(0);
    await shoot(page, 'accounts-upgrade-checkout-03-welcome');
    await page.getByText('You are signed in to your Pro account. Refreshing...').waitFor();
    await page.waitForEvent('load');
    await page.getByText('You are on Pro: your ideas are unlimited.').waitFor();
    await page.getByRole('region', { name: 'Pro plan' }).getByText('Current plan').waitFor();
    await shoot(page, 'accounts-upgrade-checkout-03-pro');
    await expectAccessible(page, '/upgrade (Pro)');
    expect(stripe.deliveries).toEqual([
      expect.objectContaining({ type: 'checkout.session.completed', status: 200 }),
    ]);

    const menu = await openMenu(page);
    const card = menu.getByRole('link', { name: new RegExp(PAYER) });
    expect(await card.textContent()).toContain('Pro');
    await shoot(page, 'accounts-upgrade-checkout-04-menu-pro');
    await card.click();
    await page.waitForURL(`${stack.baseUrl}/profile`);
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText(PAYER).waitFor();
    await account.getByText('Pro', { exact: true }).waitFor();
    const billing = page.getByRole('region', { name: 'Billing' });
    await billing.getByRole('button', { name: 'Manage Billing' }).waitFor();
    await shoot(page, 'accounts-upgrade-checkout-05-profile-pro');
    await expectAccessible(page, '/profile (Pro)');

    await page.goto(`${stack.baseUrl}/`);
    await page.getByTestId('idea-card').filter({ hasText: 'bike courier app' }).waitFor();

    await page.goto(`${stack.baseUrl}/profile`);
    await billing.getByRole('button', { name: 'Manage Billing' }).click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByText('Plan: Voice Ideas Pro, active').waitFor();
    await page.getByRole('link', { name: 'Return' }).click();
    await page.waitForURL(`${stack.baseUrl}/profile`);
    await billing.waitFor();
  });

  it('a Pro account cannot be deleted until its subscription is cancelled in the portal', async () => {
    const openDeleteStepTwo = async () => {
      await page.getByRole('button', { name: 'Delete Account' }).click();
      const dialog = page.getByTestId('delete-account');
      await dialog.getByRole('button', { name: 'Continue' }).click();
      // Made at checkout: there is no password to type.
      await dialog.getByLabel('Type "DELETE" to confirm').fill('DELETE');
      await dialog.getByRole('button', { name: 'Delete Account' }).click();
      return dialog;
    };

    // The session the claim opened is not a sign-in link: the server says how to prove it is them.
    let dialog = await openDeleteStepTwo();
    await toast(page, 'Deletion Failed').getByText('sign-in link', { exact: false }).waitFor();
    await shoot(page, 'accounts-upgrade-checkout-06-link-required');
    await dialog.getByRole('button', { name: 'Back' }).click();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel('Email').fill(PAYER);
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    await page.getByText('Check your email').waitFor();
    const mail = await inbox.waitForMessage(PAYER);
    await page.goto(linkIn(mail.text, `${stack.baseUrl}/api/auth/magic?token=`));
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await menuCardText(page)).toContain(PAYER);

    await page.goto(`${stack.baseUrl}/profile`);
    dialog = await openDeleteStepTwo();
    await dialog
      .getByRole('alert')
      .getByText('active Pro subscription', { exact: false })
      .waitFor();
    expect(await dialog.getByRole('button').allTextContents()).toEqual(
      expect.arrayContaining(['Close']),
    );
    expect(await dialog.getByRole('button', { name: 'Continue' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete Account' }).count()).toBe(0);
    await shoot(page, 'accounts-upgrade-checkout-07-subscription-blocks');
    await expectAccessible(page, 'delete account (active Pro subscription)');
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'detached' });

    await page
      .getByRole('region', { name: 'Billing' })
      .getByRole('button', { name: 'Manage Billing' })
      .click();
    await page.waitForURL(`${stripe.url}/portal/**`);
    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.waitForURL(`${stack.baseUrl}/profile`);
    expect(stripe.deliveries.at(-1)).toEqual(
      expect.objectContaining({ type: 'customer.subscription.deleted', status: 200 }),
    );
    const account = page.getByRole('region', { name: 'Account' });
    await account.getByText('Registered', { exact: true }).waitFor();
    expect(await page.getByRole('region', { name: 'Billing' }).count()).toBe(0);
    await shoot(page, 'accounts-upgrade-checkout-08-profile-after-cancel');

    await openDeleteStepTwo();
    await toast(page, 'Account deleted').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await menuCardText(page)).toContain('Guest User');
  });
});
