import { useEffect, useId, useRef, useState, type FormEvent, type Ref } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import type { DictionaryEntry } from '#contract/dictionary';
import { Button } from '#web/components/ui/button';
import { FormAlert } from '#web/components/ui/form-alert';
import { IconButton } from '#web/components/ui/icon-button';
import { Sheet } from '#web/components/ui/sheet';
import { TextField } from '#web/components/ui/text-field';
import { describeError } from '#web/lib/api-error';
import { useSession } from '#web/lib/session';
import { useDictionary, useSaveDictionary } from '../api/dictionary';
import {
  EMPTY_DRAFT,
  draftOf,
  entryOf,
  entryProblems,
  hasProblems,
  type EntryDraft,
  type EntryProblems,
} from '../entry-checks';

export interface DictionarySheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The one line the empty list shows: what the dictionary is for, with an example. */
export const DICTIONARY_EMPTY_TEXT =
  'Add the names and jargon you say, so every transcript spells them your way: “Kubernetes”, sounds like “cooper netties”.';

/** A term is unique in any casing, so its folded spelling names its row. */
const keyOf = (term: string) => term.toLocaleLowerCase();

/** Words typed here are spelled as typed: no capital added, no autocorrect. */
const AS_TYPED = {
  type: 'text',
  autoComplete: 'off',
  autoCapitalize: 'none',
  autoCorrect: 'off',
  spellCheck: false,
} as const;

interface EntryFieldsProps {
  draft: EntryDraft;
  onChange: (draft: EntryDraft) => void;
  problems: EntryProblems;
  termRef: Ref<HTMLInputElement>;
  soundsLikeRef: Ref<HTMLInputElement>;
}

/** The term and what it sounds like, labelled, each with its own reason when refused. */
function EntryFields({ draft, onChange, problems, termRef, soundsLikeRef }: EntryFieldsProps) {
  return (
    <>
      <TextField
        {...AS_TYPED}
        ref={termRef}
        label="Word or name"
        hint="Spelled as you want it written."
        value={draft.term}
        error={problems.term ?? null}
        enterKeyHint="next"
        onChange={(event) => onChange({ ...draft, term: event.target.value })}
      />
      <TextField
        {...AS_TYPED}
        ref={soundsLikeRef}
        label="Sounds like (optional)"
        hint="What speech to text may hear instead."
        value={draft.soundsLike}
        error={problems.soundsLike ?? null}
        enterKeyHint="done"
        onChange={(event) => onChange({ ...draft, soundsLike: event.target.value })}
      />
    </>
  );
}

/**
 * A form's draft and whether its reasons show yet: once the person has tried to send it, and
 * then as they type, until the fields are empty again.
 */
function useDraftForm(
  initial: EntryDraft,
  entries: readonly DictionaryEntry[],
  replacing: number | null,
) {
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const termRef = useRef<HTMLInputElement>(null);
  const soundsLikeRef = useRef<HTMLInputElement>(null);
  const problems = entryProblems(draft, entries, replacing);
  /** The entry to keep, or null after focusing the first field with a reason. */
  const submit = (): DictionaryEntry | null => {
    if (hasProblems(problems)) {
      setTried(true);
      (problems.term ? termRef : soundsLikeRef).current?.focus();
      return null;
    }
    setTried(false);
    return entryOf(draft);
  };
  return {
    draft,
    setDraft,
    submit,
    fields: {
      draft,
      onChange: (next: EntryDraft) => {
        // Emptied again: nothing is wrong with a form until it is sent.
        if (next.term === '' && next.soundsLike === '') setTried(false);
        setDraft(next);
      },
      problems: tried ? problems : {},
      termRef,
      soundsLikeRef,
    },
  };
}

interface EditEntryFormProps {
  entry: DictionaryEntry;
  index: number;
  entries: readonly DictionaryEntry[];
  /** The draft a refused save left, to carry on from. */
  initial: EntryDraft;
  onSave: (entry: DictionaryEntry, draft: EntryDraft) => void;
  onCancel: () => void;
}

function EditEntryForm({ entry, index, entries, initial, onSave, onCancel }: EditEntryFormProps) {
  const form = useDraftForm(initial, entries, index);
  const { termRef } = form.fields;
  // Opened by Edit (or again by a refused save): the term is where the person types next.
  useEffect(() => termRef.current?.focus(), [termRef]);
  return (
    <form
      aria-label={`Edit ${entry.term}`}
      noValidate
      className="space-y-3"
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        const kept = form.submit();
        if (kept) onSave(kept, form.draft);
      }}
    >
      <EntryFields {...form.fields} />
      <div className="flex gap-2">
        <Button type="submit" variant="primary" className="flex-1">
          Save
        </Button>
        <Button className="flex-1" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

interface Editing {
  key: string;
  draft: EntryDraft;
}

/**
 * docs/product.md, Menu, "Dictionary": the person's names and jargon, each with what a speech
 * engine may hear instead. Every change saves the whole list at once (useSaveDictionary); a
 * refused save puts the list back, a toast says why, and what was typed is still in its fields.
 */
