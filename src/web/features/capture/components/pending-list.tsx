import { CloudOff, TriangleAlert } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { CategoryBadge, FormatBadge } from '#web/components/ui/badge';
import type { PendingRecording } from '../offline/pending-store';

export interface PendingListProps {
  items: readonly PendingRecording[];
  onRetry: (id: string) => void;
  onDiscard: (id: string) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/**
 * Recordings kept on this device (ADR 060): each waits for the connection, or, when the server
 * refused it, offers Retry and Discard. Nothing shows when there are none.
 */
export function PendingList({ items, onRetry, onDiscard }: PendingListProps) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="pending-title" className="mt-6" data-testid="pending-list">
      <h2 id="pending-title" className="mb-3 flex items-center gap-2 text-lg font-semibold">
        Pending
        <span
          data-testid="pending-count"
          className="inline-flex min-w-7 items-center justify-center rounded-full bg-amber-100 px-2 text-sm font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-50"
        >
          {items.length}
        </span>
      </h2>
      <ul className="space-y-3">
        {items.map((item) => (
          <li
            key={item.id}
            data-testid="pending-idea"
            className="rounded-xl border border-dashed border-zinc-300 bg-white p-3 dark:border-zinc-600 dark:bg-zinc-900"
          >
            <div className="flex flex-wrap items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
              <FormatBadge format={item.format} />
              <CategoryBadge category={item.category} />
              <time dateTime={new Date(item.createdAt).toISOString()}>
                {timeFormat.format(item.createdAt)}
              </time>
            </div>
            {item.transcript ? (
              <p className="mt-2 line-clamp-2 text-zinc-900 dark:text-zinc-50">{item.transcript}</p>
            ) : null}
            {item.status === 'waiting' ? (
              <p className="mt-2 flex items-center gap-2 text-sm text-zinc-600 dark:text-zinc-300">
                <CloudOff aria-hidden className="size-4 shrink-0" />
                Saved on this device. It becomes an idea when you are back online.
              </p>
            ) : (
              <>
                <p className="mt-2 flex items-start gap-2 text-sm text-rose-700 dark:text-rose-300">
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span>{item.error ?? 'This recording could not be processed.'}</span>
                </p>
                <div className="mt-3 flex gap-2">
                  <Button variant="primary" onClick={() => onRetry(item.id)}>
                    Retry
                  </Button>
                  <Button variant="danger-outline" onClick={() => onDiscard(item.id)}>
                    Discard
                  </Button>
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
