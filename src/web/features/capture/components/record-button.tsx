import { Check, Keyboard, Loader2, Mic, Square } from 'lucide-react';
import { cn } from '#web/components/ui/cn';
import {
  RECORD_BUTTON_LABELS,
  TYPE_IDEA_BUTTON_LABEL,
  type RecordingState,
} from '../recording-machine';

export interface RecordButtonProps {
  state: RecordingState;
  /** The selected format's colour, used while listening (docs/product.md). */
  listeningColor: string;
  onTap: () => void;
  /** False when the server cannot transcribe: the button opens the typed-idea sheet. */
  voiceAvailable?: boolean;
}

export function RecordButton({
  state,
  listeningColor,
  onTap,
  voiceAvailable = true,
}: RecordButtonProps) {
  const processing = state === 'processing';
  const typing = state === 'idle' && !voiceAvailable;
  return (
    <div className="relative flex size-20 items-center justify-center">
      {state === 'listening' ? (
        <>
          <span
            aria-hidden
            className="pulse-ring absolute inset-0 rounded-full"
            style={{ backgroundColor: listeningColor }}
          />
          <span
            aria-hidden
            className="pulse-ring absolute inset-0 rounded-full [animation-delay:0.7s]"
            style={{ backgroundColor: listeningColor }}
          />
        </>
      ) : null}
      <button
        type="button"
        data-testid="record-button"
        data-state={state}
        data-mode={typing ? 'type' : 'voice'}
        aria-label={typing ? TYPE_IDEA_BUTTON_LABEL : RECORD_BUTTON_LABELS[state]}
        aria-haspopup={typing ? 'dialog' : undefined}
        disabled={processing}
        onClick={onTap}
        className={cn(
          'focus-ring relative inline-flex size-20 items-center justify-center rounded-full text-white shadow-lg transition-colors disabled:cursor-wait',
          state === 'idle' && 'bg-red-600 hover:bg-red-700',
          state === 'processing' && 'bg-zinc-700 dark:bg-zinc-600',
          state === 'done' && 'bg-green-600',
        )}
        style={state === 'listening' ? { backgroundColor: listeningColor } : undefined}
      >
        {state === 'idle' && !typing ? <Mic aria-hidden className="size-9" /> : null}
        {typing ? <Keyboard aria-hidden className="size-9" /> : null}
        {state === 'listening' ? <Square aria-hidden className="size-8 fill-current" /> : null}
        {state === 'processing' ? (
          <Loader2 aria-hidden className="size-9 animate-spin motion-reduce:animate-none" />
        ) : null}
        {state === 'done' ? <Check aria-hidden className="size-9" /> : null}
      </button>
    </div>
  );
}
