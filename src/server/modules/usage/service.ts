import type { Usage } from '#contract/api-schemas.js';
import { calendarMonthPeriod, isProPlan, monthlyLimitFor, type Plan } from '#contract/plans.js';
import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';
import type { BillingPeriod } from '../../http/sessions.js';
import type { UsageRepository } from './repository.js';

export interface QuotaContext {
  owner: Owner;
  monthlyLimit: number | null;
  periodKey: string;
  periodStartsAt: Date;
  periodEndsAt: Date;
  /** When it was worked out: ideas moved in under it joined the account then. */
  at: Date;
}

export interface UsageService {
  /** The quota that applies to `owner` on `plan` now (Pro: in its billing period, if known). */
  quotaFor(owner: Owner, plan: Plan, billingPeriod?: BillingPeriod | null): QuotaContext;
  /** The figures GET /api/usage reports. */
  usageOf(owner: Owner, plan: Plan, billingPeriod?: BillingPeriod | null): Promise<Usage>;
  /** Counts one use, or throws quota_exceeded (402) at the limit. */
  countOneUse(owner: Owner, plan: Plan, billingPeriod?: BillingPeriod | null): Promise<Usage>;
}

export function createUsageService(deps: {
  usage: UsageRepository;
  freeMonthlyLimit: number;
  now: () => Date;
}): UsageService {
  const { usage, freeMonthlyLimit, now } = deps;

  /**
   * Guests and free users get FREE_MONTHLY_LIMIT per calendar month in UTC; Pro is unlimited
   * and counted per billing period (the subscription's current period as last read from the
   * billing provider). A Pro account whose period is unknown or already over (a renewal not
   * yet heard of) is counted per calendar month meanwhile: it only moves the figure shown.
   */
  function quotaFor(
    owner: Owner,
    plan: Plan,
    billingPeriod: BillingPeriod | null = null,
  ): QuotaContext {
    const at = now();
    if (
      isProPlan(plan) &&
      billingPeriod !== null &&
      billingPeriod.startsAt.getTime() <= at.getTime() &&
      at.getTime() < billingPeriod.endsAt.getTime()
    ) {
      return {
        owner,
        monthlyLimit: monthlyLimitFor(plan, freeMonthlyLimit),
        periodKey: `billing:${billingPeriod.startsAt.toISOString()}`,
        periodStartsAt: billingPeriod.startsAt,
        periodEndsAt: billingPeriod.endsAt,
        at,
      };
    }
    const period = calendarMonthPeriod(at);
    return {
      owner,
      monthlyLimit: monthlyLimitFor(plan, freeMonthlyLimit),
      periodKey: period.key,
      periodStartsAt: period.startsAt,
      periodEndsAt: period.endsAt,
      at,
    };
  }

  function toUsage(quota: QuotaContext, used: number): Usage {
    return {
      usedThisMonth: used,
      monthlyLimit: quota.monthlyLimit,
      periodEndsAt: quota.periodEndsAt.toISOString(),
    };
  }

  return {
    quotaFor,

    async usageOf(owner, plan, billingPeriod) {
      const quota = quotaFor(owner, plan, billingPeriod);
      return toUsage(quota, await usage.getUsed(quota.owner, quota.periodKey));
    },

    async countOneUse(owner, plan, billingPeriod) {
      const quota = quotaFor(owner, plan, billingPeriod);
      const used = await usage.incrementWithinLimit(owner, quota.periodKey, quota.monthlyLimit);
      if (used === 'quota_exceeded') throw quotaExceeded();
      return toUsage(quota, used);
    },
  };
}

export function quotaExceeded(): HttpError {
  return new HttpError(
    402,
    'quota_exceeded',
    "You have used this month's free ideas. Upgrade to Pro for unlimited ideas.",
  );
}
