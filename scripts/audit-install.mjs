/* global document */
// What Chromium needs to offer installation, checked by hand since Lighthouse 12 dropped its
// PWA category (scripts/audit-web.mjs runs it on the production build).
import { mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';

/** What Chromium needs to offer installation, checked by hand since Lighthouse 12 does not. */
export async function checkInstallability(baseUrl, dir, chromiumPath) {
  const problems = [];
  const html = await (await fetch(`${baseUrl}/`)).text();
  const manifestHref = /<link[^>]*rel="manifest"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!manifestHref) return ['index.html links no manifest'];
  const manifest = await (await fetch(new URL(manifestHref, baseUrl))).json();
  for (const field of ['name', 'short_name', 'start_url', 'theme_color', 'background_color']) {
    if (typeof manifest[field] !== 'string' || manifest[field] === '') {
      problems.push(`manifest has no ${field}`);
    }
  }
  if (manifest.display !== 'standalone') problems.push('manifest display is not standalone');
  const icons = Array.isArray(manifest.icons) ? manifest.icons : [];
  for (const [size, purpose] of [
    [192, 'any'],
    [512, 'any'],
    [192, 'maskable'],
    [512, 'maskable'],
  ]) {
    const icon = icons.find(
      (entry) => entry.sizes === `${size}x${size}` && (entry.purpose ?? 'any').includes(purpose),
    );
    if (!icon) {
      problems.push(`manifest has no ${purpose} icon of ${size}x${size}`);
      continue;
    }
    const response = await fetch(new URL(icon.src, baseUrl));
    const meta = response.ok
      ? await sharp(Buffer.from(await response.arrayBuffer())).metadata()
      : null;
    if (meta?.width !== size || meta?.height !== size || meta?.format !== 'png') {
      problems.push(`${icon.src} is not a ${size}x${size} PNG`);
    }
  }
  const appleIcon = /<link[^>]*rel="apple-touch-icon"[^>]*href="([^"]+)"/.exec(html)?.[1];
  if (!appleIcon || !(await fetch(new URL(appleIcon, baseUrl))).ok) {
    problems.push('no Apple touch icon');
  }

  const browser = await chromium.launchPersistentContext(mkdtempSync(join(dir, 'profile-')), {
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    await page.goto(`${baseUrl}/`);
    // The worker is registered after the person's first interaction (src/web/app/app.tsx): the
    // first visit's is skipping the tips, once the app has taken over the first screen.
    await page.waitForFunction(() => document.getElementById('app-shell') === null);
    await page.getByRole('button', { name: 'Skip for now' }).click();
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    if (scope !== `${baseUrl}/`) problems.push(`the service worker's scope is ${scope}`);
    await page.reload();
    const controlled = await page.evaluate(() => navigator.serviceWorker.controller !== null);
    if (!controlled) problems.push('no service worker controls the page after a reload');
    await browser.setOffline(true);
    await page.reload();
    const offlineTitle = await page.title();
    if (offlineTitle !== 'Voice Ideas') problems.push('the app does not open offline');
  } finally {
    await browser.close();
  }
  return problems;
}
