import { FileAudio } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import type { ImportRecordingProps } from './import-recording';

function carriesFiles(event: DragEvent): boolean {
  return event.dataTransfer?.types.includes('Files') ?? false;
}

/**
 * Drag and drop on desktops: a file dragged anywhere over the page shows where it goes, and
 * dropped, is imported as the button would. Other drags (text, links) are left to the page.
 */
export default function ImportDropZone({ onImport, disabled }: ImportRecordingProps) {
  const [over, setOver] = useState(false);
  const depth = useRef(0);
  useEffect(() => {
    const enter = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current += 1;
      setOver(true);
    };
    const leave = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      depth.current = Math.max(0, depth.current - 1);
      if (depth.current === 0) setOver(false);
    };
    const overPage = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      event.preventDefault();
      if (event.dataTransfer) event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    };
    const drop = (event: DragEvent) => {
      if (!carriesFiles(event)) return;
      // Without this the browser opens the file in place of the app.
      event.preventDefault();
      depth.current = 0;
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file && !disabled) onImport(file);
    };
    window.addEventListener('dragenter', enter);
    window.addEventListener('dragleave', leave);
    window.addEventListener('dragover', overPage);
    window.addEventListener('drop', drop);
    return () => {
      window.removeEventListener('dragenter', enter);
      window.removeEventListener('dragleave', leave);
      window.removeEventListener('dragover', overPage);
      window.removeEventListener('drop', drop);
    };
  }, [disabled, onImport]);
  if (!over) return null;
  return (
    <div
      data-testid="import-drop-zone"
      className="pointer-events-none fixed inset-3 z-50 flex items-center justify-center rounded-3xl border-4 border-dashed border-sky-600 bg-white/90 dark:border-sky-400 dark:bg-zinc-900/90"
    >
      <p className="flex items-center gap-3 text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        <FileAudio aria-hidden className="size-8 text-sky-700 dark:text-sky-300" />
        {disabled ? 'Wait for this recording to finish' : 'Drop a recording to import it'}
      </p>
    </div>
  );
}
