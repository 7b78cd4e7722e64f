import { z } from 'zod';

export const PLANS = ['guest', 'free', 'active', 'beta', 'pro'] as const;
export const PlanSchema = /* @__PURE__ */ z.enum(PLANS);
export type Plan = z.infer<typeof PlanSchema>;

/** docs/product.md, Who uses it: a plan of active, beta or pro counts as Pro. */
export const PRO_PLANS: ReadonlySet<Plan> = new Set(['active', 'beta', 'pro']);

export function isProPlan(plan: Plan | string | null | undefined): boolean {
  return plan != null && PRO_PLANS.has(plan as Plan);
}

export const DEFAULT_FREE_MONTHLY_LIMIT = 10;
export const PRO_PRICE_MONTHLY_USD = 9;
/** The browser's guestIdeasLeft before the first usage answer (docs/api.md, "Plans and usage"). */
export const DEFAULT_GUEST_IDEAS_LEFT = 3;

/** The monthly limit a plan gets; null means unlimited. */
export function monthlyLimitFor(plan: Plan, freeMonthlyLimit: number): number | null {
  return isProPlan(plan) ? null : freeMonthlyLimit;
}

/**
 * The calendar-month period in UTC that contains `now`, used for guests and free users.
 * Returns the period's start key (YYYY-MM) and the instant it ends.
 */
export function calendarMonthPeriod(now: Date): { key: string; startsAt: Date; endsAt: Date } {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth();
  const startsAt = new Date(Date.UTC(year, month, 1));
  const endsAt = new Date(Date.UTC(year, month + 1, 1));
  const key = `${year}-${String(month + 1).padStart(2, '0')}`;
  return { key, startsAt, endsAt };
}
