import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { horizontalOverflow, seriousAxeViolations, smallTargets } from './a11y';
import { setScheme } from './browser';

/**
 * A screen of the tour, in light and dark: no serious axe violation, no target under 44 px, no
 * sideways scrolling, and a screenshot per scheme to look at.
 */
export async function checkScreen(page: Page, device: string, name: string, scope?: Locator) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    expect.soft(await seriousAxeViolations(page), `axe on ${name} (${scheme})`).toEqual([]);
    expect.soft(await smallTargets(page, 44, scope), `targets on ${name} (${scheme})`).toEqual([]);
    expect.soft(await horizontalOverflow(page), `sideways overflow on ${name}`).toBe(0);
    await page.screenshot({ path: `test-results/screens/tour-${device}-${name}-${scheme}.png` });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
