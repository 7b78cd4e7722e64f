import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { flushEdits, pendingEdits } from '../api/edit-queue';

/**
 * Sends the edits kept on this device (edit-queue.ts) when the app starts online and each time
 * the connection returns, then asks the lists again so they show what the server now has.
 */
export function useKeptEdits() {
  const client = useQueryClient();
  useEffect(() => {
    let running = false;
    const flush = () => {
      if (running || pendingEdits().length === 0 || !navigator.onLine) return;
      running = true;
      flushEdits()
        .then((saved) => {
          if (saved.length > 0) void client.invalidateQueries({ queryKey: ['ideas'] });
        })
        .catch((error: unknown) => console.warn('Kept edits could not be sent', error))
        .finally(() => {
          running = false;
        });
    };
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [client]);
}
