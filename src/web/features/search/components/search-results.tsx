import { useEffect, useRef } from 'react';
import type { Idea } from '#contract/api-schemas';
import { CategoryBadge, FormatBadge } from '#web/components/ui/badge';
import { searchPreview } from '../preview';

export interface SearchResultsProps {
  ideas: Idea[];
  relativeTime: (iso: string) => string;
  onOpen: (idea: Idea) => void;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function SearchResults({
  ideas,
  relativeTime,
  onOpen,
  hasMore,
  loadingMore,
  onLoadMore,
}: SearchResultsProps) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  // Infinite scroll: the next page loads as the end of the list comes into view.
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasMore) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin: '400px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore]);

  return (
    <>
      <ul className="space-y-3" data-testid="search-results">
        {ideas.map((idea) => (
          <li key={idea.id}>
            <button
              type="button"
              onClick={() => onOpen(idea)}
              className="focus-ring w-full rounded-xl border border-zinc-200 bg-white p-3 text-left hover:border-zinc-300 dark:border-zinc-800 dark:bg-zinc-900 dark:hover:border-zinc-700"
            >
              <span className="flex flex-wrap items-center gap-2">
                <FormatBadge format={idea.format} />
                <CategoryBadge category={idea.category} />
                <span className="text-sm text-zinc-600 dark:text-zinc-300">
                  {relativeTime(idea.createdAt)}
                </span>
              </span>
              <span className="mt-2 line-clamp-4 break-words whitespace-pre-line">
                {searchPreview(idea.content)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <div ref={sentinelRef} aria-hidden className="h-1" />
      {loadingMore ? (
        <p role="status" className="py-4 text-center text-zinc-600 dark:text-zinc-300">
          Loading more...
        </p>
      ) : null}
    </>
  );
}
