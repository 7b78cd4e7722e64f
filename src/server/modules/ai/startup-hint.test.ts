import { describe, expect, it } from 'vitest';
import { speechToTextHint } from './startup-hint.js';

describe('speechToTextHint', () => {
  it('tells a person at a terminal how to turn speech-to-text on, in one line', () => {
    const hint = speechToTextHint({ isTTY: true, configured: 'auto', resolved: 'none' });
    expect(hint).toMatch(/^Speech-to-text is off on this server: run `npm run models`/);
    expect(hint).toMatch(/TRANSCRIBE_BASE_URL/);
    expect(hint).not.toMatch(/\n/);
  });

  it('stays out of logs that are not a terminal', () => {
    expect(speechToTextHint({ isTTY: false, configured: 'auto', resolved: 'none' })).toBeNull();
  });

  it('says nothing when speech-to-text was switched off on purpose', () => {
    expect(speechToTextHint({ isTTY: true, configured: 'none', resolved: 'none' })).toBeNull();
  });

  it.each(['whisper', 'openai'] as const)('says nothing when auto found %s', (resolved) => {
    expect(speechToTextHint({ isTTY: true, configured: 'auto', resolved })).toBeNull();
  });
});
