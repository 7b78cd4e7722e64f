import { Square, SquareCheck } from 'lucide-react';
import { parseChecklist, type ChecklistRow } from '#contract/checklist';
import { cn } from './cn';

export interface ChecklistViewProps {
  content: string;
  /**
   * Given, each task is a real checkbox the person can tick (keyboard and screen reader
   * included); without it the boxes only show what is done.
   */
  onToggle?: (line: number, done: boolean) => void;
  /**
   * A card's preview: only the first rows, drawn as spans, since the card is itself a button
   * and a button may hold no list or other control.
   */
  previewRows?: number;
  /** A card's "1 of 2 done", said after the list's title (or on a line of its own). */
  progress?: string;
  className?: string;
  testId?: string;
}

function Box({ done, className }: { done: boolean; className?: string }) {
  const Icon = done ? SquareCheck : Square;
  return (
    <Icon
      aria-hidden
      className={cn(
        'shrink-0',
        done ? 'text-emerald-700 dark:text-emerald-400' : 'text-zinc-500 dark:text-zinc-400',
        className,
      )}
    />
  );
}

function TaskText({ row }: { row: Extract<ChecklistRow, { kind: 'task' }> }) {
  return (
    <span
      className={cn(
        'min-w-0 break-words',
        row.done && 'text-zinc-600 line-through decoration-1 dark:text-zinc-400',
      )}
    >
      {row.text}
    </span>
  );
}

/**
 * A checklist idea drawn as a list of checkboxes, everywhere one is shown: the result sheet, the
 * cards of home and search, and the detail sheet, where ticking is on. The markdown itself stays
 * what is copied, shared, exported and edited.
 */
export function ChecklistView({
  content,
  onToggle,
  previewRows,
  progress,
  className,
  testId = 'checklist',
}: ChecklistViewProps) {
  const { rows } = parseChecklist(content);

  if (previewRows !== undefined) {
    const titled = rows[0]?.kind === 'text';
    const progressNote = progress ? (
      <span
        data-testid="checklist-progress"
        className="shrink-0 text-sm font-normal text-zinc-600 dark:text-zinc-300"
      >
        {progress}
      </span>
    ) : null;
    return (
      <span data-testid={testId} className={cn('block', className)}>
        {titled ? null : progressNote ? <span className="block">{progressNote}</span> : null}
        {rows.slice(0, titled ? previewRows : previewRows - 1).map((row, index) =>
          row.kind === 'task' ? (
            <span key={row.line} className="flex items-start gap-2">
              <Box done={row.done} className="mt-0.5 size-5" />
              <span className="sr-only">{row.done ? 'Done: ' : 'To do: '}</span>
              <span className="line-clamp-1 min-w-0">
                <TaskText row={row} />
              </span>
            </span>
          ) : index === 0 ? (
            <span key={row.line} className="flex items-baseline justify-between gap-3">
              <span className="line-clamp-1 min-w-0 font-medium break-words">{row.text}</span>
              {progressNote}
            </span>
          ) : (
            <span key={row.line} className="line-clamp-1 font-medium break-words">
              {row.text}
            </span>
          ),
        )}
      </span>
    );
  }

  return (
    <div data-testid={testId} className={cn('space-y-1', className)}>
      {rows.map((row) => {
        if (row.kind === 'text') {
          return (
            <p key={row.line} className="font-semibold break-words">
              {row.text}
            </p>
          );
        }
        if (onToggle) {
          return (
            <label
              key={row.line}
              data-testid="checklist-task"
              className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg py-2 pr-2 hover:bg-zinc-100 dark:hover:bg-zinc-800"
            >
              <input
                type="checkbox"
                checked={row.done}
                onChange={(event) => onToggle(row.line, event.target.checked)}
                className="focus-ring mt-0.5 size-6 shrink-0 cursor-pointer rounded accent-emerald-700 dark:accent-emerald-400"
              />
              <TaskText row={row} />
            </label>
          );
        }
        return (
          <p key={row.line} data-testid="checklist-task" className="flex items-start gap-3 py-1">
            <Box done={row.done} className="mt-0.5 size-6" />
            <span className="sr-only">{row.done ? 'Done: ' : 'To do: '}</span>
            <TaskText row={row} />
          </p>
        );
      })}
    </div>
  );
}
