import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { launchBrowser, makeSpeechWav } from './support/browser';
import { hasFocus, touchSwipe } from './support/gestures';
import { seedGuestIdeas, toast } from './support/journey';
import { startStack, type Stack } from './support/stack';

const SPOKEN = 'Tweet work: the standup moves to ten thirty from Monday.';

/** Long enough for a cancelled swipe or a dismissal to have taken effect if it were going to. */
const SETTLE_MS = 400;

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ transcript: SPOKEN });
});

afterAll(async () => {
  await stack?.close();
});

async function openHome(page: Page) {
  await page.goto(`${stack.baseUrl}/`);
  await page.getByRole('button', { name: "I'm Ready to Start" }).click();
  await page.getByTestId('onboarding').waitFor({ state: 'detached' });
}

describe('touch and keys on a phone', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    // No fake microphone file: recording is refused, which gives a 10 s toast to swipe.
    context = await launchBrowser({ dir: stack.dir });
    page = context.pages()[0] ?? (await context.newPage());
    await openHome(page);
    expect(
      await seedGuestIdeas(page, [
        { content: 'Swipe me down to close the sheet.', format: 'tweet', category: 'work' },
      ]),
    ).toEqual([201]);
    await page.reload();
    await page.getByTestId('idea-card').first().waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('closes the idea sheet on a swipe down past 32 px, not on a shorter one', async () => {
    await page.getByTestId('idea-card').first().getByRole('button').first().click();
    const detail = page.getByTestId('idea-detail');
    await detail.waitFor();
    const handle = detail.getByTestId('sheet-grab-handle');

    await touchSwipe(page, handle, 0, 28);
    await page.waitForTimeout(SETTLE_MS);
    expect(await detail.isVisible()).toBe(true);
    // A cancelled drag puts the sheet back where it was.
    expect(await detail.evaluate((el) => el.style.transform)).toBe('');

    await touchSwipe(page, handle, 0, 40);
    await detail.waitFor({ state: 'detached' });
  });

  it('closes sheets on Esc and gives focus back to what opened them', async () => {
    const cardButton = page.getByTestId('idea-card').first().getByRole('button').first();
    await cardButton.focus();
    await page.keyboard.press('Enter');
    const detail = page.getByTestId('idea-detail');
    await detail.waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(cardButton)).toBe(true);

    const menuButton = page.getByRole('button', { name: 'Open menu' });
    await menuButton.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByTestId('menu');
    await menu.getByText('Guest User').waitFor();
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(() => hasFocus(menuButton)).toBe(true);
  });

  it('keeps a toast on a short swipe right, dismisses it past 50 px, and F8 focuses it', async () => {
    await page.getByRole('button', { name: 'Start voice recording' }).click();
    const denied = toast(page, 'Microphone Permission Denied');
    await denied.waitFor();

    await page.keyboard.press('F8');
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            document.activeElement?.closest('[role=region]')?.getAttribute('aria-label') ?? null,
        ),
      )
      .toMatch(/^Notifications \(F8\)/);

    await touchSwipe(page, denied.getByText('Microphone Permission Denied'), 35, 0);
    await page.waitForTimeout(SETTLE_MS);
    expect(await denied.isVisible()).toBe(true);

    await touchSwipe(page, denied.getByText('Microphone Permission Denied'), 90, 0);
    await denied.waitFor({ state: 'hidden' });
  });
});

describe('tooltips with a mouse on a wide screen', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await launchBrowser({ dir: stack.dir, device: 'desktop' });
    page = context.pages()[0] ?? (await context.newPage());
    await openHome(page);
    // The tooltips load when the page is idle and then wrap each button in a new one; measured
    // before that, a button could be gone between finding it and reading where it is, and the
    // first delay would include the load. Radix marks a trigger with its state.
    await page.locator('header button[aria-label="Search ideas"][data-state]').waitFor();
    // Time, in the page's own clock, from the pointer entering a button to its tooltip showing.
    await page.evaluate(() => {
      const w = window as unknown as { tooltipLog: { state: string; delayMs: number }[] };
      w.tooltipLog = [];
      let enteredAt = 0;
      document.addEventListener(
        'pointerover',
        (event) => {
          if (event.target instanceof Element && event.target.closest('button[aria-label]'))
            enteredAt = performance.now();
        },
        true,
      );
      let shown: Element | null = null;
      new MutationObserver(() => {
        const content = document.querySelector('[data-radix-popper-content-wrapper] > *');
        if (content && content !== shown) {
          w.tooltipLog.push({
            state: content.getAttribute('data-state') ?? '',
            delayMs: performance.now() - enteredAt,
          });
        }
        shown = content;
      }).observe(document.body, { childList: true, subtree: true });
    });
  });

  afterAll(async () => {
    await context?.close();
  });

  async function hover(name: string) {
    const box = await page.getByRole('button', { name }).boundingBox();
    if (!box) throw new Error(`${name} is not visible`);
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y, { steps: 4 });
    // A real hand keeps the pointer moving a little; Radix ignores the moves made while the
    // pointer is still travelling from an open tooltip's trigger towards its content.
    await page.mouse.move(x + 2, y + 1);
    await page.mouse.move(x, y);
  }

  function tooltipLog() {
    return page.evaluate(
      () => (window as unknown as { tooltipLog: { state: string; delayMs: number }[] }).tooltipLog,
    );
  }

  it('opens after 700 ms, skips the delay within 300 ms of another, and waits again after', async () => {
    await page.mouse.move(640, 400);
    await hover('Search ideas');
    await page.getByRole('tooltip', { name: 'Search ideas' }).waitFor();
    const [first] = await tooltipLog();
    expect(first?.state).toBe('delayed-open');
    expect(first?.delayMs).toBeGreaterThanOrEqual(690);
    expect(first?.delayMs).toBeLessThan(2000);

    // Straight to the neighbouring button: no second wait.
    await hover('Open menu');
    await page.getByRole('tooltip', { name: 'Open menu' }).waitFor();
    const second = (await tooltipLog())[1];
    expect(second?.state).toBe('instant-open');
    // A delayed open cannot come before its 700 ms, however busy the machine is; an open any
    // sooner skipped the delay.
    expect(second?.delayMs).toBeLessThan(690);

    // Away for longer than the 300 ms skip window: the full delay again.
    await page.mouse.move(640, 400, { steps: 4 });
    await page.mouse.move(642, 401);
    await page.getByRole('tooltip').waitFor({ state: 'detached' });
    await page.waitForTimeout(SETTLE_MS);
    await hover('Search ideas');
    await page.getByRole('tooltip', { name: 'Search ideas' }).waitFor();
    const third = (await tooltipLog())[2];
    expect(third?.state).toBe('delayed-open');
    expect(third?.delayMs).toBeGreaterThanOrEqual(690);
  });
});

