import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { openMenu } from './support/accounts';
import { launchBrowser, makeSpeechWav } from './support/browser';
import { appIsLive, recordSpeech, seedGuestIdeas, toast, type SeedIdea } from './support/journey';
import { startStack, type Stack } from './support/stack';
import { checkScreen } from './support/tour';

const SPOKEN = 'Tweet work: the best meetings are the short ones.';
const PASSWORD = 'correct horse 42';

const SEED: readonly SeedIdea[] = [1, 2, 3, 4, 5].map((n) => ({
  content: `Idea number ${n}: a thought about the garden and what it still needs this spring.`,
  format: 'tweet',
  category: 'personal',
}));

/** The words a field's aria-describedby points at, as a screen reader reads them with it. */
function describedBy(field: Locator): Promise<string> {
  return field.evaluate((input) =>
    (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' '),
  );
}

/** A field in error is outlined in red as well as told so under it, not by colour alone. */
async function expectMarkedInvalid(field: Locator, message: string) {
  expect(await field.getAttribute('aria-invalid')).toBe('true');
  expect(await describedBy(field)).toBe(message);
  const outline = await field.evaluate((input) => {
    const invalid = getComputedStyle(input);
    const seen = { width: invalid.borderTopWidth, color: invalid.borderTopColor };
    input.removeAttribute('aria-invalid');
    const valid = getComputedStyle(input).borderTopColor;
    input.setAttribute('aria-invalid', 'true');
    return { ...seen, valid };
  });
  expect(outline.width).toBe('2px');
  expect(outline.color).not.toBe(outline.valid);
}

let stack: Stack;
let speechWav: string;

beforeAll(async () => {
  stack = await startStack({ transcript: SPOKEN });
  speechWav = await makeSpeechWav(stack.dir, SPOKEN);
});

afterAll(async () => {
  await stack?.close();
});

