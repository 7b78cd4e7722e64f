import { ShieldAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import {
  useKeepPasswordBeforeProof,
  usePasswordBeforeProof,
  useRequestPasswordReset,
} from '../api/account';

/**
 * docs/product.md, "A password you may not have set": registering proves nothing about an
 * e-mail, so someone may have registered this address with a password of their own before its
 * owner first signed in by a mailed link. The owner is asked once, on home, whether it was them;
 * "Change Password" mails a reset link (a new password ends every other sign-in).
 */
export default function PasswordBeforeProofNotice({ email }: { email: string }) {
  const asked = usePasswordBeforeProof(email);
  const keep = useKeepPasswordBeforeProof(email);
  const reset = useRequestPasswordReset();
  if (asked.data !== true) return null;

  const changePassword = () =>
    reset.mutate(email, {
      onSuccess: () =>
        toast({
          title: 'Check your inbox',
          description: `A link to set a new password is on its way to ${email}.`,
          variant: 'success',
        }),
      onError: (error) =>
        toast({
          title: 'Could not send the link',
          description: describeError(error),
          variant: 'destructive',
        }),
    });

  return (
    <section
      aria-labelledby="password-before-proof-title"
      data-testid="password-before-proof"
      className="mb-4 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <div className="flex gap-3">
        <ShieldAlert aria-hidden className="mt-0.5 size-6 shrink-0" />
        <div className="flex flex-col gap-1">
          <h2 id="password-before-proof-title" className="font-semibold">
            Did you set this account’s password?
          </h2>
          <p>
            This account got a password before you first signed in from your e-mail. If you did not
            set it, someone else can sign in with it: change it now.
          </p>
        </div>
      </div>
      <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
        <Button
          onClick={() =>
            keep.mutate(undefined, {
              onError: (error) =>
                toast({
                  title: 'Could not save that',
                  description: describeError(error),
                  variant: 'destructive',
                }),
            })
          }
          disabled={keep.isPending}
        >
          It Was Me
        </Button>
        <Button variant="primary" onClick={changePassword} disabled={reset.isPending}>
          Change Password
        </Button>
      </div>
    </section>
  );
}
