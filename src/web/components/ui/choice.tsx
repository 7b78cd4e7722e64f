import { Check } from 'lucide-react';
import { cn } from './cn';

/**
 * One choice among a few options (a format, a category, an engine), as a row of 48 px buttons
 * with radio semantics (docs/product.md, Constants and timings: 48 px in the settings sheet).
 */
export function Choice<T extends string>({
  legend,
  options,
  labels,
  value,
  onChange,
  colors,
  langs,
  disabled,
  compact = false,
}: {
  legend: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (value: T) => void;
  colors?: Record<T, string>;
  /** Each label's language (BCP 47), when the labels are not all in the page's language. */
  langs?: Record<T, string>;
  /** While the choice is being acted on (a reformat under way). */
  disabled?: boolean;
  /** The result sheet's pair of choices: a small legend and 44 px buttons, to leave room for the idea. */
  compact?: boolean;
}) {
  return (
    <fieldset>
      <legend
        className={cn(
          compact
            ? 'mb-1 text-sm font-semibold text-zinc-600 dark:text-zinc-300'
            : 'mb-2 font-semibold',
        )}
      >
        {legend}
      </legend>
      <div
        role="radiogroup"
        aria-label={legend}
        className={cn('grid gap-2', options.length === 2 ? 'grid-cols-2' : 'grid-cols-3')}
      >
        {options.map((option) => {
          const selected = option === value;
          return (
            <button
              key={option}
              type="button"
              role="radio"
              aria-checked={selected}
              disabled={disabled}
              onClick={() => onChange(option)}
              className={cn(
                'focus-ring inline-flex items-center justify-center gap-1.5 rounded-xl border-2 px-2 font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-50',
                selected
                  ? 'border-zinc-900 bg-zinc-900 text-white dark:border-zinc-50 dark:bg-zinc-50 dark:text-zinc-900'
                  : 'border-zinc-200 hover:bg-zinc-100 dark:border-zinc-700 dark:hover:bg-zinc-800',
                compact ? 'min-h-11' : 'min-h-12',
              )}
            >
              {/* The check takes the dot's place: at 390 px a word like "Checklist" leaves room
                  for one mark beside it, and a squeezed flex item would vanish silently. */}
              {selected ? (
                <Check aria-hidden className="size-4 shrink-0" />
              ) : colors ? (
                <span
                  aria-hidden
                  className="size-2.5 shrink-0 rounded-full"
                  style={{ backgroundColor: colors[option] }}
                />
              ) : null}
              {langs ? <span lang={langs[option]}>{labels[option]}</span> : labels[option]}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
