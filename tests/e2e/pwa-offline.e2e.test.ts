import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { expectAccessible } from './support/a11y';
import { shoot } from './support/browser';
import { appIsLive, recordSpeech, skipOnboarding, toast } from './support/journey';
import { useSpeakingJourney } from './support/speaking-journey';
import type { Stack } from './support/stack';

const SPOKEN = 'Tweet work: the offline queue keeps every recording.';

/** Waits until a service worker controls the page (the second load after the first visit). */
async function controlledByWorker(page: Page) {
  await page.evaluate(() => navigator.serviceWorker.ready);
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) {
    await page.reload();
  }
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

function guestIdOf(page: Page): Promise<string> {
  return page.evaluate(() => localStorage.getItem('guestId') ?? '');
}

interface SavedIdeas {
  total: number;
  items: { content: string }[];
}

/** The ideas the server holds for this page's guest (or that guest), asked from outside the browser. */
async function savedIdeas(stack: Stack, of: Page | string): Promise<SavedIdeas> {
  const guestId = typeof of === 'string' ? of : await guestIdOf(of);
  const response = await fetch(`${stack.baseUrl}/api/guest-ideas?limit=50`, {
    headers: { 'X-Guest-Id': guestId },
  });
  return (await response.json()) as SavedIdeas;
}

/** How many recordings the device queue holds (ADR 060), read straight from IndexedDB. */
function keptOnDevice(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('voice-ideas-offline');
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const counting = opening.result.transaction('pending').objectStore('pending').count();
          counting.onerror = () => reject(counting.error);
          counting.onsuccess = () => {
            opening.result.close();
            resolve(counting.result);
          };
        };
      }),
  );
}

const SAVED_TEXT = 'offline queue keeps every recording';

function countSpoken(ideas: SavedIdeas): number {
  return ideas.items.filter((idea) => idea.content.includes(SAVED_TEXT)).length;
}

/**
 * Fires the worker's Background Sync as the browser does when the connection returns (Playwright
 * cannot fire `sync` itself), through DevTools from a blank page that is no page of the app.
 */
async function dispatchSync(context: BrowserContext, origin: string): Promise<void> {
  const blank = context.pages().find((open) => open.url() === 'about:blank');
  if (!blank) throw new Error('dispatchSync needs a blank page open');
  const devtools = await context.newCDPSession(blank);
  try {
    const registrationId = await new Promise<string>((resolve) => {
      devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find(
          (registration) => registration.scopeURL === `${origin}/` && !registration.isDeleted,
        );
        if (ours) resolve(ours.registrationId);
      });
      void devtools.send('ServiceWorker.enable');
    });
    await devtools.send('ServiceWorker.dispatchSyncEvent', {
      origin,
      registrationId,
      tag: 'voice-ideas-pending',
      lastChance: false,
    });
  } finally {
    await devtools.detach();
  }
}

