// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freeMe, guestMe, renderScreen, stubServer, type SeenRequest } from '#web/testing/screen';
import { queryKeys } from '#web/lib/query-client';
import { ConfirmSignInLink } from './confirm-sign-in-link';
import { LoginForm } from './login-form';
import { ResetPasswordForm } from './reset-password-form';
import { SignupForm } from './signup-form';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});
beforeEach(() => localStorage.clear());

/** What a field's aria-describedby points at: the words read with it. */
function describedBy(field: HTMLElement): string {
  const ids = (field.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

function posts(seen: SeenRequest[], path: string) {
  return seen.filter((request) => request.method === 'POST' && request.path === path);
}

describe('Sign-up page', () => {
  it('asks for both fields, trimmed, beside each field, before calling the server', async () => {
    const { seen } = stubServer(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderScreen(<SignupForm onSignedUp={() => {}} />);
    await user.type(screen.getByLabelText('Email'), '   ');
    await user.type(screen.getByLabelText('Password'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    // Each field says why under itself, read with it by a screen reader.
    expect(describedBy(screen.getByLabelText('Email'))).toBe('Please enter your email address.');
    expect(describedBy(screen.getByLabelText('Password'))).toBe('Please enter a password.');
    expect(within(screen.getByRole('alert')).getByText('Missing Information')).toBeTruthy();
    expect(screen.getByText('Please fill in all fields.')).toBeTruthy();
    // Beside the fields, not in a toast that covers the page and goes away.
    expect(screen.queryByTestId('toast')).toBeNull();
    expect(posts(seen, '/api/register')).toHaveLength(0);
  });

  it('refuses a password under 6 characters and marks the field', async () => {
    const { seen } = stubServer(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderScreen(<SignupForm onSignedUp={() => {}} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const password = screen.getByLabelText('Password');
    await user.type(password, '12345');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Must be at least 6 characters long')).toBeTruthy();
    expect(posts(seen, '/api/register')).toHaveLength(0);
  });

  it('creates the account, puts it in the session and leaves the page', async () => {
    const { seen } = stubServer((request) =>
      request.path === '/api/register'
        ? { status: 201, body: { ...freeMe, guestIdeasKept: 0 } }
        : { status: 404 },
    );
    const user = userEvent.setup();
    const onSignedUp = vi.fn();
    const { client } = renderScreen(<SignupForm onSignedUp={onSignedUp} />);
    client.setQueryData(queryKeys.me, guestMe);
    client.setQueryData(queryKeys.recentIdeas('guest'), { items: [], total: 1, nextCursor: null });
    await user.type(screen.getByLabelText('Email'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    await vi.waitFor(() => expect(onSignedUp).toHaveBeenCalled());
    expect(posts(seen, '/api/register')[0]?.body).toEqual({
      email: 'ada@example.com',
      password: 'secret-1',
    });
    expect(client.getQueryData(queryKeys.me)).toEqual(freeMe);
    // The guest's ideas now live in the account: the guest's cached list is gone.
    expect(client.getQueryData(queryKeys.recentIdeas('guest'))).toBeUndefined();
  });

  it('shows the server reason when the e-mail is taken, and the network sentence offline', async () => {
    let offline = false;
    stubServer((request) => {
      if (offline) throw new TypeError('Failed to fetch');
      return request.path === '/api/register'
        ? {
            status: 409,
            body: { error: 'email_taken', message: 'That e-mail already has an account.' },
          }
        : { status: 404 };
    });
    const user = userEvent.setup();
    renderScreen(<SignupForm onSignedUp={() => {}} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Registration Failed')).toBeTruthy();
    expect(screen.getByText('That e-mail already has an account.')).toBeTruthy();
    offline = true;
    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Network error. Please check your connection.')).toBeTruthy();
  });
});

describe('Sign-in page', () => {
  it('needs an e-mail', async () => {
    const { seen } = stubServer(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderScreen(<LoginForm linkFailed={false} onSignedIn={() => {}} />);
    expect(screen.getByText('Pro users can log in with email only')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(screen.getByText('Please enter your email address.')).toBeTruthy();
    expect(posts(seen, '/api/login')).toHaveLength(0);
  });

  it('with no password, asks for a one-time link and says to check the inbox', async () => {
    const { seen } = stubServer(() => ({
      status: 202,
      body: { message: 'If an account exists for that e-mail, a sign-in link is on its way.' },
    }));
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    renderScreen(<LoginForm linkFailed={false} onSignedIn={onSignedIn} />);
    await user.type(screen.getByLabelText('Email'), 'pro@example.com');
    await user.click(screen.getByRole('button', { name: 'Email Me a Sign-In Link' }));
    expect(await screen.findByText('Check your email')).toBeTruthy();
    expect(
      screen.getByText('If an account exists for that e-mail, a sign-in link is on its way.'),
    ).toBeTruthy();
    expect(posts(seen, '/api/login')[0]?.body).toEqual({ email: 'pro@example.com', password: '' });
    expect(onSignedIn).not.toHaveBeenCalled();
  });

  it('signs in with a password, or toasts Login Failed with the reason', async () => {
    let right = false;
    stubServer(() =>
      right
        ? { body: { ...freeMe, guestIdeasKept: 0 } }
        : {
            status: 401,
            body: { error: 'invalid_credentials', message: 'Wrong e-mail or password.' },
          },
    );
    const user = userEvent.setup();
    const onSignedIn = vi.fn();
    renderScreen(<LoginForm linkFailed={false} onSignedIn={onSignedIn} />);
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    const password = screen.getByLabelText<HTMLInputElement>('Password');
    await user.type(password, 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login Failed')).toBeTruthy();
    expect(screen.getByText('Wrong e-mail or password.')).toBeTruthy();
    expect(password.value).toBe('');
    right = true;
    await user.type(password, 'right-one');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  });

  it('explains a sign-in link that could not be used', () => {
    stubServer(() => ({ status: 500 }));
    renderScreen(<LoginForm linkFailed onSignedIn={() => {}} />);
    expect(screen.getByRole('alert').textContent).toContain('expired or was already used');
  });
});

describe('Sign-in link confirm page', () => {
  const linkAccount = { status: 200, body: { email: 'owner@example.com' } };

  function renderConfirm() {
    const handlers = { onSignedIn: vi.fn(), onUnusable: vi.fn(), onCancel: vi.fn() };
    const rendered = renderScreen(<ConfirmSignInLink token="link-token-1" {...handlers} />);
    return { ...handlers, ...rendered };
  }

  it('posts nothing until the person confirms, then signs in with the link', async () => {
    const { seen } = stubServer((request) =>
      request.path === '/api/auth/magic'
        ? { status: 200, body: { ...freeMe, guestIdeasKept: 0 } }
        : request.path === '/api/auth/magic/account'
          ? linkAccount
          : { status: 404 },
    );
    const user = userEvent.setup();
    const { onSignedIn, client } = renderConfirm();
    expect(screen.getByRole('heading', { name: 'Finish signing in' })).toBeTruthy();
    expect(await screen.findByText('owner@example.com')).toBeTruthy();
    expect(posts(seen, '/api/auth/magic')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
    expect(posts(seen, '/api/auth/magic')[0]?.body).toEqual({ token: 'link-token-1' });
    expect(client.getQueryData(queryKeys.me)).toEqual(freeMe);
  });

  it('keeps the link after too many attempts, and gives it up once it is unusable', async () => {
    let answer = {
      status: 429,
      body: {
        error: 'rate_limited',
        message: 'Too many requests. Please try again in 40 seconds.',
      },
    };
    stubServer((request) => (request.path === '/api/auth/magic/account' ? linkAccount : answer));
    const user = userEvent.setup();
    const { onUnusable } = renderConfirm();
    await screen.findByText('owner@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 40 seconds.'),
    ).toBeTruthy();
    expect(onUnusable).not.toHaveBeenCalled();
    answer = { status: 400, body: { error: 'invalid_token', message: 'This link is used.' } };
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await vi.waitFor(() => expect(onUnusable).toHaveBeenCalled());
  });

  it('names the account the link opens before anyone signs in, and lets nobody sign in blind', async () => {
    let account: { status: number; body?: object } = { status: 503 };
    stubServer((request) =>
      request.path === '/api/auth/magic/account' ? account : { status: 500 },
    );
    const user = userEvent.setup();
    renderConfirm();
    await screen.findByText('The link could not be checked.');
    expect(screen.queryByRole('button', { name: 'Sign In' })).toBeNull();
    account = linkAccount;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect((await screen.findByText('owner@example.com')).closest('p')?.textContent).toContain(
      'This link signs in to owner@example.com.',
    );
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveProperty('disabled', false);
  });

  it('gives a used link up before the person taps anything', async () => {
    stubServer(() => ({ status: 400, body: { error: 'invalid_token', message: 'Used.' } }));
    const { onUnusable } = renderConfirm();
    await vi.waitFor(() => expect(onUnusable).toHaveBeenCalled());
  });

  it('lets the person leave without signing in', async () => {
    const { seen } = stubServer(() => ({ status: 500 }));
    const user = userEvent.setup();
    const { onCancel } = renderConfirm();
    await user.click(screen.getByRole('button', { name: 'Not Now' }));
    expect(onCancel).toHaveBeenCalled();
    expect(posts(seen, '/api/auth/magic')).toHaveLength(0);
  });
});

describe('Reset-password page', () => {
  it('without a token says the link is invalid and offers no form', () => {
    stubServer(() => ({ status: 500 }));
    renderScreen(<ResetPasswordForm token={null} onDone={() => {}} />);
    expect(
      screen.getByText('Invalid reset link. Please request a new password reset.'),
    ).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
  });

  it('checks that the passwords match and are long enough', async () => {
    const { seen } = stubServer(() => ({ status: 500 }));
    const user = userEvent.setup();
    renderScreen(<ResetPasswordForm token="tok" onDone={() => {}} />);
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm password'), 'abcdeg');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('New password'), 'abc');
    await user.type(screen.getByLabelText('Confirm password'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy();
    expect(posts(seen, '/api/auth/reset-password')).toHaveLength(0);
  });

  it('shows the server reason for a used token, or the fallback sentence', async () => {
    let body: unknown = { error: 'invalid_token', message: 'This reset link has expired.' };
    stubServer(() => ({ status: 400, body }));
    const user = userEvent.setup();
    renderScreen(<ResetPasswordForm token="used" onDone={() => {}} />);
    await user.type(screen.getByLabelText('New password'), 'abcdef');
    await user.type(screen.getByLabelText('Confirm password'), 'abcdef');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByText('This reset link has expired.')).toBeTruthy();
    body = undefined;
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(
      await screen.findByText(
        'Failed to reset password. Please try again or request a new reset link.',
      ),
    ).toBeTruthy();
  });

  it('names the account the link sets a password for', async () => {
    stubServer((request) =>
      request.path === '/api/auth/reset-password/account'
        ? { body: { email: 'owner@example.com' } }
        : { status: 500 },
    );
    renderScreen(<ResetPasswordForm token="tok" onDone={() => {}} />);
    expect(await screen.findByText('owner@example.com')).toBeTruthy();
    expect(screen.getByText(/This link sets a new password for/)).toBeTruthy();
  });

  it('sets the password, signs in, and goes home after 2 s', async () => {
    const { seen } = stubServer(() => ({ body: freeMe }));
    const user = userEvent.setup();
    const onDone = vi.fn();
    const { client } = renderScreen(<ResetPasswordForm token="tok-1" onDone={onDone} />);
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onDone).toHaveBeenCalledOnce(), { timeout: 5000 });
    expect(posts(seen, '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'tok-1',
      newPassword: 'new-secret',
    });
    expect(client.getQueryData(queryKeys.me)).toEqual(freeMe);
  });
});
