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
const ASKED = {
  passwordSetBeforeProof: true,
  ideasBeforeProof: 3,
  dictionaryEntriesBeforeProof: 1,
};

describe('the notice of a password set before the e-mail was proved', () => {
  it('shows nothing for an account whose password is its own', async () => {
    const { seen } = stubServer(() => ({
      status: 200,
      body: { passwordSetBeforeProof: false, ideasBeforeProof: 0, dictionaryEntriesBeforeProof: 0 },
    }));
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await vi.waitFor(() => expect(seen.some((request) => request.path === PATH)).toBe(true));
    expect(screen.queryByTestId('password-before-proof')).toBeNull();
  });

  it('asks, and goes once the person says the password was theirs', async () => {
    const { seen } = stubServer((request) =>
      request.method === 'GET' ? { status: 200, body: ASKED } : { status: 204 },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await screen.findByRole('heading', { name: 'Did you set this account’s password?' });
    await user.click(screen.getByRole('button', { name: 'It Was Me' }));
    await vi.waitFor(() => expect(screen.queryByTestId('password-before-proof')).toBeNull());
    expect(seen.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([PATH]);
  });

  it('says what goes before it removes the password and what was written before', async () => {
    const { seen } = stubServer((request) =>
      request.method === 'GET'
        ? { status: 200, body: ASKED }
        : { status: 200, body: { ideasRemoved: 3, dictionaryEntriesRemoved: 1 } },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'It Wasn’t Me' }));
    expect(
      screen.getByText(
        'This removes the password and the 3 ideas and 1 dictionary word the account held before you signed in from your e-mail, and signs out every other device. Ideas you brought from this device stay.',
      ),
    ).toBeTruthy();
    // Nothing is sent until the person confirms.
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Remove Them' }));
    await vi.waitFor(() => expect(screen.queryByTestId('password-before-proof')).toBeNull());
    expect(seen.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      `${PATH}/not-mine`,
    ]);
  });

  it('offers to remove the password alone when nothing was written before', async () => {
    stubServer(() => ({
      status: 200,
      body: { passwordSetBeforeProof: true, ideasBeforeProof: 0, dictionaryEntriesBeforeProof: 0 },
    }));
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'It Wasn’t Me' }));
    expect(screen.getByRole('button', { name: 'Remove the Password' })).toBeTruthy();
    expect(
      screen.getByText(
        'This removes the password, and signs out every other device. Ideas you brought from this device stay.',
      ),
    ).toBeTruthy();
  });

  it('keeps the question when the person cancels', async () => {
    const { seen } = stubServer(() => ({ status: 200, body: ASKED }));
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'It Wasn’t Me' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'It Was Me' })).toBeTruthy();
    expect(seen.filter((request) => request.method === 'POST')).toEqual([]);
  });
});
