import { describe, expect, it } from 'vitest';
import { pickMimeType, recordingFileName } from './recorder';
import { explainMicError } from './mic-errors';

describe('recording format', () => {
  it('prefers webm/opus, then falls back to mp4 for Safari', () => {
    expect(pickMimeType(() => true)).toBe('audio/webm;codecs=opus');
    expect(pickMimeType((type) => type.startsWith('audio/mp4'))).toBe('audio/mp4;codecs=mp4a.40.2');
    expect(pickMimeType(() => false)).toBeUndefined();
  });

  it('names the upload recording.webm, or the extension of the recorded type', () => {
    expect(recordingFileName('audio/webm;codecs=opus')).toBe('recording.webm');
    expect(recordingFileName('audio/mp4')).toBe('recording.mp4');
    expect(recordingFileName('')).toBe('recording.webm');
  });
});

describe('microphone errors', () => {
  it.each([
    ['NotAllowedError', 'Microphone Permission Denied'],
    ['NotFoundError', 'No Microphone Found'],
    ['NotSupportedError', 'Microphone Not Supported'],
    ['OverconstrainedError', 'Microphone Settings Issue'],
    ['AbortError', 'Microphone Access Failed'],
  ])('%s is explained as %s', (name, title) => {
    const error = new Error('x');
    error.name = name;
    expect(explainMicError(error).title).toBe(title);
  });

  it('explains a non-error value as a generic failure', () => {
    expect(explainMicError('boom').title).toBe('Microphone Access Failed');
  });
});
