// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AppConfig } from '#contract/api-schemas';
import { renderScreen, stubServer, type FakeAnswer } from '#web/testing/screen';
import { UpgradePlans } from './upgrade-plans';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

function config(enabled: boolean): AppConfig {
  return {
    version: '1.0.0',
    transcription: { engine: 'none', available: false },
    formatter: { smart: false, engine: 'none' },
    billing: { enabled, priceMonthly: 9 },
    freeMonthlyLimit: 10,
  };
}

function setup(
  answer: FakeAnswer,
  options: { enabled?: boolean; accountEmail?: string | null; paymentPending?: boolean } = {},
) {
  const { seen } = stubServer((request) =>
    request.path === '/api/billing/create-checkout-session' ? answer : { status: 404 },
  );
  const onCheckout = vi.fn();
  const user = userEvent.setup();
  renderScreen(
    <UpgradePlans
      config={config(options.enabled ?? true)}
      accountEmail={options.accountEmail ?? null}
      isPro={false}
      paymentPending={options.paymentPending ?? false}
      onCheckout={onCheckout}
    />,
  );
  const checkouts = () => seen.filter((request) => request.method === 'POST');
  return { user, onCheckout, checkouts };
}

describe('Upgrade plans', () => {
  it('shows Free at $0 and Pro at the configured price, and why Pro', () => {
    setup({ status: 500 });
    expect(screen.getByRole('region', { name: 'Free plan' }).textContent).toContain('$0');
    expect(screen.getByRole('region', { name: 'Free plan' }).textContent).toContain(
      '10 ideas per month',
    );
    expect(screen.getByRole('region', { name: 'Pro plan' }).textContent).toContain('$9/month');
    expect(screen.getByRole('heading', { name: 'Why Pro?' })).toBeTruthy();
  });

  it("asks a guest for an e-mail, then sends it and leaves for the checkout's address", async () => {
    const { user, onCheckout, checkouts } = setup({
      body: { checkoutUrl: 'https://checkout.example/c/1' },
    });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(screen.getByText('Please enter your email address to continue.')).toBeTruthy();
    expect(checkouts()).toHaveLength(0);
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    await vi.waitFor(() => expect(onCheckout).toHaveBeenCalledWith('https://checkout.example/c/1'));
    expect(checkouts()[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it("pays under a signed-in account's own e-mail, with no field", async () => {
    const { user, checkouts } = setup(
      { body: { beta: true } },
      { accountEmail: 'ada@example.com' },
    );
    expect(screen.queryByLabelText('Email')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Already a Pro User!')).toBeTruthy();
    expect(checkouts()[0]?.body).toEqual({ email: 'ada@example.com' });
  });

  it('offers no second checkout while the last payment is being confirmed', () => {
    setup({ status: 500 }, { paymentPending: true });
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Pro plan' }).textContent).toContain('$9/month');
  });

  it('says plainly that billing is off when the server has none configured', () => {
    setup({ status: 500 }, { enabled: false });
    expect(screen.getByText(/Upgrading to Pro is not available yet/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to Pro' })).toBeNull();
  });

  it('turns a 503 billing_unavailable into the same plain notice', async () => {
    const { user } = setup(
      {
        status: 503,
        body: { error: 'billing_unavailable', message: 'Billing is not configured.' },
      },
      { accountEmail: 'ada@example.com' },
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText(/Upgrading to Pro is not available yet/)).toBeTruthy();
    expect(screen.queryByText('Upgrade Failed')).toBeNull();
  });

  it('toasts Upgrade Failed for anything else', async () => {
    const { user, onCheckout } = setup(
      {
        status: 502,
        body: { error: 'billing_failed', message: 'The payment provider did not answer.' },
      },
      { accountEmail: 'ada@example.com' },
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('Upgrade Failed')).toBeTruthy();
    expect(screen.getByText('The payment provider did not answer.')).toBeTruthy();
    expect(onCheckout).not.toHaveBeenCalled();
  });

  it('toasts No checkout URL received when the answer has an empty address', async () => {
    const { user, onCheckout } = setup({ body: { checkoutUrl: '' } }, { accountEmail: 'a@b.co' });
    await user.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(await screen.findByText('No checkout URL received')).toBeTruthy();
    expect(onCheckout).not.toHaveBeenCalled();
  });
});
