import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from './support/a11y';
import { launchBrowser, makeSpeechWav } from './support/browser';
import { appIsLive, recordSpeech, seedGuestIdeas, toast, type SeedIdea } from './support/journey';
import { startStack, type Stack } from './support/stack';
import { checkScreen } from './support/tour';

const SPOKEN =
  'Make a checklist for personal. Pick up the dry cleaning, call mom about Sunday and book the dentist for next week.';

const SEED: readonly SeedIdea[] = [
  {
    content:
      'A weekly neighborhood supper club where each host cooks a dish from their grandmother, people pay ten dollars and the money goes to the school garden.',
    format: 'pitch',
    category: 'creative',
  },
  {
    content: 'Launch checklist\n- [x] Finalize the pricing page\n- [ ] Write the press release',
    format: 'checklist',
    category: 'work',
  },
  {
    content: 'Honestly the best meetings are the ones that could have been an email.',
    format: 'tweet',
    category: 'work',
  },
];

let stack: Stack;
let speechWav: string;

beforeAll(async () => {
  stack = await startStack({ transcript: SPOKEN });
  speechWav = await makeSpeechWav(stack.dir, SPOKEN);
});

afterAll(async () => {
  await stack?.close();
});

describe.each(['phone', 'desktop'] as const)('the screens a person keeps using (%s)', (device) => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await launchBrowser({ dir: stack.dir, speechWav, device });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: stack.baseUrl,
    });
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
  });

  it('onboarding says who hears the voice here, and home shows every card alike', async () => {
    await page.goto(`${stack.baseUrl}/`);
    const onboarding = page.getByTestId('onboarding');
    await onboarding.waitFor();
    const privacy = onboarding.getByTestId('onboarding-privacy');
    await privacy.filter({ hasText: 'speech-to-text provider' }).waitFor();
    expect(await privacy.textContent()).not.toMatch(/stays private/);
    await checkScreen(page, device, 'onboarding');
    await onboarding.getByRole('button', { name: 'Skip for now' }).click();
    await onboarding.waitFor({ state: 'detached' });

    expect(await seedGuestIdeas(page, SEED)).toEqual([201, 201, 201]);
    await page.reload();
    await appIsLive(page);
    const checklistCard = page.getByTestId('idea-card').filter({ hasText: 'Launch checklist' });
    await checklistCard.waitFor();
    expect(await checklistCard.getByTestId('checklist-progress').textContent()).toBe('1 of 2 done');
    expect(await checklistCard.textContent()).not.toContain('[ ]');
    await checkScreen(page, device, 'home');
  });

  it('the result sheet: checkboxes, what overrode the setting, and the format changed before saving', async () => {
    await recordSpeech(page);
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByTestId('formatted-content').waitFor();
    expect(await result.getByTestId('checklist-task').count()).toBeGreaterThan(1);
    expect(await result.getByTestId('formatted-content').textContent()).not.toContain('[ ]');
    // Nothing about the server: no formatter badge, no note about a language model.
    expect(await result.getByTestId('developer-badge').count()).toBe(0);
    expect(await result.textContent()).not.toMatch(/language model|server/i);
    const notice = result.getByTestId('override-notice');
    expect(await notice.textContent()).toContain('Your setting is Tweet • Work');
    await checkScreen(page, device, 'result-checklist', result);

    await notice.getByRole('button', { name: 'Use Tweet • Work' }).click();
    await notice.waitFor({ state: 'detached' });
    await result.getByTestId('formatted-content').waitFor();
    expect(await result.getByRole('radio', { name: 'Tweet' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(await result.getByTestId('checklist-task').count()).toBe(0);
    await checkScreen(page, device, 'result-undone', result);

    await result.getByRole('radio', { name: 'Checklist' }).click();
    await result.getByTestId('checklist-task').first().waitFor();
    await result.getByRole('radio', { name: 'Personal' }).click();
    await result.getByTestId('checklist-task').first().waitFor();
    await result.getByRole('button', { name: 'Copy', exact: true }).click();
    const copied = toast(page, 'Copied to clipboard');
    await copied.waitFor();
    // The toast shows inside the sheet, below its buttons: it covers neither the title, nor the
    // formatted words, nor Copy and Save.
    expect(await result.getByTestId('sheet-toast-slot').getByTestId('toast').count()).toBe(1);
    const toastBox = await copied.boundingBox();
    const copyBox = await result.getByRole('button', { name: 'Copy', exact: true }).boundingBox();
    expect(toastBox && copyBox && toastBox.y >= copyBox.y + copyBox.height).toBe(true);
    await checkScreen(page, device, 'result-copied', result);
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await result.waitFor({ state: 'detached' });
    const saved = page.getByTestId('idea-card').first();
    expect(await saved.textContent()).toContain('Checklist • Personal');
  });

  it('the detail sheet and the list editor', async () => {
    await page
      .getByTestId('idea-card')
      .filter({ hasText: 'Launch checklist' })
      .getByRole('button')
      .first()
      .click();
    const detail = page.getByTestId('idea-detail');
    await detail.waitFor();
    expect(await detail.getByTestId('checklist-task').count()).toBe(2);
    await checkScreen(page, device, 'detail-checklist', detail);

    // A tick without a connection is kept on the device, then saved when it returns.
    await context.setOffline(true);
    await detail.getByRole('checkbox', { name: 'Write the press release' }).check();
    await toast(page, 'Kept on this device').waitFor();
    await checkScreen(page, device, 'detail-ticked-offline', detail);
    const saved = page.waitForResponse(
      (response) => response.request().method() === 'PUT' && response.ok(),
    );
    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await saved;
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await page.reload();
    await appIsLive(page);
    await page
      .getByTestId('idea-card')
      .filter({ hasText: 'Launch checklist' })
      .getByTestId('checklist-progress')
      .filter({ hasText: '2 of 2 done' })
      .waitFor();
    await page
      .getByTestId('idea-card')
      .filter({ hasText: 'Launch checklist' })
      .getByRole('button')
      .first()
      .click();
    await detail.waitFor();
    expect(
      await detail.getByRole('checkbox', { name: 'Write the press release' }).isChecked(),
    ).toBe(true);
    // The shared page a reader opens shows the same checkboxes, ticked as the owner left them.
    await detail.getByRole('button', { name: 'Share link' }).click();
    const url = await detail.getByRole('textbox', { name: 'Public link' }).inputValue();
    const reader = await context.newPage();
    await reader.goto(url);
    expect(await reader.getByRole('img', { name: 'done', exact: true }).count()).toBe(2);
    expect(await reader.locator('body').textContent()).not.toContain('[x]');
    for (const scheme of ['light', 'dark'] as const) {
      await reader.emulateMedia({ colorScheme: scheme });
      expect.soft(await seriousAxeViolations(reader), `axe on shared (${scheme})`).toEqual([]);
      await reader.screenshot({ path: `test-results/screens/tour-${device}-shared-${scheme}.png` });
    }
    await reader.close();
    await detail.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByTestId('edit-idea');
    await edit.getByTestId('checklist-editor').waitFor();
    // Every item shows all of its words, on as many lines as they need: none is cut at the
    // field's edge for the person to scroll through blind.
    const hidden = await edit
      .getByRole('textbox', { name: /^Item \d+$/ })
      .evaluateAll((fields) =>
        fields
          .filter((f) => f.scrollWidth > f.clientWidth || f.scrollHeight > f.clientHeight + 1)
          .map((f) => (f as HTMLInputElement).value),
      );
    expect(hidden).toEqual([]);
    await checkScreen(page, device, 'edit-checklist', edit);
    await page.keyboard.press('Escape');
    await edit.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
  });

  it('search: the same cards, cut at a word, and a way out of no match', async () => {
    await page.goto(`${stack.baseUrl}/search`);
    await appIsLive(page);
    const results = page.getByTestId('search-results');
    await results.getByTestId('idea-card').first().waitFor();
    expect(await results.textContent()).toContain('their grandmother, people pay...');
    await checkScreen(page, device, 'search');
    await page.getByRole('searchbox').fill('zebra quantum');
    // A search reads every idea's text: on a busy machine it can take a while.
    await page.getByText('No ideas found').waitFor({ timeout: 45_000 });
    await checkScreen(page, device, 'search-no-match');
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await results.getByTestId('idea-card').first().waitFor();
  });

  it('profile, sign-up errors beside their fields, and the developer page', async () => {
    await page.goto(`${stack.baseUrl}/profile`);
    await appIsLive(page);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    await checkScreen(page, device, 'profile');

    await page.goto(`${stack.baseUrl}/signup`);
    await appIsLive(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByRole('alert').filter({ hasText: 'Missing Information' }).waitFor();
    expect(await page.getByTestId('toast').count()).toBe(0);
    await checkScreen(page, device, 'signup-errors');

    await page.goto(`${stack.baseUrl}/debug`);
    await appIsLive(page);
    await page.getByLabel('Developer details').check();
    await page.getByText('Language model').waitFor();
    await checkScreen(page, device, 'debug');
    await page.getByLabel('Developer details').uncheck();
  });
});
