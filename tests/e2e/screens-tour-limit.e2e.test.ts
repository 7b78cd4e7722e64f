import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, makeSpeechWav } from './support/browser';
import { appIsLive, recordSpeech, seedGuestIdeas, toast, type SeedIdea } from './support/journey';
import { startStack, type Stack } from './support/stack';
import { checkScreen } from './support/tour';

const SPOKEN = 'Tweet personal: the garden finally has tomatoes and I am unreasonably proud.';
const MONTHLY_LIMIT = 6;

const SEED: readonly SeedIdea[] = [1, 2, 3, 4, 5].map((n) => ({
  content: `Idea number ${n} about the garden and the long list of what it still needs this spring.`,
  format: 'tweet',
  category: 'personal',
}));

/** Deletes the page's guest's `count` newest ideas through the API, as the detail sheet would. */
function deleteGuestIdeas(page: Page, count: number): Promise<number[]> {
  return page.evaluate(async (n) => {
    const headers = { 'X-Guest-Id': localStorage.getItem('guestId') ?? '' };
    const list = (await (await fetch('/api/guest-ideas?limit=50', { headers })).json()) as {
      items: { id: string }[];
    };
    const codes: number[] = [];
    for (const idea of list.items.slice(0, n)) {
      const response = await fetch(`/api/guest-ideas/${idea.id}`, { method: 'DELETE', headers });
      codes.push(response.status);
    }
    return codes;
  }, count);
}

let stack: Stack;
let speechWav: string;

beforeAll(async () => {
  stack = await startStack({ transcript: SPOKEN, freeMonthlyLimit: MONTHLY_LIMIT });
  speechWav = await makeSpeechWav(stack.dir, SPOKEN);
});

afterAll(async () => {
  await stack?.close();
});

