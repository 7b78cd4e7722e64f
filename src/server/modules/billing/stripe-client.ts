import Stripe from 'stripe';
import type { BillingConfig } from '../../config.js';

/**
 * The API version every request and every webhook payload is read in. Pinned, so an upgrade of
 * the SDK or of the account's default version never changes the shapes this module reads
 * (a subscription's period lives on its items in this version).
 */
export const STRIPE_API_VERSION = '2026-10-28.endive' as const;

/**
 * One retry after a timeout, a dropped connection, a 409/429 or a 5xx that the provider marks
 * retryable (the SDK sends the same idempotency key, so a retried create makes one checkout).
 * With STRIPE_TIMEOUT_MS (8 s by default) a request that hangs costs the person at most about
 * twice that before the clear 502 (ADR 051).
 */
export const STRIPE_MAX_NETWORK_RETRIES = 1;

export function createStripeClient(config: BillingConfig): Stripe {
  return new Stripe(config.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    timeout: config.timeoutMs,
    maxNetworkRetries: STRIPE_MAX_NETWORK_RETRIES,
    telemetry: false,
    ...(config.api ?? {}),
  });
}
