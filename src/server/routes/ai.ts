import { tmpdir } from 'node:os';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
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
import { ClientGoneError, clientGoneSignal } from '../http/client-gone.js';
import { HttpError } from '../http/errors.js';
import { aiRateLimit } from '../http/rate-limits.js';
import { withStagedUpload } from '../http/upload.js';
import type { AiServices } from '../services/ai/ai-services.js';
import { sniffAudioContainer, SNIFF_BYTES } from '../services/ai/audio-sniff.js';
import { TranscriptionError, type Transcriber } from '../services/ai/transcriber.js';

export interface AiRoutesOptions {
  config: Config;
  services: AiServices;
  /** Where uploads are staged (one fresh directory per request, always removed); default TMPDIR. */
  uploadTempDir?: string;
}

const ACCEPTED_AUDIO = 'webm, ogg, mp4/m4a, wav or mp3';
const TRANSCRIPTION_UNAVAILABLE = 'Transcription is not configured on this server.';

/** What the person is told for each way a transcription fails; the engine's own words go to the log. */
function transcriptionHttpError(error: TranscriptionError): HttpError {
  const answer = (status: number, code: string, message: string): HttpError =>
    new HttpError(status, code, message, undefined, { cause: error.message });
  switch (error.kind) {
    case 'no_speech':
      return answer(422, 'no_speech', 'No speech was detected in the recording.');
    case 'undecodable':
      return answer(
        415,
        'unsupported_media_type',
        `The recording could not be decoded; send ${ACCEPTED_AUDIO} audio.`,
      );
    case 'unavailable':
      return answer(503, 'transcription_unavailable', TRANSCRIPTION_UNAVAILABLE);
    case 'timeout':
      return answer(
        502,
        'transcription_failed',
        'The transcription service did not answer in time. Please try again.',
      );
    case 'engine_failed':
      return answer(
        502,
        'transcription_failed',
        'The transcription service failed. Please try again.',
      );
  }
}

async function transcribeUpload(
  request: FastifyRequest,
  reply: FastifyReply,
  transcriber: Transcriber,
  uploadTempDir: string,
) {
  if (!transcriber.available) {
    throw new HttpError(503, 'transcription_unavailable', TRANSCRIPTION_UNAVAILABLE);
  }
  const limits = {
    field: 'audio',
    noun: 'recording',
    maxBytes: AUDIO_UPLOAD_MAX_BYTES,
    tempDir: uploadTempDir,
    headBytes: SNIFF_BYTES,
  };
  return withStagedUpload(request, limits, async ({ filePath, sizeBytes, head }) => {
    if (sizeBytes === 0) {
      throw new HttpError(422, 'no_speech', 'The recording is empty.');
    }
    const container = sniffAudioContainer(head);
    if (container === null) {
      throw new HttpError(
        415,
        'unsupported_media_type',
        `The upload is not audio; send ${ACCEPTED_AUDIO}.`,
      );
    }
    const clientGone = clientGoneSignal(reply);
    try {
      const result = await transcriber.transcribe({ filePath, container, sizeBytes }, clientGone);
      return {
        transcript: result.transcript,
        engine: transcriber.engine,
        durationMs: result.durationMs,
      };
    } catch (error) {
      // Work stopped because the person left is neither their error nor the engine's.
      if (clientGone.aborted) throw new ClientGoneError(error);
      if (error instanceof TranscriptionError) throw transcriptionHttpError(error);
      throw error;
    }
  });
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
      transcribeUpload(request, reply, services.transcriber, uploadTempDir ?? tmpdir()),
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
