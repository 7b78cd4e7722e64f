import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, shoot } from './support/browser';
import {
  installFakeSpeech,
  say,
  startedRecognitions,
  waitForListening,
} from './support/fake-speech';
import { skipOnboarding } from './support/journey';
import { startStack, type Stack } from './support/stack';

/**
 * docs/product.md, "The spoken language": the language picked in Voice Settings is what the
 * browser listens for and what the server is told, and a transcript not in English is tidied by
 * the rules, never restructured. The server has no speech engine, so the browser's
 * recognition (scripted by fake-speech.ts) hears the words.
 */
describe('the language spoken, with the browser engine', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  const formatBodies: { language?: string }[] = [];

  beforeAll(async () => {
    stack = await startStack({ transcript: 'unused', transcription: 'none' });
    context = await launchBrowser({ dir: stack.dir });
    await installFakeSpeech(context);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/format') {
        formatBodies.push(request.postDataJSON() as { language?: string });
      }
    });
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  async function speak(words: string) {
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForListening(page);
    await say(page, words, true);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByTestId('formatted-content').waitFor();
    return result;
  }

  it('Français in Voice Settings: heard in French, tidied not made a checklist, and the note says so', async () => {
    await page.getByTestId('status-strip').click();
    const settings = page.getByTestId('voice-settings');
    const languages = settings.getByRole('radiogroup', { name: 'Language spoken' });
    await languages.waitFor();
    const browserDefault = languages.getByRole('radio', { name: 'Browser default' });
    expect(await browserDefault.getAttribute('aria-checked')).toBe('true');
    for (const radio of await languages.getByRole('radio').all()) {
      const box = await radio.boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await settings.getByRole('radio', { name: 'Checklist' }).click();
    await languages.getByRole('radio', { name: 'Français' }).click();
    expect(
      await languages.getByRole('radio', { name: 'Français' }).getAttribute('aria-checked'),
    ).toBe('true');
    await languages.scrollIntoViewIfNeeded();
    await expectAccessible(page, 'voice settings with the language spoken');
    await shoot(page, '90-voice-settings-language');
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    // The writer fails, so the rules answer: the path every server without a model takes.
    stack.fake.setFault('500');
    const result = await speak(
      'euh il faut acheter du pain et du lait ben appeler le plombier pour la fuite',
    );
    expect(await startedRecognitions(page)).toEqual([expect.objectContaining({ lang: 'fr-FR' })]);
    expect(await result.getByTestId('formatted-content').textContent()).toBe(
      'Il faut acheter du pain et du lait ben appeler le plombier pour la fuite.',
    );
    expect(await result.getByTestId('checklist-task').count()).toBe(0);
    // The English detector does not read French: the person's Checklist stands, untouched.
    expect(await result.getByTestId('override-notice').count()).toBe(0);
    expect(
      await result.getByRole('radio', { name: 'Checklist' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await result.getByTestId('language-note').textContent()).toBe(
      'Written in French: tidied, not restructured.',
    );
    expect(formatBodies.at(-1)?.language).toBe('fr');
    await shoot(page, '91-result-french-tidied');
    stack.fake.setFault('none');
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it("a dictionary entry spells the browser engine's mishearing as the person's term", async () => {
    // The person adds the word through the menu's Dictionary screen.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('menu');
    await menu.getByRole('button', { name: 'Dictionary' }).click();
    const dictionary = page.getByRole('dialog', { name: 'Dictionary' });
    await dictionary.getByTestId('dictionary-empty').waitFor();
    await shoot(page, '92-dictionary-empty');
    const addForm = dictionary.getByRole('form', { name: 'Add a word' });
    const term = addForm.getByRole('textbox', { name: 'Word or name' });
    const soundsLike = addForm.getByRole('textbox', { name: 'Sounds like (optional)' });
    const add = addForm.getByRole('button', { name: 'Add' });
    for (const target of [term, soundsLike, add]) {
      expect((await target.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    const saved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        new URL(response.url()).pathname === '/api/dictionary',
    );
    await term.fill('Kubernetes');
    await soundsLike.fill('cooper netties');
    await add.click();
    expect((await saved).status()).toBe(200);
    const list = dictionary.getByRole('list', { name: 'Your words (1)' });
    await list.getByText('Sounds like “cooper netties”').waitFor();
    for (const name of ['Edit Kubernetes', 'Remove Kubernetes']) {
      const box = await list.getByRole('button', { name }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    // A term twice, in any casing, is refused beside the field before anything is sent.
    await term.fill('kubernetes');
    await add.click();
    await dictionary.getByText('“Kubernetes” is already in your dictionary.').waitFor();
    await expectAccessible(page, 'the dictionary with a refused duplicate');
    await shoot(page, '93-dictionary-duplicate');
    await term.fill('');
    expect(await term.getAttribute('aria-invalid')).toBeNull();
    await expectAccessible(page, 'the dictionary with an entry');
    await shoot(page, '94-dictionary-entry');
    // Edited in its row, from the keyboard: Enter on Edit, the term focused, Cancel back.
    await list.getByRole('button', { name: 'Edit Kubernetes' }).focus();
    await page.keyboard.press('Enter');
    const editor = dictionary.getByRole('form', { name: 'Edit Kubernetes' });
    expect(
      await editor
        .getByRole('textbox', { name: 'Word or name' })
        .evaluate((input) => input === document.activeElement),
    ).toBe(true);
    await expectAccessible(page, 'the dictionary editing an entry');
    await shoot(page, '95-dictionary-edit');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await editor.waitFor({ state: 'detached' });
    // The focus went back to Edit, whose tooltip the first Escape would close: Close instead.
    await dictionary.getByRole('button', { name: 'Close', exact: true }).click();
    await dictionary.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(
      await page.evaluate(async () => {
        const response = await fetch('/api/dictionary', {
          headers: { 'X-Guest-Id': localStorage.getItem('guestId') ?? '' },
        });
        return ((await response.json()) as { entries: unknown }).entries;
      }),
    ).toEqual([{ term: 'Kubernetes', soundsLike: 'cooper netties' }]);

    // Back to English, where the rules restructure as ever.
    await page.getByTestId('status-strip').click();
    const settings = page.getByTestId('voice-settings');
    await settings.getByRole('radio', { name: 'English' }).click();
    await settings.getByRole('radio', { name: 'Tweet' }).click();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    stack.fake.setFault('500');
    const result = await speak('we moved the whole cluster to cooper netties this week');
    const formatted = await result.getByTestId('formatted-content').textContent();
    expect(formatted).toContain('Kubernetes');
    expect(formatted).not.toMatch(/cooper netties/i);
    expect(await result.getByTestId('language-note').count()).toBe(0);
    expect(formatBodies.at(-1)?.language).toBe('en');
    stack.fake.setFault('none');
  });
});
