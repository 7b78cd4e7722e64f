import { tmpdir } from 'node:os';
import { minutesUsedError, type AudioBudget } from '../../http/audio-budget.js';
import { addressKeyOf } from '../../http/rate-limit-counters.js';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FormatBodySchema,
  SpokenLanguageSchema,
  IdeaIdParamsSchema,
  InferBodySchema,
  ReformatBodySchema,
} from '#contract/api-request-schemas.js';
import {
  FormatResultSchema,
  IdeaSchema,
  InferResultSchema,
  TranscribeResultSchema,
} from '#contract/api-schemas.js';
import { AUDIO_UPLOAD_MAX_BYTES } from '#contract/limits.js';
import { clientGoneSignal, lazyClientGoneSignal } from '../../http/client-gone.js';
import { documentFileUpload } from '../../http/openapi.js';
import type { AiRateLimits } from '../../http/rate-limits.js';
import { ownerOf, userOrGuestIfAny } from '../../http/sessions.js';
import { createStagingRoom } from '../../http/staging-room.js';
import { withStagedUpload } from '../../http/upload.js';
import { SNIFF_BYTES } from './audio-sniff.js';
import { answerWithEvents, wantsEvents } from './format-events.js';
import {
  DebugFormatBodySchema,
  DebugFormatResultSchema,
  traceRulesAnswer,
} from './format-trace.js';
import type { AiService } from './service.js';
import { HttpError } from '../../http/errors.js';
import { afterEngineWorked } from './transcriber.js';

/**
 * The optional `language` field of an upload (docs/api.md, "The spoken language"): absent is
 * the engine's choice; anything but 2-3 lowercase letters is a 400 before the engine runs.
 */
export function uploadLanguage(fields: Record<string, string>): string | undefined {
  const given = fields.language;
  if (given === undefined) return undefined;
  const checked = SpokenLanguageSchema.safeParse(given);
  if (!checked.success) {
    throw new HttpError(
      400,
      'invalid_input',
      checked.error.issues[0]?.message ?? 'language is not a language code',
    );
  }
  return checked.data;
}

export interface AiRoutesOptions {
  /** One budget per address for all of these; one recording spends one unit (ADR 071). */
  limits: AiRateLimits;
  /** Minutes of audio transcribed per address an hour. */
  audioBudget: Pick<AudioBudget, 'ensureLeft' | 'spend' | 'take' | 'giveBack'>;
  ai: AiService;
  /** Where uploads are staged (one fresh directory per request, always removed); default TMPDIR. */
  uploadTempDir?: string;
  /** FORMAT_DEBUG_TRACE: POST /api/format takes `debug: true` (docs/api.md, "Extensions"). */
  formatDebugTrace?: boolean;
}

/** Transcribe, format, infer and reformat: every call that may reach an AI engine. */
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (
  app,
  { limits, audioBudget, ai, uploadTempDir, formatDebugTrace = false },
) => {
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart);
  app.addHook('onClose', () => ai.close());
  const upload = {
    field: 'audio',
    noun: 'recording',
    maxBytes: AUDIO_UPLOAD_MAX_BYTES,
    tempDir: uploadTempDir ?? tmpdir(),
    headBytes: SNIFF_BYTES,
  };
  const staging = createStagingRoom();

  app.post(
    '/api/transcribe',
    {
      preHandler: limits.startsRecording,
      config: {
        swaggerTransform: documentFileUpload(
          upload.field,
          'The recording: webm, ogg, mp4/m4a, wav or mp3, recognised by its bytes; up to 25 MiB.',
        ),
      },
      schema: { response: { 200: TranscribeResultSchema } },
    },
    async (request, reply) => {
      // Refused before the upload is read when there is nothing to hand it to, or when this
      // address has used its minutes of audio this hour.
      ai.ensureTranscriber();
      const client = addressKeyOf(request.ip);
      await audioBudget.ensureLeft(client);
      // The audio's minutes are taken once its length is known, before the engine is given it,
      // so calls already running when the address reaches its minutes are refused too; given
      // back when the engine then fails. An engine that cannot measure first is counted after.
      let taken: number | null = null;
      const gone = clientGoneSignal(reply);
      const beforeEngine = async (durationMs: number) => {
        const wait = await audioBudget.take(client, durationMs);
        if (wait !== null) throw minutesUsedError(wait.retryAfterMs);
        taken = durationMs;
      };
      try {
        const staged = { ...upload, room: { staging, clientKey: client } };
        const result = await withStagedUpload(request, staged, (audio) =>
          ai.transcribe(
            {
              ...audio,
              client,
              owner: userOrGuestIfAny(request),
              beforeEngine,
              language: uploadLanguage(audio.fields),
            },
            gone,
          ),
        );
        if (taken === null) await audioBudget.spend(client, result.durationMs);
        return result;
      } catch (error) {
        // A client that leaves once the engine has its audio has had it worked on (and a paid
        // provider bills it): leaving early must not buy the minutes back, and nor does audio
        // the engine answered with no words or was still working on when the time ran out.
        if (taken !== null && !gone.aborted && !afterEngineWorked(error)) {
          await audioBudget.giveBack(client, taken);
        }
        throw error;
      }
    },
  );

  if (formatDebugTrace) {
    // Only where whoever runs the server asked for it: without the setting, `debug` is an
    // unknown field like any other and the answer is the contract's.
    app.post(
      '/api/format',
      {
        preHandler: limits.continuesRecording,
        schema: { body: DebugFormatBodySchema, response: { 200: DebugFormatResultSchema } },
      },
      async (request, reply) => {
        const { debug, ...body } = request.body;
        const signal = lazyClientGoneSignal(reply);
        const owner = userOrGuestIfAny(request);
        // A trace describes a finished rules answer: it is only ever answered as JSON.
        if (debug !== true && wantsEvents(request)) {
          await answerWithEvents(request, reply, (onDraft) =>
            ai.format(body, signal, onDraft, owner),
          );
          return;
        }
        const answer = await ai.format(body, signal, undefined, owner);
        return debug === true ? { ...answer, trace: traceRulesAnswer(body, answer) } : answer;
      },
    );
  } else {
    app.post(
      '/api/format',
      {
        preHandler: limits.continuesRecording,
        schema: { body: FormatBodySchema, response: { 200: FormatResultSchema } },
      },
      async (request, reply) => {
        const signal = lazyClientGoneSignal(reply);
        const owner = userOrGuestIfAny(request);
        if (wantsEvents(request)) {
          await answerWithEvents(request, reply, (onDraft) =>
            ai.format(request.body, signal, onDraft, owner),
          );
          return;
        }
        return ai.format(request.body, signal, undefined, owner);
      },
    );
  }

  app.post(
    '/api/infer-format-category',
    {
      preHandler: limits.continuesRecording,
      schema: { body: InferBodySchema, response: { 200: InferResultSchema } },
    },
    (request, reply) => ai.infer(request.body.transcript, lazyClientGoneSignal(reply)),
  );

  for (const [scope, path] of [
    ['user', '/api/ideas/:id/reformat'],
    ['guest', '/api/guest-ideas/:id/reformat'],
  ] as const) {
    app.post(
      path,
      {
        preHandler: limits.oneCall,
        schema: {
          params: IdeaIdParamsSchema,
          body: ReformatBodySchema.default({ mode: 'smart' }),
          response: { 200: IdeaSchema },
        },
      },
      (request, reply) =>
        ai.reformat(
          ownerOf(request, scope),
          request.params.id,
          request.body,
          lazyClientGoneSignal(reply),
        ),
    );
  }
};
