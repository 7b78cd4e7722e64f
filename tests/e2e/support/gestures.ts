import type { Locator, Page } from 'playwright-core';

/**
 * A one-finger swipe made of real touch events (the DevTools protocol's touch input, as a phone
 * sends them), starting at the centre of `from` and moving by dx, dy in small steps, so the
 * browser's own touch-action and pointer-event handling are part of what is tested.
 */
export async function touchSwipe(page: Page, from: Locator, dx: number, dy: number) {
  const box = await from.boundingBox();
  if (!box) throw new Error('touchSwipe: the element is not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y }] });
    const steps = 8;
    for (let step = 1; step <= steps; step++) {
      await cdp.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: x + (dx * step) / steps, y: y + (dy * step) / steps }],
      });
    }
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  } finally {
    await cdp.detach();
  }
}

/** True when `locator` holds the keyboard focus. */
export function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}
