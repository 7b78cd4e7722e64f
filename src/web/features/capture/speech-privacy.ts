import type { WriterEngineName } from '#contract/api-schemas';
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

/** Who writes, in the words Voice Settings and the Privacy page use for it. */
export const WRITER_LABELS: Record<WriterEngineName, string> = {
  none: 'rules',
  local: 'a model on this server',
  openai: 'an AI service',
};

/**
 * Where the words go to be written up, for the writer this server has (`/api/config`
 * `formatter.engine`), said in Voice Settings and on the Privacy page alike.
 */
export function whoWrites(writer: WriterEngineName): string {
  if (writer === 'local') {
    return 'Your words are written up by a language model that runs on this server, by no one else.';
  }
  if (writer === 'openai') {
    return 'Your words are sent from this server to the AI writing service it is set up with, which writes them up; if it fails, this server’s own rules do.';
  }
  return 'Your words are written up by this server’s own rules, by no one else.';
}
