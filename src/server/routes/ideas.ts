import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  IdeaIdParamsSchema,
  CreateIdeaBodySchema,
  DeletedCountSchema,
  ErrorSchema,
  ExportQuerySchema,
  IdeaListSchema,
  IdeaSchema,
  ListIdeasQuerySchema,
  UpdateIdeaBodySchema,
} from '../../core/api-schemas.js';
import type { Repositories } from '../app.js';
import type { Config } from '../config.js';
import { HttpError } from '../http/errors.js';
import { exportFile } from '../http/idea-export.js';
import { ownerOf } from '../http/identity.js';
import { quotaExceeded, quotaFor } from '../http/quota.js';
import { InvalidCursorError } from '../repositories/ideas-repository.js';

export interface IdeasRoutesOptions {
  config: Config;
  repositories: Pick<Repositories, 'ideas'>;
  now: () => Date;
}

const errors = { 400: ErrorSchema, 401: ErrorSchema, 404: ErrorSchema };

function ideaNotFound(): HttpError {
  return new HttpError(404, 'not_found', 'This idea does not exist.');
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
): FastifyPluginAsyncZod<IdeasRoutesOptions> {
  return async (app, { config, repositories: { ideas }, now }) => {
    app.get(
      base,
      {
        schema: { querystring: ListIdeasQuerySchema, response: { 200: IdeaListSchema, ...errors } },
      },
      async (request) => {
        const owner = ownerOf(request, scope);
        const { limit, cursor, q, category } = request.query;
        try {
          return await ideas.list(owner, { limit, cursor, q: q === '' ? undefined : q, category });
        } catch (error) {
          if (error instanceof InvalidCursorError) {
            throw new HttpError(
              400,
              'invalid_input',
              'Invalid input: query.cursor is not a cursor this server handed out.',
            );
          }
          throw error;
        }
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
        const owner = ownerOf(request, scope);
        const quota = quotaFor(request, owner, config, now());
        const { content, format, category, transcript } = request.body;
        const created = await ideas.createWithinQuota(
          owner,
          { content, format, category, transcript: transcript ?? null },
          { monthlyLimit: quota.monthlyLimit, periodKey: quota.periodKey },
        );
        if (created === 'quota_exceeded') throw quotaExceeded();
        return reply.code(201).send(created);
      },
    );

    app.get(
      `${base}/export`,
      {
        schema: {
          querystring: ExportQuerySchema,
          // The file (JSON, Markdown or CSV) is streamed as text, never through the serializer.
          response: { 200: z.custom<Readable>((value) => value instanceof Readable), ...errors },
        },
      },
      async (request, reply) => {
        const owner = ownerOf(request, scope);
        const { total } = await ideas.list(owner, { limit: 1 });
        // The first batch is read before the reply starts, so a database that is down is still
        // a JSON error; once the file streams, a failure can only cut the download short.
        const batches = ideas.exportBatches(owner);
        const first = await batches.next();
        async function* checked() {
          for (let next = first; next.done !== true; next = await batches.next()) {
            // Parsed through the API shape so a column added to the table never leaks into a file.
            yield next.value.map((idea) => IdeaSchema.parse(idea));
          }
        }
        const file = exportFile(checked(), request.query.format, { exportedAt: now(), total });
        return reply
          .header('Content-Type', file.contentType)
          .header('Content-Disposition', `attachment; filename="${file.filename}"`)
          .header('Cache-Control', 'no-store')
          .send(file.body);
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
      async (request) => {
        const owner = ownerOf(request, scope);
        const updated = await ideas.update(owner, request.params.id, {
          content: request.body.content,
        });
        if (!updated) throw ideaNotFound();
        return updated;
      },
    );

    app.delete(
      `${base}/:id`,
      { schema: { params: IdeaIdParamsSchema, response: { 204: z.undefined(), ...errors } } },
      async (request, reply) => {
        const owner = ownerOf(request, scope);
        if (!(await ideas.delete(owner, request.params.id))) throw ideaNotFound();
        return reply.code(204).send();
      },
    );
  };
}

export const ideasRoutes: FastifyPluginAsyncZod<IdeasRoutesOptions> = async (app, options) => {
  await app.register(ideaRoutesFor('user', '/api/ideas'), options);
  await app.register(ideaRoutesFor('guest', '/api/guest-ideas'), options);
  const { ideas } = options.repositories;

  const deleteAllSchema = { schema: { response: { 200: DeletedCountSchema, ...errors } } };

  app.delete('/api/ideas/all', deleteAllSchema, async (request) => ({
    deletedCount: await ideas.deleteAll(ownerOf(request, 'user')),
  }));

  app.post('/api/guest-ideas/clear', deleteAllSchema, async (request) => ({
    deletedCount: await ideas.deleteAll(ownerOf(request, 'guest')),
  }));

  // Usage rows are keyed by owner and period, not by idea, so this month's count survives.
  app.delete('/api/guest-data', deleteAllSchema, async (request) => ({
    deletedCount: await ideas.deleteAll(ownerOf(request, 'guest')),
  }));
};
