import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdeaIdParamsSchema,
  CreateIdeaBodySchema,
  ExportQuerySchema,
  ListIdeasQuerySchema,
  UpdateIdeaBodySchema,
} from '#contract/api-request-schemas.js';
import {
  DeletedCountSchema,
  ErrorSchema,
  IdeaListSchema,
  IdeaSchema,
} from '#contract/api-schemas.js';
import { streamUnlessHead } from '../../http/head-requests.js';
import { callerOf, ownerOf } from '../../http/sessions.js';
import type { Owner } from '../../db/owner.js';
import { readIdempotencyKey, type IdempotentCreates } from './idempotency.js';
import { createExportSlots, type ExportSlots } from './export-slots.js';
import { clientKeyOf } from '../../http/rate-limit-counters.js';
import type { IdeasService } from './service.js';

export interface IdeasRoutesOptions {
  ideas: IdeasService;
  /** Saving twice with one Idempotency-Key, on the store every instance shares (ADR 070). */
  idempotent: IdempotentCreates;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

function ownerKeyOf(owner: Owner): string {
  return owner.kind === 'user' ? `user:${owner.userId}` : `guest:${owner.guestId}`;
}

/**
 * A body sent as a stream, whose text has the shape of `schema`. The stream is what the handler
 * sends; the OpenAPI document leaves it out (an empty schema) and shows the shape.
 */
function streamed<T extends z.core.SomeType>(schema: T) {
  return z.union([schema, z.custom<Readable>((value) => value instanceof Readable)]);
}

/**
 * One set of handlers, mounted twice: /api/ideas for the signed-in user (401 otherwise) and
 * /api/guest-ideas for the guest of X-Guest-Id (400 without a valid one). The owner always comes
 * from the session or the header, never from the body, and every lookup is scoped to it, so
 * another owner's idea is the same 404 as a missing one.
 */
function ideaRoutesFor(
  scope: 'user' | 'guest',
  base: string,
  idempotent: IdempotentCreates,
  exports: ExportSlots,
): FastifyPluginAsyncZod<IdeasRoutesOptions> {
  return async (app, { ideas }) => {
    app.get(
      base,
      {
        schema: { querystring: ListIdeasQuerySchema, response: { 200: IdeaListSchema, ...errors } },
      },
      async (request) => {
        const { limit, cursor, q, category, format } = request.query;
        return ideas.list(ownerOf(request, scope), {
          limit,
          cursor,
          q: q === '' ? undefined : q,
          category,
          format,
        });
      },
    );

    app.post(
      base,
      {
        schema: {
          body: CreateIdeaBodySchema,
          response: { 201: IdeaSchema, 402: ErrorSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, plan, billingPeriod } = callerOf(request, scope);
        const key = readIdempotencyKey(request.headers['idempotency-key']);
        const { content, format, category, transcript, recordingId } = request.body;
        const created = await idempotent.run(owner, key, () =>
          ideas.create(
            owner,
            plan,
            {
              content,
              format,
              category,
              transcript: transcript ?? null,
              recordingId: recordingId ?? null,
            },
            billingPeriod,
          ),
        );
        return reply.code(201).send(created);
      },
    );

    app.get(
      `${base}/export`,
      {
        schema: {
          querystring: ExportQuerySchema,
          // The file (JSON, Markdown or CSV) is streamed as text, never through the serializer:
          // these schemas describe it in the OpenAPI document.
          response: {
            200: {
              description: 'The download, with Content-Disposition: attachment.',
              content: {
                'application/json': { schema: streamed(z.array(IdeaSchema)) },
                'text/markdown': { schema: streamed(z.string()) },
                'text/csv': { schema: streamed(z.string()) },
              },
            },
            ...errors,
          },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request, scope);
        const release = exports.take(ownerKeyOf(owner), clientKeyOf(request));
        // Held until the download is done or its client has gone, whichever comes first.
        reply.raw.once('close', release);
        let file;
        try {
          file = await ideas.exportFor(
            owner,
            request.query.format,
            scope === 'user' ? () => request.sessionStillOpen() : undefined,
          );
        } catch (error) {
          release();
          throw error;
        }
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'no-store')
          .send(streamUnlessHead(request, file.body));
      },
    );

    app.put(
      `${base}/:id`,
      {
        schema: {
          params: IdeaIdParamsSchema,
          body: UpdateIdeaBodySchema,
          response: { 200: IdeaSchema, ...errors },
        },
      },
      async (request) =>
        ideas.update(ownerOf(request, scope), request.params.id, {
          content: request.body.content,
          ...(request.body.transcript === undefined ? {} : { transcript: request.body.transcript }),
        }),
    );

    app.delete(
      `${base}/:id`,
      { schema: { params: IdeaIdParamsSchema, response: { 204: z.undefined(), ...errors } } },
      async (request, reply) => {
        await ideas.delete(ownerOf(request, scope), request.params.id);
        await idempotent.forgetDeleted();
        return reply.code(204).send();
      },
    );
  };
}

export const ideasRoutes: FastifyPluginAsyncZod<IdeasRoutesOptions> = async (app, options) => {
  const exports = createExportSlots();
  await app.register(ideaRoutesFor('user', '/api/ideas', options.idempotent, exports), options);
  await app.register(
    ideaRoutesFor('guest', '/api/guest-ideas', options.idempotent, exports),
    options,
  );
  const { ideas, idempotent } = options;
  // A repeated save must not answer, for a day, with words that were deleted. A clear that
  // deleted nothing has nothing to forget: it is a free request anyone may repeat, and with
  // Redis forgetting is a pass over every kept key.
  const deleteAll = async (owner: Owner) => {
    const deletedCount = await ideas.deleteAll(owner);
    if (deletedCount > 0) await idempotent.forgetDeleted();
    return { deletedCount };
  };

  const deleteAllSchema = { schema: { response: { 200: DeletedCountSchema, ...errors } } };

  app.delete('/api/ideas/all', deleteAllSchema, (request) => deleteAll(ownerOf(request, 'user')));

  app.post('/api/guest-ideas/clear', deleteAllSchema, (request) =>
    deleteAll(ownerOf(request, 'guest')),
  );

  // This month's usage count stays, so clearing is no way around the quota.
  app.delete('/api/guest-data', deleteAllSchema, (request) => deleteAll(ownerOf(request, 'guest')));
};
