// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen, stubServer } from '#web/testing/screen';
import PasswordBeforeProofNotice from './password-before-proof-notice';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PATH = '/api/account/password-before-proof';

describe('the notice of a password set before the e-mail was proved', () => {
  it('shows nothing for an account whose password is its own', async () => {
    const { seen } = stubServer(() => ({ status: 200, body: { passwordSetBeforeProof: false } }));
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await vi.waitFor(() => expect(seen.some((request) => request.path === PATH)).toBe(true));
    expect(screen.queryByTestId('password-before-proof')).toBeNull();
  });

  it('asks, and goes once the person says the password was theirs', async () => {
    const { seen } = stubServer((request) =>
      request.method === 'GET'
        ? { status: 200, body: { passwordSetBeforeProof: true } }
        : { status: 204 },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await screen.findByRole('heading', { name: 'Did you set this account’s password?' });
    await user.click(screen.getByRole('button', { name: 'It Was Me' }));
    await vi.waitFor(() => expect(screen.queryByTestId('password-before-proof')).toBeNull());
    expect(seen.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([PATH]);
  });

  it('mails a link to set a new password, and stays until one is set', async () => {
    const { seen } = stubServer((request) =>
      request.method === 'GET'
        ? { status: 200, body: { passwordSetBeforeProof: true } }
        : { status: 200, body: { message: 'sent' } },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'Change Password' }));
    await vi.waitFor(() =>
      expect(seen.find((request) => request.path === '/api/auth/forgot-password')?.body).toEqual({
        email: 'owner@example.com',
      }),
    );
    expect(screen.getByTestId('password-before-proof')).toBeTruthy();
  });
});
