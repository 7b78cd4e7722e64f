import type { FastifyReply } from 'fastify';

/** Aborts when the client disconnects before the answer is sent, so no one waits for nothing. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
