import { hasTasks } from '#contract/checklist';
import type { Format } from '#contract/taxonomy';
import { threadOf } from '#contract/thread';
import { ChecklistView } from './checklist-view';
import { TweetThread } from './tweet-thread';
import { cn } from './cn';

export interface IdeaBodyProps {
  content: string;
  testId: string;
  className?: string;
  /** Given as tweet, a tweet over 280 characters shows as its thread. */
  format?: Format;
  /** Ticking on: see ChecklistView. */
  onToggle?: (line: number, done: boolean) => void;
}

/**
 * What an idea says, large and selectable: a text with task lines as a list of checkboxes, a
 * tweet over 280 characters as its numbered posts, anything else as written.
 */
export function IdeaBody({ content, testId, className, format, onToggle }: IdeaBodyProps) {
  const thread = format === 'tweet' ? threadOf(content) : [];
  if (thread.length > 0) {
    return <TweetThread posts={thread} testId={testId} className={className} />;
  }
  if (hasTasks(content)) {
    return (
      <div data-testid={testId} className={cn('text-lg leading-relaxed select-text', className)}>
        <ChecklistView content={content} onToggle={onToggle} />
      </div>
    );
  }
  return (
    <p
      data-testid={testId}
      className={cn(
        'text-lg leading-relaxed break-words whitespace-pre-wrap select-text',
        className,
      )}
    >
      {content}
    </p>
  );
}
