// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import type { Me } from '#contract/api-schemas';
import { queryKeys } from '#web/lib/query-client';
import { renderScreen, stubServer } from '#web/testing/screen';
import { useCheckoutReturn } from './use-checkout-return';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

const paidMe: Me = { id: 'user-9', email: 'payer@example.com', plan: 'pro' };

function Probe({
  reload,
  billingEnabled = true,
}: {
  reload: () => void;
  billingEnabled?: boolean;
}) {
  const { claim, payment } = useCheckoutReturn(reload, billingEnabled);
  return (
    <>
      <p data-testid="claim-state">{claim}</p>
      <p data-testid="payment-state">{payment}</p>
    </>
  );
}

describe('Returning from the checkout', () => {
  // First: the toasts of the tests after it stay in the page's one toast list.
  it('a free account whose payment is not confirmed yet hears it is being confirmed, not welcomed', async () => {
    stubServer((request) =>
      request.path === '/api/me'
        ? { body: { id: 'user-9', email: 'payer@example.com', plan: 'free' } }
        : { status: 404 },
    );
    renderScreen(<Probe reload={() => {}} />, { path: '/upgrade?success=1' });
    await vi.waitFor(() =>
      expect(screen.getByTestId('payment-state').textContent).toBe('confirming'),
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Welcome to Pro!')).toBeNull();
  });

  it('where upgrading is off, success=1 says nothing of a payment and asks nothing', async () => {
    const { seen } = stubServer((request) =>
      request.path === '/api/me'
        ? { body: { id: 'user-9', email: 'payer@example.com', plan: 'free' } }
        : { status: 404 },
    );
    const { location } = renderScreen(<Probe reload={() => {}} billingEnabled={false} />, {
      path: '/upgrade?success=1',
    });
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/upgrade'));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByTestId('payment-state').textContent).toBe('none');
    expect(screen.queryByText('Welcome to Pro!')).toBeNull();
    expect(seen.filter((request) => request.path === '/api/me')).toHaveLength(0);
  });

  it('posts the claim token once, signs in, cleans the address and reloads after 2 s', async () => {
    const { seen } = stubServer((request) =>
      request.path === '/api/auth/claim' ? { body: paidMe } : { status: 404 },
    );
    const reload = vi.fn();
    const { client, location } = renderScreen(<Probe reload={reload} />, {
      path: '/upgrade?success=1&claim=tok_123',
    });
    expect(await screen.findByText('Welcome to Pro!')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('claim-state').textContent).toBe('claimed'));
    expect(client.getQueryData(queryKeys.me)).toEqual(paidMe);
    expect(location.history?.at(-1)).toBe('/upgrade');
    expect(reload).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledOnce(), { timeout: 5000 });
    const claims = seen.filter((request) => request.path === '/api/auth/claim');
    expect(claims).toHaveLength(1);
    expect(claims[0]?.body).toEqual({ token: 'tok_123' });
  });

  it('a refused claim says how to reach the account and does not reload', async () => {
    stubServer(() => ({
      status: 400,
      body: { error: 'invalid_token', message: 'This checkout link was already used.' },
    }));
    const reload = vi.fn();
    renderScreen(<Probe reload={reload} />, { path: '/upgrade?success=1&claim=used' });
    expect(await screen.findByText('Sign-in Failed')).toBeTruthy();
    // The toast itself: Radix also reads it out through a hidden live region with the same words.
    const toast = screen.getByTestId('toast');
    expect(within(toast).getByText(/already used\. Sign in with your email/)).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
  });

  it('canceled=1 toasts and claims nothing', async () => {
    const { seen } = stubServer(() => ({ status: 404 }));
    renderScreen(<Probe reload={() => {}} />, { path: '/upgrade?canceled=1' });
    expect(await screen.findByText('Checkout canceled')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('says welcome only once the account is Pro, confirming until the webhook has landed', async () => {
    let plan: Me['plan'] = 'guest';
    const { seen } = stubServer((request) =>
      request.path === '/api/me'
        ? { body: plan === 'pro' ? paidMe : { id: 'user-9', email: 'payer@example.com', plan } }
        : { status: 404 },
    );
    renderScreen(<Probe reload={() => {}} />, { path: '/upgrade?success=1' });
    await vi.waitFor(() =>
      expect(screen.getByTestId('payment-state').textContent).toBe('confirming'),
    );
    expect(screen.queryByText('Welcome to Pro!')).toBeNull();
    plan = 'pro';
    expect(await screen.findByText('Welcome to Pro!', {}, { timeout: 8000 })).toBeTruthy();
    expect(screen.getByTestId('payment-state').textContent).toBe('confirmed');
    expect(seen.filter((request) => request.path === '/api/me').length).toBeGreaterThan(1);
  });

  it('a plain visit does nothing', () => {
    const { seen } = stubServer(() => ({ status: 404 }));
    const { location } = renderScreen(<Probe reload={() => {}} />, { path: '/upgrade' });
    expect(screen.getByTestId('claim-state').textContent).toBe('idle');
    expect(screen.getByTestId('payment-state').textContent).toBe('none');
    expect(seen).toHaveLength(0);
    expect(location.history).toEqual(['/upgrade']);
  });
});
