import { Link } from 'wouter';
import { Infinity as InfinityIcon } from 'lucide-react';
import type { Usage } from '#contract/api-schemas';
import { cn } from '#web/components/ui/cn';
import { routePaths } from '#web/lib/paths';
import { renewsOnText, usageBarLook, type UsageTone } from '../usage-bar-look';

const fillClass: Record<UsageTone, string> = {
  teal: 'bg-teal-600 dark:bg-teal-400',
  amber: 'bg-amber-500 dark:bg-amber-400',
  rose: 'bg-rose-600 dark:bg-rose-400',
};

export interface UsageBarProps {
  usage: Usage | undefined;
  isError: boolean;
  /** False on the upgrade page itself, where a link to it would only lead back. */
  showUpgrade?: boolean;
}

export function UsageBar({ usage, isError, showUpgrade = true }: UsageBarProps) {
  if (isError) {
    return (
      <section className="rounded-xl border border-zinc-200 bg-white p-4 text-sm text-rose-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-rose-300">
        Failed to load usage information
      </section>
    );
  }
  if (!usage) {
    return (
      <section
        aria-busy="true"
        aria-label="Usage"
        className="h-[104px] rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
      />
    );
  }
  const look = usageBarLook(usage);
  const cta = look.tone !== 'teal';
  const renewsClass = 'text-sm whitespace-nowrap text-zinc-600 dark:text-zinc-300';
  if (look.unlimited) {
    return (
      <section
        aria-label="Usage"
        className="flex items-center gap-3 rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
      >
        <InfinityIcon aria-hidden className="size-6 text-teal-600 dark:text-teal-400" />
        <p>
          <span className="font-semibold">{usage.usedThisMonth}</span> ideas this month · Unlimited
        </p>
      </section>
    );
  }
  return (
    <section
      aria-label="Usage"
      data-tone={look.tone}
      className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900"
    >
      {/* From 80% the Upgrade button is the card's call to action, across its full width on a
          line of its own, and the renewal date moves up beside the count: a phone's 390 px
          cannot hold "Upgrade for unlimited" beside the date for every date. */}
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="text-base">
          <span className="font-semibold">{usage.usedThisMonth}</span> of {usage.monthlyLimit} ideas
          this month
        </p>
        {cta ? <p className={renewsClass}>{renewsOnText(usage.periodEndsAt)}</p> : null}
      </div>
      {look.atLimit ? (
        <p className="text-sm font-medium text-rose-700 dark:text-rose-300">
          Monthly limit reached
        </p>
      ) : null}
      <div
        role="progressbar"
        aria-label="Ideas used this month"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(look.percent)}
        className="mt-2 h-2.5 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-700"
      >
        <div
          className={cn('h-full rounded-full transition-[width]', fillClass[look.tone])}
          style={{ width: `${look.percent}%` }}
        />
      </div>
      {cta ? (
        showUpgrade ? (
          <Link
            href={routePaths.upgrade}
            className="focus-ring mt-3 flex min-h-11 w-full items-center justify-center rounded-xl px-3 text-sm font-semibold text-white bg-zinc-900 hover:bg-zinc-700 dark:bg-zinc-50 dark:text-zinc-900"
          >
            {look.upgradeLabel}
          </Link>
        ) : null
      ) : (
        <div className="mt-1 flex items-center justify-between gap-3">
          <p className={renewsClass}>{renewsOnText(usage.periodEndsAt)}</p>
          {showUpgrade ? (
            <Link
              href={routePaths.upgrade}
              className="focus-ring inline-flex min-h-11 shrink-0 items-center rounded-xl px-3 text-sm font-semibold whitespace-nowrap text-teal-800 hover:bg-teal-50 dark:text-teal-300 dark:hover:bg-teal-950"
            >
              {look.upgradeLabel}
            </Link>
          ) : null}
        </div>
      )}
    </section>
  );
}
