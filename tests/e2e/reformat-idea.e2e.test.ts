import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, shoot } from './support/browser';
import { seedGuestIdeas, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const SAID = 'Call the venue about Saturday, book the band and send the invites.';

describe('reformatting a saved idea', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: SAID });
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await page.getByRole('button', { name: "I'm Ready to Start" }).click();
    await page.getByTestId('onboarding').waitFor({ state: 'detached' });
    expect(
      await seedGuestIdeas(page, [{ content: SAID, format: 'tweet', category: 'personal' }]),
    ).toEqual([201]);
    await page.reload();
    await page.getByTestId('idea-card').first().waitFor();
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  async function openReformat() {
    await page.getByTestId('idea-card').first().getByRole('button').first().click();
    const detail = page.getByTestId('idea-detail');
    await detail.waitFor();
    const panel = detail.getByTestId('reformat');
    await panel.locator('summary').click();
    await panel.getByRole('radiogroup', { name: 'Format' }).waitFor();
    return { detail, panel };
  }

  it('rewrites the idea as a checklist from what was said, busy meanwhile, and the list follows', async () => {
    const { detail, panel } = await openReformat();
    expect(await detail.getByTestId('idea-badges').textContent()).toMatch(/^TweetPersonal/);
    await panel.getByRole('radio', { name: 'Checklist' }).click();
    await panel.getByRole('radio', { name: 'Work' }).click();
    await panel.scrollIntoViewIfNeeded();
    await shoot(page, 'reformat-01-choose');
    await expectAccessible(page, 'reformat panel');

    // Held until the busy state is seen, then passed to the real server.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/reformat', async (route: Route) => {
      await held;
      await route.continue();
    });
    await panel.getByRole('button', { name: 'Reformat as Checklist · Work' }).click();
    const busy = panel.getByRole('button', { name: 'Reformatting…' });
    await busy.waitFor();
    expect(await busy.getAttribute('aria-disabled')).toBe('true');
    expect(await busy.evaluate((el) => el === document.activeElement)).toBe(true);
    await shoot(page, 'reformat-02-busy');
    release();

    await toast(page, 'Idea reformatted').waitFor();
    await page.unrouteAll();
    await detail
      .getByTestId('idea-badges')
      .filter({ hasText: /^ChecklistWork/ })
      .waitFor();
    const content = (await detail.getByTestId('idea-content').textContent()) ?? '';
    expect(content).not.toContain('[ ]');
    expect(await detail.getByTestId('checklist-task').count()).toBeGreaterThan(1);
    expect(content).toContain('Call the venue about Saturday');
    expect(content).not.toBe(SAID);
    await shoot(page, 'reformat-03-done');

    // Back on its toggle, the keyboard user is still in the sheet.
    expect(await panel.locator('summary').evaluate((el) => el === document.activeElement)).toBe(
      true,
    );
    await detail.getByRole('button', { name: 'Close', exact: true }).click();
    await detail.waitFor({ state: 'detached' });
    const card = page.getByTestId('idea-card').first();
    expect(await card.textContent()).toContain('Checklist • Work');
    expect(await card.getByTestId('checklist-progress').textContent()).toMatch(/^0 of \d+ done$/);

    // The server kept it: a fresh page shows the same.
    await page.reload();
    await page.getByTestId('idea-card').filter({ hasText: 'Checklist • Work' }).waitFor();
  });

  it('shows the alert when the reformat fails and keeps the idea as it was', async () => {
    await page.route('**/reformat', (route: Route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'internal', message: 'The model is down' }),
      }),
    );
    const { detail, panel } = await openReformat();
    const before = await detail.getByTestId('idea-content').textContent();
    await panel.getByRole('radio', { name: 'Pitch' }).click();
    await panel.getByRole('button', { name: /^Reformat as/ }).click();

    const alert = detail.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe('Failed to reformat idea. Please try again.');
    expect(await detail.getByTestId('idea-content').textContent()).toBe(before);
    expect(await detail.getByTestId('idea-badges').textContent()).toMatch(/^ChecklistWork/);
    expect(
      await panel.getByRole('button', { name: /^Reformat as/ }).getAttribute('aria-disabled'),
    ).toBe('false');
    await alert.scrollIntoViewIfNeeded();
    await shoot(page, 'reformat-04-failed');
    await expectAccessible(page, 'reformat failure');
    await page.unrouteAll();
  });
});
