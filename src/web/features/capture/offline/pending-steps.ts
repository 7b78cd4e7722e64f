import { apiRequest } from '#web/lib/api-client';
import { apiPaths } from '#web/lib/paths';
import type { Session } from '#web/lib/session';
import { ensureGuestId } from '#web/lib/guest-id';
import { rememberRecordingToken, transcribe } from '../api/capture-api';
import { recordingFileName } from '../recorder';
import { transcriptOf } from './follow-recording';
import type { PendingSteps } from './process-pending';
import { keptSource, uploadRecording } from './recording-upload';

/**
 * The page's server calls for a kept recording: the same transcription, decision and formatting
 * as a live one (with the format and category chosen when it was recorded), then the save of
 * docs/api.md with the recording's id as Idempotency-Key.
 */
export function pendingSteps(session: Pick<Session, 'isSignedIn' | 'me'>): PendingSteps {
  return {
    // The page saves every recording as whoever its session is, as a live one would be saved.
    accepts: () => true,
    transcribe: (audio) => transcribe(audio, recordingFileName(audio.type)),
    async upload(record) {
      const upload = uploadRecording({
        record,
        source: await keptSource(record),
        guestId: ensureGuestId(),
        onRecordingToken: rememberRecordingToken,
      });
      return upload.run();
    },
    transcriptOf: (recordingId) => transcriptOf(recordingId, ensureGuestId()),
    async format(record, transcript) {
      const { formatCapturedText } = await import('../pipeline');
      const result = await formatCapturedText(
        transcript,
        { format: record.format, category: record.category },
        () => undefined,
      );
      return {
        content: result.formatted.formatted,
        format: result.decision.format,
        category: result.decision.category,
        transcript: result.transcript,
      };
    },
    save(idea, record) {
      return apiRequest(
        'IdeaSchema',
        'POST',
        session.isSignedIn ? apiPaths.ideas : apiPaths.guestIdeas,
        {
          headers: { 'Idempotency-Key': record.id },
          body: session.isSignedIn
            ? { ...idea, userId: session.me?.id ?? '' }
            : { ...idea, guestId: '' },
        },
      );
    },
  };
}
