import { useEffect, useState, type FormEvent } from 'react';
import { PASSWORD_MIN_CHARS } from '#contract/limits';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/text-field';
import { ApiError } from '#web/lib/api-error';
import { useResetLinkAccount, useResetPassword } from '../api/account';

/** docs/product.md, Reset password: after success the app goes home after 2 s. */
export const AFTER_RESET_REDIRECT_MS = 2000;

export interface ResetPasswordFormProps {
  /** The token from the e-mailed link; null when the URL has none. */
  token: string | null;
  onDone: () => void;
}

export function ResetPasswordForm({ token, onDone }: ResetPasswordFormProps) {
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const reset = useResetPassword();
  const account = useResetLinkAccount(token);

  useEffect(() => {
    if (!reset.isSuccess) return;
    const timer = setTimeout(onDone, AFTER_RESET_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [reset.isSuccess, onDone]);

  if (!token) {
    return (
      <p
        role="alert"
        className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
      >
        Invalid reset link. Please request a new password reset.
      </p>
    );
  }

  if (reset.isSuccess) {
    return (
      <p
        role="status"
        className="rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
      >
        Your password has been changed and you are signed in. Taking you home...
      </p>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const tooShort = password.length < PASSWORD_MIN_CHARS;
    const mismatch = !tooShort && password !== confirm;
    setPasswordError(tooShort ? 'Password must be at least 6 characters' : null);
    setConfirmError(mismatch ? 'Passwords do not match' : null);
    setProblem(null);
    if (tooShort || mismatch) return;
    reset.mutate(
      { token, newPassword: password },
      {
        onError: (error) =>
          setProblem(
            error instanceof ApiError && error.serverMessage
              ? error.serverMessage
              : 'Failed to reset password. Please try again or request a new reset link.',
          ),
      },
    );
  };

  return (
    <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
      {account.data !== undefined && (
        <p className="text-zinc-700 dark:text-zinc-300">
          This link sets a new password for <strong className="break-words">{account.data}</strong>.
        </p>
      )}
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        error={passwordError}
        onChange={(event) => {
          setPassword(event.target.value);
          setPasswordError(null);
        }}
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={confirm}
        error={confirmError}
        onChange={(event) => {
          setConfirm(event.target.value);
          setConfirmError(null);
        }}
      />
      <FormAlert title="Password not changed">{problem}</FormAlert>
      <Button type="submit" variant="primary" disabled={reset.isPending}>
        {reset.isPending ? 'Saving...' : 'Set New Password'}
      </Button>
    </form>
  );
}
