import type { Usage } from '../../../contract/api-schemas.js';
import { calendarMonthPeriod, monthlyLimitFor, type Plan } from '../../../contract/plans.js';
import type { Owner } from '../../db/owner.js';
import { HttpError } from '../../http/errors.js';
import type { UsageRepository } from './repository.js';

export interface QuotaContext {
  owner: Owner;
  monthlyLimit: number | null;
  periodKey: string;
  periodEndsAt: Date;
}

export interface UsageService {
  /** The quota that applies to `owner` on `plan` now. */
  quotaFor(owner: Owner, plan: Plan): QuotaContext;
  /** The figures GET /api/usage reports. */
  usageOf(owner: Owner, plan: Plan): Promise<Usage>;
  /** Counts one use, or throws quota_exceeded (402) at the limit. */
  countOneUse(owner: Owner, plan: Plan): Promise<Usage>;
}

export function createUsageService(deps: {
  usage: UsageRepository;
  freeMonthlyLimit: number;
  now: () => Date;
}): UsageService {
  const { usage, freeMonthlyLimit, now } = deps;

  /**
   * Guests and free users get FREE_MONTHLY_LIMIT per calendar month in UTC; Pro is unlimited.
   * Pro usage is still counted per calendar month until billing periods are stored (billing is
   * not built yet), which only affects the figure shown, never a refusal.
   */
  function quotaFor(owner: Owner, plan: Plan): QuotaContext {
    const period = calendarMonthPeriod(now());
    return {
      owner,
      monthlyLimit: monthlyLimitFor(plan, freeMonthlyLimit),
      periodKey: period.key,
      periodEndsAt: period.endsAt,
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

    async usageOf(owner, plan) {
      const quota = quotaFor(owner, plan);
      return toUsage(quota, await usage.getUsed(quota.owner, quota.periodKey));
    },

    async countOneUse(owner, plan) {
      const quota = quotaFor(owner, plan);
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
