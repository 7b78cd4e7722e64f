import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Records until the live meter shows the fake microphone's speech and two seconds have run
 * (the server refuses near-empty audio as no_speech), then stops.
 */
export async function recordSpeech(page: Page) {
  await appIsLive(page);
  await page.getByRole('button', { name: 'Start voice recording' }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await waitForRecordedSpeech(page);
  await page.getByRole('button', { name: 'Stop recording' }).click();
}

/** While recording: the meter has shown speech and two seconds have run. */
export async function waitForRecordedSpeech(page: Page) {
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid="level-meter"] span')).some(
      (bar) => {
        const match = /scaleY\(([\d.]+)\)/.exec(bar.style.transform);
        return match !== null && Number(match[1]) > 0.3;
      },
    ),
  );
  await page.getByTestId('recording-timer').filter({ hasText: '0:02' }).waitFor();
}

/**
 * Until React's first commit the page shows the first screen drawn at build time, whose buttons
 * are inert (docs/architecture.md): a click there does nothing, so journeys wait for the app.
 */
export async function appIsLive(page: Page) {
  await page.waitForFunction(() => document.getElementById('app-shell') === null);
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}

export interface SeedIdea {
  content: string;
  format: 'tweet' | 'checklist' | 'pitch';
  category: 'work' | 'personal' | 'creative';
}

/** Saves ideas through the API as the page's own guest (the id the app keeps in localStorage). */
export async function seedGuestIdeas(page: Page, ideas: readonly SeedIdea[]): Promise<number[]> {
  return page.evaluate(async (list) => {
    const guestId = localStorage.getItem('guestId') ?? '';
    const codes: number[] = [];
    for (const idea of list) {
      const response = await fetch('/api/guest-ideas', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Guest-Id': guestId },
        body: JSON.stringify({ ...idea, transcript: idea.content, guestId }),
      });
      codes.push(response.status);
    }
    return codes;
  }, ideas);
}

/**
 * Skips the tips, unless this tab already did: skipping lasts for the browser session
 * (docs/product.md), so a reload or a new URL typed in the same tab does not bring them back.
 */
export async function skipOnboarding(page: Page) {
  await page.waitForLoadState('domcontentloaded');
  await appIsLive(page);
  const skippedBefore = await page.evaluate(
    () => sessionStorage.getItem('onboardingSkipped') !== null,
  );
  if (skippedBefore) {
    expect(await page.getByTestId('onboarding').count()).toBe(0);
    return;
  }
  await page.getByTestId('onboarding').getByRole('button', { name: 'Skip for now' }).click();
  await page.getByTestId('onboarding').waitFor({ state: 'detached' });
}

/**
 * As after a restart without a speech engine: the page loaded with one, the server has none
 * now. Lasts until the test calls page.unrouteAll().
 */
export async function serverLosesItsEngine(page: Page) {
  const unavailable = {
    error: 'transcription_unavailable',
    message: 'Transcription is not configured on this server.',
  };
  await page.route('**/api/transcribe', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify(unavailable),
    }),
  );
  // A recording uploaded as it was made is kept, and its job fails for want of an engine.
  await page.route('**/api/recordings/**', (route) => {
    const id = /\/api\/recordings\/([^/?]+)/.exec(route.request().url())?.[1] ?? '';
    return route.fulfill({
      status: route.request().method() === 'POST' ? 202 : 200,
      json: {
        id,
        status: 'failed',
        progress: 0,
        pieces: null,
        durationMs: null,
        transcript: null,
        error: unavailable,
        ideaId: null,
        createdAt: new Date().toISOString(),
      },
    });
  });
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    const config = (await response.json()) as Record<string, unknown>;
    await route.fulfill({
      response,
      json: { ...config, transcription: { engine: 'none', available: false } },
    });
  });
}
