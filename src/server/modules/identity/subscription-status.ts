/**
 * What a billing subscription's status (as the billing provider names it) means here (ADR 051).
 * Pro while the subscription is paid up: `active`, or `trialing` should a trial ever be offered.
 * Every other status (a failed payment's `past_due`, `unpaid`, `canceled`, an unfinished
 * `incomplete`) returns the account to free until a re-read says it is paid again.
 */
const PRO_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing']);

/**
 * Statuses in which the provider may still charge the person, so deleting the account would
 * leave a subscription billing with nobody to manage it: cancel first, in the billing portal.
 */
const STILL_BILLING_STATUSES: ReadonlySet<string> = new Set([
  'active',
  'trialing',
  'past_due',
  'unpaid',
  'paused',
]);

export function grantsPro(status: string | null): boolean {
  return status !== null && PRO_STATUSES.has(status);
}

export function stillBilling(status: string | null): boolean {
  return status !== null && STILL_BILLING_STATUSES.has(status);
}
