import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Locator, Page, Request } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { launchBrowser, makeSpeechWav, shoot } from './support/browser';
import {
  failSpeech,
  installFakeSpeech,
  say,
  startedRecognitions,
  waitForListening,
} from './support/fake-speech';
import {
  serverLosesItsEngine,
  skipOnboarding,
  toast,
  waitForRecordedSpeech,
} from './support/journey';
import { startStack, type Stack } from './support/stack';

/** A recording sent to the server: its upload's creation, or a short clip sent whole. */
function isRecordingUpload(request: Request): boolean {
  const path = new URL(request.url()).pathname;
  return request.method() === 'POST' && (path === '/api/uploads' || path === '/api/transcribe');
}

const SPOKEN = 'Tweet work: ship the release notes before Friday.';
/** What the browser's preview makes of the same words: close, not the same. */
const PREVIEW = 'tweet work ship the relief notes';
const BROWSER_SAID = 'Pitch creative: a podcast where strangers swap playlists for a week.';
/** Voice Settings has 48 px targets, as the accessibility journey checks for the whole sheet. */
const SETTINGS_TARGET_PX = 48;

async function openSettings(page: Page): Promise<Locator> {
  await page.getByTestId('status-strip').click();
  const settings = page.getByTestId('voice-settings');
  await settings.getByText('Voice Commands').waitFor();
  return settings;
}

async function closeSettings(page: Page, settings: Locator) {
  await page.keyboard.press('Escape');
  await settings.waitFor({ state: 'detached' });
}

