import type { FormatResult } from '#contract/api-schemas';
import type { Category, Format } from '#contract/taxonomy';
import { decideFormatAndCategory, type Decision } from '#text/detect/decide';
import { isEnglish, spokenLanguage } from '#text/detect/spoken-language';
import { formatTranscript, inferOnServer } from './api/capture-api';
import { currentServerLanguage } from './spoken-language';
import type { VoiceSettings } from './voice-settings';

export interface CaptureResult {
  transcript: string;
  /** The format and category applied, and how they were chosen. */
  decision: Decision;
  formatted: FormatResult;
  /** The person's own setting when they spoke: what an overriding detection is undone to. */
  selected: VoiceSettings;
  /** The server's recording it was transcribed from, which the saved idea names; null for none. */
  recordingId: string | null;
}

/** The words being written, before the checked answer: what the result sheet shows meanwhile. */
export interface CaptureDraft extends Omit<CaptureResult, 'formatted'> {
  /** The model's words so far, unchecked. */
  text: string;
}

/**
 * From transcript to formatted idea: decide format and category (spoken command, local
 * detector, server inference, then the selection), strip the command, format in smart mode;
 * with `onDraft`, the words are told as the model writes them.
 * Loaded on demand: the detector's keyword tables are not needed until someone has spoken.
 */
export async function formatCapturedText(
  transcript: string,
  selected: VoiceSettings,
  onDecided: (decision: Decision) => void,
  recordingId: string | null = null,
  onDraft?: (draft: CaptureDraft) => void,
): Promise<CaptureResult> {
  // The detector reads English: speech in another language keeps the person's own setting.
  const english = isEnglish(spokenLanguage(transcript, currentServerLanguage()));
  const decision = await decideFormatAndCategory(transcript, selected, inferOnServer, english);
  onDecided(decision);
  const formatted = await formatTranscript(
    { transcript: decision.content, format: decision.format, category: decision.category },
    onDraft && ((text) => onDraft({ transcript, decision, selected, recordingId, text })),
  );
  return { transcript, decision, formatted, selected, recordingId };
}

/** True when a command or the detector chose something other than the person's own setting. */
export function overridesSetting(result: Pick<CaptureResult, 'decision' | 'selected'>): boolean {
  return (
    result.decision.source !== 'settings' &&
    (result.decision.format !== result.selected.format ||
      result.decision.category !== result.selected.category)
  );
}

/**
 * The same words written again in the format and category the person picked in the result
 * sheet, before saving: from what was said (the command phrase still left out), never from the
 * text shown, so nothing of one format's shape leaks into the next.
 */
export async function rewriteCaptured(
  result: CaptureResult,
  choice: { format: Format; category: Category },
  onDraft?: (soFar: string) => void,
): Promise<CaptureResult> {
  const formatted = await formatTranscript(
    { transcript: result.decision.content, format: choice.format, category: choice.category },
    onDraft,
  );
  return {
    ...result,
    decision: {
      ...result.decision,
      ...choice,
      source: 'settings',
      confidence: 0,
      commandDetected: false,
    },
    formatted,
  };
}
