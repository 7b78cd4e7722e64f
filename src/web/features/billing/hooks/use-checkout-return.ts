import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import { routePaths } from '#web/lib/paths';
import { useClaimCheckout } from '../api/billing';

/** docs/product.md, Upgrade: after a claim the page reloads after 2 s. */
export const AFTER_CLAIM_RELOAD_MS = 2000;

export type ClaimState = 'idle' | 'claiming' | 'claimed' | 'failed';

/**
 * Back from the hosted checkout: `success=1` toasts, and with a claim token the token is posted
 * once to sign this browser in to the paid account, then the page reloads after 2 s;
 * `canceled=1` toasts. The query is taken off the address at once, so the reload (or the person
 * pressing reload) never posts a used token again.
 */
export function useCheckoutReturn(reload: () => void): ClaimState {
  const search = useSearch();
  const [, navigate] = useLocation();
  const claim = useClaimCheckout();
  const handled = useRef(false);

  useEffect(() => {
    if (handled.current) return;
    const params = new URLSearchParams(search);
    const success = params.get('success') === '1';
    const canceled = params.get('canceled') === '1';
    const token = params.get('claim');
    if (!success && !canceled && !token) return;
    handled.current = true;
    navigate(routePaths.upgrade, { replace: true });

    if (canceled) {
      toast({
        title: 'Checkout canceled',
        description: 'No payment was taken. You can upgrade any time.',
        durationMs: 3000,
      });
      return;
    }
    if (success) {
      toast({
        title: 'Welcome to Pro!',
        description: 'Your payment went through.',
        variant: 'success',
        durationMs: 3000,
      });
    }
    if (!token) return;
    claim.mutate(token, {
      onSuccess: () => {
        setTimeout(reload, AFTER_CLAIM_RELOAD_MS);
      },
      onError: (error) => {
        toast({
          title: 'Sign-in Failed',
          description: `${describeError(error)} Sign in with your email to reach your Pro account.`,
          variant: 'destructive',
          durationMs: 10_000,
        });
      },
    });
  }, [search, navigate, claim, reload]);

  if (claim.isPending) return 'claiming';
  if (claim.isSuccess) return 'claimed';
  if (claim.isError) return 'failed';
  return 'idle';
}
