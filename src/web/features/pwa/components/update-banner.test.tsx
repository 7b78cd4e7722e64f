// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '#web/testing/screen';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
// The update state lives for the page's life; a fresh module is a fresh page.
beforeEach(() => vi.resetModules());

async function mountBanner() {
  const [{ UpdateBanner }, store] = await Promise.all([
    import('./update-banner'),
    import('../update-store'),
  ]);
  renderScreen(<UpdateBanner />);
  return store;
}

describe('the update banner', () => {
  it('appears 300 ms after a new version waits, and Restart App restarts', async () => {
    vi.useFakeTimers();
    const store = await mountBanner();
    const restart = vi.fn();
    store.setRestartHandler(restart);
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();

    act(() => store.announceUpdate());
    act(() => vi.advanceTimersByTime(299));
    expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    const banner = screen.getByRole('region', { name: 'Update Available' });
    expect(banner.textContent).toContain(
      'A new version of the product is ready. Restart to get the latest features and improvements.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Restart App' }));
    expect(restart).toHaveBeenCalledTimes(1);
  });

  it('Later hides it after its 200 ms fade, and so does the close button', async () => {
    vi.useFakeTimers();
    const store = await mountBanner();
    for (const button of ['Later', 'Close update notice']) {
      act(() => store.announceUpdate());
      act(() => vi.advanceTimersByTime(300));
      fireEvent.click(screen.getByRole('button', { name: button }));
      act(() => vi.advanceTimersByTime(199));
      expect(screen.getByRole('region', { name: 'Update Available' })).toBeTruthy();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByRole('region', { name: 'Update Available' })).toBeNull();
    }
  });
});
