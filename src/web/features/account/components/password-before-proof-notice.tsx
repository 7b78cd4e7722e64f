import { useState } from 'react';
import { ShieldAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import {
  useKeepPasswordBeforeProof,
  useNotMyPassword,
  usePasswordBeforeProof,
} from '../api/account';

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** What the account held before the proof, in the person's words ("2 ideas and 1 recording"). */
function heldList(ideas: number, words: number, recordings: number): string {
  const parts = [
    ...(ideas > 0 ? [count(ideas, 'idea', 'ideas')] : []),
    ...(words > 0 ? [count(words, 'dictionary word', 'dictionary words')] : []),
    ...(recordings > 0 ? [count(recordings, 'recording', 'recordings')] : []),
  ];
  return parts.length < 2
    ? (parts[0] ?? '')
    : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** What "It Wasn't Me" removes, in the person's words. */
function whatGoes(password: boolean, held: string): string {
  const written =
    held === '' ? '' : `the ${held} the account held before you signed in from your e-mail`;
  if (!password) return `This removes ${written}. Ideas you brought from this device stay.`;
  return `This removes the password${written === '' ? '' : ` and ${written}`}, signs out every other device and stops every share link. Ideas you brought from this device stay.`;
}

/**
 * docs/product.md, "A password you may not have set": registering proves nothing about an
 * e-mail, so someone may have registered this address with a password of their own, and written
 * ideas and dictionary words, before its owner first signed in by a mailed link. The owner is
 * asked once, on home, whether it was them; "It Wasn't Me" takes all of that away.
 */
export default function PasswordBeforeProofNotice({ email }: { email: string }) {
  const asked = usePasswordBeforeProof(email);
  const keep = useKeepPasswordBeforeProof(email);
  const notMine = useNotMyPassword(email);
  const [confirming, setConfirming] = useState(false);
  const question = asked.data;
  if (question === undefined) return null;
  const { passwordSetBeforeProof: password, writtenBeforeProof: written } = question;
  if (!password && !written) return null;
  const held = heldList(
    question.ideasBeforeProof,
    question.dictionaryEntriesBeforeProof,
    question.recordingsBeforeProof,
  );

  const failed = (title: string) => (error: Error) =>
    toast({ title, description: describeError(error), variant: 'destructive' });

  const removeThem = () =>
    notMine.mutate(undefined, {
      onSuccess: () =>
        toast({
          title: 'Done',
          description: password
            ? 'The password and what was written before are gone. To use a password, choose Forgot password when you sign in.'
            : 'What was written before you signed in is gone.',
          variant: 'success',
        }),
      onError: failed('Could not remove them'),
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
            {password
              ? 'Did you set this account’s password?'
              : 'Did you write what this account held?'}
          </h2>
          <p>
            {confirming
              ? whatGoes(password, held)
              : password
                ? 'This account got a password before you first signed in from your e-mail. If you did not set it, someone else can sign in with it.'
                : `This account held ${held} before you first signed in from your e-mail. If they are not yours, someone else wrote them.`}
          </p>
        </div>
      </div>
      {confirming ? (
        <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
          <Button onClick={() => setConfirming(false)} disabled={notMine.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={removeThem} disabled={notMine.isPending}>
            {held !== '' ? 'Remove Them' : 'Remove the Password'}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col-reverse gap-3 sm:grid sm:grid-cols-2">
          <Button
            onClick={() => keep.mutate(undefined, { onError: failed('Could not save that') })}
            disabled={keep.isPending}
          >
            It Was Me
          </Button>
          <Button variant="primary" onClick={() => setConfirming(true)}>
            It Wasn’t Me
          </Button>
        </div>
      )}
    </section>
  );
}
