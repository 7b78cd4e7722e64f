/**
 * Whisper-family models answer silence and noise with markers instead of an empty string
 * ("[BLANK_AUDIO]", "(silence)", "[Music]"); they are not the person's words.
 */
const NON_SPEECH_MARKER = /\[[^\]]*\]|\([^)]*\)|\*[^*]*\*/g;

export function normaliseTranscript(raw: string): string {
  const withoutMarkers = raw.replace(NON_SPEECH_MARKER, ' ');
  const collapsed = withoutMarkers.replace(/\s+/g, ' ').trim();
  // Punctuation alone ("...", "-") is what some models print for a cough.
  return /[\p{L}\p{N}]/u.test(collapsed) ? collapsed : '';
}
