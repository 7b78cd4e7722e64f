import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

/**
 * Below this a JSON reply is sent as it is. Measured (docs/benchmarks.md, Compression): each
 * compressed reply costs about 0.2 ms of CPU whatever its size (the compressor's setup), while a
 * reply under 4 KiB fits in the first TCP round trip anyway, so compressing it saves the
 * person nothing they would notice. Above it, a page of ideas shrinks by 90% or more.
 */
export const COMPRESS_MIN_BYTES = 4096;

/** What is worth compressing on the fly: the API's JSON and the text exports. */
const COMPRESSIBLE = /^(?:application\/json|text\/csv|text\/markdown)(?:;|$)/;

/**
 * Compresses API replies on the fly. The web app's files are compressed at build time and
 * served as they are (web-app.ts); their Content-Encoding makes this plugin leave them alone.
 * Registered before the routes, because it attaches itself to each route as it is added.
 * Request bodies are never decompressed: an upload or a JSON body arrives exactly as sent,
 * so no compressed body can grow past the transport limits after they were checked.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    customTypes: COMPRESSIBLE,
    // gzip first: at these sizes it costs about 40% less CPU than brotli for about 15% more bytes.
    encodings: ['gzip', 'br'],
  });
}
