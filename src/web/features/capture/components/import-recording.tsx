import { FileAudio } from 'lucide-react';
import { useRef } from 'react';

/** docs/product.md, Import a recording: the button's words, also its accessible name. */
export const IMPORT_LABEL = 'Import a recording';

/**
 * What the file picker offers: the containers the server recognises (docs/api.md), by type and
 * by the extensions some systems leave untyped.
 */
const IMPORT_ACCEPT = 'audio/*,.m4a,.mp3,.mp4,.aac,.ogg,.oga,.opus,.wav,.webm,.weba';

export interface ImportRecordingProps {
  onImport: (file: File) => void;
  disabled: boolean;
}

/** A file picker beside the record button: a voice memo made elsewhere becomes an idea. */
export function ImportRecordingButton({ onImport, disabled }: ImportRecordingProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <button
        type="button"
        disabled={disabled}
        onClick={() => input.current?.click()}
        className="focus-ring inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-xl px-2 text-sm font-medium whitespace-nowrap text-sky-700 hover:bg-sky-50 disabled:opacity-50 dark:text-sky-300 dark:hover:bg-sky-950"
      >
        <FileAudio aria-hidden className="size-5" />
        <span className="sr-only sm:not-sr-only">{IMPORT_LABEL}</span>
        <span aria-hidden className="sm:hidden">
          Import
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={IMPORT_ACCEPT}
        className="hidden"
        data-testid="import-recording-input"
        tabIndex={-1}
        aria-hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // Cleared so that choosing the same file again is still a change.
          event.currentTarget.value = '';
          if (file) onImport(file);
        }}
      />
    </>
  );
}
