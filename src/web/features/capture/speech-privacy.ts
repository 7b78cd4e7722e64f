import type { SpeechSetup } from './speech-engine';

/**
 * Who hears the audio, said plainly for the engine this install uses: the person's privacy
 * depends on it, so onboarding and Voice Settings say the same thing. `heardOnDevice` is true
 * only once the browser said it recognises speech on the device itself.
 */
export function whoHears(
  speech: Pick<SpeechSetup, 'engine' | 'serverEngine'>,
  heardOnDevice = false,
): string {
  if (speech.engine === 'browser') {
    return heardOnDevice
      ? 'Your browser recognises your speech on this device: the audio does not leave it.'
      : "Your browser sends the audio to its maker's speech service to recognise it (Google for Chrome, Apple for Safari).";
  }
  if (speech.serverEngine === 'whisper') {
    return 'Your recording is uploaded to this server and transcribed on it, by no one else.';
  }
  if (speech.serverEngine === 'openai') {
    return 'Your recording is uploaded to this server, which passes it to the speech-to-text provider it is set up with.';
  }
  return 'Your recording is uploaded to this server to be transcribed.';
}

/** Onboarding's privacy line for this install: how it listens, or that it does not. */
export function onboardingPrivacyNote(speech: Pick<SpeechSetup, 'engine' | 'serverEngine'>) {
  if (speech.engine === null) {
    return 'Here you type your ideas: nothing is recorded, and your words go to this server to be formatted.';
  }
  return `We'll ask for microphone access when you first record. ${whoHears(speech)}`;
}
