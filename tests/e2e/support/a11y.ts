import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { setScheme } from './browser';

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core'), 'utf8');

/** WCAG 2.0-2.2 A and AA (colour contrast included) plus axe's best practices. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeRule {
  id: string;
  impact?: string | null;
  help: string;
  nodes: {
    target: unknown[];
    failureSummary?: string;
    any: { data?: { messageKey?: string } | null }[];
  }[];
}

/**
 * Why axe may leave a contrast unmeasured because something sits on top of the text: a modal's
 * backdrop over the page behind it, which WCAG does not ask to contrast (it is inactive).
 */
const COVERED = new Set(['bgOverlap', 'elmPartiallyObscured', 'elmPartiallyObscuring']);

interface AxeRunResult {
  violations: AxeRule[];
  incomplete: AxeRule[];
}

/**
 * Serious and critical axe violations on the page as it is now, plus any text whose contrast axe
 * could not work out (a see-through or layered background): unmeasured is not a pass. The script
 * goes in through `evaluate` (the DevTools protocol), which the app's CSP does not block.
 */
export async function seriousAxeViolations(page: Page): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const result = await page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
      .axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations', 'incomplete'],
    });
  }, AXE_TAGS);
  const { violations, incomplete } = result as AxeRunResult;
  return [
    ...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ...incomplete
      .filter((v) => v.id === 'color-contrast')
      .map((v) => ({
        ...v,
        nodes: v.nodes.filter(
          (node) => !node.any.some((check) => COVERED.has(check.data?.messageKey ?? '')),
        ),
      }))
      .filter((v) => v.nodes.length > 0),
  ].map((v) => ({
    rule: v.id,
    impact: v.impact ?? '',
    help: v.help,
    targets: v.nodes.map(
      (node) => `${node.target.join(' ')}${node.failureSummary ? `: ${node.failureSummary}` : ''}`,
    ),
  }));
}

/**
 * Every visible, interactive control inside `scope` (the whole page by default) whose box is
 * smaller than `minPx` in either direction, described well enough to find it. Controls under an
 * open modal (aria-hidden or inert by Radix) are not reachable, so they are not counted.
 */
export async function smallTargets(page: Page, minPx: number, scope?: Locator): Promise<string[]> {
  const root = scope ? await scope.elementHandle() : await page.$('body');
  if (!root) throw new Error('smallTargets: the scope is not on the page');
  return root.evaluate((element, min) => {
    const selector = [
      'button',
      'a[href]',
      'input:not([type=hidden])',
      'select',
      'textarea',
      'summary',
      '[role=button]',
      '[role=link]',
      '[role=radio]',
      '[role=switch]',
      '[role=checkbox]',
      '[role=tab]',
      '[role=menuitem]',
    ].join(',');
    const found: string[] = [];
    for (const control of element.querySelectorAll<HTMLElement>(selector)) {
      if (control.closest('[aria-hidden=true], [inert]')) continue;
      const style = getComputedStyle(control);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A checkbox or radio inside its label is tapped anywhere on the label: that is its target.
      const label =
        control instanceof HTMLInputElement && /^(checkbox|radio)$/.test(control.type)
          ? control.closest('label')
          : null;
      const box = (label ?? control).getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (box.width + 0.5 < min || box.height + 0.5 < min) {
        const name =
          control.getAttribute('aria-label') ??
          control.textContent?.trim().slice(0, 40) ??
          control.tagName;
        found.push(
          `${control.tagName.toLowerCase()} "${name}" ${Math.round(box.width)}x${Math.round(box.height)}`,
        );
      }
    }
    return found;
  }, minPx);
}

/** How far the page can scroll sideways; a phone layout must not (0). */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
}

/** axe and the minimum touch target on the screen as it is now, in light and in dark. */
export async function expectAccessible(
  page: Page,
  name: string,
  options: { minTargetPx?: number; targetScope?: Locator } = {},
) {
  for (const scheme of ['light', 'dark'] as const) {
    await setScheme(page, scheme);
    expect.soft(await seriousAxeViolations(page), `axe on ${name} (${scheme})`).toEqual([]);
    expect
      .soft(
        await smallTargets(page, options.minTargetPx ?? 44, options.targetScope),
        `touch targets on ${name} (${scheme})`,
      )
      .toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}
