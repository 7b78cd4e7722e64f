import type { Usage } from '#contract/api-schemas';

export type UsageTone = 'teal' | 'amber' | 'rose';

export interface UsageBarLook {
  unlimited: boolean;
  /** 0..100, capped at 100 (docs/product.md, Constants and timings). */
  percent: number;
  tone: UsageTone;
  upgradeLabel: 'Upgrade' | 'Upgrade for unlimited';
  atLimit: boolean;
}

export const USAGE_WARNING_PERCENT = 80;

/** docs/product.md, Constants and timings: teal normally, amber at 80% or more, rose at the limit. */
export function usageBarLook(usage: Pick<Usage, 'usedThisMonth' | 'monthlyLimit'>): UsageBarLook {
  const { usedThisMonth, monthlyLimit } = usage;
  if (monthlyLimit === null) {
    return { unlimited: true, percent: 0, tone: 'teal', upgradeLabel: 'Upgrade', atLimit: false };
  }
  const rawPercent = (usedThisMonth / monthlyLimit) * 100;
  const percent = Math.min(100, Math.max(0, rawPercent));
  const atLimit = usedThisMonth >= monthlyLimit;
  const warning = rawPercent >= USAGE_WARNING_PERCENT;
  return {
    unlimited: false,
    percent,
    tone: atLimit ? 'rose' : warning ? 'amber' : 'teal',
    upgradeLabel: warning ? 'Upgrade for unlimited' : 'Upgrade',
    atLimit,
  };
}

/** 'Renews on Dec 1': the period ends at a UTC instant, so the date is read in UTC. */
export function renewsOnText(periodEndsAt: string, locale?: string): string {
  const date = new Date(periodEndsAt);
  if (Number.isNaN(date.getTime())) return '';
  const short = date.toLocaleDateString(locale, {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
  return `Renews on ${short}`;
}
