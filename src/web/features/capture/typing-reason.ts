/**
 * Why the typed-idea sheet opened: the person chose it, the microphone cannot be used, neither
 * the server nor the browser can turn speech into text, a recording could not be transcribed, or
 * the browser's speech recognition gave up.
 */
export type TypingReason =
  'choice' | 'microphone' | 'no-transcription' | 'transcription-failed' | 'speech-failed';
