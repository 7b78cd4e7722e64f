import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FormatBodySchema,
  FormatResultSchema,
  InferBodySchema,
  InferResultSchema,
  TranscribeResultSchema,
  type InferResult,
} from '../../core/api-schemas.js';
import { AUDIO_UPLOAD_MAX_BYTES } from '../../core/limits.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { aiRateLimit } from '../http/rate-limits.js';
import type { AiServices } from '../services/ai/ai-services.js';
import { sniffAudioContainer, SNIFF_BYTES } from '../services/ai/audio-sniff.js';
import { TranscriptionError, type Transcriber } from '../services/ai/transcriber.js';

export interface AiRoutesOptions {
  config: Config;
  services: AiServices;
  /** Where uploads are staged (one fresh directory per request, always removed); default TMPDIR. */
  uploadTempDir?: string;
}

/** Multipart framing around the file; a request declaring more than this is refused unread. */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;
const ACCEPTED_AUDIO = 'webm, ogg, mp4/m4a, wav or mp3';

/** Aborts when the client disconnects before the answer is sent, so no one waits for nothing. */
export function clientGoneSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

function transcriptionHttpError(error: TranscriptionError): HttpError {
  switch (error.kind) {
    case 'no_speech':
      return new HttpError(422, 'no_speech', 'No speech was detected in the recording.');
    case 'undecodable':
      return new HttpError(
        415,
        'unsupported_media_type',
        `The recording could not be decoded; send ${ACCEPTED_AUDIO} audio.`,
      );
    case 'unavailable':
      return new HttpError(
        503,
        'transcription_unavailable',
        'Transcription is not configured on this server.',
      );
    case 'timeout':
      return new HttpError(
        502,
        'transcription_failed',
        'The transcription service did not answer in time. Please try again.',
      );
    case 'engine_failed':
      return new HttpError(
        502,
        'transcription_failed',
        'The transcription service failed. Please try again.',
      );
  }
}

async function readHead(path: string): Promise<Buffer> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
    return head.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

async function transcribeUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  transcriber: Transcriber,
  uploadTempDir: string,
  log: FastifyBaseLogger,
) {
  if (!transcriber.available) {
    throw new HttpError(
      503,
      'transcription_unavailable',
      'Transcription is not configured on this server.',
    );
  }
  const declaredLength = Number(request.headers['content-length'] ?? 0);
  if (declaredLength > AUDIO_UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES) {
    throw new HttpError(413, 'payload_too_large', 'The recording is larger than 25 MiB.');
  }
  if (!request.isMultipart()) {
    throw new HttpError(
      400,
      'invalid_input',
      'audio: send the recording as multipart/form-data in a file field named audio.',
    );
  }

  const part = await request.file({
    limits: { fileSize: AUDIO_UPLOAD_MAX_BYTES, files: 1, fields: 10, parts: 11 },
    throwFileSizeLimit: false,
  });
  if (part === undefined) {
    throw new HttpError(400, 'invalid_input', 'audio: no file was uploaded.');
  }
  if (part.fieldname !== 'audio') {
    part.file.resume();
    throw new HttpError(
      400,
      'invalid_input',
      `audio: the file must be sent in a field named audio, not ${part.fieldname}.`,
    );
  }

  const dir = await mkdtemp(join(uploadTempDir, 'voice-ideas-upload-'));
  try {
    const filePath = join(dir, 'recording');
    // Streamed to disk, never held in memory; past the limit busboy discards the rest.
    await pipeline(part.file, createWriteStream(filePath));
    if (part.file.truncated) {
      throw new HttpError(413, 'payload_too_large', 'The recording is larger than 25 MiB.');
    }
    const { size } = await stat(filePath);
    if (size === 0) {
      throw new HttpError(422, 'no_speech', 'The recording is empty.');
    }
    const container = sniffAudioContainer(await readHead(filePath));
    if (container === null) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        `The upload is not audio; send ${ACCEPTED_AUDIO}.`,
      );
    }
    try {
      const result = await transcriber.transcribe(
        { filePath, container, sizeBytes: size },
        clientGoneSignal(reply),
      );
      return {
        transcript: result.transcript,
        engine: transcriber.engine,
        durationMs: result.durationMs,
      };
    } catch (error) {
      if (error instanceof TranscriptionError) {
        if (error.kind === 'engine_failed' || error.kind === 'timeout') {
          log.warn({ err: error, engine: transcriber.engine }, 'transcription failed');
        }
        throw transcriptionHttpError(error);
      }
      throw error;
    }
  } finally {
    if (!part.file.readableEnded) part.file.destroy();
    await rm(dir, { recursive: true, force: true });
  }
}

const NOTHING_FOUND: InferResult = { format: null, category: null, confidence: 0 };

export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (
  app,
  { config, services, uploadTempDir },
) => {
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart);
  app.addHook('onClose', () => services.transcriber.close());

  app.post(
    '/api/transcribe',
    {
      config: aiRateLimit(config),
      schema: { response: { 200: TranscribeResultSchema } },
    },
    (request, reply) =>
      transcribeUpload(
        request,
        reply,
        services.transcriber,
        uploadTempDir ?? tmpdir(),
        request.log,
      ),
  );

  app.post(
    '/api/format',
    {
      config: aiRateLimit(config),
      schema: { body: FormatBodySchema, response: { 200: FormatResultSchema } },
    },
    (request, reply) => services.formatter.format(request.body, clientGoneSignal(reply)),
  );

  app.post(
    '/api/infer-format-category',
    {
      config: aiRateLimit(config),
      schema: { body: InferBodySchema, response: { 200: InferResultSchema } },
    },
    async (request, reply) => {
      try {
        return await services.inferrer.infer(request.body.transcript, clientGoneSignal(reply));
      } catch (error) {
        // The app treats inference as optional; a fault here must never surface as a 5xx.
        request.log.warn({ err: error }, 'format inference failed');
        return NOTHING_FOUND;
      }
    },
  );
};
