import { KeyRound } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { toast } from '#web/components/ui/toast-store';
import { ApiError, describeError } from '#web/lib/api-error';
import { guestIdeasKeptNotice, useConfirmSignInLink } from '../api/account';

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
 * person confirms with the button; a refusal for too many attempts keeps the link for later.
 */
export function ConfirmSignInLink({
  token,
  onSignedIn,
  onUnusable,
  onCancel,
}: ConfirmSignInLinkProps) {
  const confirm = useConfirmSignInLink();

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
      : null;

  return (
    <section aria-labelledby="confirm-link-title" className="flex flex-col gap-5">
      <div className="flex gap-3 rounded-xl border border-zinc-200 bg-zinc-50 p-4 text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-50">
        <KeyRound aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="confirm-link-title" className="text-lg font-semibold">
            Finish signing in
          </h2>
          <p>
            You opened a sign-in link. Sign in on this device only if you asked for the link
            yourself.
          </p>
        </div>
      </div>
      <FormAlert title="Could not sign in">{failure}</FormAlert>
      <Button variant="primary" onClick={submit} disabled={confirm.isPending}>
        {confirm.isPending ? 'Signing In...' : 'Sign In'}
      </Button>
      <Button variant="ghost" onClick={onCancel} disabled={confirm.isPending}>
        Not Now
      </Button>
    </section>
  );
}
