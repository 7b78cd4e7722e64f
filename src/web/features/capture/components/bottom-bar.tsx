import { Keyboard, SlidersHorizontal } from 'lucide-react';
import { cn } from '#web/components/ui/cn';
import { statusText } from '../recording-machine';
import type { Capture } from '../hooks/use-capture';
import { voiceChip, type VoiceSettings } from '../stored-voice-settings';
import { ImportRecordingButton } from './import-recording';
import { LevelMeter } from './level-meter';
import { RecordButton } from './record-button';
import { RecordingTimer } from './recording-timer';

export interface BottomBarProps {
  capture: Capture;
  settings: VoiceSettings;
  settingsOpen: boolean;
  onToggleSettings: () => void;
  onTypeInstead: () => void;
  /** Said in place of "Tap to record" when the month's ideas are nearly or all used. */
  quotaNote?: string | null;
  /** Whether an audio file can be imported: only this server transcribes one. */
  canImport?: boolean;
}

/** The newest words stay in view: long speech shows its last few lines, not its first. */
const LIVE_TEXT_MAX_CHARS = 140;

function latestWords(text: string): string {
  if (text.length <= LIVE_TEXT_MAX_CHARS) return text;
  const tail = text.slice(-LIVE_TEXT_MAX_CHARS);
  return `…${tail.slice(tail.indexOf(' ') + 1)}`;
}

export function BottomBar({
  capture,
  settings,
  settingsOpen,
  onToggleSettings,
  onTypeInstead,
  quotaNote = null,
  canImport = false,
}: BottomBarProps) {
  const chip = voiceChip(settings);
  const { color } = chip;
  const note = capture.state === 'idle' ? quotaNote : null;
  const status =
    note ?? statusText(capture.state, capture.stage, capture.voiceAvailable, capture.pieces);
  const listening = capture.state === 'listening';
  const browserListening = listening && capture.engine === 'browser';
  const showLiveText =
    browserListening || ((listening || capture.state === 'processing') && capture.liveText !== '');
  return (
    <div className="sticky bottom-0 z-30 border-t border-zinc-200 bg-white/95 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur dark:border-zinc-800 dark:bg-zinc-900/95">
      <div className="mx-auto flex w-full max-w-[560px] flex-col items-center gap-2 px-4 pt-2">
        <button
          type="button"
          onClick={onToggleSettings}
          aria-expanded={settingsOpen}
          aria-haspopup="dialog"
          data-testid="status-strip"
          className="focus-ring flex min-h-11 w-full items-center gap-3 rounded-xl px-2 text-left hover:bg-zinc-100 dark:hover:bg-zinc-800"
        >
          <span
            data-voice-chip
            className="inline-flex items-center gap-1.5 rounded-full border px-3 py-1 text-sm font-semibold text-zinc-900 dark:text-zinc-50"
            style={{ borderColor: color }}
          >
            <span
              aria-hidden
              data-voice-chip-dot
              className="size-2.5 rounded-full"
              style={{ backgroundColor: color }}
            />
            <span data-voice-chip-label data-testid="format-chip">
              {chip.label}
            </span>
          </span>
          <span
            data-testid="status-text"
            className={cn(
              // Two lines rather than cut: "Limit reached: copy, not save" is read in full.
              'line-clamp-2 min-w-0 flex-1 text-sm leading-snug',
              note
                ? 'font-medium text-amber-800 dark:text-amber-300'
                : 'text-zinc-600 dark:text-zinc-300',
            )}
          >
            {status}
          </span>
          <SlidersHorizontal aria-hidden className="size-5 text-zinc-500 dark:text-zinc-400" />
          <span className="sr-only">Voice settings</span>
        </button>
        <p className="sr-only" aria-live="polite" data-testid="recording-status">
          {status}
        </p>
        <div className="grid w-full grid-cols-[1fr_auto_1fr] items-center">
          <div className="flex justify-end pr-4">
            {listening && capture.engine === 'server' ? (
              <LevelMeter level={capture.level} color={color} />
            ) : null}
            {canImport && capture.state === 'idle' ? (
              <ImportRecordingButton onImport={capture.importAudio} disabled={false} />
            ) : null}
          </div>
          <RecordButton
            state={capture.state}
            listeningColor={color}
            onTap={capture.onTap}
            voiceAvailable={capture.voiceAvailable}
          />
          <div className="flex justify-start pl-2 text-zinc-700 dark:text-zinc-200">
            {capture.state === 'listening' ? <RecordingTimer /> : null}
            {capture.micUnavailable && capture.voiceAvailable && capture.state === 'idle' ? (
              <button
                type="button"
                onClick={onTypeInstead}
                className="focus-ring inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 text-sm font-medium whitespace-nowrap text-sky-700 hover:bg-sky-50 dark:text-sky-300 dark:hover:bg-sky-950"
              >
                <Keyboard aria-hidden className="size-5" />
                Type instead
              </button>
            ) : null}
          </div>
        </div>
        {showLiveText ? (
          <p
            data-testid="live-transcript"
            className="line-clamp-3 w-full text-center text-base text-zinc-800 dark:text-zinc-100"
          >
            {capture.liveText ? (
              latestWords(capture.liveText)
            ) : (
              <span className="text-zinc-600 dark:text-zinc-300">
                Speak now: your words appear here.
              </span>
            )}
          </p>
        ) : null}
      </div>
    </div>
  );
}
