import type { Category, Format } from '#contract/taxonomy';
import { ensureGuestId } from '#web/lib/guest-id';
import { isNetworkFailure } from '#web/lib/network-failure';
import { rememberRecordingToken } from '../api/capture-api';
import { ChunkSource } from './chunk-source';
import { transcriptOf, type RecordingState } from './follow-recording';
import { keepForLater } from './keep-for-later';
import { RECORDING_CLAIM_MS, RECORDING_CLAIM_RENEW_MS, recordingLockName } from './process-pending';
import { addChunk, deletePending, updatePending, type PendingRecording } from './pending-store';
import { uploadRecording, type RecordingUpload } from './recording-upload';

/** While recording, a failed upload is tried again this often, or as soon as the network returns. */
const RETRY_WHILE_RECORDING_MS = 5000;

/**
 * A recording kept and uploaded while it is being made (docs/product.md; ADR 122): each second
 * of audio goes into IndexedDB as it arrives and into a tus upload a few seconds at a time, so a
 * tab that is killed loses at most the last second, and the next start finishes the upload. The
 * tab holds the recording's lock until the idea is in the person's hands, or it gives the
 * recording to the device queue (`waiting`), which any tab or the service worker then finishes.
 */
export interface LiveUpload {
  readonly id: string;
  append(chunk: Blob): void;
  /** The recording stopped: the recording's id once the server has every byte. */
  finish(): Promise<string>;
  /** The server's transcript, telling its progress; kept in the record as soon as it is in. */
  transcript(recordingId: string, onState: (state: RecordingState) => void): Promise<string>;
  /** The result is shown: the device copy goes (the server keeps the recording). */
  release(): Promise<void>;
  /** Hands the recording to the device queue: it is finished when the connection allows. */
  keepWaiting(): Promise<void>;
  /** Kept for the person's Retry or Discard, with the reason shown. */
  keepFailed(message: string): Promise<void>;
  /** Refused for good (too large, not audio): nothing is kept, and nothing retried. */
  drop(): Promise<void>;
}

function holdLock(id: string): Promise<() => void> {
  if (typeof navigator.locks?.request !== 'function') {
    const renew = () => void updatePending(id, { claimedUntil: Date.now() + RECORDING_CLAIM_MS });
    const timer = setInterval(renew, RECORDING_CLAIM_RENEW_MS);
    return Promise.resolve(() => clearInterval(timer));
  }
  return new Promise((granted) => {
    void navigator.locks.request(
      recordingLockName(id),
      () =>
        new Promise<void>((release) => {
          granted(release);
        }),
    );
  });
}

export async function startLiveUpload(input: {
  mimeType: string;
  format: Format;
  category: Category;
  keepAudio: boolean;
  /** The language spoken (docs/api.md, "Extension: the spoken language"); none: the engine's. */
  language?: string | undefined;
  /** An imported file's name; a recording is named by its container. */
  fileName?: string;
}): Promise<LiveUpload> {
  const record: PendingRecording = await keepForLater({
    audio: null,
    transcript: null,
    format: input.format,
    category: input.category,
    status: 'recording',
    error: null,
    chunked: true,
    mimeType: input.mimeType,
    claimedUntil: Date.now() + RECORDING_CLAIM_MS,
    keepAudio: input.keepAudio,
    ...(input.language === undefined ? {} : { language: input.language }),
    ...(input.fileName === undefined ? {} : { fileName: input.fileName }),
  });
  // Another tab looking now sees a claim (or, once granted, the lock) and leaves it alone.
  const releaseLock = await holdLock(record.id);
  const source = new ChunkSource();
  let writes: Promise<void> = Promise.resolve();
  let finished = false;
  let current: Promise<string> | null = null;
  let failure: Error | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let upload: RecordingUpload | null = null;

  const stopRetrying = () => {
    clearTimeout(retryTimer);
    window.removeEventListener('online', retryNow);
  };
  function retryNow() {
    stopRetrying();
    if (!finished) attempt();
  }
  function attempt(): Promise<string> {
    upload ??= uploadRecording({
      record,
      source,
      guestId: ensureGuestId(),
      onRecordingToken: rememberRecordingToken,
    });
    failure = null;
    const run = upload.run();
    current = run;
    run.catch((error: unknown) => {
      if (current !== run) return;
      failure = error instanceof Error ? error : new Error(String(error));
      if (!finished && isNetworkFailure(failure)) {
        retryTimer = setTimeout(retryNow, RETRY_WHILE_RECORDING_MS);
        window.addEventListener('online', retryNow);
      }
    });
    return run;
  }

  const settle = async (patch: Partial<PendingRecording> | null) => {
    stopRetrying();
    upload?.abort();
    await writes.catch(() => undefined);
    if (patch === null) await deletePending(record.id);
    else await updatePending(record.id, { ...patch, claimedUntil: 0 });
    releaseLock();
  };

  attempt();

  return {
    id: record.id,
    append(chunk) {
      const start = source.append(chunk);
      writes = writes.then(() => addChunk(record.id, start, chunk));
    },
    async finish() {
      finished = true;
      stopRetrying();
      source.end();
      // Every byte is on the device before the last request says how many there are.
      await writes;
      if (failure === null && current !== null) {
        try {
          return await current;
        } catch {
          // Told in `failure`.
        }
      }
      if (failure !== null && !isNetworkFailure(failure)) throw failure;
      // The connection failed on the way: one more try now that the length is known.
      return attempt();
    },
    async transcript(recordingId, onState) {
      await updatePending(record.id, { recordingId });
      const text = await transcriptOf(recordingId, ensureGuestId(), onState);
      await updatePending(record.id, { transcript: text });
      return text;
    },
    release: () => settle(null),
    keepWaiting: () => settle({ status: 'waiting' }),
    keepFailed: (message) => settle({ status: 'failed', error: message }),
    drop: () => settle(null),
  };
}
