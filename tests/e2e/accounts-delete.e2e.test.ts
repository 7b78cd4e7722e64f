import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { menuCardText, openMenu, submitMenuForm } from './support/accounts';
import { launchBrowser, shoot } from './support/browser';
import { toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const PASSWORD = 'delete me later 7';

describe('accounts: deleting the account', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
    await page.reload();
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('takes two steps, DELETE and the password, and leaves a guest who cannot sign in', async () => {
    await submitMenuForm(page, 'Create Account', 'leaving@example.com', PASSWORD);
    await toast(page, 'Account created').waitFor();
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: /leaving@example.com/ }).click();
    await page.waitForURL(/\/profile$/);

    await page.getByRole('button', { name: 'Delete Account' }).click();
    const dialog = page.getByTestId('delete-account');
    await dialog.getByText('cannot be undone', { exact: false }).waitFor();
    await shoot(page, 'accounts-delete-01-warning');
    await expectAccessible(page, 'delete account, step 1');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByLabel('Type "DELETE" to confirm').fill('delete');
    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await dialog.getByText('Please type "DELETE" exactly and enter your password.').waitFor();
    await shoot(page, 'accounts-delete-02-confirm');
    await expectAccessible(page, 'delete account, step 2');

    await dialog.getByLabel('Type "DELETE" to confirm').fill('DELETE');
    await dialog.getByLabel('Password').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Deletion Failed').waitFor();

    await dialog.getByLabel('Password').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete Account' }).click();
    await toast(page, 'Account deleted').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await menuCardText(page)).toContain('Guest User');

    const guestMenu = await openMenu(page);
    await guestMenu.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('leaving@example.com');
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Login Failed' }).waitFor();
  });
});
