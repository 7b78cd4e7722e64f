import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, makeSpeechWav, shoot } from './support/browser';
import { recordSpeech, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const SPOKEN = 'Checklist personal: buy milk, call the dentist, book the flights.';

describe('a spoken command, the quota, and the settings sheet', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: SPOKEN, freeMonthlyLimit: 1 });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPOKEN),
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('a spoken "Checklist personal:" overrides the selected Tweet • Work', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
    expect(await page.getByTestId('format-chip').textContent()).toBe('Tweet • Work');
    await recordSpeech(page);
    await toast(page, 'Voice command detected')
      .filter({ hasText: 'Checklist • Personal' })
      .waitFor();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    expect(
      await result.getByRole('radio', { name: 'Checklist' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await result.getByRole('radio', { name: 'Personal' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await result.getByTestId('formatted-content').textContent()).not.toMatch(
      /^Checklist personal/i,
    );
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    expect(await page.getByTestId('idea-card').first().textContent()).toContain(
      'Checklist • Personal',
    );
  });

  it('says the limit is reached before recording, and at Save shows one upgrade prompt', async () => {
    await page.getByText('1 of 1 ideas this month').waitFor();
    const usage = page.getByRole('region', { name: 'Usage' });
    expect(await usage.getAttribute('data-tone')).toBe('rose');
    await usage.getByRole('link', { name: 'Upgrade for unlimited' }).waitFor();
    // Said before the person speaks, not only when Save is refused: once the last idea's
    // 'Done!' has had its second.
    await page
      .getByTestId('status-text')
      .filter({ hasText: /^Limit reached: copy, not save$/ })
      .waitFor();
    await shoot(page, '13a-quota-before-recording');
    await recordSpeech(page);
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await result.getByRole('alert').getByRole('link', { name: 'Upgrade for unlimited' }).waitFor();
    // One prompt: no toast saying the same with a second Upgrade button.
    expect(await toast(page, 'Monthly limit reached').count()).toBe(0);
    expect(await page.getByRole('link', { name: /upgrade/i }).count()).toBe(1);
    // The optimistic bump was rolled back to what the server counts.
    await page.getByText('1 of 1 ideas this month').waitFor();
    await shoot(page, '13-quota-reached');
    // Esc closes the sheet even while a toast shows.
    await result.getByRole('button', { name: 'Copy', exact: true }).click();
    // Copied, or refused by this headless browser's clipboard: a toast either way.
    await page.getByTestId('toast').first().waitFor();
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it('opens Voice Settings from the status strip, traps focus, closes on Esc and restores focus', async () => {
    const strip = page.getByTestId('status-strip');
    await strip.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByTestId('voice-settings');
    await sheet.getByText('Voice Commands').waitFor();
    await sheet.getByText('Create a checklist for my morning routine').waitFor();
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab');
      expect(await sheet.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
    const pitch = sheet.getByRole('radio', { name: 'Pitch' });
    const box = await pitch.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(48);
    await pitch.click();
    await sheet.getByRole('radio', { name: 'Creative' }).click();
    await shoot(page, '14-voice-settings');
    await page.keyboard.press('Escape');
    await sheet.waitFor({ state: 'detached' });
    // Radix returns focus right after the sheet unmounts.
    await page.waitForFunction(
      () => document.activeElement?.getAttribute('data-testid') === 'status-strip',
    );
    expect(await page.getByTestId('format-chip').textContent()).toBe('Pitch • Creative');
    expect(
      await page.evaluate(() => [
        localStorage.getItem('selectedFormat'),
        localStorage.getItem('selectedCategory'),
      ]),
    ).toEqual(['pitch', 'creative']);
  });

  it('turns dark mode on from the menu and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('menu');
    await menu.getByText('Guest User').waitFor();
    await menu.getByText('v1.0').waitFor();
    await shoot(page, '15-menu');
    await menu.getByRole('switch', { name: /Dark mode/ }).click();
    await page.waitForFunction(() => document.documentElement.classList.contains('dark'));
    expect(await page.evaluate(() => localStorage.getItem('darkMode'))).toBe('true');
    await page.reload();
    await skipOnboarding(page);
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(
      true,
    );
    await page.screenshot({ path: 'test-results/screens/16-dark-mode-chosen.png' });
  });
});

describe('a microphone that is refused', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: 'unused' });
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('explains the denial and lets the person type the idea instead', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await toast(page, 'Microphone Permission Denied').waitFor();
    await shoot(page, '17-microphone-denied');
    await page.getByRole('button', { name: 'Type instead' }).first().click();
    const typed = page.getByTestId('typed-idea');
    await typed
      .getByRole('textbox')
      .fill('Pitch creative: a podcast where strangers swap playlists.');
    await shoot(page, '18-typed-fallback');
    await typed.getByRole('button', { name: 'Format my idea' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByText('Pitch', { exact: true }).waitFor();
    await result.getByText('Creative', { exact: true }).waitFor();
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    expect(await page.getByTestId('idea-card').first().textContent()).toContain('Pitch • Creative');
  });
});
