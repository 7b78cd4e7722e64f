// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '#web/testing/screen';
import type { BrowserFacts } from '../install-hint-rules';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

async function mountHint(facts: BrowserFacts) {
  const { InstallHint } = await import('./install-hint');
  const readFacts = () => facts;
  renderScreen(<InstallHint readFacts={readFacts} />);
}

const safari: BrowserFacts = { userAgent: IPHONE_SAFARI, maxTouchPoints: 5, standalone: false };
const hint = () => screen.queryByRole('region', { name: 'Install Voice Ideas' });

describe('the iOS install hint', () => {
  it('waits for onboarding to be seen, then shows 500 ms after the next 2 s check', async () => {
    vi.useFakeTimers();
    await mountHint(safari);
    act(() => vi.advanceTimersByTime(5000));
    expect(hint()).toBeNull();

    localStorage.setItem('hasSeenOnboarding', 'true');
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(499));
    expect(hint()).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(hint()?.textContent).toContain('Add to your home screen: Share → Add to Home Screen');
  });

  it("'Don't show again' hides it after 300 ms and for good", async () => {
    vi.useFakeTimers();
    localStorage.setItem('hasSeenOnboarding', 'true');
    await mountHint(safari);
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: "Don't show again" }));
    expect(localStorage.getItem('hideInstallHint')).toBe('true');
    act(() => vi.advanceTimersByTime(299));
    expect(hint()).not.toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(hint()).toBeNull();
  });

  it('the close button also sets hideInstallHint', async () => {
    vi.useFakeTimers();
    localStorage.setItem('hasSeenOnboarding', 'true');
    await mountHint({ userAgent: IPAD_AS_MAC, maxTouchPoints: 5, standalone: false });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.click(screen.getByRole('button', { name: 'Close install hint' }));
    expect(localStorage.getItem('hideInstallHint')).toBe('true');
  });

  it('never shows in another browser, once installed, or after being hidden', async () => {
    vi.useFakeTimers();
    localStorage.setItem('hasSeenOnboarding', 'true');
    for (const facts of [
      { ...safari, userAgent: IPHONE_CHROME },
      { ...safari, standalone: true },
      { ...safari, userAgent: IPAD_AS_MAC, maxTouchPoints: 0 },
    ]) {
      await mountHint(facts);
      act(() => vi.advanceTimersByTime(4500));
      expect(hint(), facts.userAgent).toBeNull();
      cleanup();
    }
    localStorage.setItem('hideInstallHint', 'true');
    await mountHint(safari);
    act(() => vi.advanceTimersByTime(4500));
    expect(hint()).toBeNull();
  });
});