describe.each(['phone', 'desktop'] as const)('the month, the menu and upgrading (%s)', (device) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await launchBrowser({ dir: stack.dir, speechWav, device });
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

  it('at 80% the bar turns amber, Upgrade spans the card, and the last idea is announced', async () => {
    expect(await seedGuestIdeas(page, SEED)).toEqual([201, 201, 201, 201, 201]);
    await page.reload();
    await appIsLive(page);
    const usage = page.getByRole('region', { name: 'Usage' });
    await usage.getByText(`5 of ${MONTHLY_LIMIT} ideas this month`).waitFor();
    expect(await usage.getAttribute('data-tone')).toBe('amber');
    const upgrade = usage.getByRole('link', { name: 'Upgrade for unlimited' });
    const [upgradeBox, cardBox] = [await upgrade.boundingBox(), await usage.boundingBox()];
    if (!upgradeBox || !cardBox) throw new Error('the usage card is not laid out');
    // The card's call to action across its width, not a lone button wrapped to one side.
    expect(upgradeBox.width, 'Upgrade button width').toBeGreaterThanOrEqual(cardBox.width - 36);
    expect(await page.getByTestId('status-text').textContent()).toBe('Last idea this month');
    // The way to every idea is in view, above the bottom bar.
    const searchAll = page.getByRole('link', { name: 'Search 5 ideas' });
    const barBox = await page.getByTestId('status-strip').boundingBox();
    const linkBox = await searchAll.boundingBox();
    expect(linkBox && barBox && linkBox.y + linkBox.height < barBox.y).toBe(true);
    // Deleting ideas does not give the month back: the count stays. With fewer cards the
    // screens below are checked without a card cut off by the bottom bar, which axe would
    // take for a covered button.
    expect(await deleteGuestIdeas(page, 3)).toEqual([204, 204, 204]);
    await page.reload();
    await appIsLive(page);
    await usage.getByText(`5 of ${MONTHLY_LIMIT} ideas this month`).waitFor();
    expect(await page.getByTestId('idea-card').count()).toBe(2);
    await checkScreen(page, device, 'usage-80');
  });

  it('at the limit it says so before recording; Save is refused with one upgrade prompt', async () => {
    await recordSpeech(page);
    let result = page.getByRole('dialog', { name: 'Result' });
    await result.getByTestId('formatted-content').waitFor();
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    await page.getByText(`6 of ${MONTHLY_LIMIT} ideas this month`).waitFor();
    const status = page.getByTestId('status-text');
    expect(await status.textContent()).toBe('Limit reached: copy, not save');
    // Read in full, not cut off with an ellipsis.
    expect(await status.evaluate((el) => el.scrollHeight <= el.clientHeight + 1)).toBe(true);
    expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    await checkScreen(page, device, 'limit-before-recording');

    await recordSpeech(page);
    result = page.getByRole('dialog', { name: 'Result' });
    await result.getByTestId('formatted-content').waitFor();
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    const box = result.getByRole('alert').filter({ hasText: 'used all your ideas' });
    await box.getByRole('link', { name: 'Upgrade for unlimited' }).waitFor();
    expect(await page.getByRole('link', { name: /upgrade/i }).count()).toBe(1);
    expect(await toast(page, 'limit').count()).toBe(0);
    // The box is in view above Copy and Save, not scrolled away under them.
    const boxBox = await box.boundingBox();
    const copyBox = await result.getByRole('button', { name: 'Copy', exact: true }).boundingBox();
    expect(boxBox && copyBox && boxBox.y + boxBox.height <= copyBox.y).toBe(true);
    await checkScreen(page, device, 'limit-save-refused', result);
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it('deleting an idea offers Undo, and Undo brings it back', async () => {
    const first = page.getByTestId('idea-card').first();
    const firstText = (await first.textContent()) ?? '';
    await first.getByRole('button').first().click();
    const detail = page.getByTestId('idea-detail');
    await detail.getByRole('button', { name: 'Delete' }).click();
    await page.getByTestId('confirm-delete').getByRole('button', { name: 'Delete' }).click();
    const deleted = toast(page, 'Idea deleted');
    await deleted.getByRole('button', { name: 'Undo' }).waitFor();
    await checkScreen(page, device, 'delete-undo');
    await deleted.getByRole('button', { name: 'Undo' }).click();
    await toast(page, 'Idea restored').waitFor();
    await page.getByTestId('idea-card').first().filter({ hasText: firstText }).waitFor();
  });

  it('the menu and About name the same version', async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('menu');
    await menu.getByText('Guest User').waitFor();
    const menuVersion = /v\d+\.\d+\.\d+/.exec((await menu.textContent()) ?? '')?.[0];
    expect(menuVersion).toBeDefined();
    await checkScreen(page, device, 'menu', menu);
    await menu.getByRole('link', { name: 'About' }).click();
    await page.getByRole('heading', { name: 'Voice Ideas' }).waitFor();
    expect(await page.getByTestId('about-version').textContent()).toBe(
      `Voice Ideas ${menuVersion}`,
    );
    await checkScreen(page, device, 'about');
  });

  it('upgrading, where it is off, says so plainly and claims no payment', async () => {
    await page.goto(`${stack.baseUrl}/upgrade`);
    await appIsLive(page);
    await page.getByText('Upgrading to Pro is not available yet.', { exact: false }).waitFor();
    expect(await page.locator('main').textContent()).not.toMatch(/server|set up|configured/i);
    // The usage card here offers no link back to this same page.
    await page
      .getByRole('region', { name: 'Usage' })
      .getByText(/ideas this month/)
      .waitFor();
    expect(await page.getByRole('region', { name: 'Usage' }).getByRole('link').count()).toBe(0);
    await checkScreen(page, device, 'upgrade');
    await page.goto(`${stack.baseUrl}/upgrade?success=1`);
    await appIsLive(page);
    await page.getByRole('heading', { name: 'Why Pro?' }).waitFor();
    await page.waitForURL((url) => url.search === '');
    expect(await page.getByTestId('payment-status').count()).toBe(0);
    expect(await page.getByText(/Welcome to Pro|payment went through/).count()).toBe(0);
    await checkScreen(page, device, 'upgrade-success-billing-off');
  });
});
