import { useRef } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { cn } from '#web/components/ui/cn';
import { IconButton } from '#web/components/ui/icon-button';
import type { ChecklistDraft } from '#contract/checklist';

export interface ChecklistEditorProps {
  draft: ChecklistDraft;
  onChange: (draft: ChecklistDraft) => void;
}

const FIELD =
  'focus-ring min-h-11 w-full min-w-0 rounded-xl border border-zinc-300 bg-white px-3 text-base dark:border-zinc-600 dark:bg-zinc-800';

/**
 * A checklist edited as a list: its title, then one row per task with its box, its words and a
 * remove button; Enter in a task adds the next one below it, as in a notes app.
 */
export function ChecklistEditor({ draft, onChange }: ChecklistEditorProps) {
  const listRef = useRef<HTMLOListElement>(null);
  const focusTask = (index: number) =>
    requestAnimationFrame(() => listRef.current?.querySelectorAll('textarea')[index]?.focus());
  const setTask = (index: number, patch: Partial<ChecklistDraft['tasks'][number]>) =>
    onChange({
      ...draft,
      tasks: draft.tasks.map((task, i) => (i === index ? { ...task, ...patch } : task)),
    });
  const addTask = (at: number) => {
    const tasks = [...draft.tasks];
    tasks.splice(at, 0, { text: '', done: false });
    onChange({ ...draft, tasks });
    focusTask(at);
  };

  return (
    <div data-testid="checklist-editor">
      <label htmlFor="edit-checklist-title" className="mb-1 block text-sm font-semibold">
        Title
      </label>
      <input
        id="edit-checklist-title"
        type="text"
        value={draft.title}
        onChange={(event) => onChange({ ...draft, title: event.target.value })}
        className={FIELD}
      />
      <p id="edit-checklist-items" className="mt-3 mb-1 text-sm font-semibold">
        Items
      </p>
      <ol ref={listRef} aria-labelledby="edit-checklist-items" className="space-y-2">
        {draft.tasks.map((task, index) => (
          // The index is the row's identity: rows have no id, and only their order matters.
          <li key={index} className="flex items-start gap-2">
            <label className="inline-flex size-11 shrink-0 cursor-pointer items-center justify-center">
              <input
                type="checkbox"
                checked={task.done}
                aria-label={`Item ${index + 1} done`}
                onChange={(event) => setTask(index, { done: event.target.checked })}
                className="focus-ring size-6 cursor-pointer accent-emerald-700 dark:accent-emerald-400"
              />
            </label>
            {/* A box that grows a line at a time: a phone's row is some 25 characters wide, and
                a one-line field would cut a longer task at its edge. A task is one line of the
                checklist, so a pasted line break becomes a space. */}
            <textarea
              rows={1}
              value={task.text}
              aria-label={`Item ${index + 1}`}
              onChange={(event) =>
                setTask(index, { text: event.target.value.replace(/\r?\n/g, ' ') })
              }
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addTask(index + 1);
                }
              }}
              className={cn(FIELD, 'field-sizing-content resize-none py-2.5 leading-6')}
            />
            <IconButton
              label={`Remove item ${index + 1}`}
              onClick={() => {
                onChange({ ...draft, tasks: draft.tasks.filter((_, i) => i !== index) });
                focusTask(Math.max(0, index - 1));
              }}
            >
              <X aria-hidden className="size-5" />
            </IconButton>
          </li>
        ))}
      </ol>
      <Button className="mt-2 w-full" onClick={() => addTask(draft.tasks.length)}>
        <Plus aria-hidden className="size-5" /> Add item
      </Button>
    </div>
  );
}
