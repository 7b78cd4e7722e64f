import type { ThreadPost } from '#contract/thread';
import { cn } from './cn';

export interface TweetThreadProps {
  posts: readonly ThreadPost[];
  testId: string;
  className?: string;
}

/** docs/product.md, Threads: "Thread of 3 posts". */
export function threadCountLabel(count: number): string {
  return `Thread of ${count} posts`;
}

/**
 * A tweet over 280 characters as the thread it is posted as: its count, then each post in a
 * card under its number, so where one post ends and the next begins is plain at a glance.
 */
export function TweetThread({ posts, testId, className }: TweetThreadProps) {
  return (
    <div data-testid={testId} className={cn('select-text', className)}>
      <p
        data-testid="thread-count"
        className="text-sm font-semibold text-zinc-700 dark:text-zinc-200"
      >
        {threadCountLabel(posts.length)}
      </p>
      <ol className="mt-2 space-y-2" aria-label={threadCountLabel(posts.length)}>
        {posts.map((post) => (
          <li
            key={post.number}
            data-testid="thread-post"
            className="rounded-xl border border-zinc-200 bg-white p-3 dark:border-zinc-700 dark:bg-zinc-900"
          >
            <p className="text-sm font-semibold text-blue-700 tabular-nums dark:text-blue-300">
              <span className="sr-only">Post </span>
              {post.number}
            </p>
            <p className="mt-1 text-lg leading-relaxed break-words whitespace-pre-wrap">
              {post.text}
            </p>
          </li>
        ))}
      </ol>
    </div>
  );
}
