import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';

/**
 * What a route that streams its answer sends: the stream itself, or for HEAD an empty one in
 * its place, the real one closed unread. Fastify answers HEAD by running the GET handler and
 * reading its stream to the end to discard it: every byte of a recording from disk or the
 * database, every idea of an export, for an answer that carries none of them. The headers the
 * route set (its Content-Length among them) are kept.
 */
export function streamUnlessHead(request: FastifyRequest, stream: Readable): Readable {
  if (request.method !== 'HEAD') return stream;
  stream.destroy();
  return Readable.from([]);
}
