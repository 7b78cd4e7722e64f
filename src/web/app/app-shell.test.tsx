// @vitest-environment happy-dom
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '#contract/api-schemas';
import {
  freeMe,
  guestMe,
  renderScreen,
  stubServer,
  usage,
  type FakeAnswer,
  type SeenRequest,
} from '../testing/screen';
import { BUILD_VERSION } from '../lib/app-version';
import { queryKeys } from '../lib/query-client';
import { loadDictionarySheet } from './account-menu';
import { AppShell, loadMenuDrawer } from './app-shell';

/** What the controlling service worker answers to GET_VERSION; null: no worker. */
const worker = vi.hoisted(() => ({ version: null as string | null }));
vi.mock('../features/pwa/register', () => ({
  readWorkerVersion: () => Promise.resolve(worker.version),
}));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  worker.version = null;
});
beforeEach(() => localStorage.clear());
// The drawer's code loads on the first open. Its first import is compiled while the test waits,
// which beside other files on a loaded machine outlasts any wait meant for the screen: it is
// done here, under the hook's own timeout.
beforeAll(async () => {
  await loadMenuDrawer();
});

const proMe: Me = { id: 'user-2', email: 'pro@example.com', plan: 'pro' };

/** A server with one session at a time: who /api/me answers changes with login and logout. */
function serve(
  start: Me,
  overrides: (request: SeenRequest) => FakeAnswer | undefined = () => undefined,
) {
  let me = start;
  return stubServer(async (request) => {
    const overridden = overrides(request);
    if (overridden) return overridden;
    if (request.path === '/api/me') return { body: me };
    if (request.path === '/api/usage') return { body: usage() };
    if (request.path === '/api/login') {
      const { password } = request.body as { password: string };
      if (password === '') return { status: 202, body: { message: 'Check your inbox.' } };
      if (password !== 'right-password') {
        return {
          status: 401,
          body: { error: 'invalid_credentials', message: 'Wrong e-mail or password.' },
        };
      }
      me = freeMe;
      return { body: { ...me, guestIdeasKept: 0 } };
    }
    if (request.path === '/api/register') {
      me = freeMe;
      return { status: 201, body: { ...me, guestIdeasKept: 0 } };
    }
    if (request.path === '/api/logout') {
      me = guestMe;
      return { status: 204 };
    }
    if (request.path === '/api/auth/forgot-password')
      return { body: { message: 'Sent if it exists.' } };
    return { status: 404, body: { error: 'not_found', message: 'Not found' } };
  });
}

async function openMenu() {
  const user = userEvent.setup();
  const { client } = renderScreen(
    <AppShell>
      <p>content</p>
    </AppShell>,
  );
  await user.click(screen.getByRole('button', { name: 'Open menu' }));
  const menu = await screen.findByRole('dialog', { name: 'Menu' });
  return { user, menu, client };
}

/**
 * Marked the way the sign-up page marks a field: invalid, and tied to its message; the form
 * checks it itself, so the browser's own "required" bubble never shows instead.
 */
function expectMarkedInvalid(field: HTMLElement, message: string) {
  expect(field.getAttribute('aria-invalid')).toBe('true');
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  expect(ids.map((id) => document.getElementById(id)?.textContent).join(' ')).toBe(message);
  expect(field.closest('form')?.noValidate).toBe(true);
}

function paths(seen: SeenRequest[], method: string) {
  return seen.filter((request) => request.method === method).map((request) => request.path);
}

