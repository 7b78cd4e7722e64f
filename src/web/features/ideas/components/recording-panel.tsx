import { useEffect, useRef, useState } from 'react';
import { AudioLines, RefreshCw } from 'lucide-react';
import type { Idea } from '#contract/api-schemas';
import { Button } from '#web/components/ui/button';
import { IdeaBody } from '#web/components/ui/idea-body';
import { describeError } from '#web/lib/api-error';
import { formatAgain, recordingAudio, transcribeAgain, type AudioSource } from '../api/recordings';

export interface RecordingPanelProps {
  idea: Idea & { recordingId: string };
  signedIn: boolean;
  /** The person took the new text: resolves once the idea holds it. */
  onAccept: (content: string, transcript: string) => Promise<void>;
}

type Offer = { content: string; transcript: string };

function progressText(pieces: { done: number; total: number } | null): string {
  if (pieces === null || pieces.total < 2) return 'Transcribing…';
  return `Transcribing… ${Math.min(pieces.done + 1, pieces.total)} of ${pieces.total}`;
}

/**
 * The idea's own recording (docs/product.md, Idea detail): the browser's player, seeking in the
 * audio the server kept, and "Transcribe again", whose new text is offered beside the old one,
 * which stays until the person takes the new.
 */
export function RecordingPanel({ idea, signedIn, onAccept }: RecordingPanelProps) {
  const [audio, setAudio] = useState<AudioSource | 'loading' | 'failed'>('loading');
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<Offer | null>(null);
  const [accepting, setAccepting] = useState(false);
  const running = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    let loaded: AudioSource = null;
    recordingAudio(idea.recordingId, signedIn, controller.signal).then(
      (source) => {
        loaded = source;
        if (controller.signal.aborted) source?.release();
        else setAudio(source);
      },
      () => {
        if (!controller.signal.aborted) setAudio('failed');
      },
    );
    return () => {
      controller.abort();
      loaded?.release();
    };
  }, [idea.recordingId, signedIn]);

  useEffect(() => () => running.current?.abort(), []);

  // No audio kept: the panel says so once, and offers nothing it cannot do.
  if (audio === null) {
    return (
      <p className="mt-4 text-sm text-zinc-700 dark:text-zinc-200" data-testid="recording-gone">
        The audio of this idea was not kept.
      </p>
    );
  }

  const start = () => {
    if (status !== null) return;
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setOffer(null);
    setStatus('Transcribing…');
    void (async () => {
      try {
        const transcript = await transcribeAgain(
          idea.recordingId,
          (recording) => setStatus(progressText(recording.pieces)),
          controller.signal,
        );
        setStatus('Formatting…');
        setOffer(await formatAgain(transcript, idea.format, idea.category, controller.signal));
      } catch (failure) {
        if (!controller.signal.aborted) setError(describeError(failure));
      } finally {
        if (!controller.signal.aborted) setStatus(null);
      }
    })();
  };

  return (
    <section
      className="mt-4 space-y-3 rounded-xl border border-zinc-200 p-4 dark:border-zinc-700"
      aria-labelledby={`recording-${idea.id}`}
      data-testid="recording-panel"
    >
      <h3 id={`recording-${idea.id}`} className="flex items-center gap-2 font-medium">
        <AudioLines aria-hidden className="size-5" /> Your recording
      </h3>
      {audio === 'loading' ? (
        <p className="text-sm text-zinc-700 dark:text-zinc-200">Loading the recording…</p>
      ) : audio === 'failed' ? (
        <p role="alert" className="text-sm text-rose-800 dark:text-rose-200">
          The recording could not be loaded. Please try again later.
        </p>
      ) : (
        // The browser's own controls: keyboard, screen readers and seeking come with them. The
        // words of the recording are its transcript, shown above as "Original recording".
        // eslint-disable-next-line jsx-a11y/media-has-caption -- the transcript is the text
        <audio
          controls
          preload="metadata"
          src={audio.src}
          className="h-12 w-full"
          aria-label="Play your recording"
          data-testid="recording-player"
        />
      )}
      <Button
        className="w-full aria-disabled:cursor-wait aria-disabled:opacity-50"
        aria-disabled={status !== null}
        onClick={start}
      >
        <RefreshCw aria-hidden className="size-5" /> {status ?? 'Transcribe again'}
      </Button>
      <p className="sr-only" aria-live="polite">
        {status ?? ''}
      </p>
      {error ? (
        <p
          role="alert"
          className="rounded-xl bg-rose-50 p-3 font-medium text-rose-950 dark:bg-rose-950/60 dark:text-rose-50"
        >
          {error}
        </p>
      ) : null}
      {offer ? (
        <div
          className="space-y-3 rounded-xl bg-sky-50 p-3 dark:bg-sky-950/60"
          data-testid="new-text"
        >
          <p className="text-sm font-medium">New text from your recording</p>
          <IdeaBody
            content={offer.content}
            testId="new-text-content"
            className="text-zinc-900 dark:text-zinc-50"
          />
          <div className="grid grid-cols-2 gap-2">
            <Button onClick={() => setOffer(null)}>Keep the old</Button>
            <Button
              variant="primary"
              disabled={accepting}
              onClick={() => {
                setAccepting(true);
                onAccept(offer.content, offer.transcript)
                  .then(() => setOffer(null))
                  .catch(() => undefined)
                  .finally(() => setAccepting(false));
              }}
            >
              {accepting ? 'Saving…' : 'Use the new text'}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
