import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Me } from '#contract/api-schemas';
import { apiRequest } from '#web/lib/api-client';
import { ApiError } from '#web/lib/api-error';
import { apiPaths } from '#web/lib/paths';
import { applySignedIn } from '#web/lib/session';

/** Where the checkout continues, or that the account is Pro already (docs/api.md, Billing). */
export type CheckoutOutcome = { kind: 'checkout'; url: string } | { kind: 'alreadyPro' };

export async function createCheckout(email: string): Promise<CheckoutOutcome> {
  const result = await apiRequest('CheckoutResultSchema', 'POST', apiPaths.checkout, {
    body: { email },
  });
  if ('beta' in result) return { kind: 'alreadyPro' };
  if (result.checkoutUrl === '') throw new Error('No checkout URL received');
  return { kind: 'checkout', url: result.checkoutUrl };
}

export async function openBillingPortal(): Promise<string> {
  const { url } = await apiRequest('PortalResultSchema', 'POST', apiPaths.billingPortal);
  return url;
}

export function claimCheckout(token: string): Promise<Me> {
  return apiRequest('MeSchema', 'POST', apiPaths.claim, { body: { token } });
}

/** The server has no billing configured: a plain fact to show, not a failure to retry. */
export function isBillingUnavailable(error: unknown): boolean {
  return (
    error instanceof ApiError && (error.code === 'billing_unavailable' || error.status === 503)
  );
}

export function useCheckout() {
  return useMutation({ mutationFn: createCheckout });
}

export function useBillingPortal() {
  return useMutation({ mutationFn: openBillingPortal });
}

export function useClaimCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: claimCheckout,
    onSuccess: (me) => applySignedIn(client, me),
  });
}
