import { KeyRound } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { toast } from '#web/components/ui/toast-store';
import { ApiError, describeError } from '#web/lib/api-error';
import { guestIdeasKeptNotice, useConfirmSignInLink, useSignInLinkAccount } from '../api/account';

export interface ConfirmSignInLinkProps {
  /** The sign-in link's token, from the page's `#link=` fragment. */
  token: string;
  onSignedIn: () => void;
  /** The link cannot be used (invalid, used or expired): the page offers a new one. */
  onUnusable: () => void;
  onCancel: () => void;
}

/**
 * docs/product.md, Sign-in links: a link opened from another site lands here instead of signing
 * in by itself, so no page elsewhere can sign this browser in to an account of its choosing. The
 * page names the account the link opens, so a link someone else sent (to sign this browser in to
 * their account) is seen to be theirs; the person confirms with the button. A refusal for too
 * many attempts keeps the link for later.
 */
export function ConfirmSignInLink({
  token,
  onSignedIn,
  onUnusable,
  onCancel,
}: ConfirmSignInLinkProps) {
  const confirm = useConfirmSignInLink();
  const account = useSignInLinkAccount(token);
  const unusable = account.error instanceof ApiError && account.error.code === 'invalid_token';
  useEffect(() => {
    if (unusable) onUnusable();
  }, [unusable, onUnusable]);

  const submit = () => {
    confirm.mutate(token, {
      onSuccess: (me) => {
        toast({ title: `Signed in as ${me.email}`, variant: 'success', durationMs: 2000 });
        const kept = guestIdeasKeptNotice(me.guestIdeasKept);
        if (kept !== null) toast({ ...kept, durationMs: 12_000 });
        onSignedIn();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid_token') onUnusable();
      },
    });
  };

  const failure =
    confirm.error && !(confirm.error instanceof ApiError && confirm.error.code === 'invalid_token')
      ? describeError(confirm.error)
      : account.error && !unusable
        ? describeError(account.error)
        : null;
  const email = account.data;

  return (
    <section aria-labelledby="confirm-link-title" className="flex flex-col gap-5">
      <div className="flex gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50">
        <KeyRound aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="confirm-link-title" className="text-lg font-semibold">
            Finish signing in
          </h2>
          {email === undefined ? (
            <p>{account.isError ? 'The link could not be checked.' : 'Checking the link…'}</p>
          ) : (
            <p>
              This link signs in to <strong className="break-words">{email}</strong>. Sign in on
              this device only if that is your e-mail and you asked for the link yourself.
            </p>
          )}
        </div>
      </div>
      <FormAlert title="Could not sign in">{failure}</FormAlert>
      {email === undefined && account.isError && !unusable ? (
        <Button variant="primary" onClick={() => void account.refetch()}>
          Try Again
        </Button>
      ) : (
        <Button
          variant="primary"
          onClick={submit}
          disabled={confirm.isPending || email === undefined}
        >
          {confirm.isPending ? 'Signing In...' : 'Sign In'}
        </Button>
      )}
      <Button variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
        Not Now
      </Button>
    </section>
  );
}
