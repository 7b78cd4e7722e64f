import { hasTasks } from '#contract/checklist';
import { ChecklistView } from './checklist-view';
import { cn } from './cn';

export interface IdeaBodyProps {
  content: string;
  testId: string;
  className?: string;
  /** Ticking on: see ChecklistView. */
  onToggle?: (line: number, done: boolean) => void;
}

/**
 * What an idea says, large and selectable: a text with task lines as a list of checkboxes,
 * anything else as written.
 */
export function IdeaBody({ content, testId, className, onToggle }: IdeaBodyProps) {
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
