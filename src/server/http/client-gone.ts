import type { FastifyReply } from 'fastify';

/** Aborts when the client disconnects before the answer is sent, so no one waits for nothing. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Work that may be cancelled asks for the signal when it starts something worth cancelling. */
export type CancelSignal = () => AbortSignal;

/**
 * clientGoneSignal made the first time it is asked for. An AbortSignal and its close listener cost
 * a few microseconds of CPU and more of garbage collection, as much as formatting a short tweet
 * (docs/lab-notes/2026-11-format-http-p99.md), and the rules path has nothing to cancel: only a
 * call that goes to a model asks. It asks synchronously, in the handler's own tick, so the close it
 * listens for cannot have been missed in between.
 */
export function lazyClientGoneSignal(reply: FastifyReply): CancelSignal {
  let signal: AbortSignal | undefined;
  return () => (signal ??= clientGoneSignal(reply));
}
