import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, shoot } from './support/browser';
import { startStack, type Stack } from './support/stack';

describe('accounts: the upgrade page on a server without billing', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('shows the plans and says plainly that upgrading is not available here', async () => {
    await page.goto(`${stack.baseUrl}/upgrade`);
    await page.getByRole('region', { name: 'Free plan' }).getByText('$0').waitFor();
    await page.getByRole('region', { name: 'Pro plan' }).getByText('$9/month').waitFor();
    // In the person's words, nothing about how this server is set up.
    await page.getByText('Upgrading to Pro is not available yet.', { exact: false }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/server|set up/);
    await page.getByRole('heading', { name: 'Why Pro?' }).waitFor();
    await shoot(page, 'accounts-upgrade-01-billing-off');
    await expectAccessible(page, '/upgrade (billing off)');

    await page.goto(`${stack.baseUrl}/profile`);
    await page.getByText('Guest User').waitFor();
    await page.getByRole('button', { name: 'Clear My Data' }).waitFor();
    await shoot(page, 'accounts-upgrade-02-profile-guest');
    await expectAccessible(page, '/profile (guest)');
  });
});
