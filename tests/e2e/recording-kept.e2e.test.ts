import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { shoot } from './support/browser';
import { appIsLive, skipOnboarding, toast } from './support/journey';
import { useSpeakingJourney } from './support/speaking-journey';
import type { Stack } from './support/stack';

/**
 * A recording is kept from its first second (docs/product.md, Pending; ADR 122): the page
 * killed in the middle of one, or its connection cut, loses at most the last second, and what
 * was said becomes an idea that names the server's copy of the recording.
 */

const SPOKEN =
  'Checklist personal: book the dentist, renew the passport, call grandma on Sunday, ' +
  'and water the plants before the trip.';

interface Recording {
  id: string;
  status: string;
  durationMs: number | null;
}

interface Idea {
  content: string;
  recordingId: string | null;
}

async function asGuest<T>(stack: Stack, page: Page, path: string): Promise<T> {
  const guestId = await page.evaluate(() => localStorage.getItem('guestId') ?? '');
  const response = await fetch(`${stack.baseUrl}${path}`, { headers: { 'X-Guest-Id': guestId } });
  expect(response.status, path).toBe(200);
  return (await response.json()) as T;
}

/** Records until the timer shows `seconds`, the fake microphone speaking all along. */
async function recordFor(page: Page, seconds: number) {
  await appIsLive(page);
  await page.getByRole('button', { name: 'Start voice recording' }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await page
    .getByTestId('recording-timer')
    .filter({ hasText: `0:${String(seconds).padStart(2, '0')}` })
    .waitFor({ timeout: (seconds + 10) * 1000 });
}

describe('a recording kept from its first second', () => {
  const journey = useSpeakingJourney(SPOKEN);

  it('survives the page being killed at 12 seconds: reopened, it is finished and becomes an idea', async () => {
    const page = journey.context.pages()[0] ?? (await journey.context.newPage());
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    const guestId = await page.evaluate(() => localStorage.getItem('guestId') ?? '');
    await recordFor(page, 12);
    // The renderer dies as a crash or a swiped-away app would: no unload, no last request.
    const devtools = await journey.context.newCDPSession(page);
    const crashed = new Promise((resolve) => page.once('crash', resolve));
    // Page.crash never answers: the renderer it would answer from is gone.
    void devtools.send('Page.crash').catch(() => undefined);
    await crashed;
    await page.close();

    const reopened = await journey.context.newPage();
    await reopened.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(reopened);
    expect(await reopened.evaluate(() => localStorage.getItem('guestId'))).toBe(guestId);
    // This page finishes it, or the service worker already has (Background Sync fires as soon
    // as the crashed tab let go of the recording): either way it is in the list, once.
    await reopened.getByText('Book the dentist').waitFor({ timeout: 60_000 });
    await shoot(reopened, 'recording-kept-after-kill');

    const ideas = await asGuest<{ items: Idea[] }>(
      journey.stack,
      reopened,
      '/api/guest-ideas?limit=50',
    );
    expect(ideas.items).toHaveLength(1);
    const [idea] = ideas.items;
    expect(idea?.content).toContain('dentist');
    expect(idea?.recordingId).toEqual(expect.any(String));
    const recording = await asGuest<Recording>(
      journey.stack,
      reopened,
      `/api/recordings/${idea?.recordingId ?? ''}`,
    );
    expect(recording.status).toBe('done');
    // At most the last second was lost to the kill.
    expect(recording.durationMs ?? 0).toBeGreaterThanOrEqual(10_000);
    // Nothing of it is left waiting on the device.
    await expect.poll(() => reopened.getByTestId('pending-idea').count()).toBe(0);
    await reopened.close();
  });

  it('keeps recording through a cut connection and sends the whole recording when it returns', async () => {
    const page = await journey.context.newPage();
    await page.goto(`${journey.stack.baseUrl}/`);
    await skipOnboarding(page);
    await recordFor(page, 3);
    await journey.context.setOffline(true);
    try {
      await page.getByTestId('recording-timer').filter({ hasText: '0:07' }).waitFor();
    } finally {
      await journey.context.setOffline(false);
    }
    await page.getByTestId('recording-timer').filter({ hasText: '0:10' }).waitFor();
    await page.getByRole('button', { name: 'Stop recording' }).click();

    const result = page.getByRole('dialog', { name: 'Result' });
    await result.waitFor({ timeout: 60_000 });
    await shoot(page, 'recording-kept-after-network-cut');
    await result.getByRole('button', { name: 'Save', exact: true }).click();
    await toast(page, 'Saved!').waitFor();

    const ideas = await asGuest<{ items: Idea[] }>(
      journey.stack,
      page,
      '/api/guest-ideas?limit=50',
    );
    const newest = ideas.items[0];
    expect(newest?.recordingId).toEqual(expect.any(String));
    const recording = await asGuest<Recording>(
      journey.stack,
      page,
      `/api/recordings/${newest?.recordingId ?? ''}`,
    );
    // The seconds recorded offline reached the server too.
    expect(recording.durationMs ?? 0).toBeGreaterThanOrEqual(9_000);
    await page.close();
  });
});
