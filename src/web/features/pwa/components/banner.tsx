import type { ReactNode } from 'react';
import { X } from 'lucide-react';
import { cn } from '#web/components/ui/cn';

export interface BannerProps {
  title: string;
  /** False while it fades out, over `hideMs`, before it leaves the page. */
  visible: boolean;
  hideMs: number;
  closeLabel: string;
  onClose: () => void;
  icon: ReactNode;
  children: ReactNode;
  testId: string;
}

/** After its delay a banner fades in quickly: the wait was the spec's, the fade only softens. */
const ARRIVAL_FADE_MS = 150;

/** A quiet card over the top of the page: it never blocks the record button below. */
export function Banner({
  title,
  visible,
  hideMs,
  closeLabel,
  onClose,
  icon,
  children,
  testId,
}: BannerProps) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      style={
        visible
          ? { animation: `fade-in ${ARRIVAL_FADE_MS}ms ease-out` }
          : { transitionDuration: `${hideMs}ms` }
      }
      className={cn(
        'fixed inset-x-3 top-[calc(env(safe-area-inset-top)+4rem)] z-50 mx-auto max-w-[536px] rounded-xl border border-zinc-200 bg-white p-4 text-zinc-900 shadow-lg transition-opacity ease-out dark:border-zinc-700 dark:bg-zinc-800 dark:text-zinc-50',
        visible ? 'opacity-100' : 'opacity-0',
      )}
    >
      <div className="flex items-start gap-3">
        <span className="mt-0.5 shrink-0 text-red-600 dark:text-red-400">{icon}</span>
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{title}</h2>
          {children}
        </div>
        <button
          type="button"
          aria-label={closeLabel}
          onClick={onClose}
          className="focus-ring -mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-zinc-600 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-700"
        >
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </section>
  );
}
