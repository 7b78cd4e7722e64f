import { describe, expect, it } from 'vitest';
import { FormatStreamError, isEventStream, readFormatEvents } from './format-events';

/** A reply whose body arrives in the pieces given, as a network splits it. */
function streamed(pieces: string[], fail = false): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(new TextEncoder().encode(piece));
      if (fail) controller.error(new TypeError('network error'));
      else controller.close();
    },
  });
  return new Response(body, { headers: { 'content-type': 'text/event-stream; charset=utf-8' } });
}

const DONE = { formatted: 'Ship it Friday', path: 'llm', mode: 'smart', notes: [] };

async function failureOf(promise: Promise<unknown>): Promise<FormatStreamError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof FormatStreamError)) throw new Error(`expected a FormatStreamError`);
  return error;
}

describe('reading the answer as it is written', () => {
  it('tells each draft, even split across packets, and ends on the done answer', async () => {
    const drafts: string[] = [];
    const answer = await readFormatEvents(
      streamed([
        'event: draft\ndata: {"formatted":"Ship"}\n\nevent: dr',
        'aft\ndata: {"formatted":"Ship it"}\n\n',
        `event: done\ndata: ${JSON.stringify(DONE)}\n\n`,
      ]),
      (text) => drafts.push(text),
    );
    expect(drafts).toEqual(['Ship', 'Ship it']);
    expect(answer).toEqual(DONE);
  });

  it("fails with the server's own sentence on an error event", async () => {
    const error = await failureOf(
      readFormatEvents(
        streamed([
          'event: draft\ndata: {"formatted":"Ship"}\n\n',
          'event: error\ndata: {"error":"internal_error","message":"Something went wrong on the server."}\n\n',
        ]),
        () => undefined,
      ),
    );
    expect(error.kind).toBe('failed');
    expect(error.message).toBe('Something went wrong on the server.');
  });

  it('calls a stream that breaks or ends before its answer cut', async () => {
    const broken = await failureOf(
      readFormatEvents(streamed(['event: draft\ndata: {"formatted":"Ship"}\n\n'], true), () => {}),
    );
    expect(broken.kind).toBe('cut');
    const ended = await failureOf(
      readFormatEvents(streamed(['event: draft\ndata: {"formatted":"Ship"}\n\n']), () => {}),
    );
    expect(ended.kind).toBe('cut');
  });

  it('ignores drafts that are not text and events it does not know', async () => {
    const drafts: string[] = [];
    const answer = await readFormatEvents(
      streamed([
        'event: draft\ndata: {"formatted":42}\n\n',
        'event: draft\ndata: not json\n\n',
        ': a comment\n\nevent: other\ndata: {}\n\n',
        `event: done\ndata: ${JSON.stringify(DONE)}\n\n`,
      ]),
      (text) => drafts.push(text),
    );
    expect(drafts).toEqual([]);
    expect(answer).toEqual(DONE);
  });

  it('knows an event stream from a JSON answer by its type', () => {
    expect(isEventStream(streamed([]))).toBe(true);
    expect(isEventStream(Response.json(DONE))).toBe(false);
  });
});
