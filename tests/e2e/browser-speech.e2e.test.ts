import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, shoot } from './support/browser';
import {
  failNextStart,
  failSpeech,
  installFakeSpeech,
  offerOnDevice,
  say,
  startedRecognitions,
  waitForListening,
} from './support/fake-speech';
import { skipOnboarding, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

/** A recording sent to the server: its upload's creation, or a short clip sent whole. */
function isRecordingUpload(request: Request): boolean {
  const path = new URL(request.url()).pathname;
  return request.method() === 'POST' && (path === '/api/uploads' || path === '/api/transcribe');
}

/**
 * Each Web Speech error, when it strikes (refusing to start, or cutting in while the person
 * talks), and the title of the message that must explain it.
 */
const FAILURES = [
  { code: 'not-allowed', when: 'start', title: 'Microphone Permission Denied' },
  { code: 'service-not-allowed', when: 'start', title: 'Browser speech recognition is off' },
  { code: 'language-not-supported', when: 'start', title: 'English is not available here' },
  { code: 'audio-capture', when: 'start', title: 'Microphone Not Available' },
  { code: 'no-speech', when: 'listening', title: 'No speech heard' },
  { code: 'network', when: 'listening', title: 'Speech service unreachable' },
  { code: 'aborted', when: 'listening', title: 'Listening was interrupted' },
] as const;

describe('a server without a speech engine, in a browser that recognises speech', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  const uploads: string[] = [];

  beforeAll(async () => {
    stack = await startStack({ transcript: 'unused', transcription: 'none' });
    // No fake microphone: getUserMedia is refused, so only the browser's recognition can work.
    context = await launchBrowser({ dir: stack.dir });
    await installFakeSpeech(context);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (request) => {
      if (isRecordingUpload(request)) uploads.push(request.url());
    });
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it('records with the browser, showing the words live, and formats what was said', async () => {
    expect(await page.getByTestId('recording-status').textContent()).toBe('Tap to record');
    await page.getByTestId('status-strip').click();
    const settings = page.getByTestId('voice-settings');
    // Only one engine can work here, so there is nothing to choose, only who hears the audio.
    await settings.getByText('Speech to text by this browser').waitFor();
    expect(await settings.getByRole('radiogroup', { name: 'Speech to text by' }).count()).toBe(0);
    expect(await settings.getByTestId('speech-privacy').textContent()).toContain(
      "maker's speech service",
    );
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await page.getByRole('button', { name: 'Stop recording' }).waitFor();
    await waitForListening(page);
    const live = page.getByTestId('live-transcript');
    await live.getByText('your words appear here').waitFor();
    expect(await startedRecognitions(page)).toEqual([
      { lang: 'en-US', continuous: true, interimResults: true, processLocally: false },
    ]);

    await say(page, 'Checklist personal water', false);
    await live.getByText('Checklist personal water').waitFor();
    await say(page, 'Checklist personal: water the plants, pay the rent', true);
    await say(page, 'and call', false);
    await live.getByText('Checklist personal: water the plants, pay the rent and call').waitFor();
    await expectAccessible(page, 'browser speech listening');
    await shoot(page, '40-browser-speech-live');

    await say(page, 'and call grandma', false);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByText('Checklist', { exact: true }).waitFor();
    await result.getByText('Personal', { exact: true }).waitFor();
    const formatted = await result.getByTestId('formatted-content').textContent();
    expect(formatted).toMatch(/water the plants/i);
    expect(formatted).toMatch(/call grandma/i);
    expect(uploads).toEqual([]);
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();
    expect(await page.getByTestId('idea-card').first().textContent()).toContain(
      'Checklist • Personal',
    );
    expect(await live.count()).toBe(0);
  });

  it('explains each recognition failure and keeps typing as the way out', async () => {
    for (const failure of FAILURES) {
      const start = page.getByRole('button', { name: 'Start voice recording' });
      await start.waitFor();
      if (failure.when === 'start') {
        await failNextStart(page, failure.code);
        await start.click();
      } else {
        await start.click();
        await waitForListening(page);
        if (failure.code !== 'no-speech') await say(page, 'Tweet work: the launch', false);
        await failSpeech(page, failure.code);
      }
      const message = toast(page, failure.title);
      await message.waitFor();
      expect(await page.getByTestId('recording-status').textContent()).toBe('Tap to record');
      if (failure.code === 'network') await shoot(page, '41-browser-speech-network');
      await message.getByRole('button', { name: 'Type instead' }).click();
      const typed = page.getByTestId('typed-idea');
      await typed.waitFor();
      // What was heard before the failure is kept, to correct rather than retype.
      expect(await typed.getByRole('textbox').inputValue()).toBe(
        failure.when === 'listening' && failure.code !== 'no-speech'
          ? 'Tweet work: the launch'
          : '',
      );
      await page.keyboard.press('Escape');
      await typed.waitFor({ state: 'detached' });
      await message.waitFor({ state: 'detached' });
      // When the microphone itself is the problem, typing stays offered beside the button.
      const micProblem = failure.code === 'not-allowed' || failure.code === 'audio-capture';
      expect(await page.getByRole('button', { name: 'Type instead' }).count(), failure.code).toBe(
        micProblem ? 1 : 0,
      );
    }
  });

  it('formats the typed idea after a failure', async () => {
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForListening(page);
    await say(page, 'Pitch creative: a podcast where strangers', false);
    await failSpeech(page, 'network');
    const message = toast(page, 'Speech service unreachable');
    await message.waitFor();
    expect(await message.textContent()).toContain('type your idea');
    await message.getByRole('button', { name: 'Type instead' }).click();
    const typed = page.getByTestId('typed-idea');
    await typed.waitFor();
    expect(await typed.getByTestId('typed-idea-notice').textContent()).toContain(
      'could not finish recognising',
    );
    await typed.getByRole('textbox').press('End');
    await typed.getByRole('textbox').pressSequentially(' swap playlists for a week.');
    await typed.getByRole('button', { name: 'Format my idea' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByText('Pitch', { exact: true }).waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toContain('swap playlists');
    expect(uploads).toEqual([]);
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it('recognises on this device when the browser offers it, and says so', async () => {
    await offerOnDevice(page, 'available');
    await page.getByTestId('status-strip').click();
    const settings = page.getByTestId('voice-settings');
    const privacy = settings.getByTestId('speech-privacy');
    await privacy.getByText('on this device: the audio does not leave it').waitFor();
    await page.keyboard.press('Escape');
    await settings.waitFor({ state: 'detached' });

    const before = (await startedRecognitions(page)).length;
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForListening(page);
    expect((await startedRecognitions(page)).slice(before)).toEqual([
      { lang: 'en-US', continuous: true, interimResults: true, processLocally: true },
    ]);
    await say(page, 'Tweet personal: the garden is finally green.', true);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toMatch(/garden/i);
  });
});
