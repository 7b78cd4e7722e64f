/** docs/product.md, the recording state machine, kept pure so every transition is testable. */
export type RecordingState = 'idle' | 'listening' | 'processing' | 'done';

export type RecordingEvent =
  | { type: 'started' }
  | { type: 'stopped' }
  | { type: 'succeeded' }
  | { type: 'failed' }
  | { type: 'settled' };

/** The done look lasts about a second before idle returns with the result sheet open. */
export const DONE_HOLD_MS = 1000;

export function nextRecordingState(state: RecordingState, event: RecordingEvent): RecordingState {
  switch (event.type) {
    case 'failed':
      return 'idle';
    case 'started':
      return state === 'idle' ? 'listening' : state;
    case 'stopped':
      return state === 'listening' ? 'processing' : state;
    case 'succeeded':
      return state === 'processing' ? 'done' : state;
    case 'settled':
      return state === 'done' ? 'idle' : state;
  }
}

/** What a tap on the record button means: taps while processing (or done) do nothing. */
export function tapIntent(state: RecordingState): 'start' | 'stop' | 'none' {
  if (state === 'idle') return 'start';
  if (state === 'listening') return 'stop';
  return 'none';
}

export const RECORD_BUTTON_LABELS: Record<RecordingState, string> = {
  idle: 'Start voice recording',
  listening: 'Stop recording',
  processing: 'Processing voice recording',
  done: 'Recording complete',
};

/** When the server cannot transcribe, the big button opens the typed-idea sheet instead. */
export const TYPE_IDEA_BUTTON_LABEL = 'Type your idea (voice input is not available)';

export type ProcessingStage = 'transcribing' | 'deciding' | 'formatting';

/**
 * "Transcribing… 3 of 7" while a long recording is transcribed in pieces: the piece under way,
 * of how many. A recording of one piece says only "Transcribing…".
 */
function transcribingText(pieces: { done: number; total: number } | null): string {
  if (pieces === null || pieces.total < 2) return 'Transcribing…';
  return `Transcribing… ${Math.min(pieces.done + 1, pieces.total)} of ${pieces.total}`;
}

export function statusText(
  state: RecordingState,
  stage: ProcessingStage | null,
  voiceAvailable = true,
  pieces: { done: number; total: number } | null = null,
): string {
  switch (state) {
    case 'idle':
      return voiceAvailable ? 'Tap to record' : 'Type your idea';
    case 'listening':
      return 'Listening…';
    case 'processing':
      return stage === 'formatting'
        ? 'Formatting…'
        : stage === 'deciding'
          ? 'Reading your command…'
          : transcribingText(pieces);
    case 'done':
      return 'Done!';
  }
}
