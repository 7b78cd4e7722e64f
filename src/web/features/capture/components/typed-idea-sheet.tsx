import { useId, useState } from 'react';
import { Info } from 'lucide-react';
import { Sheet } from '#web/components/ui/sheet';
import { Button } from '#web/components/ui/button';
import { TRANSCRIPT_MAX_CHARS } from '#contract/limits';
import type { TypingReason } from '../typing-reason';

/** One sentence on why typing is offered, when the person did not simply choose it. */
const NOTICES: Partial<Record<TypingReason, string>> = {
  'no-transcription':
    'Voice input is not available here, so type your idea and it will be formatted the same way.',
  'transcription-failed':
    'Your recording could not be transcribed. Type what you said and it will be formatted the same way.',
  'speech-failed':
    'Your browser could not finish recognising your speech. Type or correct what you said and it will be formatted the same way.',
};

export interface TypedIdeaSheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSubmit: (text: string) => void;
  reason?: TypingReason;
  /** Words already heard before recognition gave up, to correct rather than retype. */
  initialText?: string;
}

/** When the microphone cannot be used, nobody is stuck: the same flow starts from typed text. */
export function TypedIdeaSheet({
  open,
  onOpenChange,
  onSubmit,
  reason = 'choice',
  initialText = '',
}: TypedIdeaSheetProps) {
  const [text, setText] = useState(initialText);
  const noticeId = useId();
  const notice = NOTICES[reason];
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
        {notice ? (
          <p
            id={noticeId}
            data-testid="typed-idea-notice"
            className="mb-3 flex items-start gap-2 rounded-xl bg-sky-50 p-3 text-sm text-sky-900 dark:bg-sky-950 dark:text-sky-100"
          >
            <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>{notice}</span>
          </p>
        ) : null}
        <label htmlFor="typed-idea-text" className="sr-only">
          Your idea
        </label>
        <textarea
          id="typed-idea-text"
          value={text}
          maxLength={TRANSCRIPT_MAX_CHARS}
          aria-describedby={notice ? noticeId : undefined}
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
