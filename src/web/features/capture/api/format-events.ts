import { createParser } from 'eventsource-parser';

/*
 * POST /api/format's answer as it is written (docs/api.md, "Extension: the answer as it is
 * written"): `draft` events with the model's words so far, then `done` with the checked answer,
 * or `error`. Read with fetch and eventsource-parser, as the recordings' progress is: EventSource
 * cannot POST.
 */

/** The stream told a failure (`failed`, with the server's sentence) or ended without an answer. */
export class FormatStreamError extends Error {
  readonly kind: 'failed' | 'cut';
  constructor(kind: 'failed' | 'cut', message: string) {
    super(message);
    this.name = 'FormatStreamError';
    this.kind = kind;
  }
}

export function isEventStream(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').startsWith('text/event-stream');
}

function parse(data: string): unknown {
  try {
    return JSON.parse(data);
  } catch {
    return null;
  }
}

/**
 * Tells each draft to `onDraft` and resolves with the `done` event's body, unchecked (the
 * caller checks it against the contract). A stream that breaks or ends before `done` is a
 * FormatStreamError of kind `cut`; an `error` event one of kind `failed`.
 */
export async function readFormatEvents(
  response: Response,
  onDraft: (soFar: string) => void,
): Promise<unknown> {
  let answer: { done: unknown } | { failed: string } | null = null;
  const parser = createParser({
    onEvent(event) {
      if (answer !== null) return;
      const data = parse(event.data) as Record<string, unknown> | null;
      if (event.event === 'draft') {
        if (typeof data?.formatted === 'string') onDraft(data.formatted);
      } else if (event.event === 'done') {
        answer = { done: data };
      } else if (event.event === 'error') {
        answer = {
          failed:
            typeof data?.message === 'string' ? data.message : 'The idea could not be formatted.',
        };
      }
    },
  });
  if (response.body === null) throw new FormatStreamError('cut', 'The answer had no body.');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(value);
    }
  } catch {
    throw new FormatStreamError('cut', 'The answer was cut off.');
  }
  const told = answer as { done: unknown } | { failed: string } | null;
  if (told === null) throw new FormatStreamError('cut', 'The answer ended before it was done.');
  if ('failed' in told) throw new FormatStreamError('failed', told.failed);
  return told.done;
}
