/**
 * Why the typed-idea sheet opened: the person chose it, the microphone cannot be used, the server
 * has no speech-to-text engine, or a recording could not be transcribed.
 */
export type TypingReason = 'choice' | 'microphone' | 'no-transcription' | 'transcription-failed';
