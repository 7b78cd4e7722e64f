import { Upload, type DetailedError, type HttpRequest, type HttpResponse } from 'tus-js-client';
import { ApiError } from '#web/lib/api-error';
import { recordingFileName } from '../recorder';
import { ChunkSource, ServerLostBytesError } from './chunk-source';
import { FetchHttpStack } from './fetch-http-stack';
import {
  dropChunksBefore,
  listChunks,
  updatePending,
  type PendingRecording,
} from './pending-store';

/** docs/api.md, "Recordings": the tus endpoint and the header naming the finished recording. */
export const UPLOADS_PATH = '/api/uploads';
const RECORDING_ID_HEADER = 'Recording-Id';
const RECORDING_TOKEN_HEADER = 'Recording-Token';
/** Large enough that a kept recording goes in a few requests; a live one sends what it has. */
const REQUEST_MAX_BYTES = 1024 * 1024;
/** tus-js-client's own retries of a request that failed on the way (not a refusal). */
const RETRY_DELAYS_MS = [0, 1000, 3000];

export interface RecordingUpload {
  /**
   * Starts the upload, or starts it again where the server stands after a failure: resolves with
   * the recording's id once the server has every byte, rejects as fetch or the API would.
   */
  run(): Promise<string>;
  /** Stops sending; the kept chunks stay. */
  abort(): void;
}

/** The failure of an upload in the terms the rest of the app knows: fetch's or the API's. */
function asAppError(error: Error | DetailedError): Error {
  const detailed = error as Partial<DetailedError>;
  const response = detailed.originalResponse ?? null;
  if (response !== null) {
    const status = response.getStatus();
    // Resuming an upload the server no longer has (expired, or removed).
    if (status === 404 || status === 410) return new ServerLostBytesError();
    return new ApiError(status, '', response.getBody());
  }
  const cause = detailed.causingError ?? null;
  // A deadline or a dropped connection: the recording waits for the network like any other.
  if (cause instanceof TypeError) return cause;
  if (cause instanceof DOMException && cause.name === 'AbortError') {
    return new TypeError('Failed to fetch: the upload timed out');
  }
  return error;
}

function idFromUrl(url: string | null): string | null {
  return url?.split('/').pop() ?? null;
}

/**
 * Sends a kept recording's bytes over tus (docs/api.md, "Recordings"; ADR 122): creates the
 * upload with a deferred length if it has none yet, else resumes from the offset the server
 * reports; every acknowledged piece is dropped from IndexedDB, and the upload's address is kept
 * in the record as soon as it exists. A new upload is made only while the kept chunks still
 * start at byte 0: once some were dropped, only the upload that holds them can finish it.
 */
export function uploadRecording(options: {
  record: PendingRecording;
  source: ChunkSource;
  /** The guest the bytes belong to when nobody is signed in (the worker has no local storage). */
  guestId: string | null;
  /** Hears the Recording-Token of the AI limit (ADR 071) the upload's creation spent. */
  onRecordingToken?: (token: string) => void;
}): RecordingUpload {
  const { record, source, guestId } = options;
  const origin = self.location.origin;
  if (record.uploadUrl === null && source.firstByte > 0) throw new ServerLostBytesError();
  let settle: { resolve: (id: string) => void; reject: (error: Error) => void } | null = null;
  const upload = new Upload(
    // The fileReader below hands tus this source itself; the input is never read.
    new Blob([]),
    {
      endpoint: source.firstByte === 0 ? new URL(UPLOADS_PATH, origin).href : null,
      uploadUrl: record.uploadUrl === null ? null : new URL(record.uploadUrl, origin).href,
      uploadLengthDeferred: true,
      chunkSize: REQUEST_MAX_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: {
        filename: record.fileName ?? recordingFileName(record.mimeType),
        filetype: record.mimeType || 'audio/webm',
        format: record.format,
        category: record.category,
        // Decided when the upload is created, so the server removes the audio by itself even
        // if this tab is gone by the time the transcript is in (docs/api.md, "Recordings").
        ...(record.keepAudio === false ? { keepAudio: 'false' } : {}),
        // The engine hears this language (docs/api.md, "Extension: the spoken language").
        ...(record.language === undefined ? {} : { language: record.language }),
      },
      headers: guestId === null ? {} : { 'X-Guest-Id': guestId },
      httpStack: new FetchHttpStack(),
      fileReader: { openFile: () => Promise.resolve(source) },
      storeFingerprintForResuming: false,
      onAfterResponse(request: HttpRequest, response: HttpResponse) {
        const token = response.getHeader(RECORDING_TOKEN_HEADER);
        if (request.getMethod() === 'POST' && token) options.onRecordingToken?.(token);
      },
      onUploadUrlAvailable() {
        const url = upload.url === null ? null : new URL(upload.url, origin).pathname;
        record.uploadUrl = url;
        void updatePending(record.id, { uploadUrl: url });
      },
      onChunkComplete(_size: number, accepted: number) {
        source.acknowledge(accepted);
        void dropChunksBefore(record.id, accepted);
      },
      onSuccess({ lastResponse }) {
        const id = lastResponse.getHeader(RECORDING_ID_HEADER) ?? idFromUrl(upload.url);
        if (id === null) settle?.reject(new Error('The server did not name the recording.'));
        else settle?.resolve(id);
      },
      onError(error) {
        settle?.reject(asAppError(error));
      },
    },
  );
  return {
    run() {
      const attempt = new Promise<string>((resolve, reject) => {
        settle = { resolve, reject };
      });
      upload.start();
      return attempt;
    },
    abort() {
      settle = null;
      void upload.abort(false);
    },
  };
}

/**
 * A kept recording's bytes for an upload that resumes it: every chunk still in IndexedDB, and
 * nothing more to come (the tab that recorded it has stopped or is gone).
 */
export async function keptSource(record: PendingRecording): Promise<ChunkSource> {
  const source = new ChunkSource(await listChunks(record.id));
  source.end();
  return source;
}
