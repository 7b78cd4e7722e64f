import { Readable } from 'node:stream';
import type { Locker } from '@tus/utils';
import { addressKeyOf } from '../../http/rate-limit-counters.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdeaIdParamsSchema, ListRecordingsQuerySchema } from '#contract/api-request-schemas.js';
import { ErrorSchema, RecordingListSchema, RecordingSchema } from '#contract/api-schemas.js';
import type { FastifyRequest } from 'fastify';
import { ownerKey, type Owner } from '../../db/owner.js';
import { streamUnlessHead } from '../../http/head-requests.js';
import type { RecordingRateLimits } from '../../http/recording-rate-limits.js';
import { requireGuestId } from '../../http/sessions.js';
import type { RecordingsService } from './service.js';
import type { RecordingStore } from './store.js';
import { createRecordingEvents } from './events.js';
import { tusUploads } from './tus-uploads.js';

export interface RecordingsRoutesOptions {
  recordings: RecordingsService;
  store: RecordingStore;
  /** Keeps two requests from writing one upload at once; null: tus's own, in memory. */
  locker: Locker | null;
  maxBytes: number;
  /** Counts recordings sent for transcription (an upload begun, or sent again) and their bytes. */
  limits: RecordingRateLimits;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };
const audioBytes = z.custom<Readable>((value) => value instanceof Readable);
/** The containers a recording may be (what the sniffer recognises), for the OpenAPI document. */
const audioContent = Object.fromEntries(
  ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/wav', 'audio/mpeg'].map((type) => [
    type,
    { schema: audioBytes },
  ]),
);

/** The session's user, else the X-Guest-Id's guest (docs/api.md, "Recordings"). */
function ownerOfRecording(request: FastifyRequest): Owner {
  if (request.user) return { kind: 'user', userId: request.user.id };
  return { kind: 'guest', guestId: requireGuestId(request) };
}

/** Uploads (tus) and the recordings they become. */
export const recordingsRoutes: FastifyPluginAsyncZod<RecordingsRoutesOptions> = async (
  app,
  { recordings, store, locker, maxBytes, limits },
) => {
  await app.register(tusUploads, { recordings, store, locker, maxBytes, limits });
  const events = createRecordingEvents();

  app.get(
    '/api/recordings',
    {
      schema: {
        querystring: ListRecordingsQuerySchema,
        response: { 200: RecordingListSchema, ...errors },
      },
    },
    (request) =>
      recordings.list(ownerOfRecording(request), request.query.limit, request.query.cursor),
  );

  app.get(
    '/api/recordings/:id',
    { schema: { params: IdeaIdParamsSchema, response: { 200: RecordingSchema, ...errors } } },
    (request) => recordings.get(ownerOfRecording(request), request.params.id),
  );

  app.post(
    '/api/recordings/:id/transcribe',
    {
      schema: {
        params: IdeaIdParamsSchema,
        response: { 202: RecordingSchema, ...errors, 409: ErrorSchema, 429: ErrorSchema },
      },
      preHandler: limits.sendsForTranscription,
    },
    async (request, reply) => {
      const recording = await recordings.transcribeAgain(
        ownerOfRecording(request),
        request.params.id,
      );
      return reply.code(202).send(recording);
    },
  );

  app.get(
    '/api/recordings/:id/events',
    {
      schema: {
        params: IdeaIdParamsSchema,
        response: {
          200: {
            description:
              'Server-sent events: the recording each time its status or progress changes',
            content: { 'text/event-stream': { schema: z.string() } },
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const owner = ownerOfRecording(request);
      // Missing or another owner's: a JSON 404 before the stream starts.
      const { id } = request.params;
      const first = await recordings.get(owner, id);
      events.stream(reply, addressKeyOf(request.ip), `${ownerKey(owner)}:${id}`, first, () =>
        recordings.get(owner, id),
      );
      return reply;
    },
  );

  app.delete(
    '/api/recordings/:id',
    { schema: { params: IdeaIdParamsSchema, response: { 204: z.undefined(), ...errors } } },
    async (request, reply) => {
      await recordings.delete(ownerOfRecording(request), request.params.id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/recordings/:id/audio',
    {
      schema: {
        params: IdeaIdParamsSchema,
        // The bytes are streamed, never serialised: these describe them in the OpenAPI document.
        response: {
          200: {
            description: 'The audio as uploaded',
            content: audioContent,
          },
          206: {
            description: 'The range asked for',
            content: audioContent,
          },
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const file = await recordings.audio(
        ownerOfRecording(request),
        request.params.id,
        request.headers.range,
      );
      void reply
        .header('Content-Type', file.contentType)
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, no-store');
      const body = streamUnlessHead(request, file.stream);
      if (file.range === null) {
        return reply.header('Content-Length', String(file.sizeBytes)).send(body);
      }
      const { start, end } = file.range;
      return reply
        .code(206)
        .header('Content-Range', `bytes ${start}-${end}/${file.sizeBytes}`)
        .header('Content-Length', String(end - start + 1))
        .send(body);
    },
  );
};
