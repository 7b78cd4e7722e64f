import { Link } from 'wouter';
import { ArrowDown } from 'lucide-react';
import type { Idea, IdeaList } from '#contract/api-schemas';
import { routePaths } from '#web/lib/paths';
import { IdeaCard } from './idea-card';

export interface RecentActivityProps {
  list: IdeaList | undefined;
  isLoading: boolean;
  isError: boolean;
  visibleCount: number;
  highlightedId: string | null;
  onOpen: (idea: Idea) => void;
  /** False when the server cannot transcribe, so the empty state invites typing instead. */
  voiceAvailable?: boolean;
}

export function RecentActivity({
  list,
  isLoading,
  isError,
  visibleCount,
  highlightedId,
  onOpen,
  voiceAvailable = true,
}: RecentActivityProps) {
  const shown = list?.items.slice(0, visibleCount) ?? [];
  const total = list?.total ?? 0;
  return (
    <section aria-labelledby="recent-activity-title" className="mt-6">
      {/* The way to the rest sits beside the heading, in view above the cards, not under them
          where the bottom bar covers it on a phone. */}
      <div className="mb-3 flex items-center justify-between gap-3">
        <h2 id="recent-activity-title" className="text-lg font-semibold">
          Recent Activity
        </h2>
        {!isError && !isLoading && total > shown.length ? (
          <Link
            href={routePaths.search}
            className="focus-ring -mr-2 inline-flex min-h-11 items-center rounded-xl px-2 text-sm font-medium text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950"
          >
            Search {total} ideas
          </Link>
        ) : null}
      </div>
      {isError ? (
        <p className="rounded-xl border border-zinc-200 bg-white p-4 text-rose-700 dark:border-zinc-800 dark:bg-zinc-900 dark:text-rose-300">
          Failed to load ideas
        </p>
      ) : isLoading ? (
        // The placeholders, like the empty state's arrow, stay still: they show while the app's
        // code starts, and an animation there has every frame drawn beside that start, on
        // devices without a GPU in software (docs/lab-notes/2026-11-web-app-blocking-time.md).
        <ul aria-busy="true" aria-label="Loading your ideas..." className="space-y-3">
          {Array.from({ length: visibleCount }, (_, i) => (
            <li
              key={i}
              className="h-[92px] rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
            />
          ))}
        </ul>
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-zinc-300 px-4 py-8 text-center dark:border-zinc-700">
          <p className="text-lg font-semibold">No saved ideas yet!</p>
          <p className="text-zinc-600 dark:text-zinc-300">
            {voiceAvailable
              ? 'Tap the record button below and say what is on your mind.'
              : 'Tap the button below and type what is on your mind.'}
          </p>
          <ArrowDown aria-hidden className="mt-1 size-6 text-red-500" />
        </div>
      ) : (
        <ul className="space-y-3" data-testid="recent-ideas">
          {shown.map((idea) => (
            <IdeaCard
              key={idea.id}
              idea={idea}
              onOpen={onOpen}
              rows={2}
              highlighted={idea.id === highlightedId}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
