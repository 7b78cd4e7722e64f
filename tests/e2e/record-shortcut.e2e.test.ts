import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shoot } from './support/browser';
import { appIsLive, skipOnboarding } from './support/journey';
import { useSpeakingJourney } from './support/speaking-journey';

/**
 * The installed app's "New recording" shortcut opens `/?record=1` straight into recording
 * (docs/product.md, Installed and offline). Another site can link to the same address, so
 * outside the installed app, or from another site, it records nothing until the person taps.
 */

const SPOKEN = 'Tweet personal: the shortcut only listens when I open it myself.';
const ELSEWHERE = 'https://elsewhere.example/article';

/** Counts the page's asks for the microphone, from before the app starts. */
async function countMicrophoneAsks(page: Page) {
  await page.addInitScript(() => {
    const devices = navigator.mediaDevices;
    const ask = devices.getUserMedia.bind(devices);
    (window as unknown as { microphoneAsks: number }).microphoneAsks = 0;
    devices.getUserMedia = (constraints) => {
      (window as unknown as { microphoneAsks: number }).microphoneAsks += 1;
      return ask(constraints);
    };
  });
}

const microphoneAsks = (page: Page) =>
  page.evaluate(() => (window as unknown as { microphoneAsks: number }).microphoneAsks);

/** Waits for the app to have read the shortcut: it always takes `record` out of the address. */
async function shortcutRead(page: Page) {
  await appIsLive(page);
  await page.waitForFunction(() => !new URL(location.href).searchParams.has('record'));
}

/**
 * Chromium's headless shell cannot be put in an app window, and CDP's media emulation does not
 * take `display-mode`; an installed Safari app says so with `navigator.standalone`, which the
 * app also reads, so the page is given that.
 */
async function asInstalledApp(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'standalone', { value: true, configurable: true });
  });
}

/** Lets the fake microphone say its words (it loops the file) before stopping. */
async function stopAfterSpeech(page: Page) {
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await page.getByTestId('recording-timer').filter({ hasText: '0:05' }).waitFor();
  await page.getByRole('button', { name: 'Stop recording' }).click();
}

describe('the New recording shortcut', () => {
  const journey = useSpeakingJourney(SPOKEN);

  async function freshPage(): Promise<Page> {
    const page = await journey.context.newPage();
    await countMicrophoneAsks(page);
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    return page;
  }

  it('starts recording when the installed app opens it from its launcher', async () => {
    const page = await freshPage();
    await asInstalledApp(page);
    await page.goto(`${journey.stack.baseUrl}/?record=1`);
    expect(await page.evaluate(() => 'standalone' in navigator)).toBe(true);
    await shortcutRead(page);
    await stopAfterSpeech(page);
    await page.getByRole('dialog', { name: 'Result' }).waitFor({ timeout: 60_000 });
    await page.close();
  });

  it('records nothing when another site links to it, even in the installed app', async () => {
    const page = await freshPage();
    await asInstalledApp(page);
    await page.goto(`${journey.stack.baseUrl}/?record=1`, { referer: ELSEWHERE });
    expect(await page.evaluate(() => document.referrer)).toBe(ELSEWHERE);
    expect(await page.evaluate(() => 'standalone' in navigator)).toBe(true);
    await shortcutRead(page);
    // Asking for the microphone is the first thing a tap on record does, in the same task.
    expect(await microphoneAsks(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop recording' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Start voice recording' }).waitFor();
    await page.close();
  });

  it('records nothing in a browser tab until the person taps', async () => {
    const page = await freshPage();
    await page.goto(`${journey.stack.baseUrl}/?record=1`);
    await shortcutRead(page);
    expect(await microphoneAsks(page)).toBe(0);
    expect(await page.getByRole('button', { name: 'Stop recording' }).count()).toBe(0);
    await shoot(page, 'record-shortcut-in-a-tab');
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    await stopAfterSpeech(page);
    await page.getByRole('dialog', { name: 'Result' }).waitFor({ timeout: 60_000 });
    await page.close();
  });
});
