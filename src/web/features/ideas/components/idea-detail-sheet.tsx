import { useRef, useState, type ReactNode } from 'react';
import { Copy, Pencil, Share2, Trash2, Wand2 } from 'lucide-react';
import type { Idea } from '#contract/api-schemas';
import {
  CATEGORIES,
  CATEGORY_LABELS,
  FORMATS,
  FORMAT_COLORS,
  FORMAT_LABELS,
  type Category,
  type Format,
} from '#contract/taxonomy';
import { Sheet } from '#web/components/ui/sheet';
import { Button } from '#web/components/ui/button';
import { Choice } from '#web/components/ui/choice';
import { CategoryBadge, FormatBadge } from '#web/components/ui/badge';
import { IdeaBody } from '#web/components/ui/idea-body';
import type { ReformatChoice } from '../api/idea-changes';
import { copyIdea, shareIdea } from '../share';
import { ShareLinkPanel } from './share-link-panel';
import { createdDate, relativeTime } from '../relative-time';

/** docs/product.md, What goes wrong: the exact words of a failed reformat. */
export const REFORMAT_FAILED = 'Failed to reformat idea. Please try again.';

export interface IdeaDetailSheetProps {
  idea: Idea;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onEdit: () => void;
  /** A checklist's task ticked or unticked: the sheet draws real checkboxes when given. */
  onToggleTask?: (line: number, done: boolean) => void;
  onDelete: () => Promise<void>;
  /** Resolves with the rewritten idea shown; rejects when the server could not reformat it. */
  onReformat: (choice: ReformatChoice) => Promise<void>;
  /** Resolves with the idea's public link; rejects (after saying why) when it could not. */
  onShareLink: () => Promise<string>;
  /** Stops the public link; rejects (after saying why) when it could not. */
  onStopSharing: () => Promise<void>;
  /** The idea's recording (player, Transcribe again), when it was made from one. */
  recording?: ReactNode;
}

/**
 * Another format and category for the idea, written again by the server from what was said.
 * The failure stays in the sheet as an alert until the next try: the sheet is modal, so that is
 * where the person is looking.
 */
function ReformatPanel({
  idea,
  onReformat,
}: {
  idea: Idea;
  onReformat: (choice: ReformatChoice) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  const [format, setFormat] = useState<Format>(idea.format);
  const [category, setCategory] = useState<Category>(idea.category);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const summaryRef = useRef<HTMLElement>(null);
  return (
    <details
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
      className="mt-4 rounded-xl border border-zinc-200 dark:border-zinc-700"
      data-testid="reformat"
    >
      <summary
        ref={summaryRef}
        className="focus-ring flex min-h-11 cursor-pointer list-item items-center rounded-xl px-4 py-2.5 font-medium"
      >
        Reformat
      </summary>
      <div className="space-y-4 px-4 pb-4" aria-busy={busy}>
        <p className="text-sm text-zinc-700 dark:text-zinc-200">
          {idea.transcript
            ? 'Written again from the original recording: changes made with Edit are replaced.'
            : 'Written again from the text above.'}
        </p>
        <Choice<Format>
          legend="Format"
          options={FORMATS}
          labels={FORMAT_LABELS}
          colors={FORMAT_COLORS}
          value={format}
          onChange={setFormat}
          disabled={busy}
        />
        <Choice<Category>
          legend="Category"
          options={CATEGORIES}
          labels={CATEGORY_LABELS}
          value={category}
          onChange={setCategory}
          disabled={busy}
        />
        {/* aria-disabled, not disabled, while busy: a disabled button drops the keyboard focus. */}
        <Button
          variant="primary"
          className="w-full aria-disabled:cursor-wait aria-disabled:opacity-50"
          aria-disabled={busy}
          onClick={() => {
            if (busy) return;
            setBusy(true);
            setFailed(false);
            onReformat({ format, category })
              .then(() => {
                // The panel folds away to show the new text; focus stays on its toggle.
                setOpen(false);
                summaryRef.current?.focus();
              })
              .catch(() => setFailed(true))
              .finally(() => setBusy(false));
          }}
        >
          <Wand2 aria-hidden className="size-5" />{' '}
          {busy
            ? 'Reformatting…'
            : `Reformat as ${FORMAT_LABELS[format]} · ${CATEGORY_LABELS[category]}`}
        </Button>
        {failed ? (
          <p
            role="alert"
            className="rounded-xl bg-rose-50 p-3 font-medium text-rose-950 dark:bg-rose-950/60 dark:text-rose-50"
          >
            {REFORMAT_FAILED}
          </p>
        ) : null}
      </div>
    </details>
  );
}

export function IdeaDetailSheet({
  idea,
  open,
  onOpenChange,
  onEdit,
  onToggleTask,
  onDelete,
  onReformat,
  onShareLink,
  onStopSharing,
  recording = null,
}: IdeaDetailSheetProps) {
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <>
      <Sheet open={open} onOpenChange={onOpenChange} title="Idea" swipeToClose testId="idea-detail">
        <div data-testid="idea-badges" className="flex flex-wrap items-center gap-2">
          <FormatBadge format={idea.format} />
          <CategoryBadge category={idea.category} />
          <span className="text-sm text-zinc-600 dark:text-zinc-300">
            {relativeTime(idea.createdAt)}
          </span>
        </div>
        <IdeaBody
          content={idea.content}
          format={idea.format}
          testId="idea-content"
          className="mt-4"
          onToggle={onToggleTask}
        />
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
        {recording}
        <ReformatPanel idea={idea} onReformat={onReformat} />
        <p className="mt-3 text-sm text-zinc-600 dark:text-zinc-300">
          Created {createdDate(idea.createdAt)}
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 pb-2">
          <Button onClick={() => void copyIdea(idea)}>
            <Copy aria-hidden className="size-5" /> Copy
          </Button>
          <Button onClick={() => void shareIdea(idea)}>
            <Share2 aria-hidden className="size-5" /> Share
          </Button>
          <Button onClick={onEdit}>
            <Pencil aria-hidden className="size-5" /> Edit
          </Button>
          <Button variant="danger-outline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden className="size-5" /> Delete
          </Button>
        </div>
        <ShareLinkPanel onCreate={onShareLink} onRevoke={onStopSharing} />
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
