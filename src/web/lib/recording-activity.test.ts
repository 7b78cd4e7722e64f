import { describe, expect, it, vi } from 'vitest';
import { setRecordingActive, whenNotRecording } from './recording-activity';

describe('waiting for the recording under way', () => {
  it('runs at once when nothing records, and only after the recording ends otherwise', () => {
    const reload = vi.fn();
    whenNotRecording(reload);
    expect(reload).toHaveBeenCalledTimes(1);

    setRecordingActive(true);
    whenNotRecording(reload);
    setRecordingActive(true);
    expect(reload).toHaveBeenCalledTimes(1);
    setRecordingActive(false);
    expect(reload).toHaveBeenCalledTimes(2);
    setRecordingActive(false);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
