import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, makeSpeechWav, shoot } from './support/browser';
import { removeSpeechRecognition } from './support/fake-speech';
import { recordSpeech, serverLosesItsEngine, skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const TYPED = 'Checklist personal: water the plants, pay the rent, call grandma.';
const SPOKEN = 'Tweet work: ship the release notes before Friday.';

describe('a server without a speech-to-text engine, in a browser without one either', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: 'unused', transcription: 'none' });
    // No fake microphone: were the app to start recording anyway, the denial toast would show.
    context = await launchBrowser({ dir: stack.dir });
    await removeSpeechRecognition(context);
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('asks for a typed idea up front, then formats and saves it', async () => {
    const config = (await (await fetch(`${stack.baseUrl}/api/config`)).json()) as {
      transcription: { available: boolean };
    };
    expect(config.transcription.available).toBe(false);

    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
    const button = page.getByRole('button', { name: /^Type your idea/ });
    await button.waitFor();
    expect(await page.getByTestId('recording-status').textContent()).toBe('Type your idea');
    expect(await page.getByTestId('status-strip').textContent()).toContain('Type your idea');
    expect(await page.getByRole('button', { name: 'Start voice recording' }).count()).toBe(0);
    await page.getByText('Tap the button below and type what is on your mind.').waitFor();
    // The big button is the only way in: no second "Type instead" beside it.
    expect(await page.getByRole('button', { name: 'Type instead' }).count()).toBe(0);
    await expectAccessible(page, 'home without transcription');
    await shoot(page, '30-no-transcription-home');

    await button.click();
    const typed = page.getByTestId('typed-idea');
    await typed.waitFor();
    expect(await typed.getByTestId('typed-idea-notice').textContent()).toContain(
      'Voice input is not available here',
    );
    expect(await toast(page, 'Microphone').count()).toBe(0);
    await typed.getByRole('textbox').fill(TYPED);
    await expectAccessible(page, 'typed sheet without transcription');
    await shoot(page, '31-no-transcription-typed');

    await typed.getByRole('button', { name: 'Format my idea' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByText('Checklist', { exact: true }).waitFor();
    await result.getByText('Personal', { exact: true }).waitFor();
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    await result.waitFor({ state: 'detached' });
    expect(await page.getByTestId('idea-card').first().textContent()).toContain(
      'Checklist • Personal',
    );
    await page.getByText('1 of 10 ideas this month').waitFor();
    // The result opens at once; the button's done look settles back to idle a second later.
    await expect
      .poll(() => page.getByTestId('recording-status').textContent())
      .toBe('Type your idea');
  });
});

describe('a transcription that fails after recording', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    stack = await startStack({ transcript: SPOKEN });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPOKEN),
    });
    // Typing is the last resort once neither the server nor the browser can transcribe; the
    // browser taking over from a server that lost its engine is in speech-engine-choice.
    await removeSpeechRecognition(context);
    page = context.pages()[0] ?? (await context.newPage());
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('keeps the error and offers to type what was said', async () => {
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
    expect(await page.getByTestId('recording-status').textContent()).toBe('Tap to record');
    stack.fake.setFault('500');
    await recordSpeech(page);
    const failure = page.getByTestId('toast').filter({ hasText: 'Type instead' });
    // The server's job retries a failing engine with backoff (docs/api.md) before it gives up.
    await failure.waitFor({ timeout: 60_000 });
    // The spec's message stays: the server's words, or 'Transcription failed with status …'.
    expect(await failure.textContent()).toMatch(/transcri/i);
    await page.getByRole('button', { name: 'Start voice recording' }).waitFor();
    await expectAccessible(page, 'transcription failed');
    await shoot(page, '32-transcription-failed');

    // The outage was brief: formatting answers again by the time the idea is typed.
    stack.fake.setFault('none');
    await failure.getByRole('button', { name: 'Type instead' }).click();
    const typed = page.getByTestId('typed-idea');
    await typed.waitFor();
    expect(await typed.getByTestId('typed-idea-notice').textContent()).toContain(
      'could not be transcribed',
    );
    await typed.getByRole('textbox').fill(SPOKEN);
    await shoot(page, '33-transcription-failed-typed');
    await typed.getByRole('button', { name: 'Format my idea' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toContain(
      'Ship the release notes before Friday',
    );
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    expect(await page.getByTestId('idea-card').first().textContent()).toContain('Tweet • Work');
  });

  it('switches to typing when the server says mid-session that it has no engine any more', async () => {
    await page.goto(`${stack.baseUrl}/`);
    // 'Skip for now' lasts for this tab's session (docs/product.md): the tips stay away.
    await skipOnboarding(page);
    await page.getByRole('button', { name: 'Start voice recording' }).waitFor();
    await serverLosesItsEngine(page);
    try {
      await recordSpeech(page);
      await toast(page, 'Transcription is not configured on this server.').waitFor();
      const typeButton = page.getByRole('button', { name: /^Type your idea/ });
      await typeButton.waitFor();
      expect(await page.getByTestId('recording-status').textContent()).toBe('Type your idea');
      await typeButton.click();
      const typed = page.getByTestId('typed-idea');
      await typed.waitFor();
      expect(await typed.getByTestId('typed-idea-notice').textContent()).toContain(
        'Voice input is not available here',
      );
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
