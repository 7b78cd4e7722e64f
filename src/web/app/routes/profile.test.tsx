// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '#contract/api-schemas';
import {
  freeMe,
  guestMe,
  renderScreen,
  stubServer,
  usage,
  type SeenRequest,
} from '../../testing/screen';
import ProfileRoute from './profile';

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

function serve(me: Me) {
  return stubServer((request: SeenRequest) => {
    if (request.path === '/api/me') return { body: me };
    if (request.path === '/api/usage')
      return { body: usage({ monthlyLimit: me.plan === 'pro' ? null : 10 }) };
    if (request.path === '/api/config') return { body: config };
    if (request.path === '/api/guest-data' || request.path === '/api/ideas/all') {
      return { body: { deletedCount: 3 } };
    }
    if (request.path === '/api/billing/portal')
      return { body: { url: 'https://billing.example/p' } };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

describe('Profile page', () => {
  it('a guest sees Guest User, Clear My Data (with the free plan in the warning) and no delete', async () => {
    const { seen } = serve(guestMe);
    const user = userEvent.setup();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    const account = await screen.findByRole('region', { name: 'Account' });
    expect(within(account).getByText('Guest User')).toBeTruthy();
    expect(await within(account).findByRole('link', { name: 'Create Account' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete Account' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Billing' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear My Data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear your data?' });
    await within(confirm).findByText(/10 ideas per month/);
    await user.click(within(confirm).getByRole('button', { name: 'Clear My Data' }));
    expect(await screen.findByText('3 ideas deleted')).toBeTruthy();
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/guest-data')).toBe(true);
  });

  it('toasts Clear Failed with the reason and keeps the confirmation open when clearing fails', async () => {
    const { seen } = stubServer((request: SeenRequest) => {
      if (request.path === '/api/me') return { body: guestMe };
      if (request.path === '/api/usage') return { body: usage({ monthlyLimit: 10 }) };
      if (request.path === '/api/config') return { body: config };
      return { status: 500, body: { error: 'internal', message: 'The database is busy.' } };
    });
    const user = userEvent.setup();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await user.click(await screen.findByRole('button', { name: 'Clear My Data' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear your data?' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear My Data' }));
    expect(await screen.findByText('Clear Failed')).toBeTruthy();
    expect(screen.getAllByText('The database is busy.').length).toBeGreaterThan(0);
    expect(screen.getByRole('alertdialog', { name: 'Clear your data?' })).toBeTruthy();
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/guest-data')).toBe(true);
  });

  it('a registered user clears all ideas and can start deleting the account', async () => {
    const { seen } = serve(freeMe);
    const user = userEvent.setup();
    renderScreen(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByText('ada@example.com')).toBeTruthy();
    expect(screen.getByText('Registered')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Billing' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear All Ideas' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Clear all ideas?' });
    await user.click(within(confirm).getByRole('button', { name: 'Clear All Ideas' }));
    expect(await screen.findByText('3 ideas deleted')).toBeTruthy();
    expect(seen.some((r) => r.method === 'DELETE' && r.path === '/api/ideas/all')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(await screen.findByRole('alertdialog', { name: 'Delete Account' })).toBeTruthy();
  });

  it('a Pro user gets the billing card, which asks for the portal', async () => {
    const { seen } = serve({ id: 'user-3', email: 'pro@example.com', plan: 'pro' });
    renderScreen(<ProfileRoute />, { path: '/profile' });
    expect(await screen.findByRole('heading', { name: 'Billing' })).toBeTruthy();
    expect(screen.getByText('Pro')).toBeTruthy();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Manage Billing' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.example/p'));
    expect(seen.some((r) => r.method === 'POST' && r.path === '/api/billing/portal')).toBe(true);
  });

  it('exports the ideas in the chosen format', async () => {
    const { seen } = serve(freeMe);
    const user = userEvent.setup();
    const created = vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:export');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    renderScreen(<ProfileRoute />, { path: '/profile' });
    await screen.findByText('ada@example.com');
    // The stub answers 404 for the export: the person is told, nothing is downloaded.
    await user.click(screen.getByRole('button', { name: 'Export as CSV' }));
    expect(await screen.findByText('Export Failed')).toBeTruthy();
    expect(created).not.toHaveBeenCalled();
    const exportCall = seen.find((r) => r.path === '/api/ideas/export');
    expect(exportCall?.params.get('format')).toBe('csv');
  });
});
