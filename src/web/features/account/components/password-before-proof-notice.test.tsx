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
  writtenBeforeProof: true,
  ideasBeforeProof: 3,
  dictionaryEntriesBeforeProof: 1,
  recordingsBeforeProof: 0,
};
const NOTHING = {
  passwordSetBeforeProof: false,
  writtenBeforeProof: false,
  ideasBeforeProof: 0,
  dictionaryEntriesBeforeProof: 0,
  recordingsBeforeProof: 0,
};

describe('the notice of a password set before the e-mail was proved', () => {
  it('shows nothing for an account whose password is its own', async () => {
    const { seen } = stubServer(() => ({
      status: 200,
      body: NOTHING,
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
        : {
            status: 200,
            body: {
              passwordRemoved: true,
              ideasRemoved: 3,
              dictionaryEntriesRemoved: 1,
              recordingsRemoved: 0,
              shareLinksRemoved: 0,
            },
          },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'It Wasn’t Me' }));
    expect(
      screen.getByText(
        'This removes the password and the 3 ideas and 1 dictionary word the account held before you signed in from your e-mail, signs out every other device and stops every share link. Ideas you brought from this device stay.',
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
      body: { ...NOTHING, passwordSetBeforeProof: true },
    }));
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await user.click(await screen.findByRole('button', { name: 'It Wasn’t Me' }));
    expect(screen.getByRole('button', { name: 'Remove the Password' })).toBeTruthy();
    expect(
      screen.getByText(
        'This removes the password, signs out every other device and stops every share link. Ideas you brought from this device stay.',
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

  it('asks about what the account held when no password was set, and removes only that', async () => {
    const { seen } = stubServer((request) =>
      request.method === 'GET'
        ? {
            status: 200,
            body: {
              ...NOTHING,
              writtenBeforeProof: true,
              ideasBeforeProof: 2,
              recordingsBeforeProof: 1,
            },
          }
        : {
            status: 200,
            body: {
              passwordRemoved: false,
              ideasRemoved: 2,
              dictionaryEntriesRemoved: 0,
              recordingsRemoved: 1,
              shareLinksRemoved: 0,
            },
          },
    );
    const user = userEvent.setup();
    renderScreen(<PasswordBeforeProofNotice email="owner@example.com" />);
    await screen.findByRole('heading', { name: 'Did you write what this account held?' });
    expect(
      screen.getByText(
        'This account held 2 ideas and 1 recording before you first signed in from your e-mail. If they are not yours, someone else wrote them.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'It Wasn’t Me' }));
    expect(
      screen.getByText(
        'This removes the 2 ideas and 1 recording the account held before you signed in from your e-mail. Ideas you brought from this device stay.',
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove Them' }));
    await vi.waitFor(() => expect(screen.queryByTestId('password-before-proof')).toBeNull());
    expect(seen.filter((request) => request.method === 'POST').map((r) => r.path)).toEqual([
      `${PATH}/not-mine`,
    ]);
  });
});
