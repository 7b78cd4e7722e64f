import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';

/**
 * Below this a JSON reply is sent as it is: it fits in the first packets anyway, so compressing
 * it would cost CPU and save the person nothing they would notice. Above it a page of ideas
 * shrinks by 90% or more (docs/benchmarks.md, Compression).
 */
export const COMPRESS_MIN_BYTES = 2048;

/**
 * Fastest levels: measured on this project's idea pages, brotli at quality 1 costs about 20 µs
 * of CPU for 8 KB and makes it smaller than gzip at its default level, which costs three times
 * as much; quality 4 (the plugin's default) quadruples the cost for 15% fewer bytes. An API
 * reply is compressed once per request, so the cheap levels win.
 */
const BROTLI_QUALITY = 1;
const GZIP_LEVEL = 1;

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
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY } },
    zlibOptions: { level: GZIP_LEVEL },
  });
}
