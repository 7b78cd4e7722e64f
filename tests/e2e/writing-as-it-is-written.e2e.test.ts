import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, makeSpeechWav, shoot } from './support/browser';
import { recordSpeech, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const SPOKEN = 'Tweet work: ship the release notes before Friday and thank the testers.';
/** The model's words as it writes them: the words after the command, as they were said. */
const WRITTEN = 'ship the release notes before Friday and thank the testers.';
/** The checked answer: a tweet starts with a capital, as the text engine writes one. */
const CHECKED = 'Ship the release notes before Friday and thank the testers.';

describe('the result sheet while the model writes', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // The journey holds the stream for its screenshots: the default 8 s would end it by rules.
    stack = await startStack({ transcript: SPOKEN, llmTimeoutMs: 60_000 });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPOKEN),
    });
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('shows the words as they come, holds Save back, then shows the checked answer as done', async () => {
    // Held before its first word until the voice command's toast has gone from over the sheet.
    stack.fake.setStreamDelay(600_000);
    await recordSpeech(page);
    const commandToast = toast(page, 'Voice command detected');
    await commandToast.waitFor();
    await commandToast.waitFor({ state: 'detached' });
    stack.fake.setStreamDelay(300);
    const sheet = page.getByRole('dialog', { name: 'Result' });
    const draft = sheet.getByTestId('formatted-draft');
    await draft.waitFor();
    // Three words in, the stream is held so the half-written sheet can be looked at.
    await page.waitForFunction(
      () =>
        (document.querySelector('[data-testid="formatted-draft"]')?.textContent ?? '')
          .trim()
          .split(/\s+/).length >= 3,
    );
    stack.fake.setStreamDelay(600_000);
    const soFar = (await draft.textContent()) ?? '';
    expect(WRITTEN.startsWith(soFar.trim())).toBe(true);
    expect(soFar.trim().length).toBeLessThan(WRITTEN.length);
    expect(await sheet.getByTestId('writing-mark').textContent()).toBe('Writing…');
    expect(await sheet.getByTestId('formatted-content').count()).toBe(0);
    expect(await sheet.getByRole('button', { name: 'Save', exact: true }).isDisabled()).toBe(true);
    // Read out only once, at the end: the words being written are not in the live region.
    expect(
      await sheet.evaluate(
        (root) => root.querySelector('[aria-live="polite"]')?.textContent ?? null,
      ),
    ).toBe('');
    await shoot(page, 'writing-01-mid-stream');
    await expectAccessible(page, 'result sheet while the model writes');

    stack.fake.setStreamDelay(0);
    const content = sheet.getByTestId('formatted-content');
    await content.waitFor();
    expect(await content.textContent()).toBe(CHECKED);
    expect(await sheet.getByTestId('writing-mark').count()).toBe(0);
    expect(await draft.count()).toBe(0);
    expect(
      await sheet.evaluate(
        (root) => root.querySelector('[aria-live="polite"]')?.textContent ?? null,
      ),
    ).toBe(await content.textContent());
    await shoot(page, 'writing-02-done');

    await sheet.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    expect(await page.getByTestId('idea-card').first().textContent()).toContain(
      'release notes before Friday',
    );
  });
});
