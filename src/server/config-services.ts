import type { Env } from './config.js';

/*
 * The outside services the configuration names, each read whole or refused with what is
 * missing: billing (Stripe) and the recordings' bucket (S3). loadConfig (config.ts) reports
 * their issues with the rest.
 */

export interface BillingConfig {
  secretKey: string;
  webhookSecret: string;
  priceId: string;
  /** Where the billing API is when STRIPE_API_BASE points elsewhere (a local test double). */
  api: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Per request to the billing API; one retry follows a timeout (ADR 051). */
  timeoutMs: number;
}

/** An S3-compatible bucket for recordings (docs/api.md, "Configuration"; ADR 128). */
export interface S3Config {
  /** Unset: AWS S3 itself, found from the region. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's own chain (AWS_* variables, an instance role). */
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** Bucket in the path, not the host name: what MinIO and most stand-ins need. */
  forcePathStyle: boolean;
  /** Each call's limit to connect, and to go without a byte once connected. */
  timeoutMs: number;
}

const S3_KEYS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/**
 * The bucket is what turns S3 on; any other S3_* without it, or one half of the key pair, is a
 * mistake that would otherwise keep recordings on the local disk unnoticed, so it stops the start.
 */
export function s3Config(env: Env): { s3: S3Config | undefined; issues: string[] } {
  const set = S3_KEYS.filter((key) => env[key] !== undefined);
  if (set.length === 0) return { s3: undefined, issues: [] };
  const issues: string[] = [];
  if (env.S3_BUCKET === undefined) {
    issues.push(
      `S3_BUCKET: is required when ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set`,
    );
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    issues.push(
      "S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both, or neither for the AWS SDK's own credentials",
    );
  }
  if (issues.length > 0 || env.S3_BUCKET === undefined) return { s3: undefined, issues };
  const pathStyle = env.S3_FORCE_PATH_STYLE;
  return {
    s3: {
      endpoint: env.S3_ENDPOINT,
      bucket: env.S3_BUCKET,
      region: env.S3_REGION ?? 'us-east-1',
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      // A custom endpoint is most often MinIO or a stand-in, which want the bucket in the path.
      forcePathStyle:
        pathStyle === undefined
          ? env.S3_ENDPOINT !== undefined
          : ['true', '1', 'yes'].includes(pathStyle),
      timeoutMs: env.S3_TIMEOUT_MS,
    },
    issues: [],
  };
}

const BILLING_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_ID'] as const;

/**
 * Billing is on with all three keys and off with none. A half-configured billing is a mistake
 * that would only show on the first payment (a checkout whose webhook is never believed, say),
 * so it stops the start instead, naming the missing keys.
 */
export function billingConfig(env: Env): { billing: BillingConfig | null; issues: string[] } {
  const missing = BILLING_KEYS.filter((key) => env[key] === undefined);
  if (missing.length === BILLING_KEYS.length) return { billing: null, issues: [] };
  if (missing.length > 0) {
    const present = BILLING_KEYS.filter((key) => env[key] !== undefined);
    return {
      billing: null,
      issues: missing.map(
        (key) =>
          `${key}: is required when ${present.join(' and ')} ${present.length === 1 ? 'is' : 'are'} set (billing needs all of ${BILLING_KEYS.join(', ')}, or none to turn billing off)`,
      ),
    };
  }
  let api: BillingConfig['api'];
  if (env.STRIPE_API_BASE !== undefined) {
    const url = new URL(env.STRIPE_API_BASE);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    api = {
      host: url.hostname,
      port: url.port === '' ? (protocol === 'http' ? 80 : 443) : Number(url.port),
      protocol,
    };
  }
  return {
    billing: {
      secretKey: env.STRIPE_SECRET_KEY ?? '',
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
      priceId: env.STRIPE_PRICE_ID ?? '',
      api,
      timeoutMs: env.STRIPE_TIMEOUT_MS,
    },
    issues: [],
  };
}
