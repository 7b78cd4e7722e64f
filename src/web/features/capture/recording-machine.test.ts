import { describe, expect, it } from 'vitest';
import {
  RECORD_BUTTON_LABELS,
  nextRecordingState,
  statusText,
  tapIntent,
  type RecordingState,
} from './recording-machine';

describe('recording state machine', () => {
  it('walks idle -> listening -> processing -> done -> idle', () => {
    let state: RecordingState = 'idle';
    state = nextRecordingState(state, { type: 'started' });
    expect(state).toBe('listening');
    state = nextRecordingState(state, { type: 'stopped' });
    expect(state).toBe('processing');
    state = nextRecordingState(state, { type: 'succeeded' });
    expect(state).toBe('done');
    state = nextRecordingState(state, { type: 'settled' });
    expect(state).toBe('idle');
  });

  it('returns to idle from any state on failure', () => {
    for (const state of ['idle', 'listening', 'processing', 'done'] as const) {
      expect(nextRecordingState(state, { type: 'failed' })).toBe('idle');
    }
  });

  it('ignores events that do not belong to the current state', () => {
    expect(nextRecordingState('processing', { type: 'started' })).toBe('processing');
    expect(nextRecordingState('idle', { type: 'stopped' })).toBe('idle');
    expect(nextRecordingState('listening', { type: 'succeeded' })).toBe('listening');
    expect(nextRecordingState('processing', { type: 'settled' })).toBe('processing');
  });

  it('toggles on tap and does nothing while processing', () => {
    expect(tapIntent('idle')).toBe('start');
    expect(tapIntent('listening')).toBe('stop');
    expect(tapIntent('processing')).toBe('none');
    expect(tapIntent('done')).toBe('none');
  });

  it('uses the exact button labels of docs/product.md', () => {
    expect(RECORD_BUTTON_LABELS).toEqual({
      idle: 'Start voice recording',
      listening: 'Stop recording',
      processing: 'Processing voice recording',
      done: 'Recording complete',
    });
  });

  it('says what is happening while processing', () => {
    expect(statusText('processing', 'transcribing')).toBe('Transcribing…');
    expect(statusText('processing', 'formatting')).toBe('Formatting…');
  });

  it('asks for typing instead of recording when the server cannot transcribe', () => {
    expect(statusText('idle', null)).toBe('Tap to record');
    expect(statusText('idle', null, false)).toBe('Type your idea');
    // Typed text is still formatted, so the processing words stay the same.
    expect(statusText('processing', 'formatting', false)).toBe('Formatting…');
  });
});

describe('the status while a long recording is transcribed', () => {
  it('counts the piece under way of how many: "Transcribing… 3 of 7"', () => {
    expect(statusText('processing', 'transcribing', true, { done: 2, total: 7 })).toBe(
      'Transcribing… 3 of 7',
    );
    expect(statusText('processing', 'transcribing', true, { done: 7, total: 7 })).toBe(
      'Transcribing… 7 of 7',
    );
  });

  it('says only "Transcribing…" for a recording of one piece, or before it is cut', () => {
    expect(statusText('processing', 'transcribing', true, { done: 0, total: 1 })).toBe(
      'Transcribing…',
    );
    expect(statusText('processing', 'transcribing', true, null)).toBe('Transcribing…');
  });
});