describe('the keyboard on a wide screen', () => {
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await launchBrowser({ dir: stack.dir, device: 'desktop' });
    page = context.pages()[0] ?? (await context.newPage());
    await openHome(page);
    expect(
      await seedGuestIdeas(page, [
        { content: 'Reach me with the Tab key.', format: 'checklist', category: 'personal' },
      ]),
    ).toEqual([201]);
    await page.reload();
    await page.getByTestId('idea-card').first().waitFor();
  });

  afterAll(async () => {
    await context?.close();
  });

  it('reaches every control on home with Tab, each with a visible focus ring', async () => {
    // A ring is visible when the control's outline or shadow differs between focused and not:
    // the look is read when Tab lands on a control and again once Tab has moved past it.
    const visited: { name: string; ring: boolean; looks: string[] }[] = [];
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press('Tab');
      const step = await page.evaluate(() => {
        const w = window as unknown as { lastFocused?: { el: HTMLElement; look: string } };
        const look = (el: HTMLElement) => {
          const style = getComputedStyle(el);
          const outline =
            style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
              ? `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`
              : 'no outline';
          return `${outline} | ${style.boxShadow}`;
        };
        const previous = w.lastFocused;
        const lookOfPrevious = previous ? [previous.look, look(previous.el)] : null;
        const el = document.activeElement;
        if (!(el instanceof HTMLElement) || el === document.body) {
          w.lastFocused = undefined;
          return { lookOfPrevious, name: null };
        }
        w.lastFocused = { el, look: look(el) };
        return {
          lookOfPrevious,
          name: (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30),
        };
      });
      const last = visited.at(-1);
      if (last && step.lookOfPrevious) {
        last.looks = step.lookOfPrevious;
        last.ring = step.lookOfPrevious[0] !== step.lookOfPrevious[1];
      }
      if (step.name === null) continue;
      if (step.name === visited[0]?.name) break;
      visited.push({ name: step.name, ring: false, looks: [] });
    }
    const names = visited.map((v) => v.name);
    for (const expected of [
      'Voice Ideas',
      'Search ideas',
      'Open menu',
      'Upgrade',
      'Copy idea',
      'Share idea',
      'Start voice recording',
    ]) {
      expect(names).toContain(expected);
    }
    expect(names.some((name) => name.startsWith('Checklist • Personal'))).toBe(true);
    expect(names.some((name) => name.startsWith('Tweet • Work'))).toBe(true);
    expect(visited.filter((v) => !v.ring)).toEqual([]);
  });
});

describe('the pulsing rings and reduced motion', () => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    it(`${reducedMotion === 'reduce' ? 'hides' : 'animates'} the rings while listening with reducedMotion ${reducedMotion}`, async () => {
      const context = await launchBrowser({
        dir: stack.dir,
        speechWav: await makeSpeechWav(stack.dir, SPOKEN),
        reducedMotion,
      });
      try {
        const page = context.pages()[0] ?? (await context.newPage());
        await openHome(page);
        await page.getByRole('button', { name: 'Start voice recording' }).click();
        await page.getByRole('button', { name: 'Stop recording' }).waitFor();
        const rings = page.locator('.pulse-ring');
        expect(await rings.count()).toBe(2);
        const animating = await rings.evaluateAll((elements) =>
          elements.map(
            (el) =>
              getComputedStyle(el).display !== 'none' &&
              el.getAnimations().some((a) => a.playState === 'running'),
          ),
        );
        expect(animating).toEqual(reducedMotion === 'reduce' ? [false, false] : [true, true]);
      } finally {
        await context.close();
      }
    });
  }
});
