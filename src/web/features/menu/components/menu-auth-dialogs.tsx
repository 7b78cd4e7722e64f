import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button';
import { Sheet } from '#web/components/ui/sheet';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/text-field';
import { toast } from '#web/components/ui/toast-store';
import { PASSWORD_MIN_CHARS } from '#contract/limits';
import { ApiError, describeError } from '#web/lib/api-error';
import { EMAIL_MISSING, PASSWORD_MISSING, PASSWORD_RULE } from '#web/lib/credential-messages';

export interface MenuCredentials {
  email: string;
  password: string;
}

/** A sign-in opens a session, or (with no password) has a one-time sign-in link e-mailed. */
export type MenuLoginResult = { signedIn: true } | { signedIn: false; message: string };

interface FormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The server's sentence, else the fallback; a dropped connection says so. */
function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? fallback;
  if (error instanceof TypeError) return 'Network error. Please check your connection.';
  return fallback;
}

export function SignInDialog({
  open,
  onOpenChange,
  onLogin,
  onForgotPassword,
}: FormDialogProps & {
  onLogin: (credentials: MenuCredentials) => Promise<MenuLoginResult>;
  onForgotPassword: () => void;
}) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [emailMissing, setEmailMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setEmailMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const result = await onLogin({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      onOpenChange(false);
      if (!result.signedIn) {
        toast({ title: 'Check your email', description: result.message, durationMs: 10_000 });
      }
    } catch (error) {
      console.error('Sign-in failed', error);
      setPassword('');
      setFailure(describeError(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Sign In" placement="center">
      <form
        noValidate
        className="flex flex-col gap-3 pb-2"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={emailMissing ? EMAIL_MISSING : null}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailMissing(false);
          }}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Pro users can log in with email only"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
        <button
          type="button"
          className="focus-ring min-h-11 self-start rounded-xl px-1 text-sm font-medium text-teal-800 underline underline-offset-2 dark:text-teal-300"
          onClick={onForgotPassword}
        >
          Forgot Password?
        </button>
        <FormAlert title="Login Failed">{failure}</FormAlert>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Signing In...' : 'Sign In'}
        </Button>
      </form>
    </Sheet>
  );
}

export function CreateAccountDialog({
  open,
  onOpenChange,
  onRegister,
}: FormDialogProps & { onRegister: (credentials: MenuCredentials) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [missing, setMissing] = useState({ email: false, password: false });
  const [passwordTooShort, setPasswordTooShort] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const empty = { email: email.trim() === '', password: password.trim() === '' };
    setMissing(empty);
    if (empty.email || empty.password) {
      setFailure({ title: 'Missing Information', text: 'Please fill in all fields.' });
      return;
    }
    setFailure(null);
    if (password.length < PASSWORD_MIN_CHARS) {
      setPasswordTooShort(true);
      return;
    }
    setBusy(true);
    try {
      await onRegister({ email: email.trim(), password });
      setEmail('');
      setPassword('');
      onOpenChange(false);
      toast({ title: 'Account created', variant: 'success', durationMs: 3000 });
    } catch (error) {
      setFailure({
        title: 'Registration Failed',
        text: failureText(error, 'Failed to create account. Please try again.'),
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Create Account" placement="center">
      <form
        noValidate
        className="flex flex-col gap-3 pb-2"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={missing.email ? EMAIL_MISSING : null}
          onChange={(event) => {
            setEmail(event.target.value);
            setMissing((was) => ({ ...was, email: false }));
          }}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_RULE}
          error={missing.password ? PASSWORD_MISSING : passwordTooShort ? PASSWORD_RULE : null}
          value={password}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordTooShort(false);
            setMissing((was) => ({ ...was, password: false }));
          }}
        />
        <FormAlert title={failure?.title ?? ''}>{failure?.text ?? null}</FormAlert>
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
    </Sheet>
  );
}

export function ResetPasswordDialog({
  open,
  onOpenChange,
  onForgotPassword,
}: FormDialogProps & { onForgotPassword: (email: string) => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [emailMissing, setEmailMissing] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (email.trim() === '') {
      setEmailMissing(true);
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      // docs/product.md, Menu: the address goes as typed; the server judges it.
      await onForgotPassword(email);
      toast({
        title: 'Email Sent',
        description:
          'If an account exists with this email, you will receive a password reset link.',
        variant: 'success',
      });
      setEmail('');
      onOpenChange(false);
    } catch (error) {
      setFailure(
        error instanceof ApiError && error.serverMessage
          ? error.serverMessage
          : 'Failed to send reset email. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Reset Password" placement="center">
      <form
        noValidate
        className="flex flex-col gap-3 pb-2"
        onSubmit={(event) => void submit(event)}
      >
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={emailMissing ? EMAIL_MISSING : null}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailMissing(false);
          }}
        />
        <FormAlert title="Error">{failure}</FormAlert>
        <Button type="submit" variant="primary" disabled={busy} aria-busy={busy}>
          {busy ? 'Sending...' : 'Send Reset Link'}
        </Button>
      </form>
    </Sheet>
  );
}
