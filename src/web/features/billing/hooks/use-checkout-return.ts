import { useEffect, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useSearch } from 'wouter';
import { toast } from '#web/components/ui/toast-store';
import { describeError } from '#web/lib/api-error';
import { routePaths } from '#web/lib/paths';
import { queryKeys } from '#web/lib/query-client';
import { meQuery, sessionOf } from '#web/lib/session';
import { useClaimCheckout } from '../api/billing';

/** docs/product.md, Upgrade: after a claim the page reloads after 2 s. */
export const AFTER_CLAIM_RELOAD_MS = 2000;
/** How often the account is asked again while the payment provider has not confirmed. */
export const CONFIRM_POLL_MS = 3000;
/** How long the page keeps asking before it says the confirmation is late. */
export const CONFIRM_GIVE_UP_MS = 120_000;

export type ClaimState = 'idle' | 'claiming' | 'claimed' | 'failed';
/**
 * Back from a paid checkout: `confirming` until the account is Pro (the provider's webhook can
 * land after the person does), then `confirmed`; `late` when it has not after two minutes.
 */
export type PaymentState = 'none' | 'confirming' | 'confirmed' | 'late';

export interface CheckoutReturn {
  claim: ClaimState;
  payment: PaymentState;
}

/**
 * Back from the hosted checkout. `success=1` says "Welcome to Pro!" only once the account is
 * Pro; until then the page says it is confirming, asking the server again every 3 s. Where
 * upgrading is off (or not known yet), no payment can have been made, so nothing is said of one. With a
 * claim token the token is posted once to sign this browser in to the paid account, then the
 * page reloads after 2 s. `canceled=1` toasts. The query is taken off the address at once, so
 * the reload (or the person pressing reload) never posts a used token again.
 */
export function useCheckoutReturn(
  reload: () => void,
  billingEnabled: boolean | undefined,
): CheckoutReturn {
  const search = useSearch();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const claim = useClaimCheckout();
  const handled = useRef(false);
  // Read once, before the address is cleaned below.
  const [returned] = useState(() => new URLSearchParams(search).get('success') === '1');
  const paid = returned && billingEnabled === true;
  const [late, setLate] = useState(false);
  const welcomed = useRef(false);
  // Asked (and polled) only after a checkout: a plain visit reads nothing more than the page.
  const isPro = sessionOf(useQuery({ ...meQuery, enabled: paid }).data).isPro;
  const payment: PaymentState = !paid ? 'none' : isPro ? 'confirmed' : late ? 'late' : 'confirming';

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

  // The account turned Pro: only now is the payment said to have gone through.
  useEffect(() => {
    if (payment !== 'confirmed' || welcomed.current) return;
    welcomed.current = true;
    toast({
      title: 'Welcome to Pro!',
      description: 'Your payment went through.',
      variant: 'success',
      durationMs: 3000,
    });
  }, [payment]);

  useEffect(() => {
    if (payment !== 'confirming' || claim.isPending) return;
    const poll = setInterval(
      () => void client.invalidateQueries({ queryKey: queryKeys.me }),
      CONFIRM_POLL_MS,
    );
    const giveUp = setTimeout(() => setLate(true), CONFIRM_GIVE_UP_MS);
    return () => {
      clearInterval(poll);
      clearTimeout(giveUp);
    };
  }, [payment, claim.isPending, client]);

  const claimState: ClaimState = claim.isPending
    ? 'claiming'
    : claim.isSuccess
      ? 'claimed'
      : claim.isError
        ? 'failed'
        : 'idle';
  return { claim: claimState, payment };
}
