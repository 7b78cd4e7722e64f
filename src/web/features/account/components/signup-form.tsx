import { useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import { Check } from 'lucide-react';
import { PASSWORD_MIN_CHARS } from '#contract/limits';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { TextField } from '#web/components/ui/text-field';
import { toast } from '#web/components/ui/toast-store';
import { ApiError } from '#web/lib/api-error';
import { EMAIL_MISSING, PASSWORD_MISSING, PASSWORD_RULE } from '#web/lib/credential-messages';
import { routePaths } from '#web/lib/paths';
import { useRegister } from '../api/account';

const BENEFITS = [
  'Your ideas are kept with your account, on every device you sign in on',
  'The ideas you saved as a guest come with you',
  'Export your ideas as JSON, Markdown or CSV whenever you like',
  'Upgrade to Pro any time for unlimited ideas',
] as const;

export function SignupForm({ onSignedUp }: { onSignedUp: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState({ email: false, password: false });
  const [passwordTooShort, setPasswordTooShort] = useState(false);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const register = useRegister();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmedEmail = email.trim();
    const trimmedPassword = password.trim();
    const empty = { email: trimmedEmail === '', password: trimmedPassword === '' };
    setMissing(empty);
    if (empty.email || empty.password) {
      // docs/product.md, Sign up: each empty field says so under itself, and the form's alert
      // sums it up above the button, where the person is about to tap again; never a toast.
      setFailure({ title: 'Missing Information', text: 'Please fill in all fields.' });
      return;
    }
    setFailure(null);
    if (trimmedPassword.length < PASSWORD_MIN_CHARS) {
      setPasswordTooShort(true);
      return;
    }
    register.mutate(
      { email: trimmedEmail, password: trimmedPassword },
      {
        onSuccess: () => {
          toast({
            title: 'Account created',
            description: 'Your ideas are saved to your account.',
            variant: 'success',
            durationMs: 3000,
          });
          onSignedUp();
        },
        onError: (error) => {
          setFailure({
            title: 'Registration Failed',
            text:
              error instanceof ApiError
                ? (error.serverMessage ?? 'Failed to create account. Please try again.')
                : error instanceof TypeError
                  ? 'Network error. Please check your connection.'
                  : 'Failed to create account. Please try again.',
          });
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="signup-benefits"
        className="rounded-xl bg-teal-50 p-4 dark:bg-teal-950"
      >
        <h2 id="signup-benefits" className="mb-2 font-semibold">
          Why create an account
        </h2>
        <ul className="flex flex-col gap-2">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <Check
                aria-hidden
                className="mt-0.5 size-5 shrink-0 text-teal-700 dark:text-teal-300"
              />
              {benefit}
            </li>
          ))}
        </ul>
      </section>
      <form noValidate className="flex flex-col gap-4" onSubmit={submit}>
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
        <Button type="submit" variant="primary" disabled={register.isPending}>
          {register.isPending ? 'Creating Account...' : 'Create Account'}
        </Button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link
          href={routePaths.login}
          className="focus-ring inline-flex min-h-11 items-center font-medium underline underline-offset-2"
        >
          Sign in
        </Link>
      </p>
      <Link
        href={routePaths.home}
        className="focus-ring inline-flex min-h-11 items-center justify-center rounded-xl text-sm font-medium underline underline-offset-2"
      >
        Back to the app
      </Link>
    </div>
  );
}