describe('a server with a speech engine, in a browser that recognises speech', () => {
  let stack: Stack;
  let context: BrowserContext;
  let page: Page;
  let uploads = 0;

  beforeAll(async () => {
    stack = await startStack({ transcript: SPOKEN });
    context = await launchBrowser({
      dir: stack.dir,
      speechWav: await makeSpeechWav(stack.dir, SPOKEN),
    });
    await installFakeSpeech(context);
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (request) => {
      if (isRecordingUpload(request)) uploads++;
    });
    await page.goto(`${stack.baseUrl}/`);
    await skipOnboarding(page);
  });

  afterAll(async () => {
    await context?.close();
    await stack?.close();
  });

  it("prefers the server's engine, and its transcript replaces the browser's live preview", async () => {
    const settings = await openSettings(page);
    const engines = settings.getByRole('radiogroup', { name: 'Speech to text by' });
    expect(
      await engines.getByRole('radio', { name: 'This server' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(await settings.getByTestId('speech-privacy').textContent()).toContain(
      'uploaded to this server, which passes it to the speech-to-text provider',
    );
    const preview = settings.getByRole('switch', { name: /Show my words as I speak/ });
    // Off until asked for: the audio would also go to the browser's speech service.
    expect(await preview.getAttribute('aria-checked')).toBe('false');
    await preview.click();
    expect(await preview.getAttribute('aria-checked')).toBe('true');
    await expectAccessible(page, 'speech engine settings', {
      minTargetPx: SETTINGS_TARGET_PX,
      targetScope: settings,
    });
    await shoot(page, '42-speech-engine-settings');
    await closeSettings(page, settings);

    // Formatting waits until the test has seen the server's transcript take the preview's place.
    let releaseFormat = () => {};
    const formatHeld = new Promise<void>((resolve) => (releaseFormat = resolve));
    await page.route('**/api/format', async (route) => {
      await formatHeld;
      await route.continue();
    });
    try {
      await page.getByRole('button', { name: 'Start voice recording' }).click();
      await page.getByRole('button', { name: 'Stop recording' }).waitFor();
      await waitForListening(page);
      const live = page.getByTestId('live-transcript');
      await say(page, PREVIEW, false);
      await live.getByText(PREVIEW).waitFor();
      await waitForRecordedSpeech(page);
      await shoot(page, '43-server-engine-live-preview');
      await page.getByRole('button', { name: 'Stop recording' }).click();

      await live.getByText(SPOKEN).waitFor();
      expect(await live.textContent()).not.toContain('relief');
      expect(uploads).toBe(1);
      releaseFormat();
      const result = page.getByRole('dialog', { name: 'Result' });
      await result.waitFor();
      expect(await result.getByTestId('formatted-content').textContent()).toContain(
        'release notes',
      );
      await page.keyboard.press('Escape');
      await result.waitFor({ state: 'detached' });
    } finally {
      releaseFormat();
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });

  it('keeps recording for the server when the live preview fails', async () => {
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForListening(page);
    await say(page, PREVIEW, false);
    await failSpeech(page, 'network');
    await waitForRecordedSpeech(page);
    // The last result's 'Voice command detected' rightly shows its 3 s into a recording started
    // at once (and leaves the page for a moment as the sheet closes): any other toast would be
    // one the failure raised.
    expect(
      await page.getByTestId('toast').filter({ hasNotText: 'Voice command detected' }).count(),
    ).toBe(0);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toContain('release notes');
    expect(await toast(page, 'Speech service unreachable').count()).toBe(0);
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it('remembers the chosen engine across a reload, and the browser then does the listening', async () => {
    let settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'This browser' }).click();
    expect(await settings.getByTestId('speech-privacy').textContent()).toContain(
      "maker's speech service",
    );
    // The preview only makes sense beside a server recording ('Keep recordings' stays: imports
    // are still transcribed by the server).
    expect(await settings.getByRole('switch', { name: /Show my words as I speak/ }).count()).toBe(
      0,
    );
    await shoot(page, '44-speech-engine-browser-chosen');
    await closeSettings(page, settings);

    await page.reload();
    await skipOnboarding(page);
    settings = await openSettings(page);
    expect(
      await settings.getByRole('radio', { name: 'This browser' }).getAttribute('aria-checked'),
    ).toBe('true');
    await closeSettings(page, settings);

    const uploadsBefore = uploads;
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForListening(page);
    const live = page.getByTestId('live-transcript');
    await live.getByText('your words appear here').waitFor();
    await say(page, BROWSER_SAID, true);
    await live.getByText(BROWSER_SAID).waitFor();
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    await result.getByText('Pitch', { exact: true }).waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toMatch(/playlists/i);
    expect(uploads).toBe(uploadsBefore);
    await page.keyboard.press('Escape');
    await result.waitFor({ state: 'detached' });
  });

  it('remembers a live preview turned off, and then records for the server alone', async () => {
    let settings = await openSettings(page);
    await settings.getByRole('radio', { name: 'This server' }).click();
    await settings.getByRole('switch', { name: /Show my words as I speak/ }).click();
    await closeSettings(page, settings);
    await page.reload();
    await skipOnboarding(page);
    settings = await openSettings(page);
    expect(
      await settings.getByRole('radio', { name: 'This server' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await settings
        .getByRole('switch', { name: /Show my words as I speak/ })
        .getAttribute('aria-checked'),
    ).toBe('false');
    await closeSettings(page, settings);

    const uploadsBefore = uploads;
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await waitForRecordedSpeech(page);
    expect(await startedRecognitions(page)).toEqual([]);
    expect(await page.getByTestId('live-transcript').count()).toBe(0);
    await page.getByRole('button', { name: 'Stop recording' }).click();
    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor();
    expect(await result.getByTestId('formatted-content').textContent()).toContain('release notes');
    expect(uploads).toBe(uploadsBefore + 1);
  });

  it('lets the browser take over when the server says mid-session that it lost its engine', async () => {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Result' }).waitFor({ state: 'detached' });
    await serverLosesItsEngine(page);
    try {
      await page.getByRole('button', { name: 'Start voice recording' }).click();
      await waitForRecordedSpeech(page);
      await page.getByRole('button', { name: 'Stop recording' }).click();
      await toast(page, 'Transcription is not configured on this server.').waitFor();

      const settings = await openSettings(page);
      await settings.getByText('Speech to text by this browser').waitFor();
      await closeSettings(page, settings);
      await page.getByRole('button', { name: 'Start voice recording' }).click();
      await waitForListening(page);
      await say(page, BROWSER_SAID, true);
      await page.getByRole('button', { name: 'Stop recording' }).click();
      const result = page.getByRole('dialog', { name: 'Result' });
      await result.waitFor();
      expect(await result.getByTestId('formatted-content').textContent()).toMatch(/playlists/i);
    } finally {
      await page.unrouteAll({ behavior: 'ignoreErrors' });
    }
  });
});
