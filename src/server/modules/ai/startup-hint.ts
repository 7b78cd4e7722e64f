import type { Config } from '../../config.js';

export interface SpeechHintInput {
  /** process.stdout.isTTY: a person is reading, not a log collector. */
  isTTY: boolean;
  /** TRANSCRIBE_ENGINE as configured. */
  configured: Config['transcription']['engine'];
  /** What `auto` (or the setting) resolved to at start. */
  resolved: 'openai' | 'whisper' | 'none';
}

/**
 * The one line `npm start` prints when the server's speech-to-text is off only because nothing
 * was set up, saying how to turn it on. Nothing when TRANSCRIBE_ENGINE=none was chosen on
 * purpose, and nothing in a service log, where the start-up warning already gives the reason.
 */
export function speechToTextHint({ isTTY, configured, resolved }: SpeechHintInput): string | null {
  if (!isTTY || configured !== 'auto' || resolved !== 'none') return null;
  return "Speech-to-text is off on this server: run `npm run models` to download whisper.cpp's base.en model (142 MiB), or set TRANSCRIBE_BASE_URL; until then the app uses the browser's own speech recognition where there is one, else typing.";
}
