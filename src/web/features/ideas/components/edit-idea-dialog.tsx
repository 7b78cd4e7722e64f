import { useState } from 'react';
import type { Idea } from '#contract/api-schemas';
import { suggestedTitle } from '#contract/idea-title';
import { IDEA_CONTENT_MAX_CHARS } from '#contract/limits';
import { Sheet } from '#web/components/ui/sheet';
import { Button } from '#web/components/ui/button';
import { fromDraft, hasTasks, toDraft, type ChecklistDraft } from '#contract/checklist';
import { ChecklistEditor } from './checklist-editor';

export interface EditIdeaDialogProps {
  idea: Idea;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSave: (content: string) => Promise<void>;
}

/**
 * docs/product.md: saves only a change; Save is disabled when empty or unchanged. The suggested
 * title follows the first line as it is typed: it is what the idea is shared and exported as.
 * A checklist is edited as a list, and saved as the same markdown it came as.
 */
export function EditIdeaDialog({ idea, open, onOpenChange, onSave }: EditIdeaDialogProps) {
  const [text, setText] = useState(idea.content);
  // A checklist opens in the list editor; "Edit as text" gives its markdown.
  const [draft, setDraft] = useState<ChecklistDraft | null>(() =>
    hasTasks(idea.content) ? toDraft(idea.content) : null,
  );
  const [saving, setSaving] = useState(false);
  const content = draft ? fromDraft(draft) : text;
  const empty = content.trim() === '';
  const tooLong = Array.from(content).length > IDEA_CONTENT_MAX_CHARS;
  const unchanged = content === idea.content;
  const title = suggestedTitle(content);
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Edit idea"
      placement="center"
      testId="edit-idea"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (empty || unchanged || tooLong) return;
          setSaving(true);
          onSave(content)
            .then(() => onOpenChange(false))
            .catch(() => undefined)
            .finally(() => setSaving(false));
        }}
      >
        {/* The list editor has a Title field of its own. */}
        {draft ? null : (
          <p
            data-testid="edit-idea-title"
            className="mb-2 truncate text-sm text-zinc-600 dark:text-zinc-300"
          >
            Title: <span className="font-medium text-zinc-900 dark:text-zinc-50">{title}</span>
          </p>
        )}
        {draft ? (
          <ChecklistEditor draft={draft} onChange={setDraft} />
        ) : (
          <>
            <label htmlFor="edit-idea-content" className="sr-only">
              Idea content
            </label>
            <textarea
              id="edit-idea-content"
              value={text}
              maxLength={IDEA_CONTENT_MAX_CHARS}
              onChange={(event) => setText(event.target.value)}
              rows={8}
              aria-describedby="edit-idea-count edit-idea-error"
              aria-invalid={empty}
              className="focus-ring w-full rounded-xl border border-zinc-300 bg-white p-3 text-base dark:border-zinc-600 dark:bg-zinc-800"
            />
          </>
        )}
        <div className="mt-1 flex justify-between gap-2 text-sm">
          <p id="edit-idea-error" className="text-rose-700 dark:text-rose-300" aria-live="polite">
            {empty
              ? 'Idea content cannot be empty.'
              : tooLong
                ? `An idea holds at most ${IDEA_CONTENT_MAX_CHARS.toLocaleString('en-US')} characters.`
                : ''}
          </p>
          <p id="edit-idea-count" className="shrink-0 text-zinc-600 dark:text-zinc-300">
            {content.length} characters
          </p>
        </div>
        {hasTasks(idea.content) ? (
          <Button
            variant="ghost"
            className="mt-1 w-full"
            onClick={() => {
              if (draft) {
                setText(fromDraft(draft));
                setDraft(null);
              } else {
                setDraft(toDraft(text));
              }
            }}
          >
            {draft ? 'Edit as text' : 'Edit as a list'}
          </Button>
        ) : null}
        <div className="mt-3 grid grid-cols-2 gap-3 pb-2">
          <Button onClick={() => onOpenChange(false)}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={empty || unchanged || tooLong || saving}
          >
            {saving ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Sheet>
  );
}
