import type { Page } from 'playwright-core';

/**
 * Records until the live meter shows the fake microphone's speech and two seconds have run
 * (the server refuses near-empty audio as no_speech), then stops.
 */
export async function recordSpeech(page: Page) {
  await page.getByRole('button', { name: 'Start voice recording' }).click();
  await page.getByRole('button', { name: 'Stop recording' }).waitFor();
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid="level-meter"] span')).some(
      (bar) => {
        const match = /scaleY\(([\d.]+)\)/.exec(bar.style.transform);
        return match !== null && Number(match[1]) > 0.3;
      },
    ),
  );
  await page.getByTestId('recording-timer').filter({ hasText: '0:02' }).waitFor();
  await page.getByRole('button', { name: 'Stop recording' }).click();
}

export function toast(page: Page, title: string) {
  return page.getByTestId('toast').filter({ hasText: title });
}