function DictionaryEditor() {
  const session = useSession();
  const dictionary = useDictionary(session);
  const save = useSaveDictionary(session);
  const entries = dictionary.data;
  const list = entries ?? [];
  const add = useDraftForm(EMPTY_DRAFT, list, null);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [said, setSaid] = useState('');
  const addHeading = useId();
  const listHeading = useId();
  const buttons = useRef(new Map<string, HTMLButtonElement>());

  const focusLater = (find: () => HTMLElement | null | undefined) =>
    requestAnimationFrame(() => find()?.focus());
  const buttonRef = (name: string) => (button: HTMLButtonElement | null) => {
    if (button) buttons.current.set(name, button);
    else buttons.current.delete(name);
  };

  const onAdd = (event: FormEvent) => {
    event.preventDefault();
    if (!entries) return;
    const entry = add.submit();
    if (!entry) return;
    const typed = add.draft;
    add.setDraft(EMPTY_DRAFT);
    setSaid(`${entry.term} added.`);
    save.mutateAsync([...entries, entry]).catch(() => {
      // Refused: the fields get back what was typed, unless something new is being typed.
      add.setDraft((now) => (now.term === '' && now.soundsLike === '' ? typed : now));
    });
    focusLater(() => add.fields.termRef.current);
  };

  const onSaveEdit = (index: number, entry: DictionaryEntry, draft: EntryDraft) => {
    if (!entries) return;
    const before = entries[index];
    if (!before) return;
    setEditing(null);
    setSaid(`${entry.term} saved.`);
    save
      .mutateAsync(entries.map((old, at) => (at === index ? entry : old)))
      .catch(() => setEditing((now) => now ?? { key: keyOf(before.term), draft }));
    focusLater(() => buttons.current.get(`edit:${keyOf(entry.term)}`));
  };

  const onRemove = (index: number) => {
    if (!entries) return;
    const gone = entries[index];
    if (!gone) return;
    const rest = entries.filter((_, at) => at !== index);
    setSaid(`${gone.term} removed.`);
    if (editing?.key === keyOf(gone.term)) setEditing(null);
    // The rollback brings the entry back; the toast says why.
    save.mutateAsync(rest).catch(() => undefined);
    const next = rest[index] ?? rest[index - 1];
    focusLater(() =>
      next ? buttons.current.get(`remove:${keyOf(next.term)}`) : add.fields.termRef.current,
    );
  };

  return (
    <div className="space-y-5">
      {entries && entries.length === 0 ? (
        <p className="text-zinc-700 dark:text-zinc-200" data-testid="dictionary-empty">
          {DICTIONARY_EMPTY_TEXT}
        </p>
      ) : null}
      <form aria-labelledby={addHeading} noValidate onSubmit={onAdd}>
        <fieldset disabled={!entries} className="space-y-3">
          <h3 id={addHeading} className="font-semibold">
            Add a word
          </h3>
          <EntryFields {...add.fields} />
          <Button type="submit" variant="primary" className="w-full">
            <Plus aria-hidden className="size-5" /> Add
          </Button>
        </fieldset>
      </form>
      {entries && entries.length === 0 ? null : (
        <section aria-labelledby={listHeading} className="space-y-2">
          <h3 id={listHeading} className="font-semibold">
            Your words{entries && entries.length > 0 ? ` (${entries.length})` : ''}
          </h3>
          {entries ? null : dictionary.isError ? (
            <div className="space-y-2">
              <FormAlert title="Your dictionary could not be loaded">
                {describeError(dictionary.error)}
              </FormAlert>
              <Button onClick={() => void dictionary.refetch()}>Try again</Button>
            </div>
          ) : (
            <p role="status" className="text-sm text-zinc-700 dark:text-zinc-200">
              Loading your dictionary…
            </p>
          )}
          {entries && entries.length > 0 ? (
            <ul aria-labelledby={listHeading} className="space-y-2" data-testid="dictionary-list">
              {entries.map((entry, index) => {
                const key = keyOf(entry.term);
                if (editing?.key === key) {
                  return (
                    <li
                      key={key}
                      className="rounded-xl border-2 border-zinc-300 p-3 dark:border-zinc-600"
                    >
                      <EditEntryForm
                        entry={entry}
                        index={index}
                        entries={entries}
                        initial={editing.draft}
                        onSave={(kept, draft) => onSaveEdit(index, kept, draft)}
                        onCancel={() => {
                          setEditing(null);
                          focusLater(() => buttons.current.get(`edit:${key}`));
                        }}
                      />
                    </li>
                  );
                }
                return (
                  <li
                    key={key}
                    data-testid="dictionary-entry"
                    className="flex min-h-14 items-center gap-1 rounded-xl border border-zinc-200 py-1 pr-1 pl-3 dark:border-zinc-700"
                  >
                    <div className="min-w-0 flex-1 py-1">
                      <p className="font-medium break-words">{entry.term}</p>
                      {entry.soundsLike ? (
                        <p className="text-sm break-words text-zinc-600 dark:text-zinc-300">
                          Sounds like “{entry.soundsLike}”
                        </p>
                      ) : null}
                    </div>
                    <IconButton
                      ref={buttonRef(`edit:${key}`)}
                      label={`Edit ${entry.term}`}
                      onClick={() => setEditing({ key, draft: draftOf(entry) })}
                    >
                      <Pencil aria-hidden className="size-5" />
                    </IconButton>
                    <IconButton
                      ref={buttonRef(`remove:${key}`)}
                      label={`Remove ${entry.term}`}
                      onClick={() => onRemove(index)}
                    >
                      <Trash2 aria-hidden className="size-5" />
                    </IconButton>
                  </li>
                );
              })}
            </ul>
          ) : null}
        </section>
      )}
      <p role="status" className="sr-only" data-testid="dictionary-said">
        {said}
      </p>
    </div>
  );
}

export function DictionarySheet({ open, onOpenChange }: DictionarySheetProps) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange} title="Dictionary" testId="dictionary">
      <DictionaryEditor />
    </Sheet>
  );
}
