import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

const run = promisify(execFile);
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

/** Real speech for the fake microphone, made as STACK.md shows (espeak-ng, then sox to 48 kHz). */
export async function makeSpeechWav(dir: string, text: string): Promise<string> {
  const raw = join(dir, 'raw.wav');
  const speech = join(dir, 'speech.wav');
  await run('espeak-ng', ['-w', raw, text]);
  await run('sox', [raw, '-r', '48000', '-c', '1', '-b', '16', speech]);
  return speech;
}

export interface LaunchOptions {
  dir: string;
  /** The wav the fake microphone plays; without it the microphone is refused. */
  speechWav?: string;
  colorScheme?: 'light' | 'dark';
  /**
   * `phone` (the default) emulates a touch phone at 390x844: a mobile viewport, touch events and
   * overlay scrollbars, as people use the app. `desktop` is a 1280x800 window with a mouse.
   */
  device?: 'phone' | 'desktop';
  /** Journeys default to `reduce` so screenshots never catch an animation halfway. */
  reducedMotion?: 'reduce' | 'no-preference';
  /**
   * The sign-up prompt comes 2 s after a guest's first idea and covers the screen. Journeys
   * about something else are walked by a guest who has already seen it (the default); the
   * journey that is about the prompt passes false.
   */
  signupPromptSeen?: boolean;
}

export async function launchBrowser(options: LaunchOptions): Promise<BrowserContext> {
  const profile = await mkdtemp(join(options.dir, 'profile-'));
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ];
  if (options.speechWav) {
    args.push(
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${options.speechWav}`,
    );
  } else {
    // A fake device exists, but nobody grants the permission: getUserMedia is refused.
    args.push('--use-fake-device-for-media-stream');
  }
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args,
    ...(options.device === 'desktop'
      ? { viewport: DESKTOP }
      : { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }),
    colorScheme: options.colorScheme ?? 'light',
    reducedMotion: options.reducedMotion ?? 'reduce',
  });
  context.setDefaultTimeout(15_000);
  watchForFailure(context);
  if (options.signupPromptSeen ?? true) {
    await context.addInitScript(() => {
      if (localStorage.getItem('hasSeenSignupPrompt') === null) {
        localStorage.setItem('hasSeenSignupPrompt', 'true');
      }
    });
  }
  return context;
}

interface Watched {
  context: BrowserContext;
  /** The page's own errors and console errors, newest last, for a failed test's report. */
  errors: string[];
}

const watched = new Set<Watched>();
const MAX_ERRORS_KEPT = 20;

function watchForFailure(context: BrowserContext) {
  const entry: Watched = { context, errors: [] };
  const keep = (line: string) => {
    entry.errors.push(line);
    if (entry.errors.length > MAX_ERRORS_KEPT) entry.errors.shift();
  };
  const watchPage = (page: Page) => {
    page.on('pageerror', (error) => keep(`page error: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') keep(`console error: ${message.text()}`);
    });
    page.on('requestfailed', (request) =>
      keep(`request failed: ${request.url()} (${request.failure()?.errorText ?? 'unknown'})`),
    );
  };
  context.pages().forEach(watchPage);
  context.on('page', watchPage);
  context.on('close', () => watched.delete(entry));
  watched.add(entry);
}

/**
 * What a failed journey's browser showed: each open page's address, its dialogs and visible
 * text, and the errors it logged, printed to the test log (CI keeps only the log), with a
 * screenshot in test-results/failures/ for a local run.
 */
export async function reportOpenPages(testName: string): Promise<void> {
  const slug = testName.replace(/[^a-z0-9]+/gi, '-').slice(0, 80);
  let index = 0;
  for (const { context, errors } of watched) {
    for (const page of context.pages()) {
      index += 1;
      const lines = [`--- ${testName}: page ${index} at ${page.url()}`];
      try {
        const seen = await page.evaluate(() => ({
          dialogs: [...document.querySelectorAll('[role="dialog"], [role="alertdialog"]')].map(
            (dialog) => {
              const labelId = dialog.getAttribute('aria-labelledby');
              const label = labelId ? document.getElementById(labelId) : null;
              return (label ?? dialog).textContent?.slice(0, 80) ?? '';
            },
          ),
          text: document.body.innerText.replace(/\s+/g, ' ').slice(0, 1500),
        }));
        lines.push(`dialogs: ${JSON.stringify(seen.dialogs)}`, `text: ${seen.text}`);
        await page.screenshot({ path: `test-results/failures/${slug}-${index}.png` });
      } catch (error) {
        lines.push(`could not read the page: ${String(error)}`);
      }
      lines.push(...(errors.length ? errors : ['no page or console errors']));
      console.error(lines.join('\n'));
    }
  }
}

/** Switches the system colour scheme and waits until the app has repainted in it. */
export async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await page.emulateMedia({ colorScheme: scheme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains('dark') === dark,
    scheme === 'dark',
  );
  await settled(page);
}

/**
 * Waits for two painted frames and for every finite CSS transition or animation to finish, so
 * a screenshot or a contrast check never catches a colour halfway through a theme switch.
 */
export async function settled(page: Page) {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().iterations === Infinity,
      ),
  );
}

/** A screenshot of the current screen in light and in dark (the app follows the system). */
export async function shoot(page: Page, name: string) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    await page.screenshot({ path: `test-results/screens/${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
