import { useState, type FormEvent } from 'react';
import { Button } from '#web/components/ui/button';
import { Sheet } from '#web/components/ui/sheet';
import { TextField } from '#web/components/ui/text-field';
import { toast } from '#web/components/ui/toast-store';
import { ApiError, describeError } from '#web/lib/api-error';
import { useDeleteAccount } from '../api/account';

const CONFIRM_WORD = 'DELETE';
const CONFIRM_RULE = 'Please type "DELETE" exactly and enter your password.';

/** The server refuses while a paid subscription runs (docs/api.md, Identity: 409 active_subscription). */
function isSubscriptionBlock(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    (error.code === 'active_subscription' ||
      (error.serverMessage ?? error.message).includes('active Pro subscription'))
  );
}

export interface DeleteAccountDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onDeleted: () => void;
}

/**
 * docs/product.md, Profile: two steps. The first warns; the second asks for the word DELETE and
 * the password (left empty by an account made at checkout, which has none). A running subscription sends it back to the first step with the reason and only
 * a Close button; other failures toast "Deletion Failed" and keep what was typed.
 */
export function DeleteAccountDialog({ open, onOpenChange, onDeleted }: DeleteAccountDialogProps) {
  const [step, setStep] = useState<1 | 2>(1);
  const [word, setWord] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<string | null>(null);
  const deleteAccount = useDeleteAccount();

  const changeOpen = (next: boolean) => {
    if (!next) {
      setStep(1);
      setWord('');
      setPassword('');
      setProblem(null);
      setBlocked(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (word !== CONFIRM_WORD) {
      setProblem(CONFIRM_RULE);
      return;
    }
    setProblem(null);
    // An empty password still goes to the server: an account made at checkout has none and is
    // deleted from a fresh sign-in-link session (docs/api.md, Identity). For an account with a
    // password the server refuses it, and that refusal is shown as the same rule.
    const typed = password;
    deleteAccount.mutate(typed, {
      onSuccess: onDeleted,
      onError: (error) => {
        if (typed === '' && error instanceof ApiError && error.code === 'invalid_credentials') {
          setProblem(CONFIRM_RULE);
          return;
        }
        if (isSubscriptionBlock(error)) {
          setBlocked(error.serverMessage ?? error.message);
          setStep(1);
          setPassword('');
          return;
        }
        toast({
          title: 'Deletion Failed',
          description: describeError(error),
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Sheet
      open={open}
      onOpenChange={changeOpen}
      title="Delete Account"
      placement="center"
      role="alertdialog"
      testId="delete-account"
    >
      {step === 1 ? (
        <div className="flex flex-col gap-4 pb-2">
          {blocked ? (
            <p
              role="alert"
              className="rounded-xl border border-rose-300 bg-rose-50 p-3 text-rose-950 dark:border-rose-700 dark:bg-rose-950 dark:text-rose-50"
            >
              {blocked}
            </p>
          ) : (
            <p>
              Deleting your account removes it with all your ideas and your usage for good. This
              cannot be undone. Export your ideas first if you want to keep them.
            </p>
          )}
          {blocked ? (
            <Button onClick={() => changeOpen(false)}>Close</Button>
          ) : (
            <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
              <Button onClick={() => changeOpen(false)}>Cancel</Button>
              <Button variant="danger" onClick={() => setStep(2)}>
                Continue
              </Button>
            </div>
          )}
        </div>
      ) : (
        <form noValidate className="flex flex-col gap-4 pb-2" onSubmit={submit}>
          <TextField
            label='Type "DELETE" to confirm'
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={word}
            onChange={(event) => setWord(event.target.value)}
          />
          <TextField
            label="Password"
            type="password"
            autoComplete="current-password"
            hint="An account made at checkout has no password: leave this empty."
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          {problem ? (
            <p role="alert" className="text-rose-700 dark:text-rose-300">
              {problem}
            </p>
          ) : null}
          <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
            <Button onClick={() => setStep(1)}>Back</Button>
            <Button type="submit" variant="danger" disabled={deleteAccount.isPending}>
              {deleteAccount.isPending ? 'Deleting...' : 'Delete Account'}
            </Button>
          </div>
        </form>
      )}
    </Sheet>
  );
}
