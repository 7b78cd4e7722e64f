import { useEffect, useRef } from 'react';
import { toast } from '#web/components/ui/toast-store';
import { SHARED_PARAM } from '#web/lib/share-target';
import type { Capture } from '../features/capture/hooks/use-capture';

/**
 * A recording shared from another app arrives as `/?shared=<id>` after the service worker kept
 * it (lib/shared-files.ts): once the app knows this server transcribes, it is imported as a
 * chosen file would be, once, and the address loses the parameter so a reload does nothing. The
 * store's code (and IndexedDB's library) loads only then: no other start needs it.
 */
export function useSharedRecording(capture: Capture, canImport: boolean, configLoaded: boolean) {
  const handled = useRef(false);
  const { importAudio, state } = capture;
  useEffect(() => {
    if (handled.current || !configLoaded || state !== 'idle') return;
    const url = new URL(window.location.href);
    const id = url.searchParams.get(SHARED_PARAM);
    if (id === null) return;
    handled.current = true;
    url.searchParams.delete(SHARED_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    void import('#web/lib/shared-files')
      .then(({ takeSharedFile }) => takeSharedFile(id))
      .then(
        (file) => {
          if (file === null) {
            toast({
              title: 'The shared recording is not here',
              description: 'It was imported already, or this browser cleared it. Share it again.',
              variant: 'destructive',
            });
          } else if (!canImport) {
            toast({
              title: 'Recordings cannot be transcribed here',
              description: 'This server has no speech-to-text engine. You can type your idea.',
              variant: 'destructive',
            });
          } else importAudio(file);
        },
        (error: unknown) => {
          console.warn('The shared recording could not be read', error);
          toast({
            title: 'The shared recording could not be read',
            description: 'Please share it again.',
            variant: 'destructive',
          });
        },
      );
  }, [canImport, configLoaded, importAudio, state]);
}
