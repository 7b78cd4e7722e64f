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

/**
 * One formatter per locale, kept: toLocaleDateString builds a new one on every call, and the
 * first one of a page costs a phone tens of milliseconds, on each render of the usage bar.
 */
const shortDateFormats = new Map<string, Intl.DateTimeFormat>();

function shortDateFormat(locale: string | undefined): Intl.DateTimeFormat {
  const key = locale ?? '';
  let format = shortDateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDateFormats.set(key, format);
  }
  return format;
}

/** 'Renews on Dec 1': the period ends at a UTC instant, so the date is read in UTC. */
export function renewsOnText(periodEndsAt: string, locale?: string): string {
  const date = new Date(periodEndsAt);
  if (Number.isNaN(date.getTime())) return '';
  return `Renews on ${shortDateFormat(locale).format(date)}`;
}

/**
 * What the bottom bar says before a recording when the month's ideas are nearly used up: the
 * person learns it before speaking, not at Save. Null while there is room, or no limit.
 */
export function quotaNote(
  usage: Pick<Usage, 'usedThisMonth' | 'monthlyLimit'> | undefined,
): string | null {
  if (!usage || usage.monthlyLimit === null) return null;
  const left = usage.monthlyLimit - usage.usedThisMonth;
  if (left <= 0) return 'Limit reached: copy, not save';
  if (left === 1) return 'Last idea this month';
  return null;
}