describe('Menu drawer', () => {
  it('shows a guest the Guest User card, Sign In and Create Account, and no Sign Out', async () => {
    serve(guestMe);
    const { menu } = await openMenu();
    await within(menu).findByText('Guest User');
    expect(within(menu).getByText('Limited Storage')).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(menu).getByRole('button', { name: 'Create Account' })).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Sign Out' })).toBeNull();
    expect(within(menu).getByText(`v${BUILD_VERSION}`)).toBeTruthy();
  });

  it('opens the dictionary over the menu, and Close goes back to the menu', async () => {
    serve(guestMe, (request) =>
      request.path === '/api/dictionary'
        ? { body: { entries: [{ term: 'Kubernetes', soundsLike: 'cooper netties' }] } }
        : undefined,
    );
    await loadDictionarySheet();
    const { user, menu } = await openMenu();
    const item = within(menu).getByRole('button', { name: 'Dictionary' });
    await user.click(item);
    const sheet = await screen.findByRole('dialog', { name: 'Dictionary' });
    await within(sheet).findByRole('list', { name: 'Your words (1)' });
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dictionary' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeTruthy();
    await vi.waitFor(() => expect(document.activeElement).toBe(item));
  });

  it("shows the controlling service worker's version rather than the build's", async () => {
    serve(guestMe);
    worker.version = '9.8.7';
    const { menu } = await openMenu();
    await within(menu).findByText('v9.8.7');
  });

  it('shows a Pro user their e-mail with a Pro badge linking to /profile', async () => {
    serve(proMe);
    const { menu } = await openMenu();
    // The session answer may still be on its way when the drawer opens.
    const card = await within(menu).findByRole(
      'link',
      { name: /pro@example.com/ },
      { timeout: 5000 },
    );
    expect(card.getAttribute('href')).toBe('/profile');
    expect(within(card).getByText('Pro')).toBeTruthy();
    expect(within(menu).queryByRole('button', { name: 'Sign In' })).toBeNull();
  });

  it("says so when guest ideas stayed on the device past the account's free month", async () => {
    serve(guestMe, (request) =>
      request.path === '/api/login' ? { body: { ...freeMe, guestIdeasKept: 3 } } : undefined,
    );
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('3 guest ideas stayed on this device')).toBeTruthy();
    // The toast's text, and once the announcer has caught up, its copy read aloud as well.
    expect(screen.getAllByText(/free ideas for this month are used up/).length).toBeGreaterThan(0);
  });

  it('signs in from its dialog, closes it, and the card becomes the account', async () => {
    const { seen } = serve(guestMe);
    const { user, menu, client } = await openMenu();
    client.setQueryData(queryKeys.usage, usage());
    client.setQueryData(queryKeys.recentIdeas('guest'), { items: [], total: 0, nextCursor: null });
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.type(within(dialog).getByLabelText('Email'), ' ada@example.com ');
    await user.type(within(dialog).getByLabelText('Password'), 'right-password');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull());
    expect(seen.find((r) => r.path === '/api/login')?.body).toEqual({
      email: 'ada@example.com',
      password: 'right-password',
    });
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const again = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(again).findByText('ada@example.com')).toBeTruthy();
    expect(within(again).getByText('Registered')).toBeTruthy();
    // Usage belongs to someone else now, and the guest's list moved into the account.
    expect(client.getQueryState(queryKeys.usage)?.isInvalidated).toBe(true);
    expect(client.getQueryData(queryKeys.recentIdeas('guest'))).toBeUndefined();
  });

  it('keeps the dialog open and says so when the password is wrong', async () => {
    serve(guestMe);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    const email = within(dialog).getByLabelText<HTMLInputElement>('Email');
    await user.type(email, 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'wrong');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Wrong e-mail or password.')).toBeTruthy();
    expect(consoleError).toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Sign In' })).toBeTruthy();
    expect(email.value).toBe('ada@example.com');
    consoleError.mockRestore();
  });

  it('asks for a sign-in link when the password is left empty', async () => {
    serve(guestMe);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.type(within(dialog).getByLabelText('Email'), 'pro@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Check your inbox.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull());
  });

  it('creates an account from its dialog and clears the fields', async () => {
    const { seen } = serve(guestMe);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Account created')).toBeTruthy();
    expect(seen.find((r) => r.path === '/api/register')?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-1',
    });
    expect(screen.queryByRole('dialog', { name: 'Create Account' })).toBeNull();
  });

  it('toasts Registration Failed with the server message', async () => {
    serve(guestMe, (request) =>
      request.path === '/api/register'
        ? {
            status: 409,
            body: { error: 'email_taken', message: 'That e-mail already has an account.' },
          }
        : undefined,
    );
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'secret-1');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('That e-mail already has an account.')).toBeTruthy();
  });

  it('sends a reset link from Forgot Password, busy while it runs, then closes and clears', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { seen } = serve(guestMe, (request) => {
      if (request.path !== '/api/auth/forgot-password') return undefined;
      return undefined;
    });
    const fetchStub = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).includes('forgot-password')) await held;
      return fetchStub(input, init);
    });
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.click(within(signIn).getByRole('button', { name: 'Forgot Password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).toBeNull();
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    const busy = await within(dialog).findByRole('button', { name: 'Sending...' });
    expect(busy).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Email Sent')).toBeTruthy();
    expect(
      screen.getByText(
        'If an account exists with this email, you will receive a password reset link.',
      ),
    ).toBeTruthy();
    await vi.waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Reset Password' })).toBeNull(),
    );
    expect(seen.find((r) => r.path === '/api/auth/forgot-password')?.body).toEqual({
      email: 'ada@example.com',
    });
  });

  it('toasts Error when the reset e-mail cannot be sent', async () => {
    serve(guestMe, (request) =>
      request.path === '/api/auth/forgot-password' ? { status: 500, body: undefined } : undefined,
    );
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign In' })).getByRole('button', {
        name: 'Forgot Password?',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.type(within(dialog).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Failed to send reset email. Please try again.')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Reset Password' })).toBeTruthy();
  });

  it('says under each empty field of Create Account what is missing, and sends nothing', async () => {
    const { seen } = serve(guestMe);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Create Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Account' });
    const email = within(dialog).getByLabelText('Email');
    const password = within(dialog).getByLabelText('Password');
    await user.type(email, '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expectMarkedInvalid(email, 'Please enter your email address.');
    expectMarkedInvalid(password, 'Please enter a password.');
    expect(within(within(dialog).getByRole('alert')).getByText('Missing Information')).toBeTruthy();
    await user.type(email, 'ada@example.com');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.type(password, '12345');
    await user.click(within(dialog).getByRole('button', { name: 'Create Account' }));
    expectMarkedInvalid(password, 'Must be at least 6 characters long');
    expect(paths(seen, 'POST')).toEqual([]);
  });

  it('says under the empty e-mail of Sign In and of Reset Password what is missing, and sends nothing', async () => {
    const { seen } = serve(guestMe);
    const { user, menu } = await openMenu();
    await user.click(within(menu).getByRole('button', { name: 'Sign In' }));
    const signIn = await screen.findByRole('dialog', { name: 'Sign In' });
    await user.click(within(signIn).getByRole('button', { name: 'Sign In' }));
    expectMarkedInvalid(within(signIn).getByLabelText('Email'), 'Please enter your email address.');
    // The password is optional (left empty it asks for a sign-in link), so it keeps its hint.
    expect(within(signIn).getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();

    await user.click(within(signIn).getByRole('button', { name: 'Forgot Password?' }));
    const reset = await screen.findByRole('dialog', { name: 'Reset Password' });
    await user.click(within(reset).getByRole('button', { name: 'Send Reset Link' }));
    expectMarkedInvalid(within(reset).getByLabelText('Email'), 'Please enter your email address.');
    expect(paths(seen, 'POST')).toEqual([]);
  });

  it('signs out a registered user back to the guest card', async () => {
    const { seen } = serve(freeMe);
    const { user, menu } = await openMenu();
    await user.click(await within(menu).findByRole('button', { name: 'Sign Out' }));
    expect(await screen.findByText('Signed out')).toBeTruthy();
    expect(paths(seen, 'POST')).toContain('/api/logout');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const again = await screen.findByRole('dialog', { name: 'Menu' });
    expect(await within(again).findByText('Guest User')).toBeTruthy();
  });
});
