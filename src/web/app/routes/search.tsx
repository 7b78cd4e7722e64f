import { Suspense, useEffect, useRef, useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Search as SearchIcon } from 'lucide-react';
import type { Idea } from '#contract/api-schemas';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  FORMAT_COLORS,
  FORMAT_LABELS,
  FORMATS,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { SEARCH_QUERY_MAX_CHARS } from '#contract/limits';
import { cn } from '../../components/ui/cn';
import { fetchIdeasPage } from '../../features/ideas/api/ideas';
import { IdeaCard } from '../../features/ideas/components/idea-card';
import { SearchResults } from '../../features/search/components/search-results';
import { resultsCountText } from '../../features/search/preview';
import { useDebouncedValue } from '../../features/search/use-debounced-value';
import { IDEAS_STALE_TIME_MS, queryKeys } from '../../lib/query-client';
import { useSession } from '../../lib/session';
import { AppShell } from '../app-shell';
import { LazyIdeaSheets } from './home-sheets';

const SEARCH_PAGE_SIZE = 30;
const SEARCH_DEBOUNCE_MS = 250;

export default function SearchRoute() {
  const session = useSession();
  const [text, setText] = useState('');
  const [category, setCategory] = useState<Category | null>(null);
  const [format, setFormat] = useState<Format | null>(null);
  const [openIdea, setOpenIdea] = useState<Idea | null>(null);
  const q = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const inputRef = useRef<HTMLInputElement>(null);

  // docs/product.md: the box is focused when the page opens.
  useEffect(() => inputRef.current?.focus(), []);

  const results = useInfiniteQuery({
    queryKey: queryKeys.searchIdeas(session.owner, q, category, format),
    queryFn: ({ pageParam, signal }) =>
      fetchIdeasPage(
        session,
        { limit: SEARCH_PAGE_SIZE, cursor: pageParam, q, category, format },
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    staleTime: IDEAS_STALE_TIME_MS,
    enabled: session.me !== undefined,
  });

  const ideas = results.data?.pages.flatMap((page) => page.items) ?? [];
  const total = results.data?.pages[0]?.total ?? 0;
  const totalCapped = results.data?.pages[0]?.totalCapped === true;
  const filtered = q !== '' || category !== null || format !== null;

  let body: React.ReactNode;
  if (results.isPending) {
    body = (
      <p role="status" className="py-10 text-center text-zinc-600 dark:text-zinc-300">
        Loading your ideas...
      </p>
    );
  } else if (results.isError) {
    body = (
      <p role="alert" className="py-10 text-center text-rose-700 dark:text-rose-300">
        Failed to load ideas
      </p>
    );
  } else if (total === 0 && !filtered) {
    body = <p className="py-10 text-center text-lg font-medium">No saved ideas yet</p>;
  } else if (total === 0) {
    body = (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <p className="text-lg font-medium">No ideas found</p>
        <p className="text-zinc-600 dark:text-zinc-300">{noMatchHint(q, category, format)}</p>
        <button
          type="button"
          onClick={() => {
            setText('');
            setCategory(null);
            setFormat(null);
            inputRef.current?.focus();
          }}
          className="focus-ring mt-1 inline-flex min-h-11 items-center rounded-xl border border-zinc-300 bg-white px-4 font-medium hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:hover:bg-zinc-800"
        >
          Clear filters
        </button>
      </div>
    );
  } else {
    body = (
      <SearchResults
        ideas={ideas}
        renderIdea={(idea) => <IdeaCard key={idea.id} idea={idea} onOpen={setOpenIdea} rows={4} />}
        hasMore={results.hasNextPage}
        loadingMore={results.isFetchingNextPage}
        onLoadMore={() => {
          if (results.hasNextPage && !results.isFetchingNextPage) void results.fetchNextPage();
        }}
      />
    );
  }

  return (
    <AppShell title="Search">
      <div className="sticky top-14 z-20 -mx-4 bg-zinc-50/95 px-4 pb-3 backdrop-blur dark:bg-zinc-950/95">
        <label htmlFor="search-ideas" className="sr-only">
          Search your ideas
        </label>
        <div className="relative">
          <SearchIcon
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-zinc-500 dark:text-zinc-400"
          />
          <input
            ref={inputRef}
            id="search-ideas"
            type="search"
            value={text}
            maxLength={SEARCH_QUERY_MAX_CHARS}
            onChange={(event) => setText(event.target.value)}
            placeholder="Search your ideas"
            className="focus-ring min-h-12 w-full rounded-xl border border-zinc-300 bg-white pr-3 pl-10 text-base placeholder:text-zinc-500 dark:border-zinc-600 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
          />
        </div>
        <FilterChips
          label="Filter by category"
          allLabel="All"
          options={CATEGORIES}
          labels={CATEGORY_LABELS}
          value={category}
          onChange={setCategory}
        />
        <FilterChips
          label="Filter by format"
          allLabel="All"
          allName="All formats"
          options={FORMATS}
          labels={FORMAT_LABELS}
          colors={FORMAT_COLORS}
          value={format}
          onChange={setFormat}
        />
        {results.isSuccess && total > 0 ? (
          <p
            aria-live="polite"
            data-testid="results-count"
            className="mt-3 text-sm text-zinc-600 dark:text-zinc-300"
          >
            {resultsCountText(total, filtered, totalCapped)}
          </p>
        ) : null}
      </div>
      {body}
      {openIdea ? (
        <Suspense fallback={null}>
          <LazyIdeaSheets
            key={openIdea.id}
            idea={openIdea}
            session={session}
            onClose={() => setOpenIdea(null)}
          />
        </Suspense>
      ) : null}
    </AppShell>
  );
}

function noMatchHint(q: string, category: Category | null, format: Format | null): string {
  const kind = [
    category && CATEGORY_LABELS[category],
    format && FORMAT_LABELS[format].toLowerCase(),
  ]
    .filter(Boolean)
    .join(' ');
  if (q === '') return `No ${kind} ideas yet.`;
  if (kind === '') return `Nothing matches "${q}". Try fewer or other words.`;
  return `No ${kind} ideas match "${q}". Try fewer words or clear the filters.`;
}

interface FilterChipsProps<T extends string> {
  label: string;
  allLabel: string;
  /** A fuller name for screen readers when the short label repeats another group's. */
  allName?: string;
  options: readonly T[];
  labels: Record<T, string>;
  /** A dot of each option's colour, as the cards show formats. */
  colors?: Record<T, string>;
  value: T | null;
  onChange: (value: T | null) => void;
}

function FilterChips<T extends string>({
  label,
  allLabel,
  allName,
  options,
  labels,
  colors,
  value,
  onChange,
}: FilterChipsProps<T>) {
  return (
    <div role="group" aria-label={label} className="mt-3 flex gap-2 overflow-x-auto">
      {([null, ...options] as const).map((option) => {
        const selected = option === value;
        return (
          <button
            key={option ?? 'all'}
            type="button"
            aria-pressed={selected}
            aria-label={option === null ? allName : undefined}
            onClick={() => onChange(option)}
            className={cn(
              'focus-ring inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-medium',
              selected
                ? 'border-zinc-900 bg-zinc-900 text-white dark:border-zinc-50 dark:bg-zinc-50 dark:text-zinc-900'
                : 'border-zinc-300 bg-white hover:bg-zinc-100 dark:border-zinc-600 dark:bg-zinc-900 dark:hover:bg-zinc-800',
            )}
          >
            {option && colors ? (
              <span
                aria-hidden
                className="size-2.5 rounded-full"
                style={{ backgroundColor: colors[option] }}
              />
            ) : null}
            {option ? labels[option] : allLabel}
          </button>
        );
      })}
    </div>
  );
}
