// @vitest-environment happy-dom
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** The store keeps the session's skip in module memory: each test is a fresh page load. */
async function freshPage() {
  vi.resetModules();
  return import('./onboarding-store');
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('onboarding (docs/product.md, Prompts and banners)', () => {
  it('shows while hasSeenOnboarding is absent, and completing sets it for good', async () => {
    let page = await freshPage();
    expect(page.shouldShowOnboarding()).toBe(true);
    page.completeOnboarding();
    expect(localStorage.getItem('hasSeenOnboarding')).toBe('true');
    expect(page.shouldShowOnboarding()).toBe(false);
    page = await freshPage();
    expect(page.shouldShowOnboarding()).toBe(false);
  });

  it('skipping hides it for the browser session (reloads too) and sets no flag', async () => {
    let page = await freshPage();
    page.skipOnboarding();
    expect(page.shouldShowOnboarding()).toBe(false);
    expect(localStorage.getItem('hasSeenOnboarding')).toBeNull();
    page = await freshPage();
    expect(page.shouldShowOnboarding()).toBe(false);
    // A new tab or a new launch starts a new session.
    sessionStorage.clear();
    page = await freshPage();
    expect(page.shouldShowOnboarding()).toBe(true);
  });

  it('comes back from the menu even after it was completed', async () => {
    const page = await freshPage();
    page.completeOnboarding();
    page.reopenOnboarding();
    expect(page.shouldShowOnboarding()).toBe(true);
  });
});
