import { useState } from 'react';
import { Copy, Pencil, Share2, Trash2 } from 'lucide-react';
import type { Idea } from '../../../../contract/api-schemas';
import { Sheet } from '../../../components/ui/sheet';
import { Button } from '../../../components/ui/button';
import { CategoryBadge, FormatBadge } from '../../../components/ui/badge';
import { copyText, shareText } from '../share';
import { createdDate, relativeTime } from '../relative-time';

export interface IdeaDetailSheetProps {
  idea: Idea;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: () => void;
  onDelete: () => Promise<void>;
}

export function IdeaDetailSheet({
  idea,
  open,
  onOpenChange,
  onEdit,
  onDelete,
}: IdeaDetailSheetProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange} title="Idea" swipeToClose testId="idea-detail">
        <div className="flex flex-wrap items-center gap-2">
          <FormatBadge format={idea.format} />
          <CategoryBadge category={idea.category} />
          <span className="text-sm text-zinc-600 dark:text-zinc-300">
            {relativeTime(idea.createdAt)}
          </span>
        </div>
        <p
          data-testid="idea-content"
          className="mt-4 text-lg leading-relaxed break-words whitespace-pre-wrap select-text"
        >
          {idea.content}
        </p>
        {idea.transcript ? (
          <details className="mt-4 rounded-xl border border-zinc-200 dark:border-zinc-700">
            <summary className="focus-ring flex min-h-11 cursor-pointer list-item items-center rounded-xl px-4 py-2.5 font-medium">
              Original recording
            </summary>
            <p className="px-4 pb-4 text-zinc-700 whitespace-pre-wrap dark:text-zinc-200">
              {idea.transcript}
            </p>
          </details>
        ) : null}
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-300">
          Created {createdDate(idea.createdAt)}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 pb-2">
          <Button onClick={() => void copyText(idea.content)}>
            <Copy aria-hidden className="size-5" /> Copy
          </Button>
          <Button onClick={() => void shareText(idea.content)}>
            <Share2 aria-hidden className="size-5" /> Share
          </Button>
          <Button onClick={onEdit}>
            <Pencil aria-hidden className="size-5" /> Edit
          </Button>
          <Button variant="danger-outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-5" /> Delete
          </Button>
        </div>
      </Sheet>
      <Sheet
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete this idea?"
        description="It will be gone for good. This does not give back a use of your monthly ideas."
        placement="center"
        role="alertdialog"
        testId="confirm-delete"
      >
        <div className="grid grid-cols-2 gap-3 pb-2">
          <Button onClick={() => setConfirming(false)}>Cancel</Button>
          <Button
            variant="danger"
            disabled={deleting}
            onClick={() => {
              setDeleting(true);
              onDelete()
                .then(() => setConfirming(false))
                .catch(() => undefined)
                .finally(() => setDeleting(false));
            }}
          >
            {deleting ? 'Deleting…' : 'Delete'}
          </Button>
        </div>
      </Sheet>
    </>
  );
}
