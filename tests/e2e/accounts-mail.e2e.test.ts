import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startSmtpInbox, type SmtpInbox } from '../support/smtp-inbox';
import { expectAccessible } from './support/a11y';
import { menuCardText, openMenu, submitMenuForm } from './support/accounts';
import { launchBrowser, shoot } from './support/browser';
import { seedGuestIdeas, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const OLD_PASSWORD = 'first password 1';
const NEW_PASSWORD = 'second password 2';

/** The first link in the mail's text that starts with `prefix`. */
function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}[^\\s"<>]+`).exec(text);
  if (!match) throw new Error(`no ${prefix} link in the mail:\n${text}`);
  return match[0];
}

describe('accounts: e-mailed password reset and sign-in links', () => {
  let inbox: SmtpInbox;
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    inbox = await startSmtpInbox();
    stack = await startStack({ smtpUrl: inbox.url });
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
    await page.reload();
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
    await inbox?.close();
  });

  it('resets a forgotten password through the e-mailed link, and the new one works', async () => {
    await submitMenuForm(page, 'Create Account', 'forgetful@example.com', OLD_PASSWORD);
    await toast(page, 'Account created').waitFor();
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out').waitFor();

    const guestMenu = await openMenu(page);
    await guestMenu.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('dialog', { name: 'Sign In' })
      .getByRole('button', { name: 'Forgot Password?' })
      .click();
    const reset = page.getByRole('dialog', { name: 'Reset Password' });
    await reset.getByLabel('Email').fill('forgetful@example.com');
    await shoot(page, 'accounts-mail-01-reset-dialog');
    await expectAccessible(page, 'Reset Password dialog');
    await reset.getByRole('button', { name: 'Send Reset Link' }).click();
    await toast(page, 'Email Sent').waitFor();
    await reset.waitFor({ state: 'detached' });

    const mail = await inbox.waitForMessage('forgetful@example.com');
    const link = linkIn(mail.text, `${stack.baseUrl}/reset-password?token=`);
    await page.goto(link);
    // The page names the account, so a link someone else sent is seen to be theirs.
    await page.getByText('This link sets a new password for forgetful@example.com.').waitFor();
    await page.getByLabel('New password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await shoot(page, 'accounts-mail-02-reset-page');
    await expectAccessible(page, '/reset-password');
    await page.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByText('Your password has been changed').waitFor();
    await page.waitForURL(`${stack.baseUrl}/`);
    expect(await menuCardText(page)).toContain('forgetful@example.com');

    // The link worked once.
    await page.goto(link);
    await page.getByLabel('New password').fill('third password 3');
    await page.getByLabel('Confirm password').fill('third password 3');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await page.getByRole('alert').waitFor();
    await page.goto(`${stack.baseUrl}/`);

    const signedIn = await openMenu(page);
    await signedIn.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out').waitFor();
    const again = await openMenu(page);
    await again.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('forgetful@example.com');
    await signIn.getByLabel('Password').fill(OLD_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Login Failed' }).waitFor();
    await signIn.getByLabel('Password').fill(NEW_PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.waitFor({ state: 'detached' });
    await page.getByTestId('menu').waitFor({ state: 'detached' });
    expect(await menuCardText(page)).toContain('forgetful@example.com');
  });

  it('signs in with e-mail only through a one-time link, bringing the guest idea along', async () => {
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out').waitFor();
    expect(
      await seedGuestIdeas(page, [
        { content: 'Book the dentist for March', format: 'checklist', category: 'personal' },
      ]),
    ).toEqual([201]);

    await page.goto(`${stack.baseUrl}/login`);
    await page.getByLabel('Email').fill('forgetful@example.com');
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    await page.getByText('Check your email').waitFor();
    await shoot(page, 'accounts-mail-03-link-sent');
    await expectAccessible(page, '/login (link sent)');

    const mail = await inbox.waitForMessage('forgetful@example.com');
    const link = linkIn(mail.text, `${stack.baseUrl}/api/auth/magic?token=`);
    await page.goto(link);
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('idea-card').filter({ hasText: 'Book the dentist' }).waitFor();
    expect(await menuCardText(page)).toContain('forgetful@example.com');

    // Used once: the second visit lands on the sign-in page, which explains.
    await page.goto(link);
    await page.waitForURL(/\/login\?error=link$/);
    await page.getByText('expired or was already used').waitFor();
    await shoot(page, 'accounts-mail-04-link-used');
    await expectAccessible(page, '/login?error=link');
  });
});
