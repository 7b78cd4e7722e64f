import type { FastifyReply } from 'fastify';
import type { Recording } from '#contract/api-schemas.js';

/**
 * GET /api/recordings/:id/events: the recording as server-sent events, one each time its status
 * or progress changes, ending after done or failed. The row is read every POLL_MS rather than
 * told by the worker, so a job running on another instance is followed just the same.
 */
const POLL_MS = 400;
/** A comment now and then keeps proxies from closing a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

export function streamRecordingEvents(
  reply: FastifyReply,
  first: Recording,
  read: () => Promise<Recording>,
): void {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  let closed = false;
  let lastSent = '';
  let lastWrite = Date.now();
  const send = (recording: Recording): boolean => {
    const key = `${recording.status}|${recording.progress}`;
    if (key !== lastSent) {
      lastSent = key;
      raw.write(`data: ${JSON.stringify(recording)}\n\n`);
      lastWrite = Date.now();
    }
    return recording.status === 'done' || recording.status === 'failed';
  };
  const end = (): void => {
    if (closed) return;
    closed = true;
    clearInterval(timer);
    raw.end();
  };
  raw.on('close', () => {
    closed = true;
    clearInterval(timer);
  });
  let reading = false;
  const timer = setInterval(() => {
    if (closed || reading) return;
    reading = true;
    read()
      .then((recording) => {
        if (closed) return;
        if (send(recording)) end();
        else if (Date.now() - lastWrite >= KEEP_ALIVE_MS) {
          raw.write(': still working\n\n');
          lastWrite = Date.now();
        }
      })
      // Deleted meanwhile, or the database away: the stream ends; the client can ask again.
      .catch(end)
      .finally(() => {
        reading = false;
      });
  }, POLL_MS);
  timer.unref();
  if (send(first)) end();
}
