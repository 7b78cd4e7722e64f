import { describe, expect, it } from 'vitest';
import { onboardingPrivacyNote } from './speech-privacy';

describe("onboarding's privacy line", () => {
  it('says who hears the voice on this install, not a promise it cannot keep', () => {
    expect(onboardingPrivacyNote({ engine: 'server', serverEngine: 'whisper' })).toBe(
      "We'll ask for microphone access when you first record. Your recording is uploaded to this server and transcribed on it, by no one else.",
    );
    expect(onboardingPrivacyNote({ engine: 'server', serverEngine: 'openai' })).toContain(
      'passes it to the speech-to-text provider',
    );
    expect(onboardingPrivacyNote({ engine: 'browser', serverEngine: 'none' })).toContain(
      "Your browser sends the audio to its maker's speech service",
    );
    for (const note of [
      onboardingPrivacyNote({ engine: 'server', serverEngine: 'openai' }),
      onboardingPrivacyNote({ engine: 'browser', serverEngine: 'none' }),
    ]) {
      expect(note).not.toMatch(/private/i);
    }
  });

  it('says nothing is recorded where the person can only type', () => {
    const note = onboardingPrivacyNote({ engine: null, serverEngine: 'none' });
    expect(note).toMatch(/^Here you type your ideas: nothing is recorded/);
    expect(note).not.toMatch(/microphone/);
  });
});
