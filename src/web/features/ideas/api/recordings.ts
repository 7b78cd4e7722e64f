import type { Category, Format } from '#contract/taxonomy';
import type { Recording } from '#contract/api-schemas';
import { apiFetch, apiRequest, throwIfNotOk } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import { decideFormatAndCategory } from '#text/detect/decide';

/** docs/api.md, "Recordings": an idea's recording, its audio and its transcription again. */
const recordingPath = (id: string) => `/api/recordings/${encodeURIComponent(id)}`;
export const audioPath = (id: string) => `${recordingPath(id)}/audio`;

/** How often the sheet asks how a new transcription is going, and for how long at most. */
const POLL_MS = 1000;
const TRANSCRIBE_AGAIN_MAX_MS = 15 * 60 * 1000;

export type AudioSource = { src: string; release: () => void } | null;

/**
 * Where the player reads the audio, or null when the server no longer has it (not kept, or
 * deleted). A signed-in person's session cookie goes with the player's own requests, so the
 * player seeks with range requests; a guest is known by a header a media element cannot send,
 * so a guest's audio is fetched once into memory and played from there.
 */
export async function recordingAudio(
  recordingId: string,
  signedIn: boolean,
  signal: AbortSignal,
): Promise<AudioSource> {
  const url = audioPath(recordingId);
  const probe = await apiFetch('GET', url, { headers: { Range: 'bytes=0-0' }, signal });
  if (probe.status === 404) return null;
  await throwIfNotOk(probe);
  await probe.body?.cancel();
  if (signedIn) return { src: url, release: () => undefined };
  const whole = await apiFetch('GET', url, { signal });
  await throwIfNotOk(whole);
  const src = URL.createObjectURL(await whole.blob());
  return { src, release: () => URL.revokeObjectURL(src) };
}

/**
 * Transcribes the recording again through the server's queue and waits for the words; tells
 * each state on the way ("Transcribing… 2 of 5"). Rejects with the server's reason on failure.
 */
export async function transcribeAgain(
  recordingId: string,
  onState: (recording: Recording) => void,
  signal: AbortSignal,
): Promise<string> {
  let recording = await apiRequest(
    'RecordingSchema',
    'POST',
    `${recordingPath(recordingId)}/transcribe`,
    { signal },
  );
  const deadline = Date.now() + TRANSCRIBE_AGAIN_MAX_MS;
  for (;;) {
    onState(recording);
    if (recording.status === 'done' && recording.transcript !== null) return recording.transcript;
    if (recording.status === 'failed') {
      throw new Error(recording.error?.message ?? 'The recording could not be transcribed.');
    }
    if (Date.now() > deadline) throw new Error('Transcribing took too long. Please try again.');
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    signal.throwIfAborted();
    recording = await apiRequest('RecordingSchema', 'GET', recordingPath(recordingId), { signal });
  }
}

/**
 * The new words written up in the idea's own format and category (the person may have
 * reformatted it since it was recorded), without a spoken command, as a recording's are.
 */
export async function formatAgain(
  transcript: string,
  format: Format,
  category: Category,
  signal: AbortSignal,
): Promise<{ content: string; transcript: string }> {
  const decision = await decideFormatAndCategory(transcript, { format, category });
  const result = await apiRequest('FormatResultSchema', 'POST', apiPaths.format, {
    body: { transcript: decision.content, format, category, mode: 'smart' },
    signal,
  });
  return { content: result.formatted, transcript: decision.content };
}
