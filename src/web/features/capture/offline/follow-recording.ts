import { createParser } from 'eventsource-parser';
import { ApiError } from '#web/lib/api-error';

/**
 * Following a recording's transcription on the server (docs/api.md, "Recordings"): its
 * server-sent events, read with fetch rather than EventSource, which cannot send the guest's
 * X-Guest-Id. Plain fetch and hand checks of the few fields read, so the service worker runs the
 * same code without the page's API client.
 */

/** The server sends a comment every 15 s while a job runs: silence this long is a dead stream. */
const QUIET_MAX_MS = 45_000;
/** A stream that ended early (a restart, a proxy) is asked again after this pause. */
const RECONNECT_MS = 1000;

export interface RecordingState {
  status: 'queued' | 'transcribing' | 'done' | 'failed';
  transcript: string | null;
  /** The pieces of a long recording transcribed so far, of how many. */
  pieces: { done: number; total: number } | null;
  error: { error: string; message: string } | null;
}

export class TranscriptionFailedError extends Error {
  readonly code: string;
  constructor(code: string, message: string) {
    super(message);
    this.name = 'TranscriptionFailedError';
    this.code = code;
  }
}

const STATUSES = new Set(['queued', 'transcribing', 'done', 'failed']);

function readState(value: unknown): RecordingState | null {
  if (typeof value !== 'object' || value === null) return null;
  const body = value as Record<string, unknown>;
  if (typeof body.status !== 'string' || !STATUSES.has(body.status)) return null;
  const transcript = typeof body.transcript === 'string' ? body.transcript : null;
  const raw = body.pieces as Record<string, unknown> | null | undefined;
  const pieces =
    typeof raw?.done === 'number' && typeof raw.total === 'number'
      ? { done: raw.done, total: raw.total }
      : null;
  const rawError = body.error as Record<string, unknown> | null | undefined;
  const error =
    typeof rawError?.error === 'string' && typeof rawError.message === 'string'
      ? { error: rawError.error, message: rawError.message }
      : null;
  return { status: body.status as RecordingState['status'], transcript, pieces, error };
}

function headersFor(guestId: string | null, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  if (guestId !== null) headers.set('X-Guest-Id', guestId);
  return headers;
}

async function ask(path: string, guestId: string | null, method = 'GET'): Promise<RecordingState> {
  const response = await fetch(path, {
    method,
    headers: headersFor(guestId),
    credentials: 'same-origin',
    signal: AbortSignal.timeout(QUIET_MAX_MS),
  });
  const text = await response.text();
  if (!response.ok) throw new ApiError(response.status, response.statusText, text);
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: refused as a wrong shape below.
  }
  const state = readState(parsed);
  if (state === null) throw new Error(`Unexpected response from the server (${path})`);
  return state;
}

/** One connection to the event stream: the last state it told, when it ends. */
async function listen(
  path: string,
  guestId: string | null,
  onState: (state: RecordingState) => void,
): Promise<RecordingState | null> {
  const controller = new AbortController();
  let quiet = setTimeout(() => controller.abort(), QUIET_MAX_MS);
  let last: RecordingState | null = null;
  const parser = createParser({
    onEvent(event) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(event.data);
      } catch {
        return;
      }
      const state = readState(parsed);
      if (state === null) return;
      last = state;
      onState(state);
    },
  });
  try {
    const response = await fetch(path, {
      headers: headersFor(guestId, { Accept: 'text/event-stream' }),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    if (!response.ok) {
      throw new ApiError(response.status, response.statusText, await response.text());
    }
    if (response.body === null) return null;
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      clearTimeout(quiet);
      quiet = setTimeout(() => controller.abort(), QUIET_MAX_MS);
      parser.feed(value);
    }
  } catch (error) {
    // A stream gone quiet is asked again; anything else is the caller's to handle.
    if (!(error instanceof DOMException && error.name === 'AbortError')) throw error;
  } finally {
    clearTimeout(quiet);
  }
  return last;
}

/**
 * The recording's transcript once the server's job is done, telling each state on the way. A
 * recording that failed before (the person's Retry) is queued again first. A failed job is a
 * TranscriptionFailedError with the server's reason; a lost connection rejects as fetch does.
 */
export async function transcriptOf(
  recordingId: string,
  guestId: string | null,
  onState: (state: RecordingState) => void = () => undefined,
): Promise<string> {
  const path = `/api/recordings/${encodeURIComponent(recordingId)}`;
  let state = await ask(path, guestId);
  if (state.status === 'failed') state = await ask(`${path}/transcribe`, guestId, 'POST');
  for (;;) {
    if (state.status === 'done') return state.transcript ?? '';
    if (state.status === 'failed') {
      throw new TranscriptionFailedError(
        state.error?.error ?? 'transcription_failed',
        state.error?.message ?? 'The recording could not be transcribed.',
      );
    }
    onState(state);
    const told = await listen(`${path}/events`, guestId, onState);
    if (told?.status === 'done' || told?.status === 'failed') {
      state = told;
      continue;
    }
    await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
    state = await ask(path, guestId);
  }
}
