import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { MailCheck } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/text-field';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import { EMAIL_MISSING } from '#web/lib/credential-messages';
import { routePaths } from '#web/lib/paths';
import { useLogIn } from '../api/account';

export interface LoginFormProps {
  /** The sign-in link this page was sent back from could not be used (`?error=link`). */
  linkFailed: boolean;
  onSignedIn: () => void;
}

export function LoginForm({ linkFailed, onSignedIn }: LoginFormProps) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [linkSent, setLinkSent] = useState<string | null>(null);
  const logIn = useLogIn();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    if (trimmedEmail === '') {
      setEmailError(EMAIL_MISSING);
      return;
    }
    setLinkSent(null);
    setFailure(null);
    logIn.mutate(
      { email: trimmedEmail, password },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'linkSent') {
            setLinkSent(outcome.message);
            return;
          }
          toast({ title: 'Signed in', variant: 'success', durationMs: 2000 });
          onSignedIn();
        },
        onError: (error) => {
          setPassword('');
          setFailure(describeError(error));
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      {linkFailed ? (
        <p
          role="alert"
          className="rounded-xl border border-rose-300 bg-rose-50 p-4 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
        >
          That sign-in link has expired or was already used. Enter your email below to get a new
          one.
        </p>
      ) : null}
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          error={emailError}
          onChange={(event) => {
            setEmail(event.target.value);
            setEmailError(null);
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
        <FormAlert title="Login Failed">{failure}</FormAlert>
        <Button type="submit" variant="primary" disabled={logIn.isPending}>
          {logIn.isPending
            ? 'Signing In...'
            : password === ''
              ? 'Email Me a Sign-In Link'
              : 'Sign In'}
        </Button>
      </form>
      {linkSent ? (
        <div
          role="status"
          className="flex gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 text-emerald-950 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-50"
        >
          <MailCheck aria-hidden className="size-6 shrink-0" />
          <div>
            <p className="font-semibold">Check your email</p>
            <p>{linkSent}</p>
          </div>
        </div>
      ) : null}
      <p className="text-center text-sm">
        No account yet?{' '}
        <Link
          href={routePaths.signup}
          className="focus-ring inline-flex min-h-11 items-center font-medium underline underline-offset-2"
        >
          Create an account
        </Link>
      </p>
    </div>
  );
}
