import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '#web/components/ui/toast-store';
import { SHARED_PARAM } from '#web/lib/share-target';
import type { Capture } from '../features/capture/hooks/use-capture';

export interface SharedRecording {
  /** The shared file, still kept on the device until the person imports or discards it. */
  file: File | null;
  importNow: () => void;
  discard: () => void;
}

/**
 * A recording shared from another app arrives as `/?shared=<id>` after the service worker kept
 * it (lib/shared-files.ts). Any web page can post that share, so nothing is uploaded until the
 * person taps Import recording (docs/security.md): the app shows the file and waits. The address
 * loses the parameter at once so a reload asks nothing. The store's code (and IndexedDB's
 * library) loads only then: no other start needs it.
 */
export function useSharedRecording(
  capture: Capture,
  canImport: boolean,
  configLoaded: boolean,
): SharedRecording {
  const handled = useRef(false);
  const [shared, setShared] = useState<{ id: string; file: File } | null>(null);
  const { importAudio } = capture;
  useEffect(() => {
    if (handled.current || !configLoaded) return;
    const url = new URL(window.location.href);
    const id = url.searchParams.get(SHARED_PARAM);
    if (id === null) return;
    handled.current = true;
    url.searchParams.delete(SHARED_PARAM);
    history.replaceState(history.state, '', `${url.pathname}${url.search}${url.hash}`);
    void import('#web/lib/shared-files')
      .then(async ({ peekSharedFile, takeSharedFile }) => {
        if (canImport) return peekSharedFile(id);
        // Nothing here can transcribe it: it is not kept for a tap that cannot come.
        await takeSharedFile(id);
        return undefined;
      })
      .then(
        (file) => {
          if (file === undefined) {
            toast({
              title: 'Recordings cannot be transcribed here',
              description: 'This server has no speech-to-text engine. You can type your idea.',
              variant: 'destructive',
            });
          } else if (file === null) {
            toast({
              title: 'The shared recording is not here',
              description: 'It was imported already, or this browser cleared it. Share it again.',
              variant: 'destructive',
            });
          } else setShared({ id, file });
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
  }, [canImport, configLoaded]);

  const settle = useCallback(
    (use: boolean) => {
      if (shared === null) return;
      setShared(null);
      void import('#web/lib/shared-files')
        .then(({ takeSharedFile }) => takeSharedFile(shared.id))
        .then(
          (file) => {
            if (use && file !== null) importAudio(file);
          },
          (error: unknown) => console.warn('The shared recording could not be taken', error),
        );
    },
    [importAudio, shared],
  );
  return {
    file: shared?.file ?? null,
    importNow: useCallback(() => settle(true), [settle]),
    discard: useCallback(() => settle(false), [settle]),
  };
}
