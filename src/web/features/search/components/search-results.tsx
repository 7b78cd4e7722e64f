import { useEffect, useRef, type ReactNode } from 'react';
import type { Idea } from '#contract/api-schemas';

export interface SearchResultsProps {
  ideas: Idea[];
  /** The card of one idea, a list item: the app gives the same card home shows. */
  renderIdea: (idea: Idea) => ReactNode;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
}

export function SearchResults({
  ideas,
  renderIdea,
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
        {ideas.map((idea) => renderIdea(idea))}
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
