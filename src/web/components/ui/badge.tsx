import type { Category, Format } from '#contract/taxonomy';
import { CATEGORY_LABELS, FORMAT_LABELS } from '#contract/taxonomy';
import { cn } from './cn';

/** Tinted background + dark text per format colour keeps AA contrast in both themes. */
const formatBadgeClass: Record<Format, string> = {
  tweet: 'bg-blue-100 text-blue-800 dark:bg-blue-950 dark:text-blue-200',
  checklist: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200',
  pitch: 'bg-violet-100 text-violet-800 dark:bg-violet-950 dark:text-violet-200',
};

export function FormatBadge({ format, className }: { format: Format; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-medium',
        formatBadgeClass[format],
        className,
      )}
    >
      {FORMAT_LABELS[format]}
    </span>
  );
}

export function CategoryBadge({ category }: { category: Category }) {
  return (
    <span className="inline-flex items-center rounded-full border border-zinc-300 px-2.5 py-0.5 text-sm font-medium text-zinc-700 dark:border-zinc-600 dark:text-zinc-200">
      {CATEGORY_LABELS[category]}
    </span>
  );
}

export function PlainBadge({ children }: { children: React.ReactNode }) {
  return (
    <span className="inline-flex items-center rounded-full bg-zinc-100 px-2.5 py-0.5 text-sm font-medium text-zinc-700 dark:bg-zinc-800 dark:text-zinc-200">
      {children}
    </span>
  );
}
