import type { FastifyRequest } from 'fastify';
import { calendarMonthPeriod, monthlyLimitFor } from '../../core/plans.js';
import type { Config } from '../config.js';
import type { Owner } from '../db/owner.js';
import { HttpError } from './errors.js';

export interface QuotaContext {
  owner: Owner;
  monthlyLimit: number | null;
  periodKey: string;
  periodEndsAt: Date;
}

/**
 * The quota that applies to a caller: guests and free users get FREE_MONTHLY_LIMIT per calendar
 * month in UTC; Pro is unlimited. Pro usage is still counted per calendar month until billing
 * periods are stored (the billing issue), which only affects the figure shown, never a refusal.
 */
export function quotaFor(
  request: FastifyRequest,
  owner: Owner,
  config: Config,
  now: Date,
): QuotaContext {
  const plan = owner.kind === 'user' && request.user ? request.user.plan : 'guest';
  const period = calendarMonthPeriod(now);
  return {
    owner,
    monthlyLimit: monthlyLimitFor(plan, config.freeMonthlyLimit),
    periodKey: period.key,
    periodEndsAt: period.endsAt,
  };
}

export function quotaExceeded(): HttpError {
  return new HttpError(
    402,
    'quota_exceeded',
    "You have used this month's free ideas. Upgrade to Pro for unlimited ideas.",
  );
}
