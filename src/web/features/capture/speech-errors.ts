import type { TypingReason } from './typing-reason';

export interface SpeechErrorExplanation {
  title: string;
  description: string;
  /** Which note the typed-idea sheet shows when the person chooses to type instead. */
  typingReason: TypingReason;
  /** The microphone itself is refused or missing, so typing stays offered beside the button. */
  micUnavailable: boolean;
}

const OR_TYPE = 'or type your idea instead.';

/**
 * One message per Web Speech API error code: what happened, in the person's terms, and the one
 * thing to do next. Where the server can transcribe, the way out of a browser-side problem is to
 * let the server do it.
 */
export function explainSpeechError(code: string, serverAvailable: boolean): SpeechErrorExplanation {
  const elsewhere = serverAvailable
    ? `Choose "This server" in Voice Settings, ${OR_TYPE}`
    : `Please ${OR_TYPE.replace('or ', '')}`;
  const failed = (title: string, description: string): SpeechErrorExplanation => ({
    title,
    description,
    typingReason: 'speech-failed',
    micUnavailable: false,
  });
  switch (code) {
    case 'no-speech':
      return failed(
        'No speech heard',
        `Check that your microphone is on and not muted, then try again, ${OR_TYPE}`,
      );
    case 'network':
      return failed(
        'Speech service unreachable',
        `Your browser needs an internet connection to recognise speech. ${elsewhere}`,
      );
    case 'not-allowed':
      return {
        title: 'Microphone Permission Denied',
        description:
          'Allow microphone access for this site in your browser settings, then try again.',
        typingReason: 'microphone',
        micUnavailable: true,
      };
    case 'service-not-allowed':
      return failed(
        'Browser speech recognition is off',
        `This browser does not let this site use its speech service. ${elsewhere}`,
      );
    case 'audio-capture':
      return {
        title: 'Microphone Not Available',
        description: 'Connect a microphone, or close other apps using it, then try again.',
        typingReason: 'microphone',
        micUnavailable: true,
      };
    case 'aborted':
      return failed(
        'Listening was interrupted',
        `Another app or tab may have taken the microphone. Try again, ${OR_TYPE}`,
      );
    case 'language-not-supported':
      return failed(
        'English is not available here',
        `This browser cannot recognise English speech. ${elsewhere}`,
      );
    default:
      return failed('Speech recognition failed', `Try again, ${OR_TYPE}`);
  }
}
