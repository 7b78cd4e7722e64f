// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Me } from '#contract/api-schemas';
import { renderScreen, stubServer, usage, type SeenRequest } from '../../testing/screen';
import UpgradeRoute from './upgrade';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

const config = {
  version: '1.0.0',
  transcription: { engine: 'none', available: false },
  formatter: { smart: false, engine: 'none' },
  billing: { enabled: true, priceMonthly: 9 },
  freeMonthlyLimit: 10,
};

function serve(account: () => Me) {
  return stubServer((request: SeenRequest) => {
    if (request.path === '/api/me') return { body: account() };
    if (request.path === '/api/usage')
      return { body: usage({ monthlyLimit: account().plan === 'pro' ? null : 10 }) };
    if (request.path === '/api/config') return { body: config };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

describe('Upgrade page back from a paid checkout', () => {
  it('says "Welcome to Pro!" once, in one toast, and only once the account is Pro', async () => {
    let plan: Me['plan'] = 'free';
    serve(() => ({ id: 'user-9', email: 'payer@example.com', plan }));
    renderScreen(<UpgradeRoute />, { path: '/upgrade?success=1' });
    const page = screen.getByRole('main');
    expect(await within(page).findByText('Confirming your payment…')).toBeTruthy();
    expect(screen.queryByText(/Welcome to Pro/)).toBeNull();

    plan = 'pro';
    const toast = await screen.findByTestId('toast', {}, { timeout: 8000 });
    expect(within(toast).getByText('Welcome to Pro!')).toBeTruthy();
    expect(within(toast).getByText('Your payment went through.')).toBeTruthy();
    // The page under the toast neither repeats it nor still says it is confirming.
    expect(within(page).queryByText(/Welcome to Pro|payment went through/)).toBeNull();
    expect(within(page).queryByText('Confirming your payment…')).toBeNull();
  });
});
