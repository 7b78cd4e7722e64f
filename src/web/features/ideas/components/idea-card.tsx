import { Copy, Share2 } from 'lucide-react';
import type { Idea } from '#contract/api-schemas';
import { CATEGORY_LABELS, FORMAT_COLORS, FORMAT_LABELS } from '#contract/taxonomy';
import { ChecklistView } from '#web/components/ui/checklist-view';
import { IconButton } from '#web/components/ui/icon-button';
import { cn } from '#web/components/ui/cn';
import { hasTasks, parseChecklist, progressText } from '#contract/checklist';
import { cardPreview } from '../preview';
import { copyIdea, shareIdea } from '../share';
import { relativeTime } from '../relative-time';

export interface IdeaCardProps {
  idea: Idea;
  onOpen: (idea: Idea) => void;
  /** Rows of preview: home keeps each card to two, search shows four. */
  rows: 2 | 4;
  highlighted?: boolean;
}

const CLAMP = { 2: 'line-clamp-2', 4: 'line-clamp-4' } as const;

/**
 * One idea as a card, the same on home and in search: format and category, when, a preview of
 * what it says (a checklist's first tasks as boxes, with how many are done), copy and share.
 */
export function IdeaCard({ idea, onOpen, rows, highlighted = false }: IdeaCardProps) {
  const checklist = hasTasks(idea.content) ? parseChecklist(idea.content) : null;
  return (
    <li
      data-testid="idea-card"
      className={cn(
        'flex items-stretch gap-1 rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900',
        highlighted && 'idea-highlight',
      )}
    >
      <button
        type="button"
        onClick={() => onOpen(idea)}
        className="focus-ring min-w-0 flex-1 rounded-xl p-3 text-left"
      >
        <span className="flex flex-wrap items-center gap-x-2 text-sm text-zinc-600 dark:text-zinc-300">
          <span
            aria-hidden
            className="size-2 rounded-full"
            style={{ backgroundColor: FORMAT_COLORS[idea.format] }}
          />
          <span className="font-medium">
            {FORMAT_LABELS[idea.format]} • {CATEGORY_LABELS[idea.category]}
          </span>
          <span aria-hidden>·</span>
          <span>{relativeTime(idea.createdAt)}</span>
        </span>
        {checklist ? (
          <ChecklistView
            content={idea.content}
            previewRows={rows}
            progress={progressText(checklist)}
            className="mt-1"
          />
        ) : (
          <span
            data-testid="idea-preview"
            className={cn('mt-1 break-words whitespace-pre-line', CLAMP[rows])}
          >
            {cardPreview(idea.content)}
          </span>
        )}
      </button>
      <div className="flex flex-col justify-center pr-1">
        <IconButton label="Copy idea" onClick={() => void copyIdea(idea)}>
          <Copy aria-hidden className="size-5" />
        </IconButton>
        <IconButton label="Share idea" onClick={() => void shareIdea(idea)}>
          <Share2 aria-hidden className="size-5" />
        </IconButton>
      </div>
    </li>
  );
}
