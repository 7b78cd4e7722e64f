import { createParser } from 'eventsource-parser';

export interface FormatEvent {
  event: string;
  data: unknown;
}

/** POST /api/format as a streaming client sends it, over a real socket. */
export function askForEvents(
  baseUrl: string,
  body: Record<string, unknown>,
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${baseUrl}/api/format`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
}

/**
 * Every server-sent event of a reply, in order, read as they arrive; `onEvent` hears each as
 * it comes (a test may hang up there).
 */
export async function readEvents(
  response: Response,
  onEvent: (event: FormatEvent) => void = () => undefined,
): Promise<FormatEvent[]> {
  const events: FormatEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = {
        event: message.event ?? 'message',
        data: JSON.parse(message.data) as unknown,
      };
      events.push(event);
      onEvent(event);
    },
  });
  if (response.body === null) return events;
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    parser.feed(value);
  }
}

/** The texts of the draft events, in order. */
export function draftsOf(events: readonly FormatEvent[]): string[] {
  return events
    .filter((event) => event.event === 'draft')
    .map((event) => (event.data as { formatted: string }).formatted);
}
