import { useState } from 'react';
import { Sheet } from '../../../components/ui/sheet';
import { Button } from '../../../components/ui/button';
import { TRANSCRIPT_MAX_CHARS } from '../../../../core/limits';

export interface TypedIdeaSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (text: string) => void;
}

/** When the microphone cannot be used, nobody is stuck: the same flow starts from typed text. */
export function TypedIdeaSheet({ open, onOpenChange, onSubmit }: TypedIdeaSheetProps) {
  const [text, setText] = useState('');
  const trimmed = text.trim();
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Type your idea"
      description="Write it as you would say it. Start with 'Checklist personal:' to choose the format."
      testId="typed-idea"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!trimmed) return;
          onSubmit(trimmed);
          setText('');
        }}
      >
        <label htmlFor="typed-idea-text" className="sr-only">
          Your idea
        </label>
        <textarea
          id="typed-idea-text"
          value={text}
          maxLength={TRANSCRIPT_MAX_CHARS}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          className="focus-ring w-full rounded-xl border border-zinc-300 bg-white p-3 text-base dark:border-zinc-600 dark:bg-zinc-800"
        />
        <Button type="submit" variant="primary" className="mt-3 w-full" disabled={!trimmed}>
          Format my idea
        </Button>
      </form>
    </Sheet>
  );
}