describe.each(['phone', 'desktop'] as const)(
  'home with a full list, and the forms (%s)',
  (device) => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await launchBrowser({ dir: stack.dir, speechWav, device });
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
        origin: stack.baseUrl,
      });
      page = context.pages()[0] ?? (await context.newPage());
      await page.goto(`${stack.baseUrl}/`);
      await page.evaluate(() => localStorage.setItem('hasSeenOnboarding', 'true'));
      await appIsLive(page);
      // The guest id the seeded ideas are saved under is made by the app as it starts.
      await page.waitForFunction(() => localStorage.getItem('guestId') !== null);
    });

    afterAll(async () => {
      await context?.close();
    });

    it('home with more ideas than fit scrolls the last card clear of the bottom bar', async () => {
      expect(await seedGuestIdeas(page, SEED)).toEqual([201, 201, 201, 201, 201]);
      await page.reload();
      await appIsLive(page);
      const cards = page.getByTestId('idea-card');
      await cards.nth(3).waitFor();
      await page.getByRole('link', { name: 'Search 5 ideas' }).waitFor();
      await checkScreen(page, device, 'home-full');
      await cards.last().scrollIntoViewIfNeeded();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const last = await cards.last().boundingBox();
      const bar = await page.getByTestId('status-strip').boundingBox();
      if (!last || !bar) throw new Error('the list or the bottom bar is not laid out');
      expect(last.y + last.height, 'last card bottom vs the bar').toBeLessThan(bar.y);
      await page.screenshot({ path: `test-results/screens/tour-${device}-home-full-end.png` });
      await page.evaluate(() => window.scrollTo(0, 0));
    });

    it('Esc closes the result sheet while a toast shows', async () => {
      await recordSpeech(page);
      const result = page.getByRole('dialog', { name: 'Result' });
      await result.getByTestId('formatted-content').waitFor();
      await result.getByRole('button', { name: 'Copy', exact: true }).click();
      await toast(page, 'Copied to clipboard').waitFor();
      await page.keyboard.press('Escape');
      await result.waitFor({ state: 'detached' });
    });

    it('sign-up, sign-in and reset say what is wrong under the field it is about', async () => {
      await page.goto(`${stack.baseUrl}/signup`);
      await appIsLive(page);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectMarkedInvalid(page.getByLabel('Email'), 'Please enter your email address.');
      await expectMarkedInvalid(page.getByLabel('Password'), 'Please enter a password.');
      expect(await page.getByTestId('toast').count()).toBe(0);
      await checkScreen(page, device, 'signup-empty-fields');
      await page.getByLabel('Email').fill(`${device}@example.com`);
      await page.getByLabel('Password').fill('12345');
      await page.getByRole('button', { name: 'Create Account' }).click();
      await expectMarkedInvalid(page.getByLabel('Password'), 'Must be at least 6 characters long');
      expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBeNull();

      await page.goto(`${stack.baseUrl}/login`);
      await appIsLive(page);
      await page.getByRole('button', { name: 'Email Me a Sign-In Link' }).click();
      await expectMarkedInvalid(page.getByLabel('Email'), 'Please enter your email address.');
      await checkScreen(page, device, 'login-empty-email');

      await page.goto(`${stack.baseUrl}/reset-password?token=not-a-real-token`);
      await appIsLive(page);
      await page.getByLabel('New password').fill('123');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await expectMarkedInvalid(
        page.getByLabel('New password'),
        'Password must be at least 6 characters',
      );
      await page.getByLabel('New password').fill('123456');
      await page.getByLabel('Confirm password').fill('654321');
      await page.getByRole('button', { name: 'Set New Password' }).click();
      await expectMarkedInvalid(page.getByLabel('Confirm password'), 'Passwords do not match');
      await checkScreen(page, device, 'reset-mismatch');
    });

    it("the menu's Create Account, Sign In and Reset Password dialogs say so under the field too", async () => {
      await page.goto(`${stack.baseUrl}/`);
      await appIsLive(page);
      await (await openMenu(page)).getByRole('button', { name: 'Create Account' }).click();
      const create = page.getByRole('dialog', { name: 'Create Account' });
      await create.getByRole('button', { name: 'Create Account' }).click();
      await expectMarkedInvalid(create.getByLabel('Email'), 'Please enter your email address.');
      await expectMarkedInvalid(create.getByLabel('Password'), 'Please enter a password.');
      // The form checks it, not the browser: no field is left :invalid for a "required" bubble.
      expect(await create.getByLabel('Email').evaluate((input) => input.matches(':invalid'))).toBe(
        false,
      );
      await checkScreen(page, device, 'menu-create-empty-fields', create);
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'detached' });

      // Esc closed only the dialog opened over the menu.
      await page.getByTestId('menu').getByRole('button', { name: 'Sign In' }).click();
      const signIn = page.getByRole('dialog', { name: 'Sign In' });
      await signIn.getByRole('button', { name: 'Sign In' }).click();
      await expectMarkedInvalid(signIn.getByLabel('Email'), 'Please enter your email address.');
      await checkScreen(page, device, 'menu-sign-in-empty-email', signIn);
      await signIn.getByRole('button', { name: 'Forgot Password?' }).click();
      const reset = page.getByRole('dialog', { name: 'Reset Password' });
      await reset.getByRole('button', { name: 'Send Reset Link' }).click();
      await expectMarkedInvalid(reset.getByLabel('Email'), 'Please enter your email address.');
      await page.keyboard.press('Escape');
      await reset.waitFor({ state: 'detached' });
    });

    it('after signing up the guest ideas come along and count; the profile puts data before danger', async () => {
      await page.goto(`${stack.baseUrl}/signup`);
      await appIsLive(page);
      await page.getByLabel('Email').fill(`${device}@example.com`);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Create Account' }).click();
      await page.waitForURL(`${stack.baseUrl}/`);
      await appIsLive(page);
      await page
        .getByRole('region', { name: 'Usage' })
        .getByText('5 of 10 ideas this month')
        .waitFor();
      await page.goto(`${stack.baseUrl}/profile`);
      await appIsLive(page);
      await page.getByRole('heading', { name: 'Danger Zone' }).waitFor();
      const headings = (await page.locator('main h2').allTextContents()).map((text) => text.trim());
      expect(headings.slice(0, 3)).toEqual(['Account', 'Your data', 'Danger Zone']);
      await checkScreen(page, device, 'profile-signed-in');
    });

    it('back from a checkout on a free account, upgrading says it is confirming, not welcome, and offers no second checkout', async () => {
      // As where upgrading is on and the provider's webhook has not landed yet: the account the
      // page reads stays free.
      await page.route('**/api/config', async (route) => {
        const response = await route.fetch();
        const config = (await response.json()) as Record<string, unknown>;
        await route.fulfill({
          response,
          json: { ...config, billing: { enabled: true, priceMonthly: 9 } },
        });
      });
      await page.goto(`${stack.baseUrl}/upgrade?success=1`);
      await appIsLive(page);
      await page.getByTestId('payment-status').getByText('Confirming your payment…').waitFor();
      expect(await page.getByText(/Welcome to Pro|payment went through/).count()).toBe(0);
      // Waiting on one payment, the page offers no second.
      expect(await page.getByRole('button', { name: 'Upgrade to Pro' }).count()).toBe(0);
      await checkScreen(page, device, 'upgrade-confirming');
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    });
  },
);
