import type { FormatResult } from '#contract/api-schemas';
import { decideFormatAndCategory, type Decision } from '#text/detect/decide';
import { formatTranscript, inferOnServer } from './api/capture-api';
import type { VoiceSettings } from './voice-settings';

export interface CaptureResult {
  transcript: string;
  decision: Decision;
  formatted: FormatResult;
}

/**
 * From transcript to formatted idea: decide format and category (spoken command, local
 * detector, server inference, then the selection), strip the command, format in smart mode.
 * Loaded on demand: the detector's keyword tables are not needed until someone has spoken.
 */
export async function formatCapturedText(
  transcript: string,
  selected: VoiceSettings,
  onDecided: (decision: Decision) => void,
): Promise<CaptureResult> {
  const decision = await decideFormatAndCategory(transcript, selected, inferOnServer);
  onDecided(decision);
  const formatted = await formatTranscript({
    transcript: decision.content,
    format: decision.format,
    category: decision.category,
  });
  return { transcript, decision, formatted };
}
