// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me, Usage } from '#contract/api-schemas';
import { freeMe, guestMe, renderScreen, stubServer, usage } from '#web/testing/screen';
import { useUsage } from '../api/usage';
import { UsageBar } from './usage-bar';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

/** Wired as the home screen wires it. */
function HomeUsage() {
  const answer = useUsage();
  return <UsageBar usage={answer.data} isError={answer.isError} />;
}

function serve(me: Me, answer: Usage | { status: number }) {
  return stubServer((request) => {
    if (request.path === '/api/me') return { body: me };
    if (request.path === '/api/usage') {
      return 'status' in answer
        ? { status: answer.status, body: { error: 'internal', message: 'Something broke' } }
        : { body: answer };
    }
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

async function bar() {
  return screen.findByRole('region', { name: 'Usage' }, { timeout: 2000 }).then(async (region) => {
    await vi.waitFor(() => expect(region.getAttribute('aria-busy')).toBeNull());
    return screen.getByRole('region', { name: 'Usage' });
  });
}

describe('Usage bar', () => {
  it('counts the ideas used of 10 and links to the upgrade page', async () => {
    const user = userEvent.setup();
    serve(guestMe, usage({ usedThisMonth: 2, monthlyLimit: 10 }));
    const { location } = renderScreen(<HomeUsage />);
    const region = await bar();
    expect(region.textContent).toContain('2 of 10 ideas this month');
    expect(region.textContent).toContain('Renews on Dec 1');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('20');
    expect(region.getAttribute('data-tone')).toBe('teal');

    const upgrade = screen.getByRole('link', { name: 'Upgrade' });
    await user.click(upgrade);
    expect(location.history?.at(-1)).toBe('/upgrade');
  });

  it('turns amber and offers unlimited ideas at 80%, rose at the limit', async () => {
    serve(guestMe, usage({ usedThisMonth: 8, monthlyLimit: 10 }));
    renderScreen(<HomeUsage />);
    const region = await bar();
    expect(region.getAttribute('data-tone')).toBe('amber');
    expect(screen.getByRole('progressbar').firstElementChild?.className).toContain('bg-amber-500');
    expect(screen.getByRole('link', { name: 'Upgrade for unlimited' })).toBeTruthy();
    cleanup();

    serve(guestMe, usage({ usedThisMonth: 12, monthlyLimit: 10 }));
    renderScreen(<HomeUsage />);
    const full = await bar();
    expect(full.getAttribute('data-tone')).toBe('rose');
    expect(screen.getByRole('progressbar').firstElementChild?.className).toContain('bg-rose-600');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(full.textContent).toContain('Monthly limit reached');
  });

  it('shows Pro as unlimited, with no limit and no upgrade', async () => {
    serve(
      { id: 'user-2', email: 'grace@example.com', plan: 'pro' },
      usage({ usedThisMonth: 42, monthlyLimit: null }),
    );
    renderScreen(<HomeUsage />);
    const region = await bar();
    expect(region.textContent).toBe('42 ideas this month · Unlimited');
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('says so when usage cannot be loaded', async () => {
    serve(guestMe, { status: 500 });
    renderScreen(<HomeUsage />);
    expect(await screen.findByText('Failed to load usage information')).toBeTruthy();
  });

  it("keeps a guest's ideas left in the browser, but not a signed-in person's", async () => {
    expect(localStorage.getItem('guestIdeasLeft')).toBeNull();
    serve(guestMe, usage({ usedThisMonth: 7, monthlyLimit: 10 }));
    renderScreen(<HomeUsage />);
    await bar();
    expect(localStorage.getItem('guestIdeasLeft')).toBe('3');
    cleanup();

    localStorage.clear();
    serve(freeMe, usage({ usedThisMonth: 1, monthlyLimit: 10 }));
    renderScreen(<HomeUsage />);
    expect((await bar()).textContent).toContain('1 of 10 ideas this month');
    expect(localStorage.getItem('guestIdeasLeft')).toBeNull();
  });
});
