/** docs/product.md, What goes wrong: how a microphone failure is explained (a toast shown for 10 s). */
export const MIC_ERROR_TOAST_MS = 10_000;

export interface MicErrorExplanation {
  title: string;
  description: string;
  /** The microphone cannot be used now, so offer typing the idea instead. */
  offerTyping: boolean;
}

export function explainMicError(error: unknown): MicErrorExplanation {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return {
        title: 'Microphone Permission Denied',
        description: 'Allow microphone access in your browser settings and refresh the page.',
        offerTyping: true,
      };
    case 'NotFoundError':
      return {
        title: 'No Microphone Found',
        description: 'Connect a microphone and try again, or type your idea instead.',
        offerTyping: true,
      };
    case 'NotSupportedError':
      return {
        title: 'Microphone Not Supported',
        description: 'This browser cannot record audio. Try Chrome or Safari.',
        offerTyping: true,
      };
    case 'OverconstrainedError':
      return {
        title: 'Microphone Settings Issue',
        description: 'Your microphone does not support the requested settings. Try another one.',
        offerTyping: true,
      };
    default:
      return {
        title: 'Microphone Access Failed',
        description: 'The microphone could not be started. Check it is not in use and try again.',
        offerTyping: true,
      };
  }
}
