import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Route } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { appIsLive } from './support/journey';
import { startStack, type Stack } from './support/stack';

const CHIP = '[data-testid="format-chip"]';
/** docs/product.md, Constants and timings: the defaults the build draws (tweet, work). */
const BUILD_TIME_CHIP = `<span data-voice-chip-label="true" data-testid="format-chip">Tweet • Work</span>`;

interface FirstScreen {
  /** index.html as the server sent it. */
  html: string;
  /** The chip's words and border colour while the app's modules are held back. */
  beforeApp: { text: string | null; border: string; box: { x: number; width: number } };
  /** The same once React has replaced the build-time screen. */
  live: { text: string | null; border: string; box: { x: number; width: number } };
}

/**
 * A returning person's first load, whose choice is in local storage before any script runs:
 * the app's modules are held until the first screen has been read, so what is read there is the
 * build-time markup with only the boot script's work on it. A fresh browser each time: a
 * service worker from an earlier load would serve the modules where the route cannot see them.
 */
async function openHomeWith(stack: Stack, stored: Record<string, string>): Promise<FirstScreen> {
  const context = await launchBrowser({ dir: stack.dir });
  try {
    await context.addInitScript((items) => {
      for (const [key, value] of Object.entries(items)) localStorage.setItem(key, value);
    }, stored);
    const page = context.pages()[0] ?? (await context.newPage());
    const held: Route[] = [];
    let released = false;
    await page.route('**/assets/*.js', (route) => {
      const boot = new URL(route.request().url()).pathname.startsWith('/assets/boot-');
      if (boot || released) return route.continue();
      held.push(route);
    });
    const response = await page.goto(`${stack.baseUrl}/`, { waitUntil: 'domcontentloaded' });
    if (!response) throw new Error('No response for the home page');
    const html = await response.text();
    // The boot script asks for the app once the first screen is painted: by then it is drawn.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    const chipState = async () => {
      const chip = page.locator(CHIP);
      const box = await chip.boundingBox();
      if (!box) throw new Error('The chip is not on screen');
      return {
        text: await chip.textContent(),
        border: await page
          .locator('[data-voice-chip]')
          .evaluate((element) => getComputedStyle(element).borderTopColor),
        box: { x: box.x, width: box.width },
      };
    };
    expect(await page.locator('#app-shell').count()).toBe(1);
    const beforeApp = await chipState();
    released = true;
    await Promise.all(held.map((route) => route.continue()));
    await appIsLive(page);
    return { html, beforeApp, live: await chipState() };
  } finally {
    await context.close();
  }
}

describe('a returning person\u2019s first screen shows their own format and category', () => {
  let stack: Stack;

  beforeAll(async () => {
    stack = await startStack();
  });

  afterAll(async () => {
    await stack?.close();
  });

  it('draws the stored choice before the app starts, and the app keeps it', async () => {
    const screen = await openHomeWith(stack, {
      hasSeenOnboarding: 'true',
      selectedFormat: 'checklist',
      selectedCategory: 'personal',
    });
    // The server sends the defaults: the boot script, not the app, drew the choice.
    expect(screen.html).toContain(BUILD_TIME_CHIP);
    expect(screen.beforeApp.text).toBe('Checklist • Personal');
    expect(screen.beforeApp.border).toBe('rgb(16, 185, 129)');
    expect(screen.live).toEqual(screen.beforeApp);
  });

  it('falls back to the default for a corrupt value, exactly as the app does', async () => {
    const screen = await openHomeWith(stack, {
      hasSeenOnboarding: 'true',
      selectedFormat: '"checklist"',
      selectedCategory: 'creative',
    });
    expect(screen.beforeApp.text).toBe('Tweet • Creative');
    expect(screen.beforeApp.border).toBe('rgb(59, 130, 246)');
    expect(screen.live).toEqual(screen.beforeApp);
  });
});
