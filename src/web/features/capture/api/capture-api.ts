import type { FormatResult, InferResult } from '#contract/api-schemas';
import type { Category, Format } from '#contract/taxonomy';
import { apiFetch, readResponse } from '#web/lib/api-client';
import { parseErrorBody } from '#web/lib/api-error';
import { apiPaths } from '#web/lib/paths';
import { CaptureError } from './capture-error';
import { currentServerLanguage } from '../spoken-language';

async function failureMessage(response: Response, fallback: string): Promise<string> {
  const body = parseErrorBody(await response.text().catch(() => ''));
  return body.message ?? body.error ?? fallback;
}

const RECORDING_TOKEN_HEADER = 'Recording-Token';

/**
 * The recording this capture's AI calls belong to (ADR 071): the call that spends a unit of the
 * AI rate limit names it in its reply, and the infer and format calls that follow send it back
 * so the whole recording costs one unit. A transcription starts a new recording; the format
 * call ends it.
 */
let recordingToken: string | null = null;

function rememberRecording(response: Response): void {
  const token = response.headers.get(RECORDING_TOKEN_HEADER);
  if (token) recordingToken = token;
}

/** An upload's creation spent the unit (docs/api.md, "Recordings"): its token starts a recording. */
export function rememberRecordingToken(token: string): void {
  recordingToken = token;
}

function recordingHeaders(): Record<string, string> {
  return recordingToken === null ? {} : { [RECORDING_TOKEN_HEADER]: recordingToken };
}

export async function transcribe(audio: Blob, fileName: string): Promise<string> {
  const form = new FormData();
  // Before the audio: the server reads the fields that come ahead of the file (docs/api.md).
  const language = currentServerLanguage();
  if (language !== undefined) form.append('language', language);
  form.append('audio', audio, fileName);
  recordingToken = null;
  const response = await apiFetch('POST', apiPaths.transcribe, { formData: form });
  rememberRecording(response);
  if (!response.ok) {
    throw new CaptureError(
      await failureMessage(response, `Transcription failed with status ${response.status}`),
      response.status,
    );
  }
  return (await readResponse('TranscribeResultSchema', response, apiPaths.transcribe)).transcript;
}

/** The format request: smart mode, and the language spoken when the setting names one. */
function withLanguage(input: { transcript: string; format: Format; category: Category }) {
  const language = currentServerLanguage();
  return { ...input, mode: 'smart', ...(language === undefined ? {} : { language }) };
}

/**
 * The transcript formatted in smart mode. With `onDraft`, the answer is asked for as it is
 * written and each draft told (unchecked words, to show as being written); the promise is still
 * the checked answer. A stream cut before its answer is asked for once more as JSON, so a proxy
 * that breaks streams costs time, not the idea.
 */
export async function formatTranscript(
  input: { transcript: string; format: Format; category: Category },
  onDraft?: (soFar: string) => void,
): Promise<FormatResult> {
  const headers = recordingHeaders();
  recordingToken = null;
  if (onDraft) {
    const answer = await formatAsWritten(input, headers, onDraft);
    if (answer !== null) return answer;
  }
  const response = await apiFetch('POST', apiPaths.format, {
    body: withLanguage(input),
    headers,
  });
  if (!response.ok) {
    throw new CaptureError(
      await failureMessage(response, `Formatting failed with status ${response.status}`),
      response.status,
    );
  }
  return readResponse('FormatResultSchema', response, apiPaths.format);
}

/**
 * The checked answer, its drafts told as they come; null when the stream was cut before it.
 * The reader is fetched with the first answer: no screen needs the parser before a word is
 * written, and the first screen has a script budget (docs/benchmarks.md).
 */
async function formatAsWritten(
  input: { transcript: string; format: Format; category: Category },
  headers: Record<string, string>,
  onDraft: (soFar: string) => void,
): Promise<FormatResult | null> {
  const [response, { FormatStreamError, isEventStream, readFormatEvents }] = await Promise.all([
    apiFetch('POST', apiPaths.format, {
      body: withLanguage(input),
      headers: { ...headers, Accept: 'text/event-stream' },
    }),
    import('./format-events'),
  ]);
  if (!response.ok) {
    throw new CaptureError(
      await failureMessage(response, `Formatting failed with status ${response.status}`),
      response.status,
    );
  }
  if (!isEventStream(response))
    return readResponse('FormatResultSchema', response, apiPaths.format);
  try {
    const [answer, { checkResponse }] = await Promise.all([
      readFormatEvents(response, onDraft),
      import('#web/lib/check-response'),
    ]);
    return checkResponse('FormatResultSchema', answer, apiPaths.format);
  } catch (error) {
    if (!(error instanceof FormatStreamError)) throw error;
    if (error.kind === 'cut') return null;
    // The server's own sentence, shown as any failed format is.
    throw new CaptureError(error.message, 500);
  }
}

/** docs/product.md, What goes wrong: inference failures are silent: nothing found, confidence 0. */
export async function inferOnServer(transcript: string): Promise<InferResult> {
  const nothing: InferResult = { format: null, category: null, confidence: 0 };
  try {
    const response = await apiFetch('POST', apiPaths.inferFormatCategory, {
      body: { transcript },
      headers: recordingHeaders(),
    });
    rememberRecording(response);
    if (!response.ok) return nothing;
    // An answer in any other shape (ResponseShapeError) is nothing found too.
    return await readResponse('InferResultSchema', response, apiPaths.inferFormatCategory);
  } catch {
    return nothing;
  }
}
