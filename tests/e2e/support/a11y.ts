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
    any: { data?: { messageKey?: string; bgColor?: string } | null }[];
  }[];
}

/**
 * Why axe may leave a contrast unmeasured because something sits on top of the text: a modal's
 * backdrop over the page behind it, which WCAG does not ask to contrast (it is inactive).
 */
const COVERED = new Set(['bgOverlap', 'elmPartiallyObscured', 'elmPartiallyObscuring']);

/**
 * axe names one reason per unmeasured text, and for a single character (a count such as "4")
 * "too short" wins over "overlapped": a count scrolled under the sticky header would read as
 * unmeasured text when it is covered like any longer text beside it. Only when axe found no
 * background at all, and the page shows something else on top of the text's middle, is it
 * taken as covered; a short text with a background axe could read still counts.
 */
async function shortTextUnderAnother(page: Page, node: AxeRule['nodes'][number]) {
  const short = node.any.some(
    (check) => check.data?.messageKey === 'shortTextContent' && check.data.bgColor === undefined,
  );
  const [selector] = node.target;
  if (!short || typeof selector !== 'string') return false;
  return page.evaluate((target) => {
    const text = document.querySelector(target);
    if (!text) return false;
    const box = text.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && !text.contains(top);
  }, selector);
}

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
  const contrast = [];
  for (const rule of incomplete.filter((v) => v.id === 'color-contrast')) {
    const nodes = [];
    for (const node of rule.nodes) {
      if (node.any.some((check) => COVERED.has(check.data?.messageKey ?? ''))) continue;
      if (await shortTextUnderAnother(page, node)) continue;
      nodes.push(node);
    }
    if (nodes.length > 0) contrast.push({ ...rule, nodes });
  }
  return [
    ...violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ...contrast,
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
