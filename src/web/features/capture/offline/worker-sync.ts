import type { InferResult } from '#contract/api-schemas';
import { decideFormatAndCategory } from '#text/detect/decide';
import { ApiError, ResponseShapeError } from '#web/lib/api-error';
import { apiPaths } from '#web/lib/paths';
import { recordingFileName } from '../recorder';
import { transcriptOf } from './follow-recording';
import { listPending, type PendingRecording } from './pending-store';
import { processWaiting, type PendingSteps } from './process-pending';
import { keptSource, uploadRecording } from './recording-upload';

/*
 * The service worker's processing of kept recordings (ADR 060), when Background Sync says the
 * connection is back, with or without a page of the app open. The worker bundle stays small:
 * plain fetch and hand-written checks of the few fields read, never the page's API client
 * (which loads zod) nor React.
 */

const RECORDING_TOKEN_HEADER = 'Recording-Token';

/** A same-origin fetch sends the session cookie; a guest is named by the recording's guest id. */
async function call(
  path: string,
  guestId: string | null,
  init: { body?: BodyInit; json?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { ...init.headers };
  if (guestId !== null) headers['X-Guest-Id'] = guestId;
  let body = init.body;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  }
  const response = await fetch(path, {
    method: body === undefined ? 'GET' : 'POST',
    headers,
    body,
    credentials: 'same-origin',
  });
  if (!response.ok) {
    throw new ApiError(response.status, response.statusText, await response.text().catch(() => ''));
  }
  return response;
}

async function readField<T>(
  response: Response,
  path: string,
  field: string,
  is: (value: unknown) => value is T,
): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  const value =
    typeof body === 'object' && body !== null
      ? (body as Record<string, unknown>)[field]
      : undefined;
  if (!is(value)) throw new ResponseShapeError(path, field);
  return value;
}

const isString = (value: unknown): value is string => typeof value === 'string';

/** docs/api.md, GET /api/me: the cookie's account, or a guest (empty e-mail) without one. */
export async function signedInByCookie(): Promise<boolean> {
  const response = await call(apiPaths.me, null);
  return (await readField(response, apiPaths.me, 'email', isString)) !== '';
}

/**
 * The steps of a live recording, from the worker: transcription, the decision of
 * text/detect/decide.ts (spoken command, keywords, server inference, the chosen format and
 * category), formatting and the save. Whoever the cookie signs in owns it (ADR 060, as a page
 * would save it); without one it goes to the guest it was kept for, and one kept before guest
 * ids were stored waits for a page, which knows its guest.
 */
export function workerSteps(signedIn: boolean): PendingSteps {
  // One recording at a time: the token of ADR 071 ties its infer and format calls to the unit
  // its transcription spent.
  let recordingToken: string | null = null;
  const tokenHeaders = (): Record<string, string> =>
    recordingToken === null ? {} : { [RECORDING_TOKEN_HEADER]: recordingToken };
  const remember = (response: Response) => {
    recordingToken = response.headers.get(RECORDING_TOKEN_HEADER) ?? recordingToken;
  };

  return {
    accepts: (record) => signedIn || record.guestId !== null,
    async transcribe(audio, record) {
      const form = new FormData();
      form.append('audio', audio, recordingFileName(audio.type));
      recordingToken = null;
      const response = await call(apiPaths.transcribe, record.guestId, { body: form });
      remember(response);
      return readField(response, apiPaths.transcribe, 'transcript', isString);
    },
    async upload(record) {
      recordingToken = null;
      const upload = uploadRecording({
        record,
        source: await keptSource(record),
        guestId: record.guestId,
        onRecordingToken: (token) => {
          recordingToken = token;
        },
      });
      return upload.run();
    },
    transcriptOf: (recordingId, record) => transcriptOf(recordingId, record.guestId),
    async format(record: PendingRecording, transcript) {
      const infer = async (text: string): Promise<InferResult> => {
        const response = await call(apiPaths.inferFormatCategory, record.guestId, {
          json: { transcript: text },
          headers: tokenHeaders(),
        });
        remember(response);
        // decide.ts checks the answer's shape itself.
        return (await response.json()) as InferResult;
      };
      const decision = await decideFormatAndCategory(
        transcript,
        { format: record.format, category: record.category },
        infer,
      );
      const headers = tokenHeaders();
      recordingToken = null;
      const response = await call(apiPaths.format, record.guestId, {
        json: {
          transcript: decision.content,
          format: decision.format,
          category: decision.category,
          mode: 'smart',
        },
        headers,
      });
      return {
        content: await readField(response, apiPaths.format, 'formatted', isString),
        format: decision.format,
        category: decision.category,
        transcript,
      };
    },
    async save(idea, record) {
      const path = signedIn ? apiPaths.ideas : apiPaths.guestIdeas;
      const response = await call(path, record.guestId, {
        json: idea,
        headers: { 'Idempotency-Key': record.id },
      });
      return readField(response, path, 'id', isString);
    },
  };
}

/**
 * Processes what waits, as the page does and under the same lock, so a recording is saved once
 * whoever gets to it first. `onSaved` hears how many were saved (the open pages say so, as they
 * do for their own saves) before the rejection while a recording it could save still waits (the
 * connection dropped again), which makes Background Sync try again later.
 */
export async function processPendingInWorker(
  onSaved: (count: number) => Promise<void> = async () => {},
): Promise<number> {
  const steps = workerSteps(await signedInByCookie());
  const saved = await processWaiting(steps);
  if (saved > 0) await onSaved(saved);
  const now = Date.now();
  // One a tab has claimed (where Web Locks are missing) is that tab's to finish.
  const left = (await listPending()).filter(
    (record) => record.status === 'waiting' && steps.accepts(record) && record.claimedUntil <= now,
  );
  if (left.length > 0) throw new Error(`${left.length} kept recording(s) still waiting`);
  return saved;
}