describe('installed and offline', () => {
  const journey = useSpeakingJourney(SPOKEN);
  let page: Page;

  beforeAll(async () => {
    page = journey.context.pages()[0] ?? (await journey.context.newPage());
  });

  it('installs its worker, answers GET_VERSION and opens with no connection', async () => {
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    await controlledByWorker(page);

    const version = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          const channel = new MessageChannel();
          channel.port1.onmessage = (event) => resolve(event.data);
          navigator.serviceWorker.controller?.postMessage({ type: 'GET_VERSION' }, [channel.port2]);
        }),
    );
    expect(version).toEqual({ type: 'VERSION_INFO', version: '1.0.0' });

    const manifest = (await (
      await fetch(`${journey.stack.baseUrl}/manifest.webmanifest`)
    ).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ display: 'standalone', short_name: 'Voice Ideas' });

    await journey.context.setOffline(true);
    try {
      await page.reload();
      await page.getByRole('button', { name: 'Start voice recording' }).waitFor();
      // Another app page, never visited: the worker's shell answers for it too.
      await page.goto(`${journey.stack.baseUrl}/about`);
      await page.getByRole('heading', { name: 'About' }).first().waitFor();
      // An API path is never the shell: offline it fails as the network does.
      const apiNavigation = await page
        .goto(`${journey.stack.baseUrl}/api/health`)
        .then(() => 'loaded')
        .catch(() => 'failed');
      expect(apiNavigation).toBe('failed');
    } finally {
      await journey.context.setOffline(false);
    }
  });

  it('keeps a recording made offline, across a reload, and saves it once with two tabs open', async () => {
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    await controlledByWorker(page);
    const before = (await savedIdeas(journey.stack, page)).total;

    await journey.context.setOffline(true);
    await recordSpeech(page);
    await toast(page, 'Saved for later').waitFor();
    const pending = page.getByTestId('pending-idea');
    await pending.waitFor();
    expect(await page.getByTestId('pending-count').textContent()).toBe('1');
    expect(await pending.textContent()).toContain('back online');
    await page.getByRole('button', { name: 'Start voice recording' }).waitFor();
    await expectAccessible(page, 'pending idea offline');
    await shoot(page, '60-pending-offline');

    await page.reload();
    await pending.waitFor();
    expect(await page.getByTestId('pending-count').textContent()).toBe('1');

    const second = await journey.context.newPage();
    try {
      await second.goto(`${journey.stack.baseUrl}/`);
      await second.getByTestId('pending-idea').waitFor();

      await journey.context.setOffline(false);
      await pending.waitFor({ state: 'detached', timeout: 30_000 });
      await second.getByTestId('pending-idea').waitFor({ state: 'detached', timeout: 30_000 });
      // Whichever tab saved it, both lists show the idea.
      for (const tab of [page, second]) {
        const card = tab.getByTestId('idea-card').filter({ hasText: SAVED_TEXT });
        await card.first().waitFor();
      }
      const after = await savedIdeas(journey.stack, page);
      expect(after.total).toBe(before + 1);
    } finally {
      await second.close();
      // A tab in the background gets no animation frames: the next recording needs the front.
      await page.bringToFront();
    }
  });

  it('keeps the audio of a failed transcription for Retry', async () => {
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    const before = (await savedIdeas(journey.stack, page)).total;
    journey.stack.fake.setFault('500');
    await recordSpeech(page);
    const pending = page.getByTestId('pending-idea');
    // The server's job retries a failing engine with backoff (docs/api.md) before it gives up.
    await pending.getByRole('button', { name: 'Retry' }).waitFor({ timeout: 60_000 });
    await pending.getByRole('button', { name: 'Discard' }).waitFor();
    expect(await pending.textContent()).toMatch(/transcri/i);
    await expectAccessible(page, 'failed transcription kept');
    await shoot(page, '61-pending-failed');

    // Still kept after a reload: the audio is on the device, not in the page.
    await page.reload();
    journey.stack.fake.setFault('none');
    await pending.getByRole('button', { name: 'Retry' }).click();
    await pending.waitFor({ state: 'detached', timeout: 30_000 });
    await toast(page, 'Recording saved').waitFor();
    expect((await savedIdeas(journey.stack, page)).total).toBe(before + 1);
  });

  /** A guest's recording made offline on home, under the worker, kept and shown as pending. */
  async function recordOfflineAsGuest() {
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    await controlledByWorker(page);
    const guestId = await guestIdOf(page);
    const before = await savedIdeas(journey.stack, guestId);

    await journey.context.setOffline(true);
    await recordSpeech(page);
    await page.getByTestId('pending-idea').waitFor();
    return { guestId, before };
  }

  it('saves a recording made offline from the worker, with every page of the app closed', async () => {
    const { guestId, before } = await recordOfflineAsGuest();
    expect(await keptOnDevice(page)).toBe(1);

    // The person closes the app: only a blank page, which is not the app's, stays open.
    const blank = await journey.context.newPage();
    for (const open of journey.context.pages()) if (open !== blank) await open.close();
    try {
      await journey.context.setOffline(false);
      await dispatchSync(journey.context, journey.stack.baseUrl);
      await expect
        .poll(async () => (await savedIdeas(journey.stack, guestId)).total, { timeout: 30_000 })
        .toBe(before.total + 1);
      // A second sync (the browser's own, or a retry) finds nothing left to save.
      await dispatchSync(journey.context, journey.stack.baseUrl);
      const after = await savedIdeas(journey.stack, guestId);
      expect(after.total).toBe(before.total + 1);
      expect(countSpoken(after)).toBe(countSpoken(before) + 1);

      page = await journey.context.newPage();
      await page.goto(`${journey.stack.baseUrl}/`);
      const cards = page.getByTestId('idea-card').filter({ hasText: SAVED_TEXT });
      await cards.nth(countSpoken(after) - 1).waitFor();
      expect(await cards.count()).toBe(countSpoken(after));
      expect(await page.getByTestId('pending-idea').count()).toBe(0);
      // Deleted on the device too, not only hidden.
      expect(await keptOnDevice(page)).toBe(0);
    } finally {
      await blank.close();
    }
  });

  it('says "Recording saved" on an open page of the app when the worker saved it', async () => {
    const { guestId, before } = await recordOfflineAsGuest();

    // Home processes kept recordings itself when the connection returns; About does not, so
    // here only the worker saves, and the page hears it from the worker.
    const about = await journey.context.newPage();
    const blank = await journey.context.newPage();
    try {
      await about.goto(`${journey.stack.baseUrl}/about`);
      await appIsLive(about);
      await page.close();
      await journey.context.setOffline(false);
      await dispatchSync(journey.context, journey.stack.baseUrl);
      await toast(about, 'Recording saved').waitFor({ timeout: 30_000 });
      expect((await savedIdeas(journey.stack, guestId)).total).toBe(before.total + 1);
    } finally {
      await about.close();
      await blank.close();
      page = await journey.context.newPage();
    }
  });
});
