import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { menuCardText, openMenu } from './support/accounts';
import { launchBrowser, shoot } from './support/browser';
import { seedGuestIdeas, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const PASSWORD = 'correct horse 42';

/** Whether anything lies over the top, middle or bottom of the header button named `name`. */
async function headerButtonCovered(page: Page, name: string): Promise<boolean> {
  const box = await page.getByRole('button', { name }).boundingBox();
  if (!box) throw new Error(`no ${name} button on screen`);
  // Down its middle: the button is round, and its corners are not its to take.
  const x = box.x + box.width / 2;
  const points = [
    [x, box.y + 2],
    [x, box.y + box.height / 2],
    [x, box.y + box.height - 2],
  ];
  return page.evaluate(
    ({ label, at }) => {
      const button = document.querySelector(`button[aria-label="${label}"]`);
      return at.some(([x, y]) => {
        const hit = document.elementFromPoint(x ?? 0, y ?? 0);
        return !(button && hit && button.contains(hit));
      });
    },
    { label: name, at: points },
  );
}

describe('accounts: signing up keeps the guest ideas, then out and in again', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack();
    context = await launchBrowser({ dir: stack.dir, signupPromptSeen: false });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('offers the signup prompt after the first idea and signs up on /signup with it', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
    // Onboarding is another journey's subject; here it would cover the page after each reload.
    await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
    expect(
      await seedGuestIdeas(page, [
        { content: 'Draft the quarterly plan', format: 'checklist', category: 'work' },
      ]),
    ).toEqual([201]);
    await page.reload();
    const prompt = page.getByTestId('signup-prompt');
    await prompt.waitFor();
    await shoot(page, 'accounts-01-signup-prompt');
    await expectAccessible(page, 'signup prompt');
    await prompt.getByRole('link', { name: 'Create Account' }).click();
    await page.waitForURL(/\/signup$/);
    expect(await page.evaluate(() => localStorage.getItem('hasSeenSignupPrompt'))).toBe('true');

    await page.getByRole('heading', { name: 'Why create an account' }).waitFor();
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Said beside each empty field, not in a toast.
    await page.getByRole('alert').filter({ hasText: 'Missing Information' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    await shoot(page, 'accounts-01b-signup-empty');
    await page.getByLabel('Email').fill('first@example.com');
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Must be at least 6 characters long').waitFor();
    await shoot(page, 'accounts-02-signup-page');
    await expectAccessible(page, '/signup');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('idea-card').filter({ hasText: 'Draft the quarterly plan' }).waitFor();
    expect(await menuCardText(page)).toContain('first@example.com');
    // Signed in, the prompt never comes back.
    await page.reload();
    await page.getByTestId('idea-card').first().waitFor();
    expect(await page.getByTestId('signup-prompt').count()).toBe(0);
  });

  it('signs up from the menu, keeping the guest ideas, then signs out and back in', async () => {
    // A fresh guest on this browser: the last account signs out first.
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out').waitFor();
    await page.getByText('No saved ideas yet!').waitFor();
    expect(
      await seedGuestIdeas(page, [
        { content: 'Call the venue about Saturday', format: 'checklist', category: 'personal' },
        { content: 'Pitch the podcast to Anna', format: 'pitch', category: 'creative' },
      ]),
    ).toEqual([201, 201]);
    await page.reload();
    await page.getByTestId('idea-card').filter({ hasText: 'Pitch the podcast' }).waitFor();

    const guestMenu = await openMenu(page);
    await guestMenu.getByText('Guest User').waitFor();
    await guestMenu.getByText('Limited Storage').waitFor();
    await shoot(page, 'accounts-03-menu-guest');
    await expectAccessible(page, 'menu (guest)');
    await guestMenu.getByRole('button', { name: 'Create Account' }).click();
    const create = page.getByRole('dialog', { name: 'Create Account' });
    await create.getByLabel('Email').fill('menu@example.com');
    await create.getByLabel('Password').fill(PASSWORD);
    await shoot(page, 'accounts-04-create-account-dialog');
    await expectAccessible(page, 'Create Account dialog');
    await create.getByRole('button', { name: 'Create Account' }).click();
    await toast(page, 'Account created').waitFor();
    await create.waitFor({ state: 'detached' });
    await page.getByTestId('idea-card').filter({ hasText: 'Call the venue' }).waitFor();
    await page.getByTestId('idea-card').filter({ hasText: 'Pitch the podcast' }).waitFor();

    const userMenu = await openMenu(page);
    await userMenu.getByText('menu@example.com').waitFor();
    await userMenu.getByText('Registered').waitFor();
    await shoot(page, 'accounts-05-menu-registered');
    await expectAccessible(page, 'menu (registered)');
    await userMenu.getByRole('button', { name: 'Sign Out' }).click();
    await toast(page, 'Signed out').waitFor();
    // The ideas went with the account: the guest is empty again.
    await page.getByText('No saved ideas yet!').waitFor();
    expect(await menuCardText(page)).toContain('Guest User');

    // Wrong password: the person is told, and stays a guest.
    const signInMenu = await openMenu(page);
    await signInMenu.getByRole('button', { name: 'Sign In' }).click();
    const signIn = page.getByRole('dialog', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('menu@example.com');
    await signIn.getByLabel('Password').fill('not the password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.getByRole('alert').filter({ hasText: 'Login Failed' }).waitFor();
    await shoot(page, 'accounts-06-sign-in-failed');
    // The dialog stays, with the e-mail kept: the right password signs in.
    expect(await signIn.getByLabel('Email').inputValue()).toBe('menu@example.com');
    await signIn.getByLabel('Password').fill(PASSWORD);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await signIn.waitFor({ state: 'detached' });
    await page.getByTestId('menu').waitFor({ state: 'detached' });
    await page.getByTestId('idea-card').filter({ hasText: 'Pitch the podcast' }).waitFor();
    expect(await menuCardText(page)).toContain('menu@example.com');
  });

  it('signs in on /login, and the profile exports the ideas as JSON, Markdown and CSV', async () => {
    await openMenu(page).then((menu) => menu.getByRole('button', { name: 'Sign Out' }).click());
    await page.getByText('No saved ideas yet!').waitFor();
    await page.goto(`${stack.baseUrl}/login`);
    await page.getByText('Pro users can log in with email only').waitFor();
    await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
    await page.getByText('Please enter your email address.').waitFor();
    await page.getByLabel('Email').fill('menu@example.com');
    await page.getByLabel('Password').fill(PASSWORD);
    await shoot(page, 'accounts-07-login-page');
    await expectAccessible(page, '/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // The toast comes whenever its code has loaded; it must never cover the header's buttons,
    // or a tap on the menu that it lands under is lost.
    await toast(page, 'Signed in').waitFor();
    expect(await headerButtonCovered(page, 'Open menu')).toBe(false);
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.getByTestId('idea-card').filter({ hasText: 'Pitch the podcast' }).waitFor();

    const menu = await openMenu(page);
    await menu.getByRole('link', { name: /menu@example.com/ }).click();
    await page.waitForURL(/\/profile$/);
    await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
    // The guest's ideas came along at sign-up and count towards the account's month.
    await page.getByText(/^[1-9]\d* of 10 ideas this month$/).waitFor();
    await shoot(page, 'accounts-08-profile-registered');
    await expectAccessible(page, '/profile (registered)');

    const files: Record<string, string> = {};
    for (const label of ['JSON', 'Markdown', 'CSV']) {
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: `Export as ${label}` }).click(),
      ]);
      const path = await download.path();
      files[label] = await readFile(path, 'utf8');
      expect(download.suggestedFilename()).toMatch(/\.(json|md|csv)$/);
    }
    const json = JSON.parse(files.JSON ?? '') as unknown;
    expect(JSON.stringify(json)).toContain('Pitch the podcast to Anna');
    expect(files.Markdown).toContain('Call the venue about Saturday');
    expect(files.CSV?.split(/\r?\n/)[0]).toBe('id,createdAt,format,category,content,transcript');
    expect(files.CSV).toContain('Pitch the podcast to Anna');
  });
});
