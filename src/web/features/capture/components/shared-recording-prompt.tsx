import { useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button';
import { Sheet } from '#web/components/ui/sheet';

export interface SharedRecordingPromptProps {
  file: File;
  importing: boolean;
  onImport: () => void;
  onDiscard: () => void;
}

function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function formatDuration(seconds: number): string {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** The browser's own reading of the file's header; a file it cannot read shows no duration. */
function useDuration(file: File): number | null {
  const [duration, setDuration] = useState<number | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(file);
    const audio = new Audio();
    audio.preload = 'metadata';
    const read = () => {
      if (Number.isFinite(audio.duration) && audio.duration > 0) setDuration(audio.duration);
    };
    audio.addEventListener('loadedmetadata', read);
    audio.src = url;
    return () => {
      audio.removeEventListener('loadedmetadata', read);
      audio.removeAttribute('src');
      URL.revokeObjectURL(url);
    };
  }, [file]);
  return duration;
}

/**
 * A recording shared to the app waits here for the person's tap (docs/product.md, Shared from
 * another app): any web page can post a share, so the app never uploads one by itself.
 */
export default function SharedRecordingPrompt({
  file,
  importing,
  onImport,
  onDiscard,
}: SharedRecordingPromptProps) {
  const duration = useDuration(file);
  const facts = [formatSize(file.size), duration === null ? null : formatDuration(duration)]
    .filter((fact) => fact !== null)
    .join(' · ');
  return (
    <Sheet
      open
      onOpenChange={(open) => {
        if (!open) onDiscard();
      }}
      title="Import this recording?"
      description="A recording was shared to Voice Ideas. Import it only if you shared it yourself."
      placement="center"
      testId="shared-recording-prompt"
    >
      <div className="mb-4 rounded-xl border border-zinc-200 px-4 py-3 dark:border-zinc-700">
        <p className="break-all font-medium text-zinc-900 dark:text-zinc-50">
          {file.name || 'Recording'}
        </p>
        <p className="text-sm text-zinc-600 dark:text-zinc-300">{facts}</p>
      </div>
      <div className="flex flex-col-reverse gap-3 pb-2 sm:grid sm:grid-cols-2">
        <Button onClick={onDiscard}>Discard</Button>
        <Button variant="primary" onClick={onImport} disabled={importing}>
          Import recording
        </Button>
      </div>
    </Sheet>
  );
}
