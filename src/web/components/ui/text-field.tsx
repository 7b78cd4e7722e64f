import { useId, type InputHTMLAttributes, type Ref } from 'react';
import { cn } from './cn';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Shown under the field; read with it by screen readers. */
  hint?: string;
  /** Replaces the hint and marks the field invalid. */
  error?: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input at 16 px (no iOS zoom) and 44 px tall, with its hint or error tied to it. */
export function TextField({ label, hint, error, className, ...props }: TextFieldProps) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className={cn('flex flex-col gap-1', className)}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? noteId : undefined}
        // A field in error is outlined too, not only told in red below it: the outline is what
        // the eye finds first, and colour alone is not relied on (its words say why).
        className="focus-ring min-h-11 w-full rounded-xl border border-zinc-300 bg-white px-3 text-base aria-invalid:border-2 aria-invalid:border-rose-600 dark:border-zinc-600 dark:bg-zinc-800 dark:aria-invalid:border-rose-400"
        {...props}
      />
      {note ? (
        <p
          id={noteId}
          className={cn(
            'text-sm',
            error ? 'text-rose-700 dark:text-rose-300' : 'text-zinc-600 dark:text-zinc-300',
          )}
        >
          {note}
        </p>
      ) : null}
    </div>
  );
}
